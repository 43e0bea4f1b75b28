import type { Response } from 'express';
import { cabecalhosDeSeguranca, NONCE } from '~/utils/cabecalhos-de-seguranca.server';

/** helmet's headers for every answer, worked out once; the CSP's nonce is the request's own. */
export function cabecalhosDoMartelo({ producao }: { producao: boolean }) {
  return cabecalhosDeSeguranca(
    {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", `'nonce-${NONCE}'`, 'https://www.googletagmanager.com'],
          // https: for the auditorium's HLS broadcast (hls.js fetches playlist and segments from the brand's
          // video host, which is data, decision 051); media from those and from hls.js's blob: source.
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          imgSrc: ["'self'", 'data:', 'https:'],
          styleSrc: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          upgradeInsecureRequests: producao ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Not helmet's `no-referrer`: under it a browser posts a form without JavaScript with `Origin: null`,
      // which the cross-site check must refuse. `same-origin` sends our own address to our own pages only
      // (so Origin is named) and nothing to other sites (decision 111).
      referrerPolicy: { policy: 'same-origin' },
    },
    (res) => (res as Response).locals.cspNonce as string,
  ).middleware;
}
