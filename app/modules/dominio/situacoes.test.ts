import { describe, expect, it } from 'vitest';
import { motivoTransicaoRecusada } from './situacoes';

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
