/** Any origin: only used to resolve a path the way a browser would, never sent anywhere. */
const BASE = 'http://martelo.invalid';

/** A control character (C0, DEL or C1): a browser drops tab/newline and would join what follows. */
const temControle = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
};

/**
 * A same-site path to send the visitor to (`redirectTo`, `voltar`, a content block's link), or `padrao`.
 *
 * Accepted: `/` followed by anything but `/` or `\` (browsers read `/\evil.com` as `//evil.com`), no
 * backslash nor control character anywhere, before or after %-decoding (`/%5Cevil.com`, `/%09/evil.com`),
 * an escape that decodes, at most 500 characters. Answered in the form a browser would resolve it to
 * (dot segments removed, non-ASCII %-encoded), and refused when that form is no longer a path of this
 * site: `/..//evil.com` and `/%2e%2e//evil.com` resolve to `//evil.com`, which a page that rebuilds the
 * URL (`new URL(destino, base).pathname`) would hand to the browser as another host. Anything else
 * (//evil, https://..., javascript:, evil.com) falls back to `padrao`.
 */
export function caminhoDeVolta(valor: unknown, padrao: string): string {
  return caminhoDoSite(valor) ?? padrao;
}

/** The same rule as `caminhoDeVolta`, answering null instead of a fallback (for validation). */
export function caminhoDoSite(valor: unknown): string | null {
  if (typeof valor !== 'string' || valor.length > 500) return null;
  if (!ehCaminhoSimples(valor)) return null;
  let decodificado: string;
  try {
    decodificado = decodeURIComponent(valor);
  } catch {
    return null;
  }
  if (!ehCaminhoSimples(decodificado)) return null;
  const url = new URL(valor, BASE);
  if (url.origin !== BASE) return null;
  const resolvido = `${url.pathname}${url.search}${url.hash}`;
  if (!ehCaminhoSimples(resolvido) || resolvido.length > 1000) return null;
  return resolvido;
}

/** `/` then not `/` nor `\`; no backslash or control character anywhere. */
const ehCaminhoSimples = (s: string) => /^\/(?![/\\])/.test(s) && !s.includes('\\') && !temControle(s);
