import { describe, expect, it } from 'vitest';
import { efeitoNosLotes, podeAlterarMinimoIncremento, transicaoLeilao, transicaoLote } from './regras';

describe('auction situation flow', () => {
  it.each([
    ['EM_LOTEAMENTO', 'CRIADO', 0, true],
    ['EM_LOTEAMENTO', 'PRONTO', 3, false],
    ['CRIADO', 'PRONTO', 3, true],
    ['CRIADO', 'PRONTO', 0, false],
    ['CRIADO', 'EM_LOTEAMENTO', 3, true],
    ['PRONTO', 'AO_VIVO', 3, true],
    ['PRONTO', 'CRIADO', 3, true],
    ['PRONTO', 'EXECUTADO', 3, false],
    ['AO_VIVO', 'EXECUTADO', 3, true],
    ['AO_VIVO', 'PRONTO', 3, false],
    ['AO_VIVO', 'CANCELADO', 3, true],
    ['EM_LOTEAMENTO', 'CANCELADO', 0, true],
    ['EXECUTADO', 'CANCELADO', 3, false],
    ['CANCELADO', 'CRIADO', 3, false],
    ['CRIADO', 'CRIADO', 3, false],
  ] as const)('%s → %s with %i lots: %s', (de, para, quantidadeLotes, ok) => {
    expect(transicaoLeilao({ de, para, quantidadeLotes }).ok).toBe(ok);
  });

  it('says why in pt-BR', () => {
    expect(transicaoLeilao({ de: 'CRIADO', para: 'PRONTO', quantidadeLotes: 0 })).toEqual({
      ok: false,
      mensagem: 'Leilão sem lotes não pode ser liberado',
    });
    expect(transicaoLeilao({ de: 'EM_LOTEAMENTO', para: 'AO_VIVO', quantidadeLotes: 1 })).toEqual({
      ok: false,
      mensagem: 'Não é possível passar o leilão de Em loteamento para Ao vivo',
    });
  });

  it('release puts registered lots on the site; cancelling cancels unsold lots', () => {
    expect(efeitoNosLotes('PRONTO')).toMatchObject({ para: 'LIBERADO_LEILAO' });
    expect(efeitoNosLotes('PRONTO')?.de).toContain('CADASTRADO');
    expect(efeitoNosLotes('CANCELADO')?.de).not.toContain('AG_PAGAMENTO');
    expect(efeitoNosLotes('CRIADO')).toMatchObject({ para: 'CADASTRADO', semLances: true });
    expect(efeitoNosLotes('EXECUTADO')).toBeNull();
  });
});

describe('lot situation by hand', () => {
  it.each([
    ['CADASTRADO', 'LIBERADO_LEILAO', 0, null, true],
    ['CADASTRADO', 'LOTE_CANCELADO', 0, 'Veículo devolvido', true],
    ['CADASTRADO', 'LOTE_CANCELADO', 0, '  ', false],
    ['LIBERADO_LEILAO', 'CADASTRADO', 0, null, true],
    ['LIBERADO_LEILAO', 'CADASTRADO', 2, null, false],
    ['LIBERADO_LEILAO', 'SUSPENSO', 2, null, true],
    ['NAO_ARREMATADO', 'REPASSE', 0, null, true],
    ['AG_PAGAMENTO', 'CADASTRADO', 1, null, false],
    ['PAGO', 'LOTE_CANCELADO', 1, 'x', false],
    ['CADASTRADO', 'PAGO', 0, null, false],
    ['SUSPENSO', 'SUSPENSO', 0, null, false],
  ] as const)('%s → %s (%i bids, motivo %s): %s', (de, para, quantidadeLances, motivo, ok) => {
    expect(transicaoLote({ de, para, quantidadeLances, motivo }).ok).toBe(ok);
  });
});

describe('minimum and increment after release', () => {
  it.each([
    ['CADASTRADO', true, false, true],
    ['PENDENTE', true, false, true],
    ['LIBERADO_LEILAO', true, false, false],
    ['LIBERADO_LEILAO', true, true, true],
    ['LIBERADO_LEILAO', false, false, true],
    ['REPASSE', true, false, false],
  ] as const)('%s, changed %s, role %s: %s', (situacao, mudou, temPapel, ok) => {
    expect(podeAlterarMinimoIncremento({ situacao, mudou, temPapel }).ok).toBe(ok);
  });
});
