/**
 * The keys the tabs of a brand share about the session, apart from the inactivity component so the
 * header (on every page, for every visitor) does not pull the whole inactivity timer.
 */
export const CHAVE_ATIVIDADE = 'martelo:ultimaAtividade';
export const CHAVE_LOGOUT = 'martelo:logout';
export const CANAL = 'martelo-sessao';

/**
 * Logout in this tab (the "Sair" button) tells the other tabs through the storage event only: a
 * BroadcastChannel message would also reach this tab's own listener and race the logout POST.
 */
export function avisarLogoutEntreAbas() {
  try {
    localStorage.setItem(CHAVE_LOGOUT, `sair:${Date.now()}`);
  } catch {
    /* storage may be unavailable (private mode): the server logout still happened */
  }
}
