import { eq } from 'drizzle-orm';
import { banner, hotsite } from '@db/schema';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { PASTA_SCREENSHOTS } from './browser';

const DOMINIO = 'www.marca-navegador.com.br';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
let browser: Browser;
let contexto: BrowserContext;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
  // The new brand's own domain resolves to this machine, as its DNS would in production.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${DOMINIO} 127.0.0.1`,
    ],
  });
  const adm = await entrarComoStaff(banco.db, [P.ADM], { nome: 'Operadora' });
  const [nome, valor] = adm.cookie.split('=');
  contexto = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await contexto.addCookies([{ name: nome, value: valor, domain: 'h1.localhost', path: '/' }]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await banco?.descartar();
});

const bannersDaMarca = () => banco.db.select({ imagem: banner.imagem }).from(banner).where(eq(banner.nome, 'Feirão de dezembro'));
const fundo = (el: Element) => getComputedStyle(el).backgroundColor;

describe('an operator onboards a brand in the browser', () => {
  it('creates it with a new domain, sets colours and a home section, and the domain serves them with no restart', async () => {
    const page = await contexto.newPage();
    const erros: string[] = [];
    page.on('pageerror', (e) => erros.push(e.message));
    const admin = `http://h1.localhost:${app.port}`;

    // Before onboarding, the domain is no brand.
    const antes = await page.goto(`http://${DOMINIO}:${app.port}/`);
    expect(antes?.status()).toBe(404);

    await page.goto(`${admin}/admin/hotsites`);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-hotsites.png`, fullPage: true });
    await page.getByTestId('nova-marca').click();
    await page.waitForURL('**/admin/hotsite');

    const form = page.getByTestId('formulario-marca');
    await form.locator('input[name="nome"]').fill('Marca Navegador');
    await form.locator('select[name="tipo"]').selectOption('loja');
    await form.locator('select[name="modoSite"]').selectOption('loja');
    await form.locator('input[name="domain"]').fill(DOMINIO);
    await form.locator('input[name="subdomain"]').fill('marca-navegador');
    await form.getByLabel('Manter como condicional').check();
    await form.locator('input[name="endereco.latitude"]').fill('-1,4558');
    await form.locator('input[name="endereco.longitude"]').fill('-48.49');
    await form.locator('input[name="endereco.estadoSigla"]').fill('PA');
    await form.locator('input[name="corPrimaria"]').fill('#8e24aa');
    await form.locator('input[name="corSecundaria"]').fill('#00897b');
    // Live preview: the header button takes the new colour before anything is saved.
    const previa = page.getByTestId('previa-marca');
    await expect.poll(() => previa.getByTestId('previa-botao').evaluate(fundo)).toBe('rgb(142, 36, 170)');
    await expect.poll(() => previa.getByRole('navigation', { name: 'Principal' }).innerText()).toContain('Anúncios');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-nova-marca.png` });

    await page.getByTestId('salvar-marca').click();
    await page.waitForURL(/\/admin\/hotsite\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThanOrEqual(5000);
    const [salvo] = await banco.db.select().from(hotsite).where(eq(hotsite.id, id));
    expect(salvo).toMatchObject({
      manterCondicional: true,
      permitirCpf: true,
      tipo: 'loja',
      corPrimaria: '#8e24aa',
      endereco: { latitude: -1.4558, longitude: -48.49 },
    });

    // Pages tab: the template gave it a home page; add a text section with one item.
    await page.getByTestId('aba-paginas').click();
    await page.waitForURL(/aba=paginas/);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-paginas.png`, fullPage: true });
    await page.getByTestId('nova-sessao').locator('summary').click();
    const nova = page.getByTestId('nova-sessao');
    await nova.locator('input[name="nome"]').fill('Destaque E2E');
    await nova.locator('select[name="elemento"]').selectOption('texto');
    await nova.getByRole('button', { name: 'Adicionar seção' }).click();
    const sessao = page.getByTestId('sessao-Destaque E2E');
    await sessao.waitFor();
    await sessao.locator('summary').first().click();
    await sessao.getByText('Novo item').click();
    const item = page.getByTestId('novo-item-Destaque E2E');
    await item.locator('input[name="titulo"]').fill('Bem-vindo ao navegador');
    await item.locator('textarea[name="texto"]').fill('Texto criado pela operadora no construtor de páginas.');
    await item.getByRole('button', { name: 'Adicionar item' }).click();
    const previaPagina = page.getByTestId('previa-pagina');
    await expect.poll(() => previaPagina.innerText()).toContain('Texto criado pela operadora no construtor de páginas.');
    await expect.poll(() => page.getByTestId('toasts').innerText()).toContain('Salvo com sucesso');
    // Typing into a saved item shows in the preview before saving.
    await sessao.locator('[data-testid^="item-"] input[name="titulo"]').first().fill('Título digitado ao vivo');
    await expect.poll(() => previaPagina.innerText()).toContain('Título digitado ao vivo');

    // Duplicate and delete, with the spec's toasts.
    await sessao.getByTestId('duplicar-item').first().click();
    await expect.poll(() => page.getByTestId('toasts').innerText()).toContain('Item duplicado com sucesso');
    await expect.poll(() => sessao.getByTestId('apagar-item').count()).toBe(2);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-construtor.png`, fullPage: true });
    await sessao.getByTestId('apagar-item').last().click();
    await expect.poll(() => page.getByTestId('toasts').innerText()).toContain('Item apagado com sucesso');
    await expect.poll(() => sessao.getByTestId('apagar-item').count()).toBe(1);
    await expect.poll(() => page.getByTestId('toasts').locator('[data-tipo="aviso"]').count()).toBe(1);
    await previaPagina.screenshot({ path: `${PASTA_SCREENSHOTS}admin-previa-pagina.png` });

    // Banners: a real PNG uploaded as the desktop image (type checked by its bytes).
    await page.getByTestId('aba-banners').click();
    await page.waitForURL(/aba=banners/);
    const banner = page.getByTestId('novo-banner');
    await banner.locator('input[name="nome"]').fill('Feirão de dezembro');
    await banner.locator('select[name="posicaoBanner"]').selectOption('home');
    await banner.locator('input[name="imagemArquivo"]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await banner.getByRole('button', { name: 'Adicionar banner' }).click();
    await expect.poll(() => page.getByText('Feirão de dezembro').count()).toBe(1);
    await expect(page.getByText('Feirão de dezembro').innerText()).resolves.not.toContain('inativo');
    const [{ imagem }] = await bannersDaMarca();
    expect(imagem).toMatch(/^\/marca\/arquivo\/[a-f0-9]{64}\.png$/);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-banners.png`, fullPage: true });
    await page.getByTestId('aba-dados').click();
    await page.waitForURL(/aba=dados/);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-dados-marca.png` });

    // The new domain answers now, in the brand's colours and shop wording, with the new section.
    const site = await contexto.newPage();
    const resposta = await site.goto(`http://${DOMINIO}:${app.port}/`);
    expect(resposta?.status()).toBe(200);
    await expect(site.title()).resolves.toBe('Marca Navegador');
    expect(await site.getByTestId('botao-entrar').evaluate(fundo)).toBe('rgb(142, 36, 170)');
    await expect(site.getByText('Texto criado pela operadora no construtor de páginas.').count()).resolves.toBe(1);
    await expect(site.getByRole('navigation', { name: 'Principal' }).innerText()).resolves.toContain('Anúncios');
    await site.screenshot({ path: `${PASTA_SCREENSHOTS}marca-navegador-inicio.png`, fullPage: true });
    expect(erros).toEqual([]);
  });
});
