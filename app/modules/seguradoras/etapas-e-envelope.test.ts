import { describe, expect, it } from 'vitest';
import {
  destinoDaEtapaAutomatica,
  ETAPAS,
  ETAPAS_DO_PATIO,
  etapaDaSituacao,
  etapaSeguinte,
  recusaDaEtapa,
} from '~/modules/remocoes/etapas';
import { assinar, assinaturaValida } from './assinatura.server';
import { lerResposta } from './envio.server';

describe('S01-S17 (decision 171)', () => {
  it.each([
    ['AGENDADA', 'S03'],
    ['EM_TRANSITO', 'S04'],
    ['CONCLUIDA', 'S05'],
    ['CANCELADA', 'S09'],
    ['SOLICITADA', null],
  ])('moving a removal to %s sends %s', (situacao, codigo) => expect(etapaDaSituacao(situacao)).toBe(codigo));

  it('every code has a name, and the yard stages go in order', () => {
    expect(Object.keys(ETAPAS)).toHaveLength(17);
    const ordens = ETAPAS_DO_PATIO.map((c) => ETAPAS[c].ordem);
    expect([...ordens].sort((a, b) => a - b)).toEqual(ordens);
  });

  it.each([
    ['S06', { situacao: 'EM_TRANSITO', etapa: 'S04', autorizada: false }, 'só depois que o veículo for entregue'],
    ['S06', { situacao: 'CONCLUIDA', etapa: 'S05', autorizada: false }, null],
    ['S06', { situacao: 'CONCLUIDA', etapa: 'S07', autorizada: false }, 'não pode vir depois'],
    ['S11', { situacao: 'CONCLUIDA', etapa: 'S10', autorizada: false }, 'ainda não autorizou'],
    ['S11', { situacao: 'CONCLUIDA', etapa: 'S10', autorizada: true }, null],
  ] as const)('reporting %s on %o', (codigo, r, recusa) => {
    const r2 = recusaDaEtapa(codigo, r);
    if (recusa === null) expect(r2).toBeNull();
    else expect(r2).toContain(recusa);
  });

  it('messages and files never move the stage back; a cancellation is the stage', () => {
    expect(etapaSeguinte('S05', 'S14')).toBe('S05');
    expect(etapaSeguinte('S05', 'S03')).toBe('S05');
    expect(etapaSeguinte('S03', 'S09')).toBe('S09');
    expect(etapaSeguinte(null, 'S01')).toBe('S01');
  });
});

describe('signature (decision 172)', () => {
  const corpo = Buffer.from('{"a":1}');
  const agora = 1_796_000_000_000;
  const ts = String(agora / 1000);
  it.each([
    ['the right one', assinar('s3gr3d0', ts, corpo), ts, true],
    ['another secret', assinar('outro', ts, corpo), ts, false],
    ['another body', assinar('s3gr3d0', ts, '{"a":2}'), ts, false],
    ['too old (6 min)', assinar('s3gr3d0', String(agora / 1000 - 360), corpo), String(agora / 1000 - 360), false],
    ['truncated', assinar('s3gr3d0', ts, corpo).slice(0, 20), ts, false],
    ['no timestamp', assinar('s3gr3d0', ts, corpo), undefined, false],
  ])('%s', (_, assinatura, timestamp, valida) =>
    expect(assinaturaValida({ segredo: 's3gr3d0', timestamp, assinatura, corpo, agoraMs: agora })).toBe(valida),
  );
});

describe("the insurer's answer to an update", () => {
  it.each([
    [200, { status: 'EST02' }, 'aceito'],
    [200, { status: 'ESTXX' }, 'aceito'],
    [422, { status: 'EST03', errors: ['x'] }, 'recusado'],
    [200, { statusCode: 'NOT_PROCESSED' }, 'recusado'],
    [503, null, 'falha'],
    [429, null, 'falha'],
    [200, { ok: true }, 'falha'],
    [400, null, 'recusado'],
  ])('%i %o → %s', (status, corpo, tipo) => expect(lerResposta(status, corpo).tipo).toBe(tipo));
});

describe('a sale stage from the lot (decision 204)', () => {
  const noPatio = { situacao: 'CONCLUIDA', etapa: 'S05', autorizada: false };
  it.each([
    ['S10 after arrival', 'S10', noPatio, 'informar'],
    ['S11 before the authorisation waits', 'S11', noPatio, 'esperar'],
    ['S11 after the authorisation', 'S11', { ...noPatio, etapa: 'S08', autorizada: true }, 'informar'],
    ['S10 already reported by hand is left out', 'S10', { ...noPatio, etapa: 'S10' }, 'ignorar'],
    ['S12 after S17 is left out', 'S12', { ...noPatio, etapa: 'S17', autorizada: true }, 'ignorar'],
    ['a removal not in the yard is left out', 'S11', { ...noPatio, situacao: 'EM_TRANSITO' }, 'ignorar'],
  ] as const)('%s', (_, codigo, r, tipo) => expect(destinoDaEtapaAutomatica(codigo, r).tipo).toBe(tipo));
});
