/**
 * The JavaScript the lot-list page cites in its HTML, counted as it is sent on the wire: a fresh schema on
 * the PostgreSQL of DATABASE_URL (or an in-memory PGlite without it), the demo seed, the app in this
 * process, one GET of /leilao on brand 1 (leilão) and /anuncios... on brand 2 (loja); every
 * `/build/*.js` the HTML names (modulepreload links, the inline module's imports, the manifest) fetched
 * from the server three times: with `Accept-Encoding: br`, with `gzip`, and with none. The bytes the
 * server sent for each (the body as received, before any decoding) are summed per encoding. Since decision
 * 290 the server sends the copies `npm run build` compressed (brotli 11, gzip 9, small files too); on a
 * build without them (`remix build` alone) the compression middleware compresses as it sends, and a file
 * under its threshold is sent as it is, and counts so. The offline gzip -9 of each file, the
 * figure this bench printed before, is shown beside them. Goal (issue #35): ≤ 100 kB (100,000 bytes) as
 * sent, with brotli and with gzip. With --arquivos, each file's sizes and its first module paths.
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
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  /** One GET as a browser's `Accept-Encoding` asks it: the body as sent (not decoded) and its encoding. */
  const obter = (host: string, caminho: string, aceita?: string) =>
    new Promise<{ status: number; corpo: Buffer; local?: string; codificacao?: string }>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: caminho,
            headers: { host: `${host}:${port}`, ...(aceita ? { 'accept-encoding': aceita } : {}) },
          },
          (res) => {
            const partes: Buffer[] = [];
            res.on('data', (c: Buffer) => partes.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                corpo: Buffer.concat(partes),
                local: res.headers.location,
                codificacao: res.headers['content-encoding'],
              }),
            );
          },
        )
        .on('error', reject);
    });
  /** The bytes sent for a file asked with this encoding, checked to decode to the same file. */
  const enviado = async (host: string, s: string, aceita: 'br' | 'gzip', bruto: Buffer) => {
    const r = await obter(host, s, aceita);
    if (r.status !== 200) throw new Error(`${s} respondeu ${r.status}`);
    const decodificado = r.codificacao === 'br' ? brotliDecompressSync(r.corpo) : r.codificacao === 'gzip' ? gunzipSync(r.corpo) : r.corpo;
    if (!decodificado.equals(bruto)) throw new Error(`${s} com ${aceita} não é o mesmo arquivo`);
    return { bytes: r.corpo.length, comprimido: r.codificacao === aceita };
  };
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
    interface Arquivo {
      s: string;
      bruto: number;
      gz9: number;
      br: { bytes: number; comprimido: boolean };
      gzip: { bytes: number; comprimido: boolean };
      cabeca: string;
      importa: string[];
    }
    const tamanhos: Arquivo[] = [];
    const arquivos = new Map<string, Arquivo>();
    const buscar = async (s: string) => {
      let t = arquivos.get(s);
      if (!t) {
        const { corpo } = await obter(host, s);
        const texto = corpo.toString('utf8');
        // Static imports only (`import{a}from"/build/…"`, `import"/build/…"`), not `import("…")`.
        const importa = [...texto.matchAll(/(?:\bfrom|\bimport)\s*["'](\/build\/[^"']+\.js)["']/g)].map((m) => m[1]);
        t = {
          s,
          bruto: corpo.length,
          gz9: gzipSync(corpo, { level: 9 }).length,
          br: await enviado(host, s, 'br', corpo),
          gzip: await enviado(host, s, 'gzip', corpo),
          cabeca: texto.slice(0, 4000),
          importa,
        };
        arquivos.set(s, t);
      }
      return t;
    };
    for (const s of citados) tamanhos.push(await buscar(s));
    const somar = (lista: Arquivo[]) => ({
      br: lista.reduce((a, t) => a + t.br.bytes, 0),
      gzip: lista.reduce((a, t) => a + t.gzip.bytes, 0),
      gz9: lista.reduce((a, t) => a + t.gz9, 0),
      semCompressao: lista.filter((t) => !t.br.comprimido || !t.gzip.comprimido).length,
    });
    const descrever = (n: number, x: ReturnType<typeof somar>) =>
      `${n} scripts, enviados: ${x.br} bytes com brotli, ${x.gzip} bytes com gzip (${x.semCompressao} abaixo do limiar de compressão, enviados sem compressão); gzip -9 fora do servidor ${x.gz9} bytes`;
    const total = somar(tamanhos);
    const meta = (x: ReturnType<typeof somar>) => (Math.max(x.br, x.gzip) <= 100_000 ? '✔' : '✘');
    console.log(
      `${host}${caminho}: citados no HTML: ${descrever(tamanhos.length, total)} (meta ≤ 100.000 bytes enviados, brotli e gzip: ${meta(total)})`,
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
    const carregado = somar([...carregados].map((s) => arquivos.get(s)!));
    console.log(`  carregados antes da hidratação: ${descrever(carregados.size, carregado)}`);
    if (detalhar) {
      console.log('  (* citado, mas não carregado antes da hidratação)');
      for (const t of tamanhos.sort((a, b) => b.br.bytes - a.br.bytes)) {
        const origem = [...t.cabeca.matchAll(/\/\/ (?:node_modules|app)\/[^\n]+/g)]
          .map((m) => m[0].slice(3))
          .slice(0, 3)
          .join(', ');
        console.log(
          `  br ${String(t.br.bytes).padStart(6)}  gzip ${String(t.gzip.bytes).padStart(6)}  (${t.bruto} sem compressão)  ${carregados.has(t.s) ? ' ' : '*'} ${t.s}  ${origem}`,
        );
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
