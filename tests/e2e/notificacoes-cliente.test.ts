import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buscaSalva, notificacaoPreferencia } from '@db/schema';
import { enfileirarNotificacoes } from '~/modules/notificacoes/fila.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/**
 * The client's side of notifications in Chromium (issue #32), on an auction brand and a shop brand, desktop
 * and phone: the bell shows the unread count and follows a new notice live (over the socket, no reload);
 * "Avise-me" on the list saves the current filters; the notifications page lists the notices in the brand's
 * wording, the saved search and the preferences, which save. Screenshots to /tmp/shots-notificacoes-cliente.
 */
const t = navegadorDeTeste();
const SHOTS = '/tmp/shots-notificacoes-cliente';
mkdirSync(SHOTS, { recursive: true });
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe("the client's notifications", () => {
  for (const [hotsiteId, lista, superado, aoVivo] of [
    [1, 'leilao', 'Seu lance foi superado', 'Um lote que você segue está no pregão ao vivo'],
    [2, 'anuncio', 'Sua oferta foi superada', 'Um anúncio que você segue está no evento ao vivo'],
  ] as const) {
    for (const [tela, viewport] of TELAS) {
      it(`brand ${hotsiteId}, ${tela}: the bell, Avise-me and the page`, async () => {
        const host = `http://h${hotsiteId}.localhost:${t.app.port}`;
        const { loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId });
        const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Rita Lopes' });
        await enfileirarNotificacoes({
          db: t.banco.db,
          hotsiteId,
          evento: 'lance-superado',
          usuarioIds: [cliente.id],
          loteId,
          chave: '1',
          dados: { valor: 10_500_00 },
        });
        const { erros, vigiar } = vigiaDeErros();
        const ctx = await contextoLogado(t.browser, cliente.cookie, hotsiteId, { viewport, isMobile: viewport.width < 500 });
        const page = vigiar(await ctx.newPage());
        /** The text of a test id on the page, or null while it is not there. */
        const texto = async (id: string) => {
          const el = page.getByTestId(id);
          return (await el.count()) > 0 ? el.first().textContent() : null;
        };
        await page.goto(`${host}/${lista}?uf=sp`);
        await expect.poll(() => texto('sino-contador'), { timeout: 15_000 }).toBe('1');

        // A new notice reaches the open page: the server's job spreads it and tells the socket the new count.
        await enfileirarNotificacoes({
          db: t.banco.db,
          hotsiteId,
          evento: 'favorito-ao-vivo',
          usuarioIds: [cliente.id],
          loteId,
          dados: { valor: 10_500_00 },
        });
        await expect.poll(() => texto('sino-contador'), { timeout: 20_000 }).toBe('2');

        // Avise-me keeps this list's filters.
        const avise = page.getByTestId('avise-me');
        await avise.scrollIntoViewIfNeeded();
        await avise.getByLabel('Frequência do alerta').selectOption('instantanea');
        await avise.getByRole('button', { name: 'Avise-me' }).click();
        await expect.poll(() => texto('avise-me-resultado')).toContain('Pronto: vamos avisar');
        const buscas = await t.banco.db.select().from(buscaSalva).where(eq(buscaSalva.usuarioId, cliente.id));
        expect(buscas.map((b) => [b.hotsiteId, b.frequencia])).toEqual([[hotsiteId, 'instantanea']]);
        await page.screenshot({ path: `${SHOTS}/lista-h${hotsiteId}-${tela}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        // The bell opens the page: the notices in the brand's words, the saved search, the preferences.
        await page.getByTestId('sino').click();
        await page.waitForURL(`${host}/cliente/notificacoes`);
        const avisos = page.getByTestId('notificacoes');
        await expect.poll(() => avisos.textContent()).toContain(superado);
        expect(await avisos.textContent()).toContain(aoVivo);
        expect(await avisos.textContent()).toMatch(/R\$\s10\.500,00/);
        expect(await page.getByTestId('buscas-salvas').textContent()).toContain('Aviso na hora');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${SHOTS}/pagina-h${hotsiteId}-${tela}.png`, fullPage: true });

        // Marked read, the bell has no count.
        await page.getByTestId('marcar-lidas').click();
        await expect.poll(() => page.getByTestId('sino-contador').count()).toBe(0);

        // The client turns push off for the outbid; it is kept.
        const caixa = page.getByLabel(`${superado}: Push`);
        expect(await caixa.isChecked()).toBe(true);
        await caixa.uncheck();
        await page.getByTestId('salvar-preferencias').click();
        await page.getByTestId('preferencias-salvas').waitFor();
        const escolhas = await t.banco.db
          .select({ canal: notificacaoPreferencia.canal, ativo: notificacaoPreferencia.ativo })
          .from(notificacaoPreferencia)
          .where(and(eq(notificacaoPreferencia.usuarioId, cliente.id), eq(notificacaoPreferencia.evento, 'lance-superado')));
        expect(escolhas).toContainEqual({ canal: 'push', ativo: false });
        expect(erros).toEqual([]);
        await ctx.close();
      });
    }
  }
});
