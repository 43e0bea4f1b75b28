import './utils/zod-pt-br';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { NonceProvider } from './utils/nonce';
import { chaveDoDocumento, corpoDoDocumento, guardarDocumento, MARCADOR_NONCE, MARCADOR_REQUEST_ID } from './utils/memo-de-paginas.server';
import { aceitaGzip } from './utils/gzip-emendado.server';
import { nivelDoErro } from './utils/nivel-do-erro';

/**
 * What the top-level server.ts (compiled apart, build/server.js) composes: it takes every app module from
 * this build, so the Express chain, the JSON API and the routes share one copy of each
 * (docs/decisions/135-servidor-no-topo.md).
 */
export * as servidor from './servidor/index.server';

/**
 * The document is rendered to one string. No route streams (no `defer`, Await or Suspense on the
 * server), so with renderToPipeableStream the whole page was its shell anyway and left only once it
 * was complete; rendered to a string it is the same bytes for less work: React's streaming renderer
 * encodes every tag and attribute into 2 kB byte views one small piece at a time, then the pieces
 * crossed a Node stream and a web stream. A route that starts to stream (defer) must bring back
 * renderToPipeableStream (git history: "Server render: one string instead of a stream").
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  const renderizar = (nonce: string) =>
    renderToString(
      <NonceProvider value={nonce}>
        <RemixServer context={{ ...remixContext, manifest: semArquivoDeRotas(remixContext.manifest) }} url={request.url} />
      </NonceProvider>,
    );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const memo = context.paginas;
  const raiz = remixContext.staticHandlerContext.loaderData.root as { usuario?: unknown; requestId?: string } | undefined;
  const handoff = remixContext.serverHandoffString;
  const idNoHandoff = `"requestId":${JSON.stringify(context.requestId)}`;
  // Kept only for visitors (no per-user page is ever stored), for a plain 200 GET whose loader data
  // carries this request's id once, where the placeholder can take its place (docs/decisions/085).
  if (
    memo &&
    request.method === 'GET' &&
    status === 200 &&
    !remixContext.staticHandlerContext.errors &&
    raiz &&
    raiz.usuario == null &&
    raiz.requestId === context.requestId &&
    handoff?.includes(idNoHandoff)
  ) {
    const neutro = handoff.replace(idNoHandoff, `"requestId":"${MARCADOR_REQUEST_ID}"`);
    const { doc } = memo.documento(chaveDoDocumento(request.url, neutro), () => {
      remixContext.staticHandlerContext.loaderData.root = { ...raiz, requestId: MARCADOR_REQUEST_ID };
      remixContext.serverHandoffString = neutro;
      return guardarDocumento(`<!DOCTYPE html>${renderizar(MARCADOR_NONCE)}`);
    });
    // A list page may be kept whole and answered before Remix next time (docs/decisions/093).
    context.paginaDeVisitante?.guardar(doc, headers, remixContext.staticHandlerContext);
    // A browser takes gzip: spliced from the page's parts compressed once, not compressed per answer (098).
    const gzip = aceitaGzip(request.headers.get('accept-encoding') ?? undefined);
    if (gzip) headers.set('Content-Encoding', 'gzip');
    const corpo = corpoDoDocumento(doc, context.cspNonce, context.requestId, gzip);
    return new Response(new Uint8Array(corpo.buffer as ArrayBuffer, corpo.byteOffset, corpo.length), { headers, status });
  }
  return new Response(`<!DOCTYPE html>${renderizar(context.cspNonce)}`, { headers, status });
}

/**
 * The inline manifest without the url of the full route manifest file (manifest-*.js, ~5.5 kB gzip):
 * with v3_lazyRouteDiscovery the browser never loads that file (it asks /__manifest for the routes
 * it meets), and Remix 2 reads its url only to import and preload it when lazy discovery is off, or
 * in development's hot reload, whose updates carry their own url (docs/decisions/089).
 */
function semArquivoDeRotas(manifest: EntryContext['manifest']): EntryContext['manifest'] {
  const { url: _url, ...resto } = manifest;
  return resto as EntryContext['manifest'];
}

/**
 * A loader or action that throws: the error goes to the request's log line (with its request id),
 * never to the browser (server.ts runs Remix in production mode) nor to a bare console. A client's bad
 * request (Remix's own 4xx, such as a `?_data` naming a route that did not match) is logged at warn:
 * only our own faults are errors (nivel-do-erro.ts).
 */
export const handleError: HandleErrorFunction = (erro, { request, context }) => {
  if (request.signal.aborted) return;
  (context as AppLoadContext).logger[nivelDoErro(erro)]({ err: erro }, 'erro numa rota');
};
