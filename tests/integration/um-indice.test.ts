import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { instanciaDeTeste } from '../server';

/*
 * One search index per instance: the list page (a Remix loader) and the JSON API (an Express router) reach
 * the same one through the load context. When each imported its own copy of indice-busca.server.ts, a brand
 * was loaded twice and the API searched an index the page never saw. The test server is the compiled
 * build/server.js, as `npm start` runs it, so this holds of the process the suite runs in too.
 */
describe('one search index per instance', () => {
  const t = instanciaDeTeste();

  it('one load of the brand serves /leilao and /v1/lote/busca-elastic', async () => {
    const { indice } = t.app.martelo.busca;
    expect(indice.cargas).toBe(0);

    const pagina = await t.app.pedir('h1.localhost', '/leilao');
    expect(pagina.status).toBe(200);
    expect(indice.cargas).toBe(1);
    // The page may have answered from SQL while the load ran (a brand's first search waits ~250 ms for it).
    await indice.marca(1);
    const consultasDaPagina = indice.consultas;

    const api = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic');
    expect(api.status).toBe(200);
    expect(Number(api.headers.count)).toBeGreaterThan(0);
    // Answered by the same index (it searched once more) without loading the brand again.
    expect(indice.consultas).toBeGreaterThan(consultasDaPagina);
    expect(indice.cargas).toBe(1);
  });

  it('the test server is the compiled one, composed from the one Remix build the process holds', async () => {
    // The build the routes come from is the one any other import of build/index.js in this process gets.
    const daRemix = (await import(pathToFileURL(join(process.cwd(), 'build', 'index.js')).href)) as ServerBuild;
    expect(t.app.martelo.build).toBe(daRemix);
    // build/server.js carries the chain only: the services and middlewares it composed came from that build,
    // so no app module (the index, the API, the route guard) is compiled into it a second time.
    const servidor = readFileSync(join(process.cwd(), 'build', 'server.js'), 'utf8');
    for (const deApp of ['function criarServicoDeBusca', 'function createApiRouter', 'function protegerRotas', 'class ErroHttp'])
      expect(servidor).not.toContain(deApp);
    expect(readFileSync(join(process.cwd(), 'build', 'index.js'), 'utf8')).toContain('function criarServicoDeBusca');
  });
});
