import type { Cabecalho } from './consultas.server';

/*
 * Pure pieces of the purchase documents and the staff report (decisions 070, 071), table-tested
 * beside (documentos.test.ts).
 */

export interface CabecalhoDocumento {
  marca: string;
  leilao: string | null;
  leilaoData: string | null;
  leiloeiro: { nome: string; inscricao: string } | null;
  comitente: string | null;
  comitenteCnpj: string | null;
  emitidoEm: string;
}

/** What every sale shares; a field that differs between them is null (a statement of several auctions). */
export function cabecalhoComum(vendas: { cabecalho: Cabecalho }[], marca: string, agora = new Date()): CabecalhoDocumento {
  const igual = <K extends keyof Cabecalho>(k: K) => {
    const valores = new Set(vendas.map((v) => JSON.stringify(v.cabecalho[k] ?? null)));
    return valores.size === 1 ? ((vendas[0]?.cabecalho[k] ?? null) as Cabecalho[K] | null) : null;
  };
  return {
    marca,
    leilao: igual('leilao'),
    leilaoData: igual('leilaoData'),
    leiloeiro: igual('leiloeiro'),
    comitente: igual('comitente'),
    comitenteCnpj: igual('comitenteCnpj'),
    emitidoEm: agora.toISOString(),
  };
}

/** How the report counts a lot of the auction (decision 071). */
export const LOTES_VENDIDOS = ['AG_PAGAMENTO', 'PAGO', 'BOLETO', 'PAGO_CARTAO', 'PARCIAL_CARTAO', 'RETIRADO', 'BUY_NOW'];
export const LOTES_CONDICIONAIS = ['CONDICIONAL'];
export const LOTES_NAO_VENDIDOS = [
  'NAO_ARREMATADO',
  'CONDICIONAL_NEGADA',
  'NEGADA_CONDICIONAL',
  'CLIENTE_DESISTIU',
  'CANCELADO_NO_LEILAO',
  'LOTE_CANCELADO',
  'REPASSE',
];

export function grupoDoLote(situacao: string): 'vendidos' | 'condicionais' | 'naoVendidos' | 'emAndamento' {
  if (LOTES_VENDIDOS.includes(situacao)) return 'vendidos';
  if (LOTES_CONDICIONAIS.includes(situacao)) return 'condicionais';
  if (LOTES_NAO_VENDIDOS.includes(situacao)) return 'naoVendidos';
  return 'emAndamento';
}
