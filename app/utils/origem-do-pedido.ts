/**
 * Where the browser says a request came from, for the cross-site request check (docs/seguranca.md,
 * decision 111). In the order browsers are trusted to send them, as Django and Rails read them:
 *  - `Origin`: the page's scheme and host (`null` from a sandboxed frame, a `data:` page or a redirect
 *    across origins: never ours);
 *  - `Referer` when there is no Origin (older browsers on same-origin forms): its scheme and host;
 *  - `Sec-Fetch-Site` when neither is sent (a referrer policy of `no-referrer`): `same-origin` and
 *    `none` (typed by the user) say ours, `same-site` (a sibling subdomain, another brand on the
 *    platform domain) and `cross-site` say not.
 * No header at all is not a browser's cross-site request (browsers send Origin on every cross-origin
 * POST): scripts and server-to-server calls, which carry no victim's cookie.
 */
export type OrigemDoPedido =
  /** The host (with port) the request names as its origin: the caller decides whether it is the brand's. */
  | { tipo: 'host'; host: string }
  /** The browser says it is ours (Sec-Fetch-Site) or says nothing. */
  | { tipo: 'sem-outra-origem' }
  /** Certainly not ours. */
  | { tipo: 'outra' };

type Cabecalhos = Record<string, string | string[] | undefined>;

const primeiro = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function hostDaUrl(valor: string): OrigemDoPedido {
  const url = URL.parse(valor);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.host) return { tipo: 'outra' };
  return { tipo: 'host', host: url.host };
}

export function origemDoPedido(cabecalhos: Cabecalhos): OrigemDoPedido {
  const origin = primeiro(cabecalhos.origin);
  const site = primeiro(cabecalhos['sec-fetch-site'])?.trim().toLowerCase();
  // A page under a `no-referrer` policy (ours before decision 111, a cached one, a privacy extension)
  // posts its forms with `Origin: null`; the browser's own Sec-Fetch-Site, which no page can set, still
  // says whether the form was ours.
  if (origin?.trim() === 'null' && site === 'same-origin') return { tipo: 'sem-outra-origem' };
  if (origin !== undefined) return hostDaUrl(origin.trim());
  const referer = primeiro(cabecalhos.referer);
  if (referer !== undefined) return hostDaUrl(referer.trim());
  if (site === undefined || site === 'same-origin' || site === 'none') return { tipo: 'sem-outra-origem' };
  return { tipo: 'outra' };
}

/** Methods that change nothing (RFC 9110 safe methods): never checked. */
export const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Hosts compare case-insensitively, default ports aside (`Host: marca.test` and `Origin: https://marca.test:443`). */
export function mesmoHost(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const limpo = (h: string) =>
    h
      .trim()
      .toLowerCase()
      .replace(/:(80|443)$/, '');
  return limpo(a) === limpo(b);
}
