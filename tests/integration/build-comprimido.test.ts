import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComprimido, codificacoesAceitas } from '~/servidor/build-comprimido.server';
import { comprimirBuild } from '../../scripts/comprimir-build.js';

/**
 * The build's scripts compressed once at build time and sent as such (decision 290): a build folder of
 * our own, the copies written by scripts/comprimir-build.js, the middleware and the static files mounted
 * as server.ts mounts them.
 */
const pasta = mkdtempSync(join(tmpdir(), 'build-comprimido-'));
// A script long enough to compress, a small one (the middleware's default threshold is 1 kB) and a
// stylesheet; an image is never given copies.
const grande = `export const textos = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `lance número ${i}`))};\n`;
const pequeno = 'export const a = "oferta", b = "oferta", c = "oferta", d = "oferta";\n';
let servidor: http.Server;
let porta: number;

function pedir(caminho: string, aceita?: string) {
  return new Promise<{ status: number; cabecalhos: http.IncomingHttpHeaders; corpo: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: porta, path: caminho, headers: aceita ? { 'accept-encoding': aceita } : {} }, (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cabecalhos: res.headers, corpo: Buffer.concat(partes) }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  mkdirSync(join(pasta, '_shared'));
  writeFileSync(join(pasta, '_shared', 'chunk-A.js'), grande);
  writeFileSync(join(pasta, 'pequeno.js'), pequeno);
  writeFileSync(join(pasta, 'estilo.css'), `a{color:red}`.repeat(200));
  writeFileSync(join(pasta, 'foto.png'), Buffer.alloc(4000));
  expect(comprimirBuild(pasta)).toBe(6);
  const app = express();
  app.use(compression());
  app.use('/build', buildComprimido(pasta));
  app.use('/build', express.static(pasta, { immutable: true, maxAge: '1y', index: false }));
  servidor = app.listen(0, '127.0.0.1');
  await new Promise((r) => servidor.once('listening', r));
  porta = (servidor.address() as AddressInfo).port;
});
afterAll(() => {
  servidor?.close();
  rmSync(pasta, { recursive: true, force: true });
});

describe('build files compressed at build time', () => {
  it('sends the brotli copy to a browser that accepts it, as a script that decodes to the file', async () => {
    const r = await pedir('/build/_shared/chunk-A.js', 'gzip, deflate, br, zstd');
    expect(r.status).toBe(200);
    expect(r.cabecalhos['content-encoding']).toBe('br');
    expect(r.cabecalhos['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.cabecalhos.vary).toContain('Accept-Encoding');
    expect(r.cabecalhos['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(r.corpo).toString()).toBe(grande);
    // Quality 11: smaller than what the middleware would have sent (its brotli is quality 4).
    expect(Number(r.cabecalhos['content-length'])).toBe(r.corpo.length);
  });

  it('sends the gzip copy when brotli is not accepted, and compresses small files too', async () => {
    const r = await pedir('/build/pequeno.js', 'gzip, br;q=0');
    expect(r.cabecalhos['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.corpo).toString()).toBe(pequeno);
    expect(r.corpo.length).toBeLessThan(Buffer.byteLength(pequeno));
    const css = await pedir('/build/estilo.css', 'gzip');
    expect(css.cabecalhos['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(css.corpo).toString()).toBe(`a{color:red}`.repeat(200));
  });

  it('sends the file as it is to a client that accepts neither, and leaves other files to the static middleware', async () => {
    const r = await pedir('/build/_shared/chunk-A.js');
    expect(r.cabecalhos['content-encoding']).toBeUndefined();
    expect(r.corpo.toString()).toBe(grande);
    const foto = await pedir('/build/foto.png', 'br');
    expect(foto.status).toBe(200);
    expect(foto.cabecalhos['content-encoding']).toBeUndefined();
    expect(foto.corpo.length).toBe(4000);
    expect((await pedir('/build/nao-existe.js', 'br')).status).toBe(404);
  });

  it('reads Accept-Encoding with its weights and wildcard', () => {
    expect([...codificacoesAceitas('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect(codificacoesAceitas('br;q=0, gzip;q=0.5').has('br')).toBe(false);
    expect(codificacoesAceitas('br;q=0, gzip;q=0.5').has('gzip')).toBe(true);
    expect([...codificacoesAceitas('*;q=1, gzip;q=0')]).toEqual(['br']);
    expect([...codificacoesAceitas('identity')]).toEqual(['identity']);
    expect(codificacoesAceitas(undefined).size).toBe(0);
  });
});
