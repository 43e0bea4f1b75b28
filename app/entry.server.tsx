import './utils/zod-pt-br';
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './utils/nonce';

const ABORT_MS = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  // Bots get the whole document at once; people get it streamed as soon as the shell is ready.
  const pronto = isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady';
  const nonce = context.cspNonce;
  return new Promise((resolve, reject) => {
    let erroNoShell = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_MS} />
      </NonceProvider>,
      {
        nonce,
        [pronto]() {
          const corpo = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(corpo), { headers, status: erroNoShell ? 500 : status }));
          pipe(corpo);
        },
        onShellError: reject,
        onError(erro: unknown) {
          erroNoShell = true;
          context.logger?.error({ err: erro }, 'erro ao renderizar');
        },
      },
    );
    setTimeout(abort, ABORT_MS + 1_000);
  });
}
