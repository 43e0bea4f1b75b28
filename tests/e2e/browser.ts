import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/** Debian's chromium (never a downloaded browser), headless, with no background network chatter. */
export function abrirChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const PASTA_SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(PASTA_SCREENSHOTS, { recursive: true });

/** A browser context logged in on a brand's host with a session cookie ("name=value", as criarCliente gives it). */
export async function contextoLogado(browser: Browser, cookie: string, hotsiteId: number, opcoes: BrowserContextOptions = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 1000 }, ...opcoes });
  const i = cookie.indexOf('=');
  await ctx.addCookies([{ name: cookie.slice(0, i), value: cookie.slice(i + 1), domain: `h${hotsiteId}.localhost`, path: '/' }]);
  return ctx;
}

/** The page errors and console errors a test collects (the socket's lookups of other brands' hosts aside). */
export function vigiaDeErros() {
  const erros: string[] = [];
  const vigiar = (page: Page) => {
    page.on('pageerror', (e) => erros.push(e.message));
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED') && erros.push(m.text()));
    return page;
  };
  return { erros, vigiar };
}

/**
 * The usual browser test file: a fresh database, one server on it and Debian's chromium for the whole file
 * (beforeAll/afterAll registered here). Read `t.banco`, `t.app` and `t.browser` inside the tests.
 */
export function navegadorDeTeste() {
  const t = {} as { banco: Awaited<ReturnType<typeof criarBancoDeTeste>>; app: Instancia; browser: Browser };
  beforeAll(async () => {
    t.banco = await criarBancoDeTeste();
    t.app = await iniciarInstancia({ database: t.banco });
    t.browser = await abrirChromium();
  });
  afterAll(async () => {
    await t.browser?.close();
    await t.app?.close();
    await t.banco?.descartar();
  });
  return t;
}

/**
 * The CEP service the sign-up form calls (the server runs in the test's process, so msw stands in for it):
 * every CEP answers Avenida Afonso Pena, Centro, Belo Horizonte/MG, for the whole file. Answers the msw
 * server, for a test that overrides the answer (`use`, then `resetHandlers`).
 */
export function cepDeTeste() {
  const cep = setupServer(
    http.get('https://viacep.com.br/ws/:cep/json/', () =>
      HttpResponse.json({
        cep: '30130-010',
        logradouro: 'Avenida Afonso Pena',
        complemento: '',
        bairro: 'Centro',
        localidade: 'Belo Horizonte',
        uf: 'MG',
      }),
    ),
  );
  beforeAll(() => cep.listen({ onUnhandledRequest: 'bypass' }));
  afterAll(() => cep.close());
  return cep;
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violacao {
  id: string;
  impact: string;
  alvos: string[];
}

/**
 * axe's serious and critical violations on the page as it is now. The page's context needs `bypassCSP`:
 * the site's CSP (rightly) refuses the injected axe script.
 */
export async function violacoes(page: Page): Promise<Violacao[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, alvos: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}
