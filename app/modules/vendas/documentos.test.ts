import { describe, expect, it } from 'vitest';
import type { Cabecalho } from './consultas.server';
import { cabecalhoComum, grupoDoLote } from './documentos';

const cab = (c: Partial<Cabecalho>): { cabecalho: Cabecalho } => ({
  cabecalho: { leilao: null, leilaoData: null, leiloeiro: null, comitente: null, comitenteCnpj: null, conta: null, ...c },
});
const agora = new Date('2026-11-23T12:00:00Z');

describe('cabecalhoComum', () => {
  it.each([
    ['one sale: its header', [cab({ leilao: 'Frotas', comitente: 'Banco X' })], { leilao: 'Frotas', comitente: 'Banco X' }],
    [
      'two sales of one auction, two sellers: the auction stays, the seller is null',
      [cab({ leilao: 'Frotas', comitente: 'Banco X' }), cab({ leilao: 'Frotas', comitente: 'Banco Y' })],
      { leilao: 'Frotas', comitente: null },
    ],
    [
      'the auctioneer compared by value',
      [cab({ leiloeiro: { nome: 'Ana', inscricao: 'JUCESP 1' } }), cab({ leiloeiro: { nome: 'Ana', inscricao: 'JUCESP 1' } })],
      { leiloeiro: { nome: 'Ana', inscricao: 'JUCESP 1' } },
    ],
    ['no sale: nothing shared', [], { leilao: null, leiloeiro: null }],
  ])('%s', (_, vendas, esperado) => {
    expect(cabecalhoComum(vendas, 'Brasil Leilões', agora)).toMatchObject({
      marca: 'Brasil Leilões',
      emitidoEm: agora.toISOString(),
      ...esperado,
    });
  });
});

describe('grupoDoLote', () => {
  it.each([
    ['AG_PAGAMENTO', 'vendidos'],
    ['PAGO', 'vendidos'],
    ['RETIRADO', 'vendidos'],
    ['CONDICIONAL', 'condicionais'],
    ['NAO_ARREMATADO', 'naoVendidos'],
    ['CONDICIONAL_NEGADA', 'naoVendidos'],
    ['CLIENTE_DESISTIU', 'naoVendidos'],
    ['LIBERADO_LEILAO', 'emAndamento'],
    ['AO_VIVO', 'emAndamento'],
  ] as const)('%s → %s', (situacao, grupo) => expect(grupoDoLote(situacao)).toBe(grupo));
});
