/**
 * A restart on a big catalogue (issue #35: the first list page ≤ 2 s and peak RSS ≤ 1 GB during the start, at
 * 1,000,000 lots): the server in production (`node build/server.js`, its own process) started on the catalogue
 * bench's schema of `--lots` lots (seeded once and reused, as search.ts and pagina-lote.ts do), timed from spawn
 * to /healthz and to the first list page of brand 1, which also starts the brand's index load. While the index
 * loads, distinct list pages are asked one after another (what visitors meet meanwhile, answered from SQL) until
 * two in a row answer within 300 ms (from the index); 2 s later the peak RSS of the start (VmHWM), the RSS and one
 * more list page's time are read.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --import tsx scripts/bench/reinicio-catalogo.ts [--lots 1000000] [--rodadas 3]
 */
import './modo-producao';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { catalogoDoBench, esquemaDoCatalogo, iniciarServidor, mediana, portasLivres, type BancoBench } from './comum';
import { getEnv } from '~/utils/env.server';

const { values } = parseArgs({
  options: { lots: { type: 'string', default: '1000000' }, rodadas: { type: 'string', default: '3' } },
});
const LOTES = Number(values.lots);
const RODADAS = Number(values.rodadas);
const env = getEnv();
const schema = esquemaDoCatalogo(LOTES);
const database = await catalogoDoBench({ schema, lotes: LOTES, outras: 200, max: 4 });
await database.close();
const banco = { url: env.DATABASE_URL, schemaNome: schema } as unknown as BancoBench;

const pagina = (porta: number, caminho: string) =>
  new Promise<{ status: number; ms: number }>((resolve) => {
    const t0 = performance.now();
    http
      .get({ host: '127.0.0.1', port: porta, path: caminho, headers: { host: `h1.localhost:${porta}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      })
      .on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
const kb = (pid: number, campo: string) =>
  Number(new RegExp(`${campo}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const UFS = ['SP', 'RJ', 'MG', 'PR', 'RS'];

const resultados: {
  saude: number;
  primeira: number;
  durante: number[];
  prontoEm: number;
  picoMb: number;
  rssMb: number;
  comIndice: number;
}[] = [];
for (let r = 1; r <= RODADAS; r++) {
  const [porta] = await portasLivres(1);
  const inicio = performance.now();
  const servidor = await iniciarServidor({ porta, banco });
  const pid = servidor.filho.pid!;
  const saude = performance.now() - inicio;
  const primeira = await pagina(porta, '/leilao');
  if (primeira.status !== 200) throw new Error(`/leilao respondeu ${primeira.status}`);
  const primeiraMs = performance.now() - inicio;
  // Distinct list pages one after another until two in a row answer within 300 ms (from the index: from SQL a
  // list page of this catalogue takes seconds), then 2 s more, and the peak RSS of the whole start.
  const durante: number[] = [];
  let rapidas = 0;
  for (let i = 0; rapidas < 2 && performance.now() - inicio < 600_000; i++) {
    const caminho = `/leilao?uf=${UFS[i % UFS.length]}&pagina=${2 + Math.floor(i / UFS.length)}`;
    const p = await pagina(porta, caminho);
    if (p.status !== 200) throw new Error(`${caminho} respondeu ${p.status} durante a carga`);
    rapidas = p.ms < 300 ? rapidas + 1 : 0;
    if (!rapidas) durante.push(p.ms);
    await new Promise((res) => setTimeout(res, 100));
  }
  const prontoEm = performance.now() - inicio;
  await new Promise((res) => setTimeout(res, 2_000));
  const picoMb = kb(pid, 'VmHWM') / 1024;
  const rssMb = kb(pid, 'VmRSS') / 1024;
  const comIndice = (await pagina(porta, '/leilao?uf=SC')).ms;
  await servidor.parar();
  resultados.push({ saude, primeira: primeiraMs, durante, prontoEm, picoMb, rssMb, comIndice });
  const ord = [...durante].sort((a, b) => a - b);
  console.log(
    `rodada ${r}: /healthz ${(saude / 1000).toFixed(2)} s, primeira página de lista ${(primeiraMs / 1000).toFixed(2)} s (meta ≤ 2 s); ` +
      `${durante.length} páginas durante a carga, mediana ${mediana(ord).toFixed(0)} ms, máx ${(ord.at(-1) ?? 0).toFixed(0)} ms; ` +
      `a lista respondendo do índice após ${(prontoEm / 1000).toFixed(1)} s; pico de RSS ${picoMb.toFixed(0)} MB (meta ≤ 1.024), RSS ${rssMb.toFixed(0)} MB; ` +
      `uma página com o índice ${comIndice.toFixed(0)} ms`,
  );
}
const m = (f: (x: (typeof resultados)[number]) => number) => mediana(resultados.map(f));
console.log(
  `${LOTES.toLocaleString('pt-BR')} lotes, mediana de ${RODADAS}: primeira página de lista ${(m((x) => x.primeira) / 1000).toFixed(2)} s; ` +
    `lista respondendo do índice ${(m((x) => x.prontoEm) / 1000).toFixed(1)} s; pico de RSS ${m((x) => x.picoMb).toFixed(0)} MB; RSS depois ${m((x) => x.rssMb).toFixed(0)} MB`,
);
