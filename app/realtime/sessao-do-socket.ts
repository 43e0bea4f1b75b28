/**
 * Who the page's shared lot socket belongs to, kept apart from the socket client so the root can
 * follow logins and logouts on every page without shipping the client to anonymous visitors. No
 * React here: the page-view module (realtime/visitas.ts, loaded after the page is up) reaches this
 * through the shared client, and a module without React keeps React in the framework's chunk.
 */

/** Who was logged in when the shared socket opened (undefined: as the cookie said at that moment). */
let identidade: number | null | undefined;
/** Set by the shared client when the socket opens: reconnects it under the current cookie. */
let reconectar: (() => void) | null = null;

export function socketAberto(fn: () => void) {
  reconectar = fn;
}

/**
 * Keeps the shared socket's session in step with the page's (the root calls it when the logged-in
 * user changes): after a login or logout the socket reconnects, so the hub authenticates the
 * current cookie and the user's own room (where outbid notices arrive) follows who is logged in.
 */
export function seguirSessaoDoSocket(usuarioId: number | null) {
  if (identidade === undefined || !reconectar) identidade = usuarioId;
  else if (identidade !== usuarioId) {
    identidade = usuarioId;
    reconectar();
  }
}
