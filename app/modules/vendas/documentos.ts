import { mascararDocumento } from '~/modules/dominio/documentos-br';
import type { Cabecalho, VendaDto } from './consultas.server';
import { SITUACOES_ARREMATADO, SITUACOES_CONDICIONAL, SITUACOES_NAO_ARREMATADO } from '~/modules/dominio/situacoes';

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

export function grupoDoLote(situacao: string): 'vendidos' | 'condicionais' | 'naoVendidos' | 'emAndamento' {
  if (SITUACOES_ARREMATADO.includes(situacao)) return 'vendidos';
  if (SITUACOES_CONDICIONAL.includes(situacao)) return 'condicionais';
  if (SITUACOES_NAO_ARREMATADO.includes(situacao)) return 'naoVendidos';
  return 'emAndamento';
}

/** The buyer as the note prints them; `cidade` ("Cidade/UF") is what a hash holder reads of the address. */
export interface ArrematanteDoDocumento {
  nome: string;
  documento: string | null;
  endereco: string | null;
  cidade: string | null;
}

/** A sale as its purchase documents are built from (the staff timeline and the proofs are never in one). */
export type VendaDoDocumento = Omit<VendaDto, 'eventos' | 'comprovantes'> & {
  /** The note's number: the sale's id (decision 070). */
  numeroNota: number;
  arrematante: ArrematanteDoDocumento;
};

/** A purchase document as one reader may see it (documentoParaOLeitor). */
export type VendaVista = Omit<VendaDoDocumento, 'cliente' | 'arrematante'> & {
  cliente: { nome: string; id?: number; email?: string };
  arrematante: Omit<ArrematanteDoDocumento, 'cidade'>;
};

/**
 * Who reads a purchase document: `completa` is its buyer, sales staff of the brand or a seller user
 * tied to its seller; `impressa` is anyone else holding its hash (a yard, a third party, whoever found
 * the paper or the QR code).
 */
export type Leitura = 'completa' | 'impressa';

type Regra = 'mostra' | ((v: VendaDoDocumento) => unknown);

/*
 * What a hash holder reads, field by field. Every field of a sale needs its line here (the type says so),
 * so a field added to the sale later is not shown to strangers until someone decides it may be.
 */
const IMPRESSA: { [K in keyof VendaDoDocumento]-?: Regra } = {
  id: 'mostra',
  uid: 'mostra',
  numeroNota: 'mostra',
  hashQrcode: 'mostra',
  situacao: 'mostra',
  situacaoRotulo: 'mostra',
  tom: 'mostra',
  leilao: 'mostra',
  comitente: 'mostra',
  dataPagamento: 'mostra',
  createdAt: 'mostra',
  quantidadeItens: 'mostra',
  lotes: 'mostra',
  total: 'mostra',
  valorCondicional: 'mostra',
  // The name only: never the login e-mail nor the user id.
  cliente: (v) => ({ nome: v.cliente.nome }),
  // The document masked as the QR verification page masks it, and of the address only the city.
  arrematante: (v) => ({
    nome: v.arrematante.nome,
    documento: v.arrematante.documento ? mascararDocumento(v.arrematante.documento) : null,
    endereco: v.arrematante.cidade,
  }),
  // The account the buyer pays into (a seller's may be a person's CPF) is on the buyer's own pages.
  cabecalho: (v) => ({ ...v.cabecalho, conta: null }),
  arremate: 'mostra',
  valorComissao: 'mostra',
  valorDespachante: 'mostra',
  valorRemocao: 'mostra',
  valorVistoria: 'mostra',
  valorOutros: 'mostra',
  valorTaxaAdm: 'mostra',
  valorSedex: 'mostra',
  valorDesconto: 'mostra',
  valorCreditoIndicacao: 'mostra',
  liquido: 'mostra',
  totais: 'mostra',
  orientacao: 'mostra',
  situacaoEntrega: 'mostra',
  mensagemCompra: 'mostra',
  metodoEntrega: 'mostra',
  agendadoHorario: 'mostra',
  patio: 'mostra',
  // Staff's words about the buyer (why it was cancelled, why a payment diverged) are not printed.
  motivoCancelada: () => null,
  entregaVeiculo: 'mostra',
  valorFrete: 'mostra',
  ufFrete: 'mostra',
  valorEstadia: 'mostra',
  diariasEstadia: 'mostra',
  lotesEmCondicional: 'mostra',
  itens: 'mostra',
  pagamentos: (v) => v.pagamentos.map((p) => ({ ...p, motivo: null })),
};

/**
 * The one rule for every path that serves a purchase document (extrato/{hash}, nota/{hash}, their PDFs
 * and QR pages, comprovante-arrematacao/{hash}, the API's extrato-compra and nota-fiscal; decision 109):
 * the whole document to its buyer and sales staff, what the paper shows to anyone else.
 */
export function documentoParaOLeitor(v: VendaDoDocumento, leitura: Leitura): VendaVista {
  if (leitura === 'completa') {
    const { arrematante, ...resto } = v;
    return { ...resto, arrematante: { nome: arrematante.nome, documento: arrematante.documento, endereco: arrematante.endereco } };
  }
  return Object.fromEntries(
    (Object.entries(IMPRESSA) as [keyof VendaDoDocumento, Regra][]).map(([k, regra]) => [k, regra === 'mostra' ? v[k] : regra(v)]),
  ) as VendaVista;
}

/** A document hash from a URL: 40 hex characters, else it is nothing of ours (404 without a query). */
export const hashValido = (h: string | undefined): h is string => !!h && /^[0-9a-f]{40}$/.test(h);
