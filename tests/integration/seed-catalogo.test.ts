import { and, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banner, hotsite, leilao, lote, loteFoto } from '@db/schema';
import { instanciaDeTeste } from '../server';

/**
 * Issue #28 (demo data): the demo is what a prospective brand owner judges. Each auction's lots fit its
 * name, kilometres fit the type and its age, each type has its own picture, banners wear the brand's colours.
 */
const t = instanciaDeTeste();
const db = () => t.banco.db;

describe('the demo catalogue looks like a real auction house’s', () => {
  it('an auction named for a kind of lot holds only that kind: no cars in Pesados, no tractors in Carros e Motos', async () => {
    const linhas = await db()
      .select({ leilao: leilao.nome, categoria: lote.categoria })
      .from(lote)
      .innerJoin(leilao, eq(leilao.id, lote.leilaoId));
    const doLeilao = (parte: string) => new Set(linhas.filter((l) => l.leilao.includes(parte)).map((l) => l.categoria));
    expect(linhas.some((l) => l.leilao.includes('Pesados e Utilitários'))).toBe(true);
    for (const c of doLeilao('Pesados e Utilitários')) expect(['Pesados', 'Utilitários', 'Equipamentos']).toContain(c);
    for (const c of doLeilao('Carros e Motos')) expect(['Carros', 'Moto']).toContain(c);
    for (const c of doLeilao('Sucatas e Recuperáveis')) expect(['Sucatas', 'Recuperável']).toContain(c);
    for (const c of doLeilao('Máquinas e Equipamentos')) expect(['Equipamentos', 'Pesados']).toContain(c);
  });

  it('kilometres fit the type and its age: tractors and machines low, motorbikes below cars, no 868,096 km tractor', async () => {
    const linhas = await db()
      .select({ tipo: lote.veiculoTipoId, categoria: lote.categoria, km: lote.km, ano: lote.anoModelo })
      .from(lote)
      .where(gt(lote.km, 0));
    const porAno = (l: (typeof linhas)[number]) => l.km! / Math.max(1, 2026 - (l.ano ?? 2026));
    const maquinas = linhas.filter((l) => [14, 42, 43, 44, 45].includes(l.tipo!));
    expect(maquinas.length).toBeGreaterThan(0);
    for (const m of maquinas) expect(porAno(m)).toBeLessThanOrEqual(1_200);
    for (const m of linhas.filter((l) => l.tipo === 5)) expect(porAno(m)).toBeLessThanOrEqual(11_000);
    for (const c of linhas.filter((l) => l.categoria === 'Carros')) expect(porAno(c)).toBeLessThanOrEqual(23_000);
  });

  it('motorbikes, tractors and trucks each have their own picture', async () => {
    const fotos = await db()
      .selectDistinct({ tipo: lote.veiculoTipoId, url: sql<string>`split_part(${loteFoto.url}, '?', 1)` })
      .from(loteFoto)
      .innerJoin(lote, eq(lote.id, loteFoto.loteId))
      .where(inArray(lote.veiculoTipoId, [2, 5, 14, 26, 40, 41, 42]));
    const de = (tipo: number) => new Set(fotos.filter((f) => f.tipo === tipo).map((f) => f.url));
    expect(de(5)).toEqual(new Set(['/catalogo/foto/moto.svg']));
    expect([...de(14), ...de(42)].every((u) => u === '/catalogo/foto/trator.svg')).toBe(true);
    expect(de(2)).toEqual(new Set(['/catalogo/foto/pesado.svg']));
    for (const carro of [26, 40, 41]) expect([...de(carro)].every((u) => u === '/catalogo/foto/carro.svg')).toBe(true);
    const r = await t.app.pedir('h1.localhost', '/catalogo/foto/trator.svg?cor=verde&n=1');
    expect(r.status).toBe(200);
  });

  it('a lot whose auction has not opened yet shows no bids, and has none in its history', async () => {
    const linhas = await db()
      .select({
        quantidade: lote.quantidadeLances,
        ultimo: lote.ultimoLanceValor,
        // Qualified by hand: in a one-table select drizzle writes ${lote.id} as a bare "id", which inside the
        // subquery would name lance.id and count the same bids for every lot.
        lances: sql<number>`(SELECT count(*)::int FROM lance x WHERE x.lote_id = "lote"."id")`,
      })
      .from(lote)
      .where(gt(lote.dataInicio, sql`now()`));
    expect(linhas.length).toBeGreaterThan(0);
    for (const l of linhas) expect([l.quantidade, l.ultimo, l.lances]).toEqual([0, null, 0]);
  });

  it('banners are drawn in the brand’s own colours', async () => {
    const marcas = await db().select({ id: hotsite.id, g1: hotsite.corGradient1, g2: hotsite.corGradient2 }).from(hotsite);
    for (const m of marcas) {
      const [b] = await db()
        .select({ imagem: banner.imagem })
        .from(banner)
        .where(and(eq(banner.hotsiteId, m.id), like(banner.imagem, '%p=home&%')));
      if (!b) continue;
      const r = await t.app.pedir(`h${m.id}.localhost`, b.imagem!);
      expect(r.status).toBe(200);
      expect(r.texto.toLowerCase()).toContain(`stop-color="${m.g1.toLowerCase()}"`);
      expect(r.texto.toLowerCase()).toContain(`stop-color="${m.g2.toLowerCase()}"`);
    }
    // A colour that is not one is ignored (the banner falls back to its own gradient).
    const r = await t.app.pedir('h1.localhost', '/catalogo/banner.svg?t=Oi&p=home&c=%22%3E%3Cscript&d=zzzzzz');
    expect(r.texto).not.toContain('<script');
  });
});
