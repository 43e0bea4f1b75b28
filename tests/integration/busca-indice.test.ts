import { setTimeout as esperar } from 'node:timers/promises';
import fc from 'fast-check';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comitente, leilao, lote } from '@db/schema';
import { buscarComFacetas, buscarLotes, criarServicoDeBusca, facetasDaBusca, type ServicoDeBusca } from '~/modules/catalogo/busca.server';
import { CAMPOS_ORDENACAO, type Filtros, type Ordenacao } from '~/modules/catalogo/filtros';
import { nomeSemData } from '~/modules/catalogo/regras';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { criarBancoDeTeste, envDeTeste } from '../db';

/*
 * The in-memory search index answers the public search; SQL stays the reference. Random filters,
 * orders and pages must give the same cards, total and facet counts both ways, and a change committed
 * in PostgreSQL must show in the very next search.
 */

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
/** The index and count cache, built once for this database as createMartelo builds them per instance. */
let busca: ServicoDeBusca;
const valores: Record<string, (string | number)[]> = {};
const MARCAS = [1, 2, 14];

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  busca = criarServicoDeBusca(banco.db);
  const distintos = async (coluna: string) =>
    (
      await banco.db.execute<{ v: string | number }>(
        sql.raw(`select distinct ${coluna} as v from lote where ${coluna} is not null order by 1`),
      )
    ).rows.map((r) => r.v);
  for (const [k, c] of Object.entries({
    marca: 'marca_nome',
    modelo: 'modelo',
    uf: 'localizacao_uf',
    cidade: 'localizacao_cidade',
    categoria: 'categoria',
    combustivel: 'combustivel',
    cor: 'cor',
    retomada: 'retomada',
    promocao: 'promocao',
    leilao: 'leilao_id',
    comitente: 'comitente_id',
    patio: 'patio_id',
    tipoId: 'veiculo_tipo_id',
  }))
    valores[k] = await distintos(c);
  // Words of the lots' names, plain ASCII (the SQL reference is accent-sensitive, the index is not).
  const nomes = (await banco.db.select({ nome: lote.nome }).from(lote).limit(200)).map((l) => l.nome);
  valores.texto = [...new Set(nomes.flatMap((n) => n.split(/[\s/]+/)).filter((w) => /^[A-Za-z0-9]{3,}$/.test(w)))].slice(0, 40);
});
afterAll(async () => {
  await banco?.descartar();
});

const algunsDe = (campo: string) => fc.subarray(valores[campo], { minLength: 1, maxLength: 3 });
const geradores = (): Record<string, fc.Arbitrary<unknown>> => ({
  marca: algunsDe('marca').map((v) => v.map(String)),
  modelo: algunsDe('modelo').map((v) => v.map(String)),
  uf: algunsDe('uf').map((v) => v.map(String)),
  cidade: algunsDe('cidade').map((v) => v.map(String)),
  categoria: algunsDe('categoria').map((v) => v.map(String)),
  combustivel: algunsDe('combustivel').map((v) => v.map(String)),
  cor: algunsDe('cor').map((v) => v.map(String)),
  retomada: algunsDe('retomada').map((v) => v.map(String)),
  promocao: algunsDe('promocao').map((v) => v.map(String)),
  leilao: algunsDe('leilao').map((v) => v.map(Number)),
  comitente: algunsDe('comitente').map((v) => v.map(Number)),
  patio: algunsDe('patio').map((v) => v.map(Number)),
  tipoId: algunsDe('tipoId').map((v) => v.map(Number)),
  anoMin: fc.integer({ min: 1995, max: 2026 }),
  anoMax: fc.integer({ min: 2000, max: 2027 }),
  valorMin: fc.integer({ min: 0, max: 20_000_000 }),
  valorMax: fc.integer({ min: 500_000, max: 50_000_000 }),
  kmMin: fc.integer({ min: 0, max: 100_000 }),
  kmMax: fc.integer({ min: 10_000, max: 400_000 }),
  destaque: fc.constant(true),
  texto: fc.constantFrom(...(valores.texto as string[])),
  situacao: fc.subarray([...SITUACOES_LISTAVEIS], { minLength: 1 }),
});
/** Zero to three filters at a time, so most searches still find lots (a dozen filters find none). */
const filtrosArb = (): fc.Arbitrary<Filtros> => {
  const g = geradores();
  return fc
    .uniqueArray(fc.constantFrom(...Object.keys(g)), { maxLength: 3 })
    .chain((chaves) => fc.record(Object.fromEntries(chaves.map((k) => [k, g[k]]))) as fc.Arbitrary<Filtros>);
};
const ordenacaoArb: fc.Arbitrary<Ordenacao[]> = fc.array(
  fc.record({ campo: fc.constantFrom(...CAMPOS_ORDENACAO), tipoOrdenacao: fc.constantFrom('asc' as const, 'desc' as const) }),
  { minLength: 1, maxLength: 2 },
);

/**
 * The listed lots whose card shows their bid: a buy-now lot's card shows its buy-now price, which a bid does
 * not move (which lots come first depends on the seed's random catalogue and on the time of day it ran).
 */
async function deLance(db: Awaited<ReturnType<typeof criarBancoDeTeste>>['db'], lotes: readonly { id: number }[]) {
  const ids = lotes.map((l) => l.id);
  const deLance = new Set(
    (
      await db
        .select({ id: lote.id })
        .from(lote)
        .where(and(eq(lote.hotsiteId, 1), inArray(lote.id, ids), sql`${lote.tipo} <> 'Compre Já'`))
    ).map((l) => l.id),
  );
  return lotes.filter((l) => deLance.has(l.id));
}

describe('in-memory search index', () => {
  it('gives the same page, total and facet counts as SQL for random filters, orders and pages', async () => {
    let comResultado = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MARCAS),
        filtrosArb(),
        ordenacaoArb,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 40 }),
        async (hotsiteId, filtros, ordenacao, de, tamanho) => {
          const args = { db: banco.db, busca, hotsiteId, filtros, ordenacao, de, tamanho };
          // As the list page asks (cards, total and facets in one scan), and as the API asks (each alone).
          const [indice, referencia, soLotes] = await Promise.all([
            buscarComFacetas(args),
            buscarComFacetas({ ...args, sqlForcado: true, usarCache: false }),
            buscarLotes(args),
          ]);
          expect(indice.total).toBe(referencia.total);
          expect(indice.lotes.map((l) => l.id)).toEqual(referencia.lotes.map((l) => l.id));
          expect(indice.facetas).toEqual(referencia.facetas);
          expect(soLotes.lotes.map((l) => l.id)).toEqual(referencia.lotes.map((l) => l.id));
          expect(await facetasDaBusca({ db: banco.db, busca, hotsiteId, filtros })).toEqual(referencia.facetas);
          if (referencia.total > 0) comResultado++;
        },
      ),
      { numRuns: 150 },
    );
    // The comparison means something only if many searches find lots.
    expect(comResultado).toBeGreaterThan(50);
  });

  it("answers a brand's first search from SQL while its index loads, with the same cards, total and facets", async () => {
    // No wait at all for the load (production waits 250 ms), as a 1,000,000-lot brand after a restart.
    const semEspera = criarServicoDeBusca(banco.db, { esperaPelaCargaMs: 0 });
    const args = { db: banco.db, busca: semEspera, hotsiteId: 14, filtros: {}, tamanho: 12 };
    const primeira = await buscarComFacetas(args);
    expect(primeira.total).toBeGreaterThan(0);
    expect(semEspera.indice.consultas).toBe(0);
    expect(semEspera.indice.cargas).toBe(1);
    await semEspera.indice.marca(14);
    const depois = await buscarComFacetas(args);
    expect(semEspera.indice.consultas).toBe(1);
    expect(semEspera.indice.cargas).toBe(1);
    expect(depois.total).toBe(primeira.total);
    expect(depois.lotes.map((l) => l.id)).toEqual(primeira.lotes.map((l) => l.id));
    expect(depois.facetas).toEqual(primeira.facetas);
  });

  it('a brand loaded a few lots per statement answers as SQL does (a million-lot brand loads in pages, decision 298)', async () => {
    const emPaginas = criarServicoDeBusca(banco.db, { lotesPorCarga: 7 });
    for (const hotsiteId of MARCAS) {
      await emPaginas.indice.marca(hotsiteId);
      for (const filtros of [
        {},
        { uf: valores.uf.slice(0, 2).map(String) },
        { marca: valores.marca.slice(0, 1).map(String) },
      ] as Filtros[]) {
        const args = { db: banco.db, busca: emPaginas, hotsiteId, filtros, tamanho: 40 };
        const [indice, referencia] = await Promise.all([
          buscarComFacetas(args),
          buscarComFacetas({ ...args, sqlForcado: true, usarCache: false }),
        ]);
        expect(indice.total).toBe(referencia.total);
        expect(indice.lotes.map((l) => l.id)).toEqual(referencia.lotes.map((l) => l.id));
        expect(indice.facetas).toEqual(referencia.facetas);
      }
    }
    // The brands have more lots than one page holds, and the index answered (not SQL).
    expect(emPaginas.indice.consultas).toBe(MARCAS.length * 3);
  });

  it('shows a change committed in PostgreSQL in the very next search: a sold lot leaves the list, a new bid moves its value', async () => {
    const db = banco.db;
    const antes = await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 5 });
    const [primeiro, segundo] = antes.lotes;
    await db
      .update(lote)
      .set({ situacao: 'AG_PAGAMENTO' })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, primeiro.id)));
    const depois = await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 5 });
    expect(depois.total).toBe(antes.total - 1);
    expect(depois.lotes.map((l) => l.id)).not.toContain(primeiro.id);
    expect(depois.lotes[0].id).toBe(segundo.id);

    // A bid far above every other value puts the lot first in the value order.
    const [alvo] = await deLance(db, (await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 20 })).lotes);
    await db
      .update(lote)
      .set({ ultimoLanceValor: 999_999_999_00 })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    const porValor = await buscarLotes({
      db,
      busca,
      hotsiteId: 1,
      filtros: { valorMin: 999_999_999_00 },
      ordenacao: [{ campo: 'valor', tipoOrdenacao: 'desc' }],
    });
    expect(porValor.total).toBe(1);
    expect(porValor.lotes[0]).toMatchObject({ id: alvo.id, valorAtual: 999_999_999_00 });

    // Back on sale: listed again.
    await db
      .update(lote)
      .set({ situacao: 'LIBERADO_LEILAO' })
      .where(and(eq(lote.hotsiteId, 1), inArray(lote.id, [primeiro.id])));
    expect((await buscarLotes({ db, busca, hotsiteId: 1, filtros: {} })).total).toBe(antes.total);
  });

  it("a page's searches share one read of the changes, and still show what committed before the page was asked for", async () => {
    const db = banco.db;
    const [alvo] = await deLance(db, (await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 20 })).lotes); // index loaded
    await db
      .update(lote)
      .set({ ultimoLanceValor: 888_888_888_00 })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    // What a page request does: its copy of the service carries its arrival; three searches follow.
    const doPedido = { ...busca, desde: performance.now() };
    const leituras = busca.indice.leituras;
    const [porValor, destaques, todos] = await Promise.all([
      buscarLotes({ db, busca: doPedido, hotsiteId: 1, filtros: { valorMin: 888_888_888_00, valorMax: 888_888_889_00 } }),
      buscarLotes({ db, busca: doPedido, hotsiteId: 1, filtros: { destaque: true }, tamanho: 8 }),
      buscarLotes({ db, busca: doPedido, hotsiteId: 1, filtros: {}, tamanho: 8 }),
    ]);
    expect(busca.indice.leituras - leituras).toBe(1);
    expect(porValor.lotes.map((l) => [l.id, l.valorAtual])).toEqual([[alvo.id, 888_888_888_00]]);
    expect(destaques.total + todos.total).toBeGreaterThan(0);
    // A later search of the same page reuses that read; a new request reads again and sees a newer commit.
    await buscarLotes({ db, busca: doPedido, hotsiteId: 1, filtros: {} });
    expect(busca.indice.leituras - leituras).toBe(1);
    await db
      .update(lote)
      .set({ ultimoLanceValor: 888_888_889_00 })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    const seguinte = await buscarLotes({
      db,
      busca: { ...busca, desde: performance.now() },
      hotsiteId: 1,
      filtros: { valorMin: 888_888_888_00, valorMax: 888_888_889_00 },
    });
    expect(seguinte.lotes[0].valorAtual).toBe(888_888_889_00);
    expect(busca.indice.leituras - leituras).toBe(2);
    await db
      .update(lote)
      .set({ ultimoLanceValor: null })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
  });

  // Needs a second connection holding a transaction open while the searches run: real PostgreSQL only
  // (PGlite has one connection, so nothing commits while its transaction is open). The feed's rule for
  // late commits is model-tested on any database in app/modules/catalogo/feed-alteracoes.test.ts.
  it.runIf(envDeTeste.DATABASE_URL)(
    'a transaction that commits 10 s after its changes is in the next search after its commit; changes committed meanwhile show at once',
    async () => {
      const db = banco.db;
      const PRECO = 888_888_888_00;
      const antes = await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 40 });
      const [caro, vendido, outro] = await deLance(db, antes.lotes);
      const porPreco = (valor: number) => buscarLotes({ db, busca, hotsiteId: 1, filtros: { valorMin: valor, valorMax: valor } });

      const tardia = new pg.Client({ connectionString: envDeTeste.DATABASE_URL, options: `-c search_path="${banco.schema}"` });
      await tardia.connect();
      try {
        // Closing lots in one long transaction: a new price for one, another sold.
        await tardia.query('BEGIN');
        await tardia.query('UPDATE lote SET ultimo_lance_valor = $1 WHERE hotsite_id = 1 AND id = $2', [PRECO, caro.id]);
        await tardia.query(`UPDATE lote SET situacao = 'AG_PAGAMENTO' WHERE hotsite_id = 1 AND id = $1`, [vendido.id]);
        const inicio = Date.now();
        let outroValor = PRECO / 2;
        while (Date.now() - inicio < 10_000) {
          // Searches keep running (and reading the feed) while it is open: they see neither change yet...
          expect((await porPreco(PRECO)).total).toBe(0);
          expect((await buscarLotes({ db, busca, hotsiteId: 1, filtros: {} })).total).toBe(antes.total);
          // ...but a bid committed meanwhile on another lot shows in the very next search.
          outroValor += 1_00;
          await db
            .update(lote)
            .set({ ultimoLanceValor: outroValor })
            .where(and(eq(lote.hotsiteId, 1), eq(lote.id, outro.id)));
          expect((await porPreco(outroValor)).lotes.map((l) => l.id)).toEqual([outro.id]);
          await esperar(500);
        }
        await tardia.query('COMMIT');
      } finally {
        await tardia.end();
      }

      const depois = await porPreco(PRECO);
      expect(depois.total).toBe(1);
      expect(depois.lotes[0]).toMatchObject({ id: caro.id, valorAtual: PRECO });
      const lista = await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 40 });
      expect(lista.total).toBe(antes.total - 1);
      expect(lista.lotes.map((l) => l.id)).not.toContain(vendido.id);
    },
    60_000,
  );

  it('cards come from the instance cache, yet show at once a change to the lot, its photos, vehicle, type, auction, yard or seller', async () => {
    const db = banco.db;
    const pagina = () => buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 30 });
    const primeira = await pagina();
    const alvo = primeira.lotes.find((l) => l.leilaoId && l.patioId && l.comitenteId)!;
    expect(alvo).toBeDefined();
    const card = async () => (await pagina()).lotes.find((l) => l.id === alvo.id)!;
    // The same page again: every card from the cache, none read from the database.
    const acertos = busca.cards.acertos;
    const faltas = busca.cards.faltas;
    await pagina();
    expect(busca.cards.acertos - acertos).toBe(primeira.lotes.length);
    expect(busca.cards.faltas).toBe(faltas);

    await db.execute(sql`insert into lote_foto (hotsite_id, lote_id, ordem, url) values (1, ${alvo.id}, 0, '/fotos/capa-nova.webp')`);
    expect((await card()).fotosUrls[0]).toBe('/fotos/capa-nova.webp');
    // Photo approval (decision 069): a refused or pending photo leaves the card.
    await db.execute(sql`update lote_foto set aprovada = false where lote_id = ${alvo.id} and url = '/fotos/capa-nova.webp'`);
    expect((await card()).fotosUrls).not.toContain('/fotos/capa-nova.webp');
    await db.execute(sql`update lote_foto set aprovada = true where lote_id = ${alvo.id} and url = '/fotos/capa-nova.webp'`);
    expect((await card()).fotosUrls[0]).toBe('/fotos/capa-nova.webp');
    await db.execute(sql`delete from lote_foto where lote_id = ${alvo.id} and url = '/fotos/capa-nova.webp'`);
    expect((await card()).fotosUrls).not.toContain('/fotos/capa-nova.webp');

    await db.execute(sql`update veiculo set cambio = 'Automatizado CVT' where id = (select veiculo_id from lote where id = ${alvo.id})`);
    expect((await card()).cambio).toBe('Automatizado CVT');
    await db.execute(sql`update veiculo_tipo set nome = nome || ' (teste)' where id = ${alvo.tipoId}`);
    expect((await card()).tipoNome).toBe(`${alvo.tipoNome} (teste)`);
    await db.execute(sql`update veiculo_tipo set nome = ${alvo.tipoNome} where id = ${alvo.tipoId}`);
    await db.update(leilao).set({ nome: 'Leilão Renomeado 01/12/2026' }).where(eq(leilao.id, alvo.leilaoId!));
    expect((await card()).leilaoNomeSemData).toBe('Leilão Renomeado');
    await db.execute(sql`update patio set nome = 'Pátio Renomeado' where id = ${alvo.patioId}`);
    expect((await card()).patioNome).toBe('Pátio Renomeado');
    await db.update(comitente).set({ nomeSite: 'Comitente Renomeado' }).where(eq(comitente.id, alvo.comitenteId!));
    expect((await card()).comitenteNome).toBe('Comitente Renomeado');
    await db.update(lote).set({ nome: 'Lote Renomeado' }).where(eq(lote.id, alvo.id));
    expect((await card()).nome).toBe('Lote Renomeado');
    // And a second instance (its own index and cache) agrees.
    const outra = criarServicoDeBusca(banco.db);
    const la = (await buscarLotes({ db, busca: outra, hotsiteId: 1, filtros: {}, tamanho: 30 })).lotes.find((l) => l.id === alvo.id)!;
    expect(la).toEqual(await card());
  });

  it('a repeated search reuses its page until a change or until a lot on it ends', async () => {
    const db = banco.db;
    const pagina = () => buscarLotes({ db, busca, hotsiteId: 2, filtros: {}, tamanho: 10 });
    const antes = await pagina();
    const alvo = antes.lotes[3];
    // Ends in 1.5 s: the data does not change when it passes, yet it must leave the list.
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() + 1_500) })
      .where(eq(lote.id, alvo.id));
    const consultasAntes = busca.indice.consultas;
    const comAlvo = await pagina();
    expect(comAlvo.lotes.map((l) => l.id)).toContain(alvo.id);
    expect((await pagina()).lotes.map((l) => l.id)).toEqual(comAlvo.lotes.map((l) => l.id));
    expect(busca.indice.consultas - consultasAntes).toBe(2);
    await esperar(1_700);
    const depois = await pagina();
    expect(depois.lotes.map((l) => l.id)).not.toContain(alvo.id);
    expect(depois.total).toBe(comAlvo.total - 1);
  });

  it('facet counts drop a lot whose end passes by the clock at once, with nothing written', async () => {
    const db = banco.db;
    const filtros: Filtros = { categoria: ['Carros'] };
    const contagem = (f: Awaited<ReturnType<typeof facetasDaBusca>>, cor: string) => f.cor.find((v) => v.valor === cor)?.quantidade ?? 0;
    const alvo = (await buscarLotes({ db, busca, hotsiteId: 2, filtros, tamanho: 30 })).lotes.find((l) => l.cor)!;
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() + 1_500) })
      .where(eq(lote.id, alvo.id));
    const antes = await facetasDaBusca({ db, busca, hotsiteId: 2, filtros });
    // Counted again or reused, the same while it is open...
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 2, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!));
    await esperar(1_700);
    // ...and one fewer once its end has passed, in the list's facets and the API's alike.
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 2, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!) - 1);
    const pagina = await buscarComFacetas({ db, busca, hotsiteId: 2, filtros, tamanho: 30 });
    expect(contagem(pagina.facetas, alvo.cor!)).toBe(contagem(antes, alvo.cor!) - 1);
    expect(pagina.lotes.map((l) => l.id)).not.toContain(alvo.id);
  });

  it('facet counts follow a change made right after the same search counted them', async () => {
    const db = banco.db;
    const filtros: Filtros = {};
    const contagem = (f: Awaited<ReturnType<typeof facetasDaBusca>>, cor: string) => f.cor.find((v) => v.valor === cor)?.quantidade ?? 0;
    const pagina = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros, tamanho: 30 });
    const antes = await facetasDaBusca({ db, busca, hotsiteId: 1, filtros });
    const alvo = pagina.lotes.find((l) => l.cor)!;
    // The same search again, on unchanged data, counts the same (whether counted or reused).
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 1, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!));
    await db
      .update(lote)
      .set({ situacao: 'AG_PAGAMENTO' })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    expect(contagem((await buscarComFacetas({ db, busca, hotsiteId: 1, filtros, tamanho: 30 })).facetas, alvo.cor!)).toBe(
      contagem(antes, alvo.cor!) - 1,
    );
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 1, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!) - 1);
    // Read again (the feed names a lot once per change), the unchanged row still counts once.
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 1, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!) - 1);
    await db
      .update(lote)
      .set({ situacao: 'LIBERADO_LEILAO' })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    expect(contagem(await facetasDaBusca({ db, busca, hotsiteId: 1, filtros }), alvo.cor!)).toBe(contagem(antes, alvo.cor!));
  });

  it('a page view is not a change of the lot: its updated_at stays (index, facet counts, sitemap lastmod), a real change moves it', async () => {
    const db = banco.db;
    const [alvo] = (await buscarLotes({ db, busca, hotsiteId: 1, filtros: {}, tamanho: 1 })).lotes;
    const ler = async () =>
      (
        await db
          .select({ em: lote.updatedAt, vistas: lote.visualizacoes })
          .from(lote)
          .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)))
      )[0];
    const antes = await ler();
    busca.visualizacoes.contar(1, alvo.id);
    await busca.visualizacoes.descarregar();
    const visto = await ler();
    expect(visto.vistas).toBe(antes.vistas + 1);
    expect(visto.em.getTime()).toBe(antes.em.getTime());
    await db
      .update(lote)
      .set({ ultimoLanceValor: (alvo.valorAtual ?? 0) + 100_00 })
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, alvo.id)));
    expect((await ler()).em.getTime()).toBeGreaterThan(antes.em.getTime());
  });

  it('labels the auction and committent facets with their names (auction without its trailing date)', async () => {
    const db = banco.db;
    const { facetas } = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {} });
    const leiloes = await db.select({ id: leilao.id, nome: leilao.nome }).from(leilao).where(eq(leilao.hotsiteId, 1));
    const comitentes = await db.select({ id: comitente.id, nome: comitente.nomeSite }).from(comitente).where(eq(comitente.hotsiteId, 1));
    expect(facetas.leilao.length).toBeGreaterThan(0);
    expect(facetas.comitente.length).toBeGreaterThan(0);
    for (const v of facetas.leilao) expect(v.rotulo).toBe(nomeSemData(leiloes.find((l) => String(l.id) === v.valor)!.nome));
    for (const v of facetas.comitente) expect(v.rotulo).toBe(comitentes.find((c) => String(c.id) === v.valor)!.nome);
  });

  it('a renamed auction or seller is labelled by its new name at the next search (labels ride with the index rows)', async () => {
    const db = banco.db;
    const { facetas } = await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {} });
    const leilaoId = Number(facetas.leilao[0].valor);
    const comitenteId = Number(facetas.comitente[0].valor);
    await db
      .update(leilao)
      .set({ nome: 'Leilão Renomeado de Frotas' })
      .where(and(eq(leilao.hotsiteId, 1), eq(leilao.id, leilaoId)));
    await db
      .update(comitente)
      .set({ nomeSite: 'Comitente Renomeado S.A.' })
      .where(and(eq(comitente.hotsiteId, 1), eq(comitente.id, comitenteId)));
    const depois = (await buscarComFacetas({ db, busca, hotsiteId: 1, filtros: {} })).facetas;
    expect(depois.leilao.find((v) => v.valor === String(leilaoId))?.rotulo).toBe('Leilão Renomeado de Frotas');
    expect(depois.comitente.find((v) => v.valor === String(comitenteId))?.rotulo).toBe('Comitente Renomeado S.A.');
  });

  it('finds words without their accents or case ("caminhao" finds "Caminhão")', async () => {
    const db = banco.db;
    const [alvo] = (await buscarLotes({ db, busca, hotsiteId: 2, filtros: {}, tamanho: 1 })).lotes;
    await db
      .update(lote)
      .set({ nome: 'CAMINHÃO BASCULANTE São José' })
      .where(and(eq(lote.hotsiteId, 2), eq(lote.id, alvo.id)));
    for (const termo of ['caminhao', 'Caminhão', 'SAO JOSE']) {
      const r = await buscarLotes({ db, busca, hotsiteId: 2, filtros: { texto: termo } });
      expect(r.lotes.map((l) => l.id)).toContain(alvo.id);
    }
    // Other brands never see it.
    expect((await buscarLotes({ db, busca, hotsiteId: 1, filtros: { texto: 'caminhao basculante sao jose' } })).total).toBe(0);
  });
});
