import { diaPermitido } from '~/modules/dominio/regras-do-leiloeiro';

/**
 * An auction instant `dias` days or more from now, at 14:00 in Brasília, on the first day the auctioneer's
 * rules allow (no Sunday, no holiday of Brazil or the UF): a release must not depend on the weekday the
 * suite runs on.
 */
export function diaUtilDaqui(dias: number, uf = 'SP'): string {
  for (let d = dias; d < dias + 14; d++) {
    const iso = new Date(Date.now() + d * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    const instante = new Date(`${iso}T14:00:00-03:00`);
    if (diaPermitido({ data: instante, uf }).ok) return instante.toISOString();
  }
  throw new Error('nenhum dia útil em duas semanas');
}
