import { mkdirSync } from 'node:fs';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usuario } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { EMAIL_COMITENTE_DEMO } from '@scripts/seed/usuarios-comitente';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * The demo seller (comitente@martelo.test, #30) in Chromium: on its keys page it creates an API key, reads
 * the secret once (gone on the next visit), logs in with it and revokes it; its page charts the seeded months
 * of results (decision 202). A leilão and a loja brand, desktop and phone (screenshots to
 * /tmp/shots-comitente-chaves/).
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();
const TELAS = { desktop: { width: 1366, height: 900 }, celular: { width: 390, height: 844 } } as const;
const SHOTS = '/tmp/shots-comitente-chaves/';
mkdirSync(SHOTS, { recursive: true });

async function cookieDoComitenteDemo(hotsiteId: number) {
  const [u] = await t.banco.db
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(eq(usuario.email, EMAIL_COMITENTE_DEMO), isNull(usuario.hotsiteId)));
  const { token, expiraEm } = await criarSessao({ db: t.banco.db, usuarioId: u.id, hotsiteId });
  return (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
}

async function abrir(hotsiteId: number, caminho: string, tela: keyof typeof TELAS) {
  const ctx = await contextoLogado(t.browser, await cookieDoComitenteDemo(hotsiteId), hotsiteId, { viewport: TELAS[tela] });
  const p = vigiar(await ctx.newPage());
  await p.goto(`http://h${hotsiteId}.localhost:${t.app.port}${caminho}`);
  await p.waitForLoadState('networkidle');
  return p;
}

/** Auction words a shop (loja) brand must not show on a seller's screen. */
const PALAVRAS_DE_LEILAO = /leil[aã]o|leilões|\blotes?\b|\blances?\b|arremat/i;

const entrar = (hotsiteId: number, clientId: string, segredo: string) =>
  t.app.pedir(`h${hotsiteId}.localhost`, '/v1/comitente-integracao/token', {
    corpo: { grant_type: 'client_credentials', client_id: clientId, client_secret: segredo },
  });

/** Nothing cut at the right (a phone must not scroll sideways). */
async function semRolagemLateral(p: Awaited<ReturnType<typeof abrir>>) {
  const [largura, tela] = await Promise.all([p.evaluate(() => document.documentElement.scrollWidth), p.evaluate(() => window.innerWidth)]);
  expect(largura).toBeLessThanOrEqual(tela);
}

describe('the demo seller’s keys and page in the browser', () => {
  it.each([
    [1, 'desktop'],
    [2, 'celular'],
  ] as const)('brand %i on %s: creates a key, reads its secret once, logs in with it and revokes it', async (hotsiteId, tela) => {
    const p = await abrir(hotsiteId, '/comitente/minha-pagina/chaves', tela);
    await expect(p.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Chaves de API');
    await p.screenshot({ path: `${SHOTS}chaves-h${hotsiteId}-${tela}-vazia.png`, fullPage: true });

    const descricao = `Sistema de sinistros ${tela}`;
    // The brand's words (decision 037): a shop reads "Vendedor", "anúncios", "Integração - Anúncio" and no auction word.
    const texto = await p.locator('main').innerText();
    if (hotsiteId === 2) {
      expect(texto).toContain('Para os sistemas dos seus vendedores consultarem anúncios e ofertas');
      expect(texto).toContain('Integração - Anúncio');
      expect(texto).toContain('Integração - Evento');
      expect(texto).not.toMatch(PALAVRAS_DE_LEILAO);
    } else {
      expect(texto).toContain('Integração - Lote');
    }
    await p.getByRole('combobox', { name: hotsiteId === 2 ? /^Vendedor/ : /^Comitente/ }).selectOption({ index: 1 });
    await p.getByRole('textbox', { name: /^Descrição/ }).fill(descricao);
    await p.getByRole('checkbox').first().check();
    await p.getByRole('button', { name: 'Criar chave' }).click();

    const segredo = p.getByTestId('segredo-da-chave');
    await segredo.waitFor();
    const [clientId, secret] = await segredo.locator('code').allInnerTexts();
    expect(clientId).toMatch(/^cmt_[0-9a-f]{24}$/);
    expect(secret).toMatch(/^[\w-]{43}$/);
    await expect(p.getByText('Chave criada: copie o segredo agora, ele não será mostrado de novo').isVisible()).resolves.toBe(true);
    const linha = p.getByTestId('lista-chaves').locator('tr', { hasText: descricao });
    await expect(linha.innerText()).resolves.toContain(clientId);
    await semRolagemLateral(p);
    await p.screenshot({ path: `${SHOTS}chaves-h${hotsiteId}-${tela}-segredo.png`, fullPage: true });
    expect((await entrar(hotsiteId, clientId, secret)).status).toBe(200);

    // The next visit lists the key and never its secret.
    await p.goto(`http://h${hotsiteId}.localhost:${t.app.port}/comitente/minha-pagina/chaves`);
    await p.waitForLoadState('networkidle');
    await expect(p.getByTestId('segredo-da-chave').count()).resolves.toBe(0);
    await expect(p.content()).resolves.not.toContain(secret);
    await expect(linha.innerText()).resolves.toContain(clientId);

    await linha.getByRole('button', { name: 'Revogar' }).click();
    await expect.poll(() => p.getByText('Chave revogada: ela não abre mais nenhuma chamada').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => linha.innerText(), { timeout: 10_000 }).toMatch(/Revogada em \d{2}\/\d{2}\/\d{4}/);
    await expect(linha.getByRole('button').count()).resolves.toBe(0);
    await p.screenshot({ path: `${SHOTS}chaves-h${hotsiteId}-${tela}-revogada.png`, fullPage: true });
    expect((await entrar(hotsiteId, clientId, secret)).status).toBe(401);
    expect(erros).toEqual([]);
  });

  it('its page charts the seeded months of results on a leilão and a loja brand, desktop and phone', async () => {
    for (const hotsiteId of [1, 2]) {
      for (const tela of ['desktop', 'celular'] as const) {
        const p = await abrir(hotsiteId, '/comitente/minha-pagina?agrupar=mes', tela);
        await expect(p.locator('[data-grafico]').count()).resolves.toBe(5);
        const texto = await p.locator('main').innerText();
        if (hotsiteId === 2) {
          // Chart titles, situations, filters and the auctions' chips in shop words.
          expect(texto).toContain('Preço de venda contra o mínimo e a FIPE');
          expect(texto).toContain('Todos os eventos');
          expect(texto).not.toMatch(PALAVRAS_DE_LEILAO);
        } else {
          expect(texto).toContain('Arremate contra o mínimo e a FIPE');
          expect(texto).toContain('Todos os leilões');
        }
        // The five past auctions (150 to 45 days ago) and the catalogue's: four months or more, each with sales.
        const meses = p.getByTestId('tabela-taxa-venda').locator('tbody tr');
        expect(await meses.count()).toBeGreaterThanOrEqual(4);
        await semRolagemLateral(p);
        await p.screenshot({ path: `${SHOTS}minha-pagina-h${hotsiteId}-${tela}.png`, fullPage: true });
      }
    }
    expect(erros).toEqual([]);
  });
});
