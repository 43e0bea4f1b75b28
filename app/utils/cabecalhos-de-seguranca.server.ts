import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Put where the request's nonce goes in a directive (`'nonce-${NONCE}'`); replaced on each answer, never sent. */
export const NONCE = 'NONCE-DO-PEDIDO';

/**
 * Nonces of 16 random bytes, base64, cut from a block read from the CSPRNG at once (as Node's
 * randomUUID does): a synchronous randomBytes(16) per request cost more than the rest of the headers.
 * Every nonce is fresh bytes, never handed out twice.
 */
export function criarFonteDeNonces(tamanhoDoBloco = 4096) {
  let bloco = Buffer.alloc(0);
  let pos = 0;
  return () => {
    if (pos + 16 > bloco.length) {
      bloco = randomBytes(tamanhoDoBloco);
      pos = 0;
    }
    pos += 16;
    return bloco.toString('base64', pos - 16, pos);
  };
}

/**
 * helmet's headers, worked out once: helmet runs on a stand-in response at start, and every request
 * then gets the same headers in the same order, the CSP with the request's own nonce where the
 * directives say `NONCE`. helmet itself ran a dozen middlewares and rebuilt the CSP from its directives
 * on every request (docs/decisions/097-pedido-da-api-enxuto.md). Directive functions (helmet's way to
 * vary per request) are refused: only the nonce may vary.
 */
export function cabecalhosDeSeguranca(opcoes: HelmetOptions, nonceDoPedido: (res: ServerResponse) => string) {
  const csp = opcoes.contentSecurityPolicy;
  if (csp && typeof csp === 'object')
    for (const valores of Object.values(csp.directives ?? {}))
      if (Array.isArray(valores) && valores.some((v) => typeof v === 'function'))
        throw new Error('cabecalhosDeSeguranca: use NONCE nas diretivas, não funções');
  const definidos: [string, string][] = [];
  const removidos: string[] = [];
  const falso = {
    setHeader: (nome: string, valor: string | number | readonly string[]) => void definidos.push([nome, String(valor)]),
    removeHeader: (nome: string) => void removidos.push(nome),
    getHeader: () => undefined,
  };
  let terminou = false;
  helmet(opcoes)({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, falso as unknown as ServerResponse, (erro?: unknown) => {
    if (erro) throw erro;
    terminou = true;
  });
  if (!terminou) throw new Error('helmet não terminou de forma síncrona');
  const cabecalhos = definidos.map(([nome, valor]) => ({ nome, valor, partes: valor.includes(NONCE) ? valor.split(NONCE) : null }));
  return {
    /** The headers as helmet wrote them, `NONCE` where each answer has its own. */
    definidos,
    middleware(_req: IncomingMessage, res: ServerResponse, next: () => void) {
      for (const nome of removidos) res.removeHeader(nome);
      let nonce: string | undefined;
      for (const { nome, valor, partes } of cabecalhos) res.setHeader(nome, partes ? partes.join((nonce ??= nonceDoPedido(res))) : valor);
      next();
    },
  };
}
