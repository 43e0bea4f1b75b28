import { mkdirSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, mensagemSaida, usuarioComitente, vendaLoteCondicional } from '@db/schema';
import { avisarComitentes } from '~/modules/area-comitente/ofertas.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { linhas } from '~/utils/linhas.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * The seller's page (#30) in Chromium: a seller answers a conditional offer from the e-mail's link, with no
 * login, and the buyer's open purchase page changes at once; the page and its charts on a leilão and a loja
 * brand, desktop and phone (screenshots to /tmp/shots-comitente-pagina/).
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();
const TELAS = { desktop: { width: 1366, height: 900 }, celular: { width: 390, height: 844 } } as const;
const SHOTS = '/tmp/shots-comitente-pagina/';
mkdirSync(SHOTS, { recursive: true });

/** The seed's seller of the brand with the most lots, a conditional lot of it, and a seller user tied to it. */
async function cenario(hotsiteId: number) {
  const [c] = linhas<{ comitente_id: number }>(
    await t.banco.db.execute(sql`SELECT comitente_id FROM lote WHERE hotsite_id = ${hotsiteId} AND comitente_id IS NOT NULL
                                  GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
  );
  const comitenteId = Number(c.comitente_id);
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  await t.banco.db.update(lote).set({ comitenteId }).where(eq(lote.id, loteId));
  const comprador = await criarCliente(t.banco.db, { hotsiteId, nome: 'Marina Costa', leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: comprador.auth, corpo: { loteId, valor: 24_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
  const [vc] = await t.banco.db.select().from(vendaLoteCondicional).where(eq(vendaLoteCondicional.loteId, loteId));
  const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE], { hotsiteId, nome: 'Helena Vendas' });
  await t.banco.db.insert(usuarioComitente).values({ hotsiteId, usuarioId: vendedor.id, comitenteId });
  return { loteId, comprador, vendaId: vc.vendaId, vendedor };
}

async function abrir(cookie: string | null, hotsiteId: number, caminho: string, tela: keyof typeof TELAS = 'desktop') {
  const ctx = cookie
    ? await contextoLogado(t.browser, cookie, hotsiteId, { viewport: TELAS[tela] })
    : await t.browser.newContext({ viewport: TELAS[tela] });
  const p = vigiar(await ctx.newPage());
  await p.goto(caminho.startsWith('http') ? caminho : `http://h${hotsiteId}.localhost:${t.app.port}${caminho}`);
  await p.waitForLoadState('networkidle');
  return p;
}

describe('the seller’s page in the browser', () => {
  it('the seller answers from the e-mail link, with no login, and the buyer’s open page changes at once', async () => {
    const c = await cenario(1);
    const comprador = await abrir(c.comprador.cookie, 1, `/cliente/compras/${c.vendaId}`);
    await comprador.getByTestId('oferta-condicional').waitFor();

    await avisarComitentes({ db: t.banco.db, urlBase: (m) => `http://h${m.id}.localhost:${t.app.port}` });
    const [email] = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, c.vendedor.email), eq(mensagemSaida.hotsiteId, 1)));
    const link = /(http:\/\/\S+\/comitente\/resposta\/\S+\?resposta=Liberada)/.exec(email.texto)![1];

    const vendedor = await abrir(null, 1, link, 'celular');
    await vendedor.screenshot({ path: `${SHOTS}link-resposta-celular.png`, fullPage: true });
    await vendedor.getByRole('button', { name: 'Confirmar: Liberada' }).click();
    await expect
      .poll(() => vendedor.getByTestId('resposta-link').innerText(), { timeout: 10_000 })
      .toMatch(/Resposta registrada: Liberada/);

    await expect.poll(() => comprador.getByTestId('situacao').first().innerText(), { timeout: 10_000 }).toBe('Aguardando Pagamento');
    await expect(comprador.getByTestId('como-pagar').count()).resolves.toBe(1);

    // The same link a second time answers nothing.
    const denovo = await abrir(null, 1, link);
    await expect(denovo.getByTestId('resposta-link').innerText()).resolves.toBe('Este link já foi usado.');
    await expect(denovo.getByRole('button', { name: /Confirmar/ }).count()).resolves.toBe(0);
    expect(erros).toEqual([]);
  });

  it('the page and its charts fit desktop and phone on a leilão and a loja brand', async () => {
    for (const hotsiteId of [1, 2]) {
      const c = await cenario(hotsiteId);
      for (const tela of ['desktop', 'celular'] as const) {
        const p = await abrir(c.vendedor.cookie, hotsiteId, '/comitente/minha-pagina?modelo=Gol&ano=2015&fipe=45.000,00', tela);
        await p.getByTestId('ofertas-condicionais').waitFor();
        await expect(p.locator(`[data-lote="${c.loteId}"]`).first().isVisible()).resolves.toBe(true);
        await expect(p.locator('[data-grafico] svg').count()).resolves.toBeGreaterThan(0);
        await expect(p.getByTestId('niveis-minimo').isVisible()).resolves.toBe(true);
        // Nothing cut at the right on a phone.
        await expect(p.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
          await p.evaluate(() => window.innerWidth),
        );
        await p.screenshot({ path: `${SHOTS}minha-pagina-h${hotsiteId}-${tela}.png`, fullPage: true });
      }
      if (hotsiteId === 2) {
        const p = await abrir(c.vendedor.cookie, 2, '/comitente/minha-pagina');
        await expect(p.locator('h2#lotes').innerText()).resolves.toBe('Meus anúncios');
      }
    }
    expect(erros).toEqual([]);
  });
});
