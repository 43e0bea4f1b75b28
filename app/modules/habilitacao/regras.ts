/**
 * Habilitation's pure decisions (table-tested beside): which of a client's rows answers for an
 * auction, and what a new request becomes. Rows: leilaoId null = the whole brand.
 */
export type SituacaoHabilitacao = 'Habilitado' | 'Pendente' | 'Recusado';
export type TipoHabilitacao = 'nenhuma' | 'por-leilao' | 'por-hotsite';

export interface LinhaHabilitacao {
  leilaoId: number | null;
  situacao: SituacaoHabilitacao;
  motivo: string | null;
}

export interface EstadoHabilitacao {
  /** Whether the brand asks for habilitation at all. */
  exigida: boolean;
  situacao: SituacaoHabilitacao | null;
  motivo: string | null;
}

/** The auction a request is recorded for: the whole brand (null) when the brand enables per site. */
export const leilaoDoPedido = (tipo: TipoHabilitacao, leilaoId: number): number | null => (tipo === 'por-hotsite' ? null : leilaoId);

/**
 * A client's state for one auction. Enabled by any row that covers it (the bid gate's rule: the
 * brand-wide row or the auction's); otherwise the row the brand's kind records requests on.
 */
export function estadoDaHabilitacao(tipo: TipoHabilitacao, linhas: readonly LinhaHabilitacao[], leilaoId: number): EstadoHabilitacao {
  if (tipo === 'nenhuma') return { exigida: false, situacao: null, motivo: null };
  const cobrem = linhas.filter((l) => l.leilaoId === null || l.leilaoId === leilaoId);
  if (cobrem.some((l) => l.situacao === 'Habilitado')) return { exigida: true, situacao: 'Habilitado', motivo: null };
  const propria = cobrem.find((l) => l.leilaoId === leilaoDoPedido(tipo, leilaoId));
  return propria
    ? { exigida: true, situacao: propria.situacao, motivo: propria.situacao === 'Recusado' ? propria.motivo : null }
    : { exigida: true, situacao: null, motivo: null };
}

/**
 * What the client's request (terms accepted) does: nothing when already enabled or waiting;
 * otherwise enabled at once, or waiting for staff when the brand asks for approval. A refused client
 * may ask again (the reason usually names what to fix).
 */
export function situacaoAoPedir(
  atual: SituacaoHabilitacao | null,
  comAprovacao: boolean,
): { muda: false; situacao: SituacaoHabilitacao } | { muda: true; situacao: 'Habilitado' | 'Pendente' } {
  if (atual === 'Habilitado' || atual === 'Pendente') return { muda: false, situacao: atual };
  return { muda: true, situacao: comAprovacao ? 'Pendente' : 'Habilitado' };
}
