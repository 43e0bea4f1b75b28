/*
 * The legal clocks of LGPD self-service, as pure functions (decisions 235 and 236): a data subject's
 * request is answered within 15 days (LGPD art. 19 II), and access records are kept for six months
 * (Marco Civil da Internet, art. 15), then purged.
 */

const DIA_MS = 24 * 60 * 60 * 1000;
export const DIAS_PARA_RESPONDER = 15;
export const MESES_DE_REGISTRO_DE_ACESSO = 6;

/** The deadline of a request filed at `criadaEm`: 15 calendar days later, to the millisecond. */
export const prazoDaSolicitacao = (criadaEm: Date) => new Date(criadaEm.getTime() + DIAS_PARA_RESPONDER * DIA_MS);

export type SituacaoDoPrazo = { tipo: 'no-prazo'; dias: number } | { tipo: 'vence-hoje' } | { tipo: 'atrasado'; dias: number };

/**
 * How a pending request stands against its deadline, in whole days as staff read them: `vence-hoje` in the
 * last 24 hours, `atrasado` once past it (days late, at least 1), else the days left (rounded up).
 */
export function situacaoDoPrazo(prazo: Date, agora: Date): SituacaoDoPrazo {
  const restante = prazo.getTime() - agora.getTime();
  if (restante < 0) return { tipo: 'atrasado', dias: Math.max(1, Math.ceil(-restante / DIA_MS)) };
  if (restante < DIA_MS) return { tipo: 'vence-hoje' };
  return { tipo: 'no-prazo', dias: Math.ceil(restante / DIA_MS) };
}

/** The oldest access record still kept at `agora`: six calendar months back (31 Aug → 28/29 Feb). */
export function inicioDaGuarda(agora: Date): Date {
  const d = new Date(agora.getTime());
  const dia = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - MESES_DE_REGISTRO_DE_ACESSO);
  const ultimoDia = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(dia, ultimoDia));
  return d;
}
