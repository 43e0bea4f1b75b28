/**
 * `npm run build`'s third step, after `remix build` and build-server.js: every script and stylesheet of
 * public/build compressed once, at the highest settings, beside itself (`x.js.br`, brotli quality 11;
 * `x.js.gz`, gzip level 9), whatever its size. The server sends these to a browser that accepts them
 * (app/servidor/build-comprimido.server.ts) instead of compressing each answer with the middleware's
 * defaults (brotli quality 4, gzip 6, nothing under 1 kB): the files are fingerprinted and never change,
 * so the best compression is paid once per build, not per request (docs/decisions/290-js-da-lista-sem-single-fetch.md).
 * A compressed copy that is not smaller than the file is not written. Plain JavaScript: it runs with node alone.
 */
import { readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const PASTA = fileURLToPath(new URL('../public/build', import.meta.url));

function* arquivos(pasta) {
  for (const entrada of readdirSync(pasta, { withFileTypes: true })) {
    const caminho = join(pasta, entrada.name);
    if (entrada.isDirectory()) yield* arquivos(caminho);
    else if (entrada.isFile() && /\.(js|css)$/.test(entrada.name)) yield caminho;
  }
}

/** Writes `x.br` and `x.gz` beside each file (or removes a stale one when it would not be smaller). */
export function comprimirBuild(pasta = PASTA) {
  let escritos = 0;
  for (const caminho of arquivos(pasta)) {
    const conteudo = readFileSync(caminho);
    const copias = {
      br: brotliCompressSync(conteudo, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: conteudo.length,
        },
      }),
      gz: gzipSync(conteudo, { level: 9 }),
    };
    for (const [extensao, copia] of Object.entries(copias)) {
      if (copia.length < conteudo.length) {
        writeFileSync(`${caminho}.${extensao}`, copia);
        escritos++;
      } else rmSync(`${caminho}.${extensao}`, { force: true });
    }
  }
  return escritos;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const inicio = Date.now();
  const escritos = comprimirBuild();
  console.log(`public/build: ${escritos} cópias comprimidas em ${Date.now() - inicio} ms`);
}
