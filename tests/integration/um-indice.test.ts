import { describe, expect, it } from 'vitest';
import { instanciaDeTeste } from '../server';

/*
 * One search index per instance: the list page (a Remix loader, from the compiled routes) and the JSON
 * API (an Express router) reach the same one through the load context. When each imported its own
 * copy of indice-busca.server.ts, a brand was loaded twice and the API searched an index the page
 * never saw.
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
});
