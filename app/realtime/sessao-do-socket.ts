import { useEffect } from 'react';

/**
 * Who the page's shared lot socket belongs to, kept apart from the socket client so the root can
 * follow logins and logouts on every page without shipping the client to anonymous visitors.
 */

/** Who was logged in when the shared socket opened (undefined: as the cookie said at that moment). */
let identidade: number | null | undefined;
/** Set by use-lances when the shared socket opens: reconnects it under the current cookie. */
let reconectar: (() => void) | null = null;

export function socketAberto(fn: () => void) {
  reconectar = fn;
}

/**
 * Keeps the shared socket's session in step with the page's: after a login or logout (usuarioId
 * changes) the socket reconnects, so the hub authenticates the current cookie and the user's own
 * room (where outbid notices arrive) follows who is logged in.
 */
export function useSessaoDoSocket(usuarioId: number | null) {
  useEffect(() => {
    if (identidade === undefined || !reconectar) identidade = usuarioId;
    else if (identidade !== usuarioId) {
      identidade = usuarioId;
      reconectar();
    }
  }, [usuarioId]);
}
