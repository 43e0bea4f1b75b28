import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';

/**
 * The server's route matching is patched (decision 087): the ranked branches kept per tree, and only the
 * branches that can match a path's first segment tried. Whatever it skips, a page must still reach the
 * route the unpatched router picks. The browser build of the same package (`dist/router.js`) is not
 * patched: it is the reference, on the app's own route tree, for every route's path in several spellings,
 * its parent paths (fog of war's manifest matches them), and paths no route has.
 */
type Rota = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Rota[] };
type Casamento = { route: { id: string }; params: Record<string, string>; pathname: string; pathnameBase: string } | undefined;
type Casar = (rotas: Rota[], caminho: string) => Casamento[] | null;

describe('route matching as the server does it', () => {
  it('picks the same route, params and paths as the unpatched router for every route, spelling and parent path', async () => {
    const build = (await import(pathToFileURL(`${process.cwd()}/build/index.js`).href)) as ServerBuild;
    const servidor = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: Casar };
    const referencia = (await import(pathToFileURL(`${process.cwd()}/node_modules/@remix-run/router/dist/router.js`).href)) as {
      matchRoutes: Casar;
    };
    const arvore = (pai: string | undefined): Rota[] =>
      Object.values(build.routes)
        .filter((r) => r.parentId === pai)
        .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: arvore(r.id) }));
    const rotas = arvore(undefined);
    const caminhos = new Set(['/', '//', '//leilao/a', '/x', '/%61dmin', '/leilão/a', '/\u212Aa', '/favicon.ico', '/a/b/c/d/e/f/g/h']);
    for (const r of Object.values(build.routes)) {
      if (!r.path) continue;
      for (const valor of ['Lote-1', '']) {
        const c = `/${r.path
          .split('/')
          .map((s) => (s === '*' ? 'a/b' : s.startsWith(':') ? valor || 'z' : s.replace(/\?$/, '')))
          .join('/')}`;
        for (const v of [c, c.toUpperCase(), `${c}/mais`, `/${valor}${c}`]) caminhos.add(v);
        const partes = c.split('/');
        while (partes.length > 1) {
          partes.pop();
          caminhos.add(partes.join('/') || '/');
        }
      }
    }
    const resumo = (m: Casamento[] | null) =>
      m?.map((x) => `${x!.route.id} ${JSON.stringify(x!.params)} ${x!.pathname} ${x!.pathnameBase}`);
    const diferentes = [...caminhos].filter(
      (c) => JSON.stringify(resumo(servidor.matchRoutes(rotas, c))) !== JSON.stringify(resumo(referencia.matchRoutes(rotas, c))),
    );
    expect(caminhos.size).toBeGreaterThan(800);
    expect(diferentes).toEqual([]);
    // The lot page is matched by its own route, not the catch-all (the patch's reason to exist).
    expect(resumo(servidor.matchRoutes(rotas, '/leilao/sp/carro/fiat/uno/2012/123'))?.at(-1)).toMatch(/^routes\/leilao\.\$local/);
  });
});
