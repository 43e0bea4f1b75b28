import type { Tom } from './regras';

/*
 * The runner-up offer after a client gives up (CLIENTE_DESISTIU), as pure decisions (decision 058):
 * who the runner-up is, what the offer is worth, until when, and what a client may still do with it.
 */

/** How long the runner-up has to accept: 48 hours from the desistência. */
export const PRAZO_OFERTA_MS = 48 * 60 * 60 * 1000;

export interface LanceDoLote {
  usuarioId: number;
  valor: number;
  /** The lot's sequence number of the bid: earlier wins at equal value. */
  ordem: number;
}

/**
 * The second-highest distinct bidder: every bidder but the one who gave up, by their own highest bid
 * (earlier bid first at a tie). Null when nobody else bid.
 */
export function segundoColocado(lances: readonly LanceDoLote[], desistenteId: number): { usuarioId: number; valor: number } | null {
  const melhor = new Map<number, LanceDoLote>();
  for (const l of lances) {
    if (l.usuarioId === desistenteId || l.valor <= 0) continue;
    const atual = melhor.get(l.usuarioId);
    if (!atual || l.valor > atual.valor || (l.valor === atual.valor && l.ordem < atual.ordem)) melhor.set(l.usuarioId, l);
  }
  let escolhido: LanceDoLote | null = null;
  for (const l of melhor.values()) {
    if (!escolhido || l.valor > escolhido.valor || (l.valor === escolhido.valor && l.ordem < escolhido.ordem)) escolhido = l;
  }
  return escolhido ? { usuarioId: escolhido.usuarioId, valor: escolhido.valor } : null;
}

export type SituacaoOferta = 'Pendente' | 'Aceita' | 'Recusada' | 'Expirada';

export const prazoDaOferta = (desistencia: Date) => new Date(desistencia.getTime() + PRAZO_OFERTA_MS);

/** A pending offer past its deadline has lapsed, whether or not anyone wrote it down yet. */
export function situacaoDaOferta(o: { situacao: SituacaoOferta; prazo: Date }, agora: Date): SituacaoOferta {
  return o.situacao === 'Pendente' && agora.getTime() > o.prazo.getTime() ? 'Expirada' : o.situacao;
}

export const ROTULO_OFERTA: Record<SituacaoOferta, { rotulo: string; tom: Tom }> = {
  Pendente: { rotulo: 'Aguardando resposta', tom: 'ambar' },
  Aceita: { rotulo: 'Aceita', tom: 'verde' },
  Recusada: { rotulo: 'Recusada', tom: 'vermelho' },
  Expirada: { rotulo: 'Prazo encerrado', tom: 'cinza' },
};
