/**
 * Where a brand stands against its maintenance windows (decision 193), as a pure function: the site
 * shows a banner ahead of a window, and inside it answers 503 with `Retry-After` to everyone but staff.
 */
export interface JanelaDeManutencao {
  id: number;
  inicio: Date;
  fim: Date;
  mensagem: string;
}

/** How long ahead of a window visitors see its banner. */
export const AVISO_ANTECIPADO_MS = 72 * 3600_000;

export type EstadoDaManutencao =
  { tipo: 'nenhuma' } | { tipo: 'aviso'; janela: JanelaDeManutencao } | { tipo: 'ativa'; janela: JanelaDeManutencao; retryAfterS: number };

export function estadoDaManutencao(janelas: readonly JanelaDeManutencao[], agora: Date): EstadoDaManutencao {
  const t = agora.getTime();
  const ativas = janelas.filter((j) => j.inicio.getTime() <= t && t < j.fim.getTime());
  if (ativas.length) {
    // Overlapping windows: the site is back when the last of them ends.
    const janela = ativas.reduce((a, b) => (b.fim > a.fim ? b : a));
    return { tipo: 'ativa', janela, retryAfterS: Math.max(1, Math.ceil((janela.fim.getTime() - t) / 1000)) };
  }
  const proximas = janelas.filter((j) => j.inicio.getTime() > t && j.inicio.getTime() - t <= AVISO_ANTECIPADO_MS);
  if (!proximas.length) return { tipo: 'nenhuma' };
  return { tipo: 'aviso', janela: proximas.reduce((a, b) => (b.inicio < a.inicio ? b : a)) };
}

/**
 * Paths that stay open during a window: the way in for staff (login, 2FA, the one-time link), leaving,
 * and the brand's own files the maintenance page and the login page show.
 */
export const CAMINHOS_DURANTE_MANUTENCAO =
  /^\/(login|login-sistema|sair|dois-fatores|redefinir-senha|admin-auth\/[^/]+|marca\/arquivo\/[^/]+|robots\.txt|catalogo\/logo\.svg|v[12]\/usuario\/efetuar-login)\/?$/;
