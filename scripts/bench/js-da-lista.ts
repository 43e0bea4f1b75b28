/**
 * The JavaScript the lot-list page cites in its HTML, gzip (level 9), deterministic: a fresh schema on
 * the PostgreSQL of DATABASE_URL (or an in-memory PGlite without it), the demo seed, the app in this
 * process, one GET of /leilao on brand 1 (leilão) and /anuncios... on brand 2 (loja); every
 * `/build/*.js` the HTML names (modulepreload links, the inline module's imports, the manifest) fetched
 * from the server and gzipped. Prints each file's size and what is in it (the largest packages by
 * the build's metafile are not available to the classic compiler, so the file's first module path is
 * shown), then the sum. Goal (issue #16): ≤ 100 kB.
 *
 * A second sum, "carregados", is what the browser fetches before it hydrates: the modulepreload links
 * and the inline module's imports, then every file those import statically (a chunk's `import("…")`
 * is fetched later, on demand). With v3_lazyRouteDiscovery the cited set held two things the page
 * never fetches: the full route manifest file (its `url` was written, not imported; entry.server.tsx
 * leaves it out since decision 089) and the home route's module and chunks (the initial manifest
 * always names the routes that match `/`; the home body is a dynamic import since 089).
 *
 *   npm run build && [DATABASE_URL=postgres://...] node --import tsx scripts/bench/js-da-lista.ts [--arquivos]
 */
import './modo-producao';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { openDatabase, type Database } from '@db/client.server';
import { getEnv } from '~/utils/env.server';
import { seedDemo } from '@scripts/seed/index';
import { PREFIXO_DO_ESQUEMA, servidorCompilado } from './comum';

const { createMartelo } = await servidorCompilado();

const env = getEnv();
const detalhar = process.argv.includes('--arquivos');
const schema = `${PREFIXO_DO_ESQUEMA}_js_${randomBytes(4).toString('hex')}`;
let database: Database;
if (env.DATABASE_URL) {
  database = await openDatabase({ url: env.DATABASE_URL, schema, max: 4 });
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  database = await openDatabase({ pglite: await PGlite.create() });
}
try {
  await database.migrate();
  await seedDemo(database, { lotesPorMarca: 12 });
  const app = await createMartelo({ env: { ...env, LOG_LEVEL: 'silent' }, database, encerrador: false });
  const { port } = await app.listen(0, '127.0.0.1');
  const obter = (host: string, caminho: string) =>
    new Promise<{ status: number; corpo: Buffer; local?: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: caminho, headers: { host: `${host}:${port}` } }, (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes), local: res.headers.location }));
        })
        .on('error', reject);
    });
  for (const [host, caminho] of [
    ['h1.localhost', '/leilao'],
    ['h2.localhost', '/leilao'],
  ] as const) {
    let r = await obter(host, caminho);
    // A shop brand answers its list under its own word (a redirect): follow it once.
    if (r.status === 301 && r.local) r = await obter(host, new URL(r.local, 'http://x').pathname);
    const html = r.corpo.toString('utf8');
    if (r.status !== 200) throw new Error(`${host}${caminho} respondeu ${r.status}`);
    const citados = [...new Set([...html.matchAll(/["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1]))];
    const tamanhos: { s: string; bruto: number; gz: number; cabeca: string; importa: string[] }[] = [];
    const arquivos = new Map<string, (typeof tamanhos)[number]>();
    const buscar = async (s: string) => {
      let t = arquivos.get(s);
      if (!t) {
        const { corpo } = await obter(host, s);
        const texto = corpo.toString('utf8');
        // Static imports only (`import{a}from"/build/…"`, `import"/build/…"`), not `import("…")`.
        const importa = [...texto.matchAll(/(?:\bfrom|\bimport)\s*["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1]);
        t = { s, bruto: corpo.length, gz: gzipSync(corpo, { level: 9 }).length, cabeca: texto.slice(0, 4000), importa };
        arquivos.set(s, t);
      }
      return t;
    };
    for (const s of citados) tamanhos.push(await buscar(s));
    const total = tamanhos.reduce((a, t) => a + t.gz, 0);
    console.log(
      `${host}${caminho}: ${citados.length} scripts citados no HTML, ${(total / 1000).toFixed(1)} kB gzip (${total} bytes; meta ≤ 100 kB = 100000 bytes)`,
    );
    // What the browser fetches before hydrating: preloads, the inline module's imports, their imports.
    const inicio = [
      ...[...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
      ...[...html.matchAll(/(?:\bfrom|\bimport\(?)\s*["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1]),
    ];
    const carregados = new Set<string>();
    for (let fila = inicio; fila.length;) {
      const proxima: string[] = [];
      for (const s of fila) {
        if (carregados.has(s)) continue;
        carregados.add(s);
        proxima.push(...(await buscar(s)).importa);
      }
      fila = proxima;
    }
    const totalCarregado = [...carregados].reduce((a, s) => a + (arquivos.get(s)?.gz ?? 0), 0);
    console.log(
      `  carregados antes da hidratação: ${carregados.size} scripts, ${(totalCarregado / 1000).toFixed(1)} kB gzip (${totalCarregado} bytes)`,
    );
    if (detalhar) {
      console.log('  (* citado, mas não carregado antes da hidratação)');
      for (const t of tamanhos.sort((a, b) => b.gz - a.gz)) {
        const origem = [...t.cabeca.matchAll(/\/\/ (?:node_modules|app)\/[^\n]+/g)]
          .map((m) => m[0].slice(3))
          .slice(0, 3)
          .join(', ');
        console.log(`  ${(t.gz / 1000).toFixed(1).padStart(5)} kB  ${carregados.has(t.s) ? ' ' : '*'} ${t.s}  ${origem}`);
      }
    }
  }
  await app.close();
} finally {
  await database.close();
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  }
}
