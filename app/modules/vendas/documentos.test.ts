import { describe, expect, it } from 'vitest';
import type { Cabecalho } from './consultas.server';
import { cabecalhoComum, documentoParaOLeitor, grupoDoLote, type VendaDoDocumento } from './documentos';

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

describe('documentoParaOLeitor', () => {
  const conta = {
    banco: 'Banco',
    codigoBanco: '001',
    agencia: '1',
    conta: '2',
    digito: '3',
    titular: 'Ana Lima',
    cpfCnpj: '390.839.258-62',
  };
  const venda = {
    id: 7,
    uid: 'u',
    hashQrcode: 'h',
    numeroNota: 7,
    cliente: { id: 42, nome: 'Rafael Souza', email: 'rafael@exemplo.com' },
    arrematante: {
      nome: 'Rafael Souza',
      documento: '529.982.247-25',
      endereco: 'Rua das Acácias, 742 — Jardim Paulista, São Paulo/SP, CEP 01415-000',
      cidade: 'São Paulo/SP',
    },
    cabecalho: { ...cab({ leilao: 'Frotas' }).cabecalho, conta: { ...conta, chavePix: null, carteira: null, permiteBoleto: false } },
    motivoCancelada: 'Cliente ligou pedindo',
    pagamentos: [{ id: 1, uid: 'p', valor: 100, motivo: 'Comprovante de outra pessoa' }],
    itens: [{ numero: '001' }],
    total: 100,
  } as unknown as VendaDoDocumento;

  it('the whole document to who may read it whole, without the internal city field', () => {
    const v = documentoParaOLeitor(venda, 'completa');
    expect(v.cliente).toEqual(venda.cliente);
    expect(v.arrematante).toEqual({ nome: 'Rafael Souza', documento: '529.982.247-25', endereco: venda.arrematante.endereco });
    expect(v.cabecalho.conta).not.toBeNull();
  });

  it('the paper to a hash holder: name, CPF masked as the QR page, city; no e-mail, user id, account or staff notes', () => {
    const v = documentoParaOLeitor(venda, 'impressa');
    expect(v.cliente).toEqual({ nome: 'Rafael Souza' });
    expect(v.arrematante).toEqual({ nome: 'Rafael Souza', documento: '***.982.247-**', endereco: 'São Paulo/SP' });
    expect(v.cabecalho).toMatchObject({ leilao: 'Frotas', conta: null });
    expect(v.motivoCancelada).toBeNull();
    expect(v.pagamentos[0]).toMatchObject({ valor: 100, motivo: null });
    expect(v).toMatchObject({ id: 7, numeroNota: 7, hashQrcode: 'h', total: 100, itens: [{ numero: '001' }] });
    expect(JSON.stringify(v)).not.toMatch(/rafael@|529\.982\.247-25|Acácias|"id":42/);
  });

  it('a field the rule does not name never reaches a hash holder', () => {
    const comNovo = { ...venda, observacaoInterna: 'segredo' } as unknown as VendaDoDocumento;
    expect(documentoParaOLeitor(comNovo, 'impressa')).not.toHaveProperty('observacaoInterna');
  });
});
