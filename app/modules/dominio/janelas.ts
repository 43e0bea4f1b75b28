/**
 * A brand's date windows (viewing, sign-up): where an instant stands against them. Pure, with a table
 * test beside it; the route guard, the API and sign-up ask it.
 */
export type SituacaoDaJanela = 'aberta' | 'antes' | 'depois';

const instante = (v: Date | string | null | undefined) => (v == null ? null : typeof v === 'string' ? Date.parse(v) : v.getTime());

export function situacaoDaJanela(
  inicio: Date | string | null | undefined,
  fim: Date | string | null | undefined,
  agora: number = Date.now(),
): SituacaoDaJanela {
  const i = instante(inicio);
  const f = instante(fim);
  if (i !== null && !Number.isNaN(i) && agora < i) return 'antes';
  if (f !== null && !Number.isNaN(f) && agora > f) return 'depois';
  return 'aberta';
}

export interface RegrasDaVitrine {
  loginObrigatorioVisualizar: boolean;
  visualizacaoInicio: string | null;
  visualizacaoFim: string | null;
}

/**
 * What keeps a visitor off the public site, if anything: the viewing window first (it binds clients
 * too), then the login the brand requires. Staff are never kept off (they prepare the site).
 */
export function restricaoDaVitrine(
  marca: RegrasDaVitrine,
  quem: { logado: boolean; interno: boolean },
  agora: number = Date.now(),
): null | 'login' | 'antes' | 'depois' {
  if (quem.interno) return null;
  const janela = situacaoDaJanela(marca.visualizacaoInicio, marca.visualizacaoFim, agora);
  if (janela !== 'aberta') return janela;
  return marca.loginObrigatorioVisualizar && !quem.logado ? 'login' : null;
}

/** Whether anyone might be kept off (so a request needs no user lookup when the answer is no). */
export const vitrineTemRestricao = (m: RegrasDaVitrine) =>
  m.loginObrigatorioVisualizar || m.visualizacaoInicio !== null || m.visualizacaoFim !== null;
