import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, usuario, veiculo } from '@db/schema';
import { cookieDeLogin } from '~/modules/identidade/guard.server';
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
