import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { cabecalhosDeSeguranca, criarFonteDeNonces, NONCE } from './cabecalhos-de-seguranca.server';

const resposta = () => {
  const req = new IncomingMessage(new Socket());
  return { req, res: new ServerResponse(req) };
};
type Fonte = string | ((req: IncomingMessage, res: ServerResponse) => string);
const opcoes = (scriptSrc: Fonte[]): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { defaultSrc: ["'self'"], scriptSrc, styleSrcAttr: ["'unsafe-inline'"], upgradeInsecureRequests: null },
  },
  crossOriginEmbedderPolicy: false,
});

describe('cabecalhosDeSeguranca', () => {
  it("sends helmet's headers, in helmet's order, with each answer's own nonce in the CSP", () => {
    const fonte = criarFonteDeNonces();
    const nonces = new Map<ServerResponse, string>();
    const nosso = cabecalhosDeSeguranca(opcoes(["'self'", `'nonce-${NONCE}'`]), (res) => nonces.get(res)!);
    const dele = helmet(opcoes(["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonces.get(res)}'`]));
    const vistos = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const a = resposta();
      const b = resposta();
      const nonce = fonte();
      nonces.set(a.res, nonce).set(b.res, nonce);
      nosso.middleware(a.req, a.res, () => {});
      dele(b.req, b.res, () => {});
      expect(a.res.getHeaderNames()).toEqual(b.res.getHeaderNames());
      expect(a.res.getHeaders()).toEqual(b.res.getHeaders());
      expect(String(a.res.getHeader('content-security-policy'))).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(a.res.getHeader('x-content-type-options')).toBe('nosniff');
      vistos.add(nonce);
    }
    expect(vistos.size).toBe(3);
  });

  it('refuses a directive function: only the nonce may vary per answer', () => {
    expect(() => cabecalhosDeSeguranca(opcoes(["'self'", () => "'nonce-x'"]), () => '')).toThrow(/NONCE/);
  });
});

describe('criarFonteDeNonces', () => {
  it('hands out 16 random bytes in base64, never the same twice, across refills of its block', () => {
    const proximo = criarFonteDeNonces(64);
    const nonces = Array.from({ length: 1000 }, proximo);
    expect(new Set(nonces).size).toBe(1000);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });
});
