import type { SituacaoLeilao, SituacaoLote } from '@db/schema/enums-catalogo';

/*
 * Lot and auction situations by meaning: one named set per meaning, used by the catalogue, the bid
 * engine, the live floor, sales, the back office and their pages. The full lists are the schema's
 * (db/schema/enums-catalogo.ts: SITUACOES_LOTE, SITUACOES_LEILAO). Pure and browser-safe.
 */

// ───────────────────────────── lot: open ─────────────────────────────

/** Lots the public lists and the search index show (spec 000 section 9). */
export const SITUACOES_LISTAVEIS = ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'PENDENTE'] as const;
/** States in which a lot takes bids (the dispute is open). */
export const SITUACOES_EM_DISPUTA: readonly string[] = ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'DOULHE_UMA', 'DOULHE_DUAS'];
/** Released and not called yet or being called: the auctioneer may put it on the floor, a buyer may send a proposal. */
export const SITUACOES_DISPONIVEIS: readonly string[] = ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE'];
/** A lot being called on the live floor. */
export const SITUACOES_NO_PREGAO: readonly string[] = ['AO_VIVO', 'DOULHE_UMA', 'DOULHE_DUAS'];

// ───────────────────────────── lot: closed ─────────────────────────────

/** Closed with a sale the buyer owes (after the hammer, a Compre Já or a released conditional). */
export const SITUACOES_VENDIDO: readonly string[] = ['AG_PAGAMENTO', 'PAGO', 'BOLETO', 'PAGO_CARTAO', 'PARCIAL_CARTAO', 'BUY_NOW'];
/** Sold, the picked-up ones included: how the auction's counters and reports count a sale (decision 071). */
export const SITUACOES_ARREMATADO: readonly string[] = [
  'AG_PAGAMENTO',
  'PAGO',
  'BOLETO',
  'PAGO_CARTAO',
  'PARCIAL_CARTAO',
  'RETIRADO',
  'BUY_NOW',
];
/** Waiting for the seller's answer to a bid below their value. */
export const SITUACOES_CONDICIONAL: readonly string[] = ['CONDICIONAL'];
export const SITUACOES_CONDICIONAL_NEGADA: readonly string[] = ['CONDICIONAL_NEGADA', 'NEGADA_CONDICIONAL'];
/** Closed without a sale, as a bidder's status reads it (finalizado). */
export const SITUACOES_NAO_VENDIDO: readonly string[] = [
  'NAO_ARREMATADO',
  'CANCELADO_NO_LEILAO',
  'LOTE_CANCELADO',
  'RETIRADO',
  'SUSPENSO',
  'CLIENTE_DESISTIU',
];
/** Not sold, as the auction's report counts it (decision 071). */
export const SITUACOES_NAO_ARREMATADO: readonly string[] = [
  'NAO_ARREMATADO',
  'CONDICIONAL_NEGADA',
  'NEGADA_CONDICIONAL',
  'CLIENTE_DESISTIU',
  'CANCELADO_NO_LEILAO',
  'LOTE_CANCELADO',
  'REPASSE',
];
/** Not sold, and not taken off by staff: NAO_ARREMATADO, conditional denied, or its auction cancelled (a copy may offer it again). */
export const SITUACOES_COPIAVEIS: readonly SituacaoLote[] = [
  'NAO_ARREMATADO',
  'CONDICIONAL_NEGADA',
  'NEGADA_CONDICIONAL',
  'CANCELADO_NO_LEILAO',
];

// ───────────────────────────── auction ─────────────────────────────

/** Auctions not executed nor cancelled. */
export const SITUACOES_LEILAO_ATIVO: readonly SituacaoLeilao[] = ['EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO'];
/** Auctions that can go live. */
export const SITUACOES_LEILAO_ANTES_DO_PREGAO: readonly string[] = ['EM_LOTEAMENTO', 'CRIADO', 'PRONTO'];
/** Auctions still being prepared: they receive copied lots. */
export const SITUACOES_LEILAO_RECEBE_COPIAS = ['EM_LOTEAMENTO', 'CRIADO'] as const;

// ───────────────────────────── lot: transitions

/** A bid accepted while the auctioneer was calling "dou-lhe uma/duas" reopens the lot (AO_VIVO). */
export const situacaoAposLance = (situacao: string) => (situacao === 'DOULHE_UMA' || situacao === 'DOULHE_DUAS' ? 'AO_VIVO' : situacao);

// ───────────────────────────── lot: transitions by staff ─────────────────────────────

/*
 * Which lot situations staff may set from /admin/lance-recebido/{uid} (decision 073). The spec lists the
 * action ("change lot status") without transitions; these keep the sale and the dispute consistent:
 * payment states follow a sale, a lot in dispute may only be suspended, a suspended lot returns to the auction.
 */
export const SITUACOES_PELA_EQUIPE = ['PAGO', 'RETIRADO', 'SUSPENSO', 'LIBERADO_LEILAO', 'LOTE_CANCELADO'] as const;
export type SituacaoPelaEquipe = (typeof SITUACOES_PELA_EQUIPE)[number];

const DE: Record<SituacaoPelaEquipe, readonly string[]> = {
  PAGO: ['AG_PAGAMENTO', 'BOLETO', 'PAGO_CARTAO', 'PARCIAL_CARTAO'],
  RETIRADO: ['PAGO'],
  SUSPENSO: ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'PENDENTE', 'CADASTRADO', 'DOULHE_UMA', 'DOULHE_DUAS'],
  LIBERADO_LEILAO: ['SUSPENSO'],
  LOTE_CANCELADO: ['CADASTRADO', 'PENDENTE', 'LIBERADO_LEILAO', 'SUSPENSO', 'NAO_ARREMATADO', 'CONDICIONAL_NEGADA', 'NEGADA_CONDICIONAL'],
};

/** Null when allowed, else the pt-BR reason. */
export function motivoTransicaoRecusada(atual: string, nova: SituacaoPelaEquipe): string | null {
  if (atual === nova) return 'O lote já está nessa situação';
  return DE[nova].includes(atual) ? null : `Não é possível passar o lote de ${atual} para ${nova}`;
}
