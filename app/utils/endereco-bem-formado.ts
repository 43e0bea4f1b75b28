/**
 * Whether a request target's %-escapes all decode (as UTF-8): `/leilao/%ZZ`, `/?q=%` and `/%FF` do not.
 * Refused with a 400 before any route sees it (Express and Remix would throw a URIError, a 500).
 */
export function enderecoBemFormado(url: string): boolean {
  if (!url.includes('%')) return true;
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}
