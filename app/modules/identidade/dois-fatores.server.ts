/**
 * Two-factor state shared by every way in. A session is a login only when the user's 2FA duty is met:
 * an account that requires 2FA (`twoFactorObrigatorio`) and has not enrolled yet gets a session that can
 * only enrol (the route guard and the API's user lookup refuse it everywhere else).
 */
export const cadastro2faPendente = (u: { twoFactorObrigatorio: boolean; twoFactorHabilitado: boolean }) =>
  u.twoFactorObrigatorio && !u.twoFactorHabilitado;
