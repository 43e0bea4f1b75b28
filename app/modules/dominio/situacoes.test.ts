import { describe, expect, it } from 'vitest';
import { SITUACOES_LEILAO, SITUACOES_LOTE } from '@db/schema/enums-catalogo';
import * as S from './situacoes';
import { motivoTransicaoRecusada, situacaoAposLance } from './situacoes';

describe('the named sets', () => {
  const lote: readonly string[] = SITUACOES_LOTE;
  const leilao: readonly string[] = SITUACOES_LEILAO;
  it.each(Object.entries(S).filter(([nome, v]) => nome.startsWith('SITUACOES_') && Array.isArray(v)))(
    '%s names only situations the schema knows',
    (nome, v) => {
      const todas = nome.startsWith('SITUACOES_LEILAO') ? leilao : lote;
      expect((v as string[]).filter((s) => !todas.includes(s))).toEqual([]);
    },
  );
  const dentro = (a: readonly string[], b: readonly string[]) => a.every((s) => b.includes(s));
  it('agree with each other', () => {
    expect(dentro(S.SITUACOES_NO_PREGAO, S.SITUACOES_EM_DISPUTA)).toBe(true);
    expect(dentro(S.SITUACOES_DISPONIVEIS, S.SITUACOES_EM_DISPUTA)).toBe(true);
    expect(dentro(S.SITUACOES_VENDIDO, S.SITUACOES_ARREMATADO)).toBe(true);
    expect(S.SITUACOES_EM_DISPUTA.filter((s) => S.SITUACOES_ARREMATADO.includes(s) || S.SITUACOES_NAO_VENDIDO.includes(s))).toEqual([]);
    expect(dentro(S.SITUACOES_COPIAVEIS, S.SITUACOES_NAO_ARREMATADO)).toBe(true);
  });
});

describe('a bid during dou-lhe', () => {
  it.each([
    ['DOULHE_UMA', 'AO_VIVO'],
    ['DOULHE_DUAS', 'AO_VIVO'],
    ['AO_VIVO', 'AO_VIVO'],
    ['LIBERADO_LEILAO', 'LIBERADO_LEILAO'],
  ])('%s → %s', (antes, depois) => expect(situacaoAposLance(antes)).toBe(depois));
});

describe('motivoTransicaoRecusada (staff lot situation, decision 073)', () => {
  it.each([
    ['AG_PAGAMENTO', 'PAGO', null],
    ['PAGO', 'RETIRADO', null],
    ['AO_VIVO', 'SUSPENSO', null],
    ['SUSPENSO', 'LIBERADO_LEILAO', null],
    ['NAO_ARREMATADO', 'LOTE_CANCELADO', null],
    ['AG_PAGAMENTO', 'RETIRADO', 'Não é possível passar o lote de AG_PAGAMENTO para RETIRADO'],
    ['AG_PAGAMENTO', 'LOTE_CANCELADO', 'Não é possível passar o lote de AG_PAGAMENTO para LOTE_CANCELADO'],
    ['LIBERADO_LEILAO', 'PAGO', 'Não é possível passar o lote de LIBERADO_LEILAO para PAGO'],
    ['PAGO', 'PAGO', 'O lote já está nessa situação'],
  ] as const)('%s → %s', (atual, nova, esperado) => {
    expect(motivoTransicaoRecusada(atual, nova)).toBe(esperado);
  });
});
