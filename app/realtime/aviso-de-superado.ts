import type { LanceSuperado } from './protocol';

/**
 * What a client is told when they lose the lead on a lot (the site-wide toast and the lot page's panel
 * read the same rule): outbid by a bid, they may bid again; bought by someone's Compre Já, the lot is
 * sold and closed, and "superado" would invite a bid that can no longer be made.
 */
export function chaveDoAvisoDeSuperado(d: Pick<LanceSuperado, 'motivo'>) {
  return d.motivo === 'compre-ja' ? 'lances_painel.vendido_compre_ja_toast' : 'lances_painel.superado_toast';
}
