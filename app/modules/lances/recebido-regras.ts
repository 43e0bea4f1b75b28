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
