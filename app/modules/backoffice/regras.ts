import type { SituacaoLeilao, SituacaoLote } from '@db/schema/enums-catalogo';

/*
 * The back office's state rules (spec 000 §4), pure so a table test pins them. The use cases in
 * leiloes.server.ts and lotes.server.ts ask these before writing, inside the transaction.
 */

/** Auction modes of the form (spec: modalidade). */
export const MODALIDADES = ['Online', 'Presencial', 'Simultâneo'] as const;

export type Decisao = { ok: true } | { ok: false; mensagem: string };
const sim: Decisao = { ok: true };
const nao = (mensagem: string): Decisao => ({ ok: false, mensagem });

/** Auction flow: EM_LOTEAMENTO → CRIADO → PRONTO → AO_VIVO → EXECUTADO, or CANCELADO before it ends. */
const PROXIMOS_LEILAO: Record<SituacaoLeilao, readonly SituacaoLeilao[]> = {
  EM_LOTEAMENTO: ['CRIADO', 'CANCELADO'],
  CRIADO: ['EM_LOTEAMENTO', 'PRONTO', 'CANCELADO'],
  PRONTO: ['CRIADO', 'AO_VIVO', 'CANCELADO'],
  AO_VIVO: ['EXECUTADO', 'CANCELADO'],
  EXECUTADO: [],
  CANCELADO: [],
};

export const ROTULOS_LEILAO: Record<SituacaoLeilao, string> = {
  EM_LOTEAMENTO: 'Em loteamento',
  CRIADO: 'Criado',
  PRONTO: 'Pronto',
  AO_VIVO: 'Ao vivo',
  EXECUTADO: 'Executado',
  CANCELADO: 'Cancelado',
};

export const proximasSituacoesLeilao = (de: SituacaoLeilao) => PROXIMOS_LEILAO[de];

/**
 * May an auction go from `de` to `para`? Release (PRONTO) needs at least one lot; going live needs a
 * released lot. Terminal states never change.
 */
export function transicaoLeilao({
  de,
  para,
  quantidadeLotes,
}: {
  de: SituacaoLeilao;
  para: SituacaoLeilao;
  quantidadeLotes: number;
}): Decisao {
  if (de === para) return nao(`O leilão já está na situação ${ROTULOS_LEILAO[de]}`);
  if (de === 'EXECUTADO' || de === 'CANCELADO') return nao(`Leilão ${ROTULOS_LEILAO[de].toLowerCase()} não muda de situação`);
  if (!PROXIMOS_LEILAO[de].includes(para))
    return nao(`Não é possível passar o leilão de ${ROTULOS_LEILAO[de]} para ${ROTULOS_LEILAO[para]}`);
  if ((para === 'PRONTO' || para === 'AO_VIVO') && quantidadeLotes === 0) return nao('Leilão sem lotes não pode ser liberado');
  return sim;
}

/**
 * What the auction's change does to its lots, in the same transaction: release puts the registered
 * lots on the site; going back to CRIADO takes released lots without bids off it; cancelling the
 * auction cancels the lots not sold yet.
 */
export function efeitoNosLotes(para: SituacaoLeilao): { de: readonly SituacaoLote[]; para: SituacaoLote; semLances?: boolean } | null {
  if (para === 'PRONTO') return { de: ['CADASTRADO', 'PENDENTE'], para: 'LIBERADO_LEILAO' };
  if (para === 'CRIADO') return { de: ['LIBERADO_LEILAO'], para: 'CADASTRADO', semLances: true };
  if (para === 'CANCELADO')
    return { de: ['CADASTRADO', 'PENDENTE', 'LIBERADO_LEILAO', 'AO_VIVO', 'SUSPENSO'], para: 'CANCELADO_NO_LEILAO' };
  return null;
}

/**
 * The lot situations staff set by hand; the others (bids, closing, sale, payment, pickup) belong to
 * the bidding engine and the post-sale flow.
 */
const PROXIMOS_LOTE: Partial<Record<SituacaoLote, readonly SituacaoLote[]>> = {
  CADASTRADO: ['PENDENTE', 'LIBERADO_LEILAO', 'SUSPENSO', 'LOTE_CANCELADO'],
  PENDENTE: ['CADASTRADO', 'LIBERADO_LEILAO', 'SUSPENSO', 'LOTE_CANCELADO'],
  LIBERADO_LEILAO: ['CADASTRADO', 'SUSPENSO', 'RETIRADO', 'LOTE_CANCELADO'],
  SUSPENSO: ['CADASTRADO', 'LIBERADO_LEILAO', 'LOTE_CANCELADO'],
  NAO_ARREMATADO: ['CADASTRADO', 'REPASSE', 'LOTE_CANCELADO'],
  REPASSE: ['NAO_ARREMATADO', 'SUSPENSO', 'LOTE_CANCELADO'],
};

export const proximasSituacoesLote = (de: SituacaoLote) => PROXIMOS_LOTE[de] ?? [];

export function transicaoLote({
  de,
  para,
  quantidadeLances,
  motivo,
}: {
  de: SituacaoLote;
  para: SituacaoLote;
  quantidadeLances: number;
  motivo?: string | null;
}): Decisao {
  if (de === para) return nao('O lote já está nesta situação');
  const permitidos = PROXIMOS_LOTE[de];
  if (!permitidos) return nao(`Lote na situação ${de} não muda de situação pelo cadastro`);
  if (!permitidos.includes(para)) return nao(`Não é possível passar o lote de ${de} para ${para}`);
  if (para === 'LOTE_CANCELADO' && !motivo?.trim()) return nao('Informe o motivo do cancelamento');
  if (para === 'CADASTRADO' && de === 'LIBERADO_LEILAO' && quantidadeLances > 0) return nao('Lote com lances não volta para Cadastrado');
  return sim;
}

/** Situations in which a lot is still only registered: its values change freely. */
const ANTES_DA_LIBERACAO: readonly SituacaoLote[] = ['CADASTRADO', 'PENDENTE'];

export const MENSAGEM_MINIMO_INCREMENTO =
  'Alterar mínimo ou incremento de lote liberado exige o papel Interno - Alteração de Minimos e Incremento';

/**
 * Changing minimum or increment once the lot is released needs the role "Alteração de Minimos e
 * Incremento" (issue #13); before release anyone who edits lots may.
 */
export function podeAlterarMinimoIncremento({
  situacao,
  mudou,
  temPapel,
}: {
  situacao: SituacaoLote;
  mudou: boolean;
  temPapel: boolean;
}): Decisao {
  if (!mudou || temPapel || ANTES_DA_LIBERACAO.includes(situacao)) return sim;
  return nao(MENSAGEM_MINIMO_INCREMENTO);
}
