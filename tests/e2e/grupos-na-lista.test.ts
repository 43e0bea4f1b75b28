import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { grupoCliente, grupoClienteMembro, loteGrupoCliente } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { contextoLogado, vigiaDeErros, navegadorDeTeste } from './browser';

/*
 * Decision 278 in a browser: a lot restricted to a client group is listed to everyone with "Exclusivo para
 * clientes do grupo X" on its card; on its page a non-member is told why and offered no bid form, a member
 * bids as usual. On an auction brand and a shop brand, desktop and phone.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-grupos-na-lista/';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;
const LISTA = { 1: '/leilao', 2: '/anuncio' } as const;

describe('a lot restricted to a client group', () => {
  it('is listed with its group on the card; its page gives the bid form to members only', async () => {
    mkdirSync(FOTOS, { recursive: true });
    const db = t.banco.db;
    for (const hotsiteId of [1, 2] as const) {
      const { leilaoId, loteId } = await criarLoteEmDisputa(db, { hotsiteId });
      const membro = await criarCliente(db, { hotsiteId, nome: 'Lojista Membro', leilaoId });
      const outro = await criarCliente(db, { hotsiteId, nome: 'Cliente de Fora', leilaoId });
      const [g] = await db
        .insert(grupoCliente)
        .values({ hotsiteId, nome: `Lojistas parceiros ${hotsiteId}` })
        .returning();
      await db.insert(grupoClienteMembro).values({ hotsiteId, grupoId: g.id, usuarioId: membro.id });
      await db.insert(loteGrupoCliente).values({ hotsiteId, grupoId: g.id, loteId });
      const base = `http://h${hotsiteId}.localhost:${t.app.port}`;

      for (const [tela, viewport] of TELAS) {
        // A visitor finds the lot in the list, marked.
        const visitante = await t.browser.newContext({ viewport });
        const { erros, vigiar } = vigiaDeErros();
        const lista = vigiar(await visitante.newPage());
        await lista.goto(`${base}${LISTA[hotsiteId]}?leilao=${leilaoId}`, { waitUntil: 'networkidle' });
        const card = lista.locator(`[data-testid="card-lote"][data-lote-id="${loteId}"]`);
        await expect(card.getByTestId('card-exclusivo-grupo').innerText()).resolves.toBe(
          `Exclusivo para clientes do grupo Lojistas parceiros ${hotsiteId}`,
        );
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: `${FOTOS}card-h${hotsiteId}-${tela}.png` });
        expect(await lista.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
        const href = await card.locator('h3 a').getAttribute('href');
        expect(erros).toEqual([]);
        await visitante.close();

        // A non-member: told why, no bid form.
        const ctxOutro = await contextoLogado(t.browser, outro.cookie, hotsiteId, { viewport });
        const paginaOutro = await ctxOutro.newPage();
        await paginaOutro.goto(`${base}${href}`, { waitUntil: 'networkidle' });
        await paginaOutro.getByTestId('lote-fora-do-grupo').waitFor();
        expect(await paginaOutro.getByTestId('formulario-lance').count()).toBe(0);
        await paginaOutro.getByTestId('painel-de-lances').scrollIntoViewIfNeeded();
        await paginaOutro.screenshot({ path: `${FOTOS}lote-fora-h${hotsiteId}-${tela}.png` });
        expect(await paginaOutro.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
        await ctxOutro.close();

        // A member: the notice and the bid form.
        const ctxMembro = await contextoLogado(t.browser, membro.cookie, hotsiteId, { viewport });
        const paginaMembro = await ctxMembro.newPage();
        await paginaMembro.goto(`${base}${href}`, { waitUntil: 'networkidle' });
        await paginaMembro.getByTestId('lote-exclusivo-grupo').waitFor();
        expect(await paginaMembro.getByTestId('lote-fora-do-grupo').count()).toBe(0);
        expect(await paginaMembro.getByTestId('formulario-lance').count()).toBeGreaterThan(0);
        await paginaMembro.getByTestId('painel-de-lances').scrollIntoViewIfNeeded();
        await paginaMembro.screenshot({ path: `${FOTOS}lote-membro-h${hotsiteId}-${tela}.png` });
        await ctxMembro.close();
      }
    }
  }, 240_000);
});
