import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { habilitacao, usuario } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { diaUtilDaqui } from '../dia-util';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();

const erros: string[] = [];
function vigiar(page: Page) {
  page.on('pageerror', (e) => erros.push(e.message));
  page.on(
    'console',
    (m) => m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED') && !/status of 4\d\d/.test(m.text()) && erros.push(m.text()),
  );
  return page;
}

/** 50 cars of a model no seed lot has, so the client finds exactly these. */
function planilha() {
  const linhas = ['Tipo;Marca;Modelo;Versao;Ano Fabricacao;Ano Modelo;Cor;Placa;Chassi;Km;Minimo;Incremento'];
  for (let i = 0; i < 50; i++) {
    const n = String(i).padStart(2, '0');
    linhas.push(
      `Automóvel;Fiat;Quasar;Sport 1.6;2019;2020;Vermelho;QSR1A${n};9BD111ZZR${String(i).padStart(8, '0')};${30_000 + i * 100};${(20_000 + i * 100).toLocaleString('pt-BR')},00;250`,
    );
  }
  return Buffer.from(linhas.join('\n'), 'utf8');
}

describe('an operator puts 50 vehicles up for auction and a client bids on one', () => {
  it('creates the auction, imports a CSV, adds photos, releases; the client finds the lot on the site and bids', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.LEILAO], { nome: 'Operador de Leilão' });
    const ctx = await contextoLogado(t.browser, staff.cookie, 1, { viewport: { width: 1366, height: 900 } });
    const page = vigiar(await ctx.newPage());
    const base = `http://h1.localhost:${t.app.port}`;

    // 1. The auction.
    await page.goto(`${base}/admin/leilao`, { waitUntil: 'networkidle' });
    await page.getByLabel('Nome *', { exact: true }).fill('Leilão Quasar E2E');
    // A working day with an auctioneer: the release checks the auctioneer's rules (decision 229).
    const dia = new Date(Date.parse(diaUtilDaqui(3)) - 3 * 3_600_000).toISOString().slice(0, 10);
    await page.getByLabel('Data e hora (Brasília) *').fill(`${dia}T15:00`);
    await page.getByLabel('Leiloeiro', { exact: true }).selectOption({ index: 1 });
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-leilao-novo.png`, fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/admin\/leilao\/\d+$/);
    const leilaoId = Number(page.url().split('/').pop());
    await expect.poll(() => page.locator('h1').innerText()).toBe('Leilão Quasar E2E');

    // 2. The import: preview, then the valid rows in batches with a progress bar.
    await page.getByRole('link', { name: 'Importar lotes (CSV/XLSX)' }).click();
    await page.waitForURL(/importacao$/);
    await page.locator('input[name=arquivo]').setInputFiles({ name: 'lotes.csv', mimeType: 'text/csv', buffer: planilha() });
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect
      .poll(() => page.getByRole('status').first().innerText(), { timeout: 15_000 })
      .toContain('50 linhas lidas: 50 válidas, 0 com erro');
    await expect(page.getByTestId('previa-importacao').innerText()).resolves.toContain('Fiat Quasar Sport 1.6');
    await page.getByRole('button', { name: 'Importar 50 linhas válidas' }).click();
    await expect
      .poll(() => page.getByTestId('importar-linhas').innerText(), { timeout: 30_000 })
      .toContain('Importação concluída: 50 lotes criados, nenhum atualizado.');
    await expect(page.locator('progress[aria-label="Progresso da importação"]').getAttribute('value')).resolves.toBe('50');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-importacao.png`, fullPage: true });

    // 3. Photos of lot 001: three at once, then the third becomes the cover.
    await page.goto(`${base}/admin/lotes?leilaoId=${leilaoId}`, { waitUntil: 'networkidle' });
    await expect(page.getByText('Página 1 de 1 · 50 itens')).toBeTruthy();
    await page
      .getByTestId('lista-lotes')
      .getByRole('link', { name: /Fiat Quasar/ })
      .first()
      .click();
    await page.waitForURL(/\/admin\/veiculo\//);
    await page.getByRole('link', { name: 'Fotos' }).click();
    await page.waitForURL(/aba=fotos/);
    const png = (r: number) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g: 90, b: 140 } } })
        .png()
        .toBuffer();
    await page.locator('#fotos-arquivos').setInputFiles([
      { name: 'frente.png', mimeType: 'image/png', buffer: await png(200) },
      { name: 'lateral.png', mimeType: 'image/png', buffer: await png(60) },
      { name: 'traseira.png', mimeType: 'image/png', buffer: await png(20) },
    ]);
    await page.getByRole('button', { name: 'Enviar fotos', exact: true }).click();
    await expect.poll(() => page.getByTestId('envio-fotos').innerText(), { timeout: 20_000 }).toContain('3 fotos enviadas (3 no lote)');
    await expect.poll(() => page.getByTestId('fotos-do-lote').locator('img').count()).toBe(3);
    await page.getByTestId('fotos-do-lote').getByRole('button', { name: 'Tornar capa' }).last().click();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-fotos.png`, fullPage: true });

    // 4. Release: EM_LOTEAMENTO → CRIADO → PRONTO puts the 50 lots on the site.
    await page.goto(`${base}/admin/leilao/${leilaoId}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Passar para Criado' }).click();
    await page.getByRole('button', { name: 'Liberar leilão (Pronto)' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toBe('Situação alterada para Pronto (50 lotes atualizados)');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-leilao-liberado.png`, fullPage: true });

    // 5. The client: enabled for this auction, logs in, searches the site, opens the lot, bids.
    const [cliente] = await t.banco.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, 'cliente1@h1.martelo.test'));
    const ja = await t.banco.db
      .select()
      .from(habilitacao)
      .where(and(eq(habilitacao.usuarioId, cliente.id), eq(habilitacao.leilaoId, leilaoId)));
    if (!ja.length) await t.banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: cliente.id, leilaoId });
    const cctx = await t.browser.newContext({ viewport: { width: 390, height: 844 } });
    const cp = vigiar(await cctx.newPage());
    await cp.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await cp.getByLabel('E-mail').fill('cliente1@h1.martelo.test');
    await cp.getByLabel('Senha').fill(SENHA_DEMO);
    await cp.getByTestId('botao-login').click();
    await cp.waitForURL((u) => !u.pathname.startsWith('/login'));
    // The search index follows the change feed: the lots appear within moments.
    await expect
      .poll(
        async () => {
          await cp.goto(`${base}/leilao?q=Quasar`, { waitUntil: 'networkidle' });
          return cp.getByTestId('card-lote').count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-cliente-busca.png`, fullPage: false });
    await cp.getByTestId('card-lote').first().locator('a[href*="/ano."]').first().click();
    await cp.waitForURL(/\/ano\.2020\/\d+$/);
    await cp.waitForLoadState('networkidle');
    await expect.poll(() => cp.locator('h1').innerText(), { timeout: 10_000 }).toContain('Quasar');
    await cp.getByTestId('botao-lance').click();
    await expect.poll(() => cp.getByTestId('status-lance').innerText(), { timeout: 10_000 }).toBe('Ganhando');
    await cp.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-cliente-lance.png`, fullPage: false });
    expect(erros).toEqual([]);
  });

  it('the lists work on a phone and on a loja brand', async () => {
    const staff = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const ctx = await contextoLogado(t.browser, staff.cookie, 2, { viewport: { width: 390, height: 844 } });
    const page = vigiar(await ctx.newPage());
    for (const caminho of ['/admin/leiloes', '/admin/veiculos']) {
      await page.goto(`http://h2.localhost:${t.app.port}${caminho}`, { waitUntil: 'networkidle' });
      await expect(page.locator('h1').innerText()).resolves.toBe(caminho === '/admin/leiloes' ? 'Leilões' : 'Veículos');
      await expect(page.getByRole('navigation', { name: 'Paginação' }).innerText()).resolves.toMatch(/Página 1 de \d+ · \d+ itens/);
      await page.screenshot({ path: `${PASTA_SCREENSHOTS}backoffice-loja-celular${caminho.replace('/admin/', '-')}.png`, fullPage: false });
    }
    expect(erros).toEqual([]);
  });
});
