import { describe, expect, it } from 'vitest';
import { contagemRegressiva, diaUtilApos, prazosALembrar, prazosDaCompra, prazosDaMarca, type EntradaPrazos } from './prazos';

const base: EntradaPrazos = {
  situacao: 'AguardandoPagamento',
  situacaoEntrega: 'aguardando_pagamento',
  // Auction on Wednesday 2026-12-02 at 14:00 → payment by Friday 2026-12-04 14:00 (São Paulo).
  dataPagamento: '2026-12-04T17:00:00.000Z',
  fechadaAt: null,
  entregaVeiculo: null,
  comprovantesEnviados: 0,
  valorDiaria: 45_00,
  recalls: [],
  regras: prazosDaMarca({}),
};
const agora = new Date('2026-12-03T12:00:00Z');
const prazo = (e: Partial<EntradaPrazos>, chave: string, quando = agora) =>
  prazosDaCompra({ ...base, ...e }, quando).find((p) => p.chave === chave);

describe('diaUtilApos', () => {
  it.each([
    ['a Friday, 1 business day → Monday', '2026-12-04', 1, '2026-12-07'],
    ['a Thursday before Christmas, 1 → Monday 28 (25th is a holiday)', '2026-12-24', 1, '2026-12-28'],
    ['a Saturday, 0 → the Monday', '2026-12-05', 0, '2026-12-07'],
    ['Tiradentes eve, 1 → the 22nd', '2027-04-20', 1, '2027-04-22'],
  ])('%s', (_, dia, n, esperado) => expect(diaUtilApos(dia, n)).toBe(esperado));
});

describe('prazosDaCompra', () => {
  it('an unpaid sale: pay by the payment date, proofs by 18h of the next business day, pickup 5 days later, transfer after payment', () => {
    const p = prazosDaCompra(base, agora);
    expect(p.map((x) => x.chave)).toEqual(['pagamento', 'comprovantes', 'retirada', 'transferencia']);
    expect(p[0]).toMatchObject({ ate: '2026-12-04T17:00:00.000Z', estado: 'pendente', texto: 'Pague até 04/12/2026.' });
    expect(p[1]).toMatchObject({ ate: '2026-12-07T21:00:00.000Z', estado: 'pendente' });
    expect(p[1].texto).toContain('até 07/12/2026 às 18h');
    expect(p[2]).toMatchObject({ ate: '2026-12-10T02:59:00.000Z', estado: 'pendente' });
    expect(p[2].texto.replace(/\s/g, ' ')).toBe(
      'Retire o veículo até 09/12/2026 sem custo de estadia. Depois, o pátio cobra diária de R$ 45,00.',
    );
    expect(p[3]).toMatchObject({ ate: null, estado: 'pendente' });
    expect(p[3].texto).toContain('30 dias');
    expect(p[3].texto.replace(/\s/g, ' ')).toContain('multa de R$ 195,23 e 5 pontos');
  });
  it("the brand's rule moves the proofs' deadline", () => {
    expect(prazo({ regras: prazosDaMarca({ diasUteisComprovantes: 3 }) }, 'comprovantes')?.ate).toBe('2026-12-09T21:00:00.000Z');
    // Broken stored data falls back to the default instead of breaking the page.
    expect(prazosDaMarca({ diasUteisComprovantes: 'muitos' })).toEqual({ diasUteisComprovantes: 1 });
  });
  it.each([
    ['late payment', {}, 'pagamento', new Date('2026-12-04T17:01:00Z'), 'vencido'],
    ['proof sent', { comprovantesEnviados: 1, situacao: 'AguardandoValidacao' }, 'comprovantes', agora, 'feito'],
    ['paid', { situacao: 'Fechada', fechadaAt: '2026-12-04T12:00:00.000Z' }, 'pagamento', agora, 'feito'],
    ['picked up', { situacao: 'Fechada', situacaoEntrega: 'entregue' }, 'retirada', new Date('2026-12-20T12:00:00Z'), 'feito'],
    ['pickup late', { situacao: 'Fechada' }, 'retirada', new Date('2026-12-10T02:59:01Z'), 'vencido'],
    [
      'transfer late',
      { situacao: 'Fechada', fechadaAt: '2026-12-04T12:00:00.000Z' },
      'transferencia',
      new Date('2027-01-04T12:00:00Z'),
      'vencido',
    ],
  ] as const)('%s', (_, e, chave, quando, estado) => expect(prazo(e, chave, quando)?.estado).toBe(estado));
  it('the transfer counts 30 days from the payment validation', () => {
    const t = prazo({ situacao: 'Fechada', fechadaAt: '2026-12-04T12:00:00.000Z' }, 'transferencia');
    expect(t?.ate).toBe('2027-01-03T12:00:00.000Z');
    expect(t?.texto).toContain('(ATPV-e) no Detran até 03/01/2027');
  });
  it('freight has no pickup; recalls are listed; a cancelled sale has no deadlines', () => {
    expect(prazo({ entregaVeiculo: 'Frete' }, 'retirada')).toBeUndefined();
    expect(prazo({ recalls: ['airbag do motorista'] }, 'recall')).toMatchObject({
      estado: 'aviso',
      texto: 'Faça o recall na concessionária: airbag do motorista.',
    });
    expect(prazosDaCompra({ ...base, situacao: 'Cancelada' }, agora)).toEqual([]);
    expect(prazosDaCompra({ ...base, situacao: 'Condicional' }, agora)).toEqual([]);
  });
});

describe('reminders and countdown', () => {
  it('only pending deadlines ending within 24 h are reminded', () => {
    const p = prazosDaCompra(base, new Date('2026-12-04T08:00:00Z'));
    expect(prazosALembrar(p, new Date('2026-12-04T08:00:00Z')).map((x) => x.chave)).toEqual(['pagamento']);
    expect(prazosALembrar(prazosDaCompra(base, agora), new Date('2026-12-01T08:00:00Z'))).toEqual([]);
  });
  it.each([
    ['2026-12-04T17:00:00Z', '2026-12-02T14:00:00Z', 'faltam 2 dias e 3 h'],
    ['2026-12-04T17:00:00Z', '2026-12-04T15:15:00Z', 'faltam 1 h e 45 min'],
    ['2026-12-04T17:00:00Z', '2026-12-04T16:59:30Z', 'faltam 1 min'],
    ['2026-12-04T17:00:00Z', '2026-12-04T17:00:00Z', 'venceu'],
  ])('%s at %s → %s', (ate, quando, texto) => expect(contagemRegressiva(ate, new Date(quando))).toBe(texto));
});
