import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mensagemSaida } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/**
 * Exclusive events in Chromium (issue #32): Dev makes an auction exclusive and invites a client by
 * e-mail; the client does not see its lots; they open the e-mailed link, accept, and the auction's lots
 * are there. On an auction brand and a shop brand, desktop and phone. Screenshots to /tmp/shots-eventos-indicacao.
 */
const t = navegadorDeTeste();
const SHOTS = '/tmp/shots-eventos-indicacao';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe('an invitation accepted opens the exclusive event', () => {
  for (const [hotsiteId, lista] of [
    [1, 'leilao'],
    [2, 'anuncio'],
  ] as const) {
    for (const [tela, viewport] of TELAS) {
      it(`brand ${hotsiteId}, ${tela}`, async () => {
        const host = `http://h${hotsiteId}.localhost:${t.app.port}`;
        const { leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId });
        const dev = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId, nome: 'Camila Arantes' });
        const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Helena Prado', leilaoId });
        const { erros, vigiar } = vigiaDeErros();

        const equipe = await contextoLogado(t.browser, dev.cookie, hotsiteId, { viewport, isMobile: viewport.width < 500 });
        const staff = vigiar(await equipe.newPage());
        await staff.goto(`${host}/eventos/convidados?leilao=${leilaoId}`);
        await staff.getByTestId('alternar-privado').click();
        await staff.getByText('Evento exclusivo: só convidados veem e dão lances').waitFor();
        await staff.getByLabel('E-mail ou CPF do convidado').fill(cliente.email);
        await staff.getByRole('button', { name: 'Enviar convite' }).click();
        await staff.getByTestId('convidado').first().waitFor();
        expect(await staff.getByTestId('convidado').first().textContent()).toContain('Aguardando resposta');
        await staff.screenshot({ path: `${SHOTS}/convidados-h${hotsiteId}-${tela}.png`, fullPage: true });

        const ctx = await contextoLogado(t.browser, cliente.cookie, hotsiteId, { viewport, isMobile: viewport.width < 500 });
        const page = vigiar(await ctx.newPage());
        await page.goto(`${host}/${lista}?leilao=${leilaoId}`);
        expect(await page.content()).not.toContain('VW Gol 1.0 2015');

        const [m] = await t.banco.db
          .select()
          .from(mensagemSaida)
          .where(eq(mensagemSaida.para, cliente.email))
          .orderBy(desc(mensagemSaida.id));
        const link = /https?:\/\/\S+\/eventos\/convite\/[A-Za-z0-9_-]+/.exec(m.texto)![0];
        expect(new URL(link).hostname).toBe(`h${hotsiteId}.localhost`);
        await page.goto(`${host}${new URL(link).pathname}`);
        await page.getByTestId('convite-leilao').waitFor();
        await page.screenshot({ path: `${SHOTS}/convite-h${hotsiteId}-${tela}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Aceitar convite' }).click();
        await page.getByTestId('convite-resposta').waitFor();
        await page.getByTestId('ver-leilao-exclusivo').click();
        await page.getByText('VW Gol 1.0 2015').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/lista-convidado-h${hotsiteId}-${tela}.png` });

        await page.goto(`${host}/cliente/indique-ganhe`);
        await page.getByTestId('codigo-indicacao').waitFor();
        await page.screenshot({ path: `${SHOTS}/indique-ganhe-h${hotsiteId}-${tela}.png`, fullPage: true });

        const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId });
        const ctxSac = await contextoLogado(t.browser, sac.cookie, hotsiteId, { viewport, isMobile: viewport.width < 500 });
        const painel = vigiar(await ctxSac.newPage());
        await painel.goto(`${host}/eventos/dashboard`);
        await painel.getByTestId('painel-leilao').waitFor();
        await painel.screenshot({ path: `${SHOTS}/dashboard-h${hotsiteId}-${tela}.png`, fullPage: true });
        await staff.goto(`${host}/eventos/relatorio`);
        await staff.getByTestId('relatorio-eventos').waitFor();
        await staff.screenshot({ path: `${SHOTS}/relatorio-h${hotsiteId}-${tela}.png`, fullPage: true });
        expect(erros).toEqual([]);
        await Promise.all([equipe.close(), ctx.close(), ctxSac.close()]);
      });
    }
  }
});
