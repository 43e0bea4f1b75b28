import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { linhas } from '~/utils/linhas.server';
import { instanciaDeTeste } from '../server';
import { criarCliente } from '../lances';

/** Lists tell the truth: ended lots, the price filter, yards and the agenda, as a visitor reads them. */
const t = instanciaDeTeste();
const H1 = 'h1.localhost';

const cards = (html: string) => [...html.matchAll(/data-lote-id="(\d+)"/g)].map((m) => Number(m[1]));
const texto = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const reais = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', '.'));
const total = (html: string) =>
  Number(/data-testid="total-resultados"[^>]*>(?:<!-- -->)?([\d.]+)/.exec(html)?.[1]?.replace('.', '') ?? NaN);

async function lotesListaveis(hotsiteId: number) {
  return t.banco.db
    .select({ id: lote.id, patioId: lote.patioId, dataFim: lote.dataFim })
    .from(lote)
    .where(and(eq(lote.hotsiteId, hotsiteId), inArray(lote.situacao, ['LIBERADO_LEILAO', 'PENDENTE']), eq(lote.categoria, 'Carros')));
}

describe('lots whose end has passed', () => {
  it("stay in a client's favourites, where the card says the lot ended", async () => {
    const db = t.banco.db;
    const c = await criarCliente(db);
    const [alvo] = (await lotesListaveis(1)).filter((l) => l.dataFim && l.dataFim.getTime() > Date.now());
    const [{ uid }] = linhas<{ uid: string }>(
      await db.execute(sql`SELECT v.uid FROM lote l JOIN veiculo v ON v.id = l.veiculo_id WHERE l.id = ${alvo.id}`),
    );
    await db.execute(sql`INSERT INTO favorito (hotsite_id, usuario_id, vei_uid) VALUES (1, ${c.id}, ${uid})`);
    const antes = await t.app.pedir(H1, '/cliente/favoritos', { headers: { cookie: c.cookie } });
    expect(antes.texto).toContain(`/lances/${uid}`);
    expect(texto(antes.texto)).toContain('Encerra em');
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() - 60_000) })
      .where(eq(lote.id, alvo.id));
    const depois = await t.app.pedir(H1, '/cliente/favoritos', { headers: { cookie: c.cookie } });
    expect(depois.texto).toContain(`/lances/${uid}`);
    expect(texto(depois.texto)).toContain('Encerrado em');
    expect(texto(depois.texto)).not.toContain('Encerra em');
  });

  it('leave the default list, the yard pages and the counts, and their page says the dispute ended', async () => {
    const db = t.banco.db;
    const [alvo, pendente] = (await lotesListaveis(1)).filter((l) => l.patioId != null && l.dataFim && l.dataFim.getTime() > Date.now());
    const antes = await t.app.pedir(H1, '/leilao?ordem=dataFim-asc');
    const totalAntes = total(antes.texto);
    // One lot still "Liberado Leilão" and one "Pendente" whose end passed a minute ago (the closer has not run).
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() - 60_000) })
      .where(eq(lote.id, alvo.id));
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() - 120_000), situacao: 'PENDENTE' })
      .where(eq(lote.id, pendente.id));
    const depois = await t.app.pedir(H1, '/leilao');
    expect(total(depois.texto)).toBe(totalAntes - 2);
    expect(cards(depois.texto)).not.toContain(alvo.id);
    expect(cards(depois.texto)).not.toContain(pendente.id);
    // The default order (end date ascending) starts with lots still open.
    const [primeiro] = linhas<{ data_fim: string }>(await db.execute(sql`SELECT data_fim FROM lote WHERE id = ${cards(depois.texto)[0]}`));
    expect(new Date(primeiro.data_fim).getTime()).toBeGreaterThan(Date.now());
    // The API search (the same search) agrees.
    const api = (await t.app.pedir(H1, '/v1/lotes?tamanho=1000')).json<{ lotes?: { id: number }[]; itens?: { id: number }[] }>();
    const idsApi = (api.lotes ?? api.itens ?? []).map((l) => l.id);
    if (idsApi.length) expect(idsApi).not.toContain(alvo.id);

    // The yard page and /patios give the same count, and the ended lot is on neither.
    const patios = (await t.app.pedir(H1, '/patios')).texto;
    const caminhos = [...new Set([...patios.matchAll(/href="(\/patios\/[^/"]+\/[a-z]{2}\/[^"]+)"/g)].map((m) => m[1]))];
    expect(caminhos.length).toBeGreaterThan(1);
    for (const caminho of caminhos) {
      const pagina = await t.app.pedir(H1, caminho);
      expect(pagina.texto).not.toContain(`data-lote-id="${alvo.id}"`);
      const naPagina = Number(/(\d+) lotes? no pátio/.exec(texto(pagina.texto))?.[1]);
      const bloco = new RegExp(`href="${caminho}"[\\s\\S]*?(\\d+) lotes? no pátio`).exec(patios.replace(/<!-- -->/g, ''));
      expect(Number(bloco?.[1]), caminho).toBe(naPagina);
      expect(naPagina, caminho).toBeGreaterThan(0);
    }

    // The lot's own page: ended, no next bid, no bid form, no countdown at 00:00.
    const urlDoLote = async (id: number) => {
      const [l] = linhas<{ uid: string }>(
        await db.execute(sql`SELECT v.uid FROM lote l JOIN veiculo v ON v.id = l.veiculo_id WHERE l.id = ${id}`),
      );
      return `/lances/${l.uid}`;
    };
    for (const id of [alvo.id, pendente.id]) {
      const r = await t.app.pedir(H1, await urlDoLote(id));
      expect(r.status).toBe(200);
      const corpo = texto(r.texto);
      expect(corpo).toContain('Disputa encerrada');
      expect(corpo).toContain('Este lote não está recebendo lances: a disputa está encerrada');
      expect(r.texto).not.toContain('data-testid="botao-lance"');
      // No countdown stuck at zero; a closing time that happens to be midnight ("27/11/2026 00:00") is a date.
      expect(corpo.replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/g, '')).not.toMatch(/\b00:00\b/);
      expect(corpo).toContain('Encerrado em');
    }
  });
});

describe('the price filter filters what the card headlines', () => {
  it('leaves out a "Compre Já" lot whose buy-now price is above the maximum, and shows a removable chip', async () => {
    const db = t.banco.db;
    const [l] = (await lotesListaveis(1)).filter((x) => x.dataFim && x.dataFim.getTime() > Date.now() + 3_600_000);
    // Current value (minimum, no bid) R$ 40.000, headlined buy-now price R$ 64.200.
    await db
      .update(lote)
      .set({
        tipo: 'Compre Já',
        compreJa: 64_200_00,
        minimo: 40_000_00,
        ultimoLanceValor: null,
        ultimoLanceUsuarioId: null,
        situacao: 'LIBERADO_LEILAO',
      })
      .where(eq(lote.id, l.id));
    const ate60 = await t.app.pedir(H1, '/leilao?valor_max=60000&tamanho=1000');
    expect(ate60.status).toBe(200);
    expect(cards(ate60.texto)).not.toContain(l.id);
    const valores = [...ate60.texto.matchAll(/data-testid="valor-card"[^>]*>([^<]+)</g)].map((m) => reais(m[1]));
    expect(valores.length).toBeGreaterThan(0);
    for (const v of valores) expect(v).toBeLessThanOrEqual(60_000);
    // Its chip reads the range and removes it.
    const chip = /data-testid="chip-valor"[^>]*href="([^"]*)"|href="([^"]*)"[^>]*data-testid="chip-valor"/.exec(ate60.texto);
    expect(chip).not.toBeNull();
    expect(texto(/data-testid="filtros-ativos"[\s\S]*?<\/div>/.exec(ate60.texto)![0])).toContain('Valor: até R$ 60.000');
    expect(chip![1] ?? chip![2]).not.toContain('valor_max');

    const de60a70 = await t.app.pedir(H1, '/leilao?valor_min=60000&valor_max=70000');
    expect(cards(de60a70.texto)).toContain(l.id);
    expect(texto(de60a70.texto)).toContain('Valor: de R$ 60.000 a R$ 70.000');
    const porValor = cards((await t.app.pedir(H1, '/leilao?valor_min=60000&valor_max=70000&ordem=valor-asc')).texto);
    expect(porValor).toContain(l.id);
  });
});

describe('yards and agenda', () => {
  it('/patios lists each yard once, with the count its page shows', async () => {
    const r = await t.app.pedir(H1, '/patios');
    const nomes = [...r.texto.matchAll(/data-testid="patio"[\s\S]*?<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(nomes.length).toBeGreaterThan(1);
    expect(new Set(nomes).size).toBe(nomes.length);
    const lista = texto(r.texto);
    for (const nome of nomes) expect(lista.split(nome).length - 1, nome).toBe(1);
    expect(lista).not.toMatch(/\b0 lote no pátio/);
  });

  it('/agenda lists each auction once', async () => {
    const r = await t.app.pedir(H1, '/agenda');
    const nomes = [...r.texto.matchAll(/data-testid="leilao-card"[\s\S]*?<h[23][^>]*>(?:<a[^>]*>)?([^<]+)</g)].map((m) => m[1].trim());
    expect(nomes.length).toBeGreaterThan(1);
    const corpo = texto(r.texto);
    for (const nome of nomes) expect(corpo.split(nome).length - 1, nome).toBe(1);
  });
});
