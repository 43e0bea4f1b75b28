import { PGlite } from '@electric-sql/pglite';
import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@db/client.server';
import { lote, usuario, veiculo } from '@db/schema';
import { seedDemoEmPartes } from '@scripts/seed/index';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

describe('demo bids behind the demo catalogue', () => {
  it('a lot that shows N bids lists N bids, rising by the increment up to its current value, by different people', async () => {
    const lotes = await t.banco.db
      .select({
        veiUid: veiculo.uid,
        q: lote.quantidadeLances,
        minimo: lote.minimo,
        incremento: lote.incremento,
        ultimo: lote.ultimoLanceValor,
        apelido: lote.ultimoLanceApelido,
      })
      .from(lote)
      .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
      .where(and(eq(lote.hotsiteId, 14), gt(lote.quantidadeLances, 1), sql`${lote.quantidadeLances} <= 20`))
      .limit(5);
    expect(lotes.length).toBeGreaterThan(0);
    for (const l of lotes) {
      const r = await t.app.pedir('h14.localhost', `/v1/lances/lote/${l.veiUid}`);
      expect(r.status).toBe(200);
      const { historico } = r.json<{ historico: { valor: number; apelido: string }[] }>();
      expect(historico).toHaveLength(l.q);
      const valores = historico.map((h) => h.valor).sort((a, b) => a - b);
      expect(valores[0]).toBe(l.minimo);
      expect(valores.at(-1)).toBe(l.ultimo);
      valores.slice(1).forEach((v, i) => expect(v - valores[i]).toBe(l.incremento));
      const maior = historico.find((h) => h.valor === l.ultimo)!;
      expect(maior.apelido).toBe(l.apelido);
    }
  });

  it('lots seeded after the first start answers (the background part) list the bids they show too', async () => {
    // `npm start` on an empty database: a few lots per brand first, the rest while the server answers.
    const database = await openDatabase({ pglite: await PGlite.create({ dataDir: 'memory://' }) });
    try {
      await database.migrate();
      const { restante } = await seedDemoEmPartes(database, { lotesPorMarca: 24, lotesAgora: 6 });
      const [{ primeiros }] = (await database.db.execute(sql`SELECT max(id)::int AS primeiros FROM lote`)).rows as { primeiros: number }[];
      await restante();
      const [r] = (
        await database.db.execute(sql`
          SELECT count(*) FILTER (WHERE l.id > ${primeiros} AND l.quantidade_lances > 0)::int AS depois_com_lances,
                 count(*) FILTER (WHERE l.quantidade_lances <> (SELECT count(*) FROM lance x WHERE x.lote_id = l.id))::int AS divergentes
            FROM lote l`)
      ).rows as { depois_com_lances: number; divergentes: number }[];
      expect(r.depois_com_lances).toBeGreaterThan(0);
      expect(r.divergentes).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("the demo client's Meus lances is not empty", async () => {
    const [u] = await t.banco.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'cliente1@h1.martelo.test'));
    const { token } = await criarSessao({ db: t.banco.db, usuarioId: u.id, hotsiteId: 1 });
    const r = await t.app.pedir('h1.localhost', '/v1/cliente/meus-lances-rapido', { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.json<unknown[]>().length).toBeGreaterThan(0);
  });
});

describe('Meus lances speaks the brand and counts in pt-BR', () => {
  it('reads "Minhas ofertas" and "1 oferta" on a loja brand, "Meus lances" and "N lances" on a leilao brand', async () => {
    const pagina = async (hotsiteId: number) => {
      const [u] = await t.banco.db
        .select({ id: usuario.id })
        .from(usuario)
        .where(eq(usuario.email, `cliente1@h${hotsiteId}.martelo.test`));
      const { token, expiraEm } = await criarSessao({ db: t.banco.db, usuarioId: u.id, hotsiteId });
      const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
      const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/cliente/meus-lances', { headers: { cookie } });
      expect(r.status).toBe(200);
      return r.texto.replace(/<!-- -->/g, '');
    };
    const loja = await pagina(2);
    expect(loja).toContain('<h1>Minhas ofertas</h1>');
    expect(loja).not.toMatch(/\b1 ofertas\b/);
    expect(loja).toMatch(/\b\d+ ofertas? · último em/);
    const leilao = await pagina(1);
    expect(leilao).toContain('<h1>Meus lances</h1>');
    expect(leilao).not.toMatch(/\b1 lances\b/);
  });
});
