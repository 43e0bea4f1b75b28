import { http, HttpResponse } from 'msw';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEGREDO_2FA_DEMO, SENHA_DEMO } from '@scripts/seed/identidade';
import { codigoAtual } from '~/modules/identidade/totp.server';
import { cepDeTeste, navegadorDeTeste, PASTA_SCREENSHOTS } from './browser';

const t = navegadorDeTeste();
const cep = cepDeTeste();

const url = (id: number, caminho: string) => `http://h${id}.localhost:${t.app.port}${caminho}`;

function vigiarErros(page: Page) {
  const erros: string[] = [];
  page.on('pageerror', (e) => erros.push(e.message));
  page.on('console', (m) => {
    // A refused login answers 4xx on purpose; chromium logs every non-2xx fetch.
    if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED') && !/status of 4\d\d/.test(m.text())) erros.push(m.text());
  });
  return erros;
}

describe('identity in a real browser', () => {
  it('signs up an individual: errors beside fields, address from the CEP, then logged in', async () => {
    const ctx = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const erros = vigiarErros(page);
    await page.goto(url(1, '/cadastro'), { waitUntil: 'networkidle' });
    await page.getByLabel('Nome completo').fill('Luiza Fernandes Prado');
    await page.getByLabel('CPF').fill('529.982.247-24');
    await page.getByLabel('Data de nascimento').fill('1993-02-20');
    await page.getByLabel('E-mail').fill('luiza.prado@exemplo.com.br');
    await page.getByLabel('Celular').fill('(31) 99876-5432');
    await page.getByLabel('CEP').fill('30130010');
    await page.getByLabel('Logradouro').focus(); // blur of the CEP fills the address
    await expect.poll(() => page.getByLabel('Logradouro').inputValue()).toBe('Avenida Afonso Pena');
    await expect(page.locator('[name="endereco.cidade"]').inputValue()).resolves.toBe('Belo Horizonte');
    await page.getByLabel('Número').fill('1212');
    await page.getByLabel('Carros').check();
    await page.locator('[name="senha"]').fill('ipe-amarelo-42');
    await page.getByLabel('Confirme a senha').fill('ipe-amarelo-42');
    await page.getByLabel(/Li e aceito/).check();
    await page.getByTestId('botao-cadastrar').click();
    await expect.poll(() => page.locator('#campo-cpf-erro').textContent()).toBe('CPF inválido');
    await expect(page.getByLabel('Nome completo').inputValue()).resolves.toBe('Luiza Fernandes Prado');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}cadastro-erros.png`, fullPage: true });

    await page.getByLabel('CPF').fill('529.982.247-25');
    await page.locator('[name="senha"]').fill('ipe-amarelo-42');
    await page.getByLabel('Confirme a senha').fill('ipe-amarelo-42');
    await page.getByTestId('botao-cadastrar').click();
    await page.waitForURL(/\/email$/);
    await expect(page.getByTestId('aviso-global').innerText()).resolves.toBe('Cadastro realizado com sucesso');
    await expect(page.getByTestId('usuario-logado').innerText()).resolves.toBe('Luiza');
    await expect(page.getByTestId('usuario-logado').getAttribute('title')).resolves.toBe('Luiza Fernandes Prado');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}confirmar-email.png`, fullPage: true });
    expect(erros).toEqual([]);
    await ctx.close();
  });

  it('a CEP lookup that fails says so in pt-BR and lets the client type the address', async () => {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const ctx = await t.browser.newContext({ viewport });
      const page = await ctx.newPage();
      const erros = vigiarErros(page);
      await page.goto(url(1, '/cadastro'), { waitUntil: 'networkidle' });
      // The service answers with an error: our lookup finds nothing.
      cep.use(http.get('https://viacep.com.br/ws/:cep/json/', () => new HttpResponse('falhou', { status: 500 })));
      await page.getByLabel('CEP').fill('01310-100');
      await page.getByLabel('Logradouro').focus();
      await expect.poll(() => page.getByTestId('aviso-cep').innerText()).toBe('CEP não encontrado. Preencha o endereço.');
      cep.resetHandlers();
      // No network at all: the browser's request fails.
      await page.route('**/cep/*', (r) => r.abort('internetdisconnected'));
      await page.getByLabel('CEP').fill('30130-010');
      await page.getByLabel('Logradouro').focus();
      await expect
        .poll(() => page.getByTestId('aviso-cep').innerText())
        .toBe('Não foi possível buscar o endereço agora. Preencha o endereço.');
      await page.getByLabel('Logradouro').fill('Rua da Bahia');
      await expect(page.getByLabel('Logradouro').inputValue()).resolves.toBe('Rua da Bahia');
      await page.getByTestId('aviso-cep').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${PASTA_SCREENSHOTS}cadastro-cep-falhou-${viewport.width}.png` });
      expect(erros.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
      await ctx.close();
    }
  });

  it('logs in with the TOTP code, showing progress and success', async () => {
    const ctx = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const erros = vigiarErros(page);
    await page.goto(url(1, '/login'), { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}login.png`, fullPage: true });
    await page.getByLabel('E-mail').fill('2fa@martelo.test');
    await page.getByLabel('Senha').fill(SENHA_DEMO);
    await page.getByTestId('botao-login').click();
    const campoCodigo = page.getByLabel('Código de autenticação (6 dígitos)');
    await campoCodigo.waitFor();
    await expect(page.getByTestId('login-erro').innerText()).resolves.toBe('Informe o código de autenticação de dois fatores');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}login-2fa.png`, fullPage: true });

    // Slow the answer down to see the spec's progress message.
    await page.route(/\/login\?.*_data=/, async (rota) => {
      await new Promise((r) => setTimeout(r, 400));
      await rota.continue();
    });
    await campoCodigo.fill(codigoAtual(SEGREDO_2FA_DEMO));
    await page.getByTestId('botao-login').click();
    await expect.poll(() => page.getByTestId('login-aguarde').count()).toBe(1);
    await expect(page.getByTestId('login-aguarde').innerText()).resolves.toBe('Efetuando o login, aguarde!');
    await page.waitForURL(/\/admin$/);
    await expect(page.getByTestId('aviso-global').innerText()).resolves.toBe('Login efetuado com sucesso');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Olá, Sérgio Tavares');
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-apos-login.png`, fullPage: true });
    expect(erros).toEqual([]);
    await ctx.close();
  });

  it('counts down inactivity, shares activity across tabs, and logs every tab out at 300 s', async () => {
    const ctx: BrowserContext = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.clock.install();
    const aba1 = await ctx.newPage();
    const erros = vigiarErros(aba1);
    await aba1.goto(url(2, '/login?redirectTo=%2Fcliente%2Fmeu-perfil'), { waitUntil: 'networkidle' });
    await aba1.getByLabel('E-mail').fill('cliente1@h2.martelo.test');
    await aba1.getByLabel('Senha').fill(SENHA_DEMO);
    await aba1.getByTestId('botao-login').click();
    await aba1.waitForURL(/\/cliente\/meu-perfil$/);
    const aba2 = await ctx.newPage();
    await aba2.goto(url(2, '/cliente/minha-pagina'), { waitUntil: 'networkidle' });
    await aba1.bringToFront();

    await ctx.clock.runFor(230_000);
    const contador = aba1.getByTestId('contador-inatividade');
    await expect.poll(() => contador.count()).toBe(0);
    await ctx.clock.runFor(20_000);
    await expect.poll(() => aba1.getByTestId('segundos-restantes').textContent()).toBe('50');
    await aba1.screenshot({ path: `${PASTA_SCREENSHOTS}inatividade-contador.png` });
    // Activity in the other tab counts for this one too.
    await aba2.mouse.move(200, 300);
    await aba2.mouse.move(300, 400);
    await ctx.clock.runFor(2_000);
    await expect.poll(() => contador.count()).toBe(0);

    await ctx.clock.runFor(301_000);
    await aba1.waitForURL(/\/login\?/);
    await aba2.waitForURL(/\/login\?/);
    await expect(aba1.getByTestId('mensagem-guarda').innerText()).resolves.toBe('Sua sessão foi encerrada por inatividade');
    // The session is really gone on the server.
    await aba2.goto(url(2, '/cliente/meu-perfil'));
    expect(new URL(aba2.url()).pathname).toBe('/login');
    expect(erros).toEqual([]);
    await ctx.close();
  });
});

describe('screens at a glance', () => {
  it('renders the staff and client screens without errors (screenshots)', async () => {
    const ctx = await t.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const erros = vigiarErros(page);
    const entrar = async (id: number, email: string) => {
      await page.goto(url(id, '/login'), { waitUntil: 'networkidle' });
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(SENHA_DEMO);
      await page.getByTestId('botao-login').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    };
    await entrar(14, 'cliente2@h14.martelo.test');
    for (const [caminho, nome] of [
      ['/cliente/minha-pagina', 'cliente-minha-pagina'],
      ['/dois-fatores', 'dois-fatores'],
    ]) {
      await page.goto(url(14, caminho), { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${PASTA_SCREENSHOTS}${nome}.png`, fullPage: true });
    }
    await expect(page.getByTestId('qrcode-2fa').evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0);
    // "Sair" from the header logs out and shows the header's "Entrar" again.
    await page.getByTestId('usuario-logado').click();
    await page.getByTestId('botao-sair').click();
    await page.getByTestId('botao-entrar').waitFor();

    await entrar(14, 'admin@martelo.test');
    await page.goto(url(14, '/admin/clientes'), { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-clientes.png`, fullPage: true });
    await page.getByRole('link', { name: 'Camila Rocha Martins' }).click();
    await page.getByRole('heading', { level: 1, name: 'Camila Rocha Martins' }).waitFor();
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-cliente.png`, fullPage: true });
    await page.goto(url(14, '/admin/usuarios'), { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Otávio Bittencourt' }).click();
    await page.getByRole('link', { name: 'Papéis e permissões' }).click();
    await page.getByRole('heading', { name: 'Copiar permissões' }).waitFor();
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-usuario-papeis.png`, fullPage: true });

    // Conditional sales: the seeded ones wait for an answer; a counter-offer is recorded.
    await page.getByRole('link', { name: 'Avaliação condicional' }).click();
    const aguardando = page.getByTestId('condicionais-aguardando');
    await aguardando.waitFor();
    const primeira = aguardando.locator('tbody tr').first();
    const lote = await primeira.getAttribute('data-lote');
    await primeira.getByLabel('Resposta').selectOption('Novo valor');
    await primeira.getByLabel('Novo valor (R$)').fill('41.000,00');
    await primeira.getByRole('button', { name: 'Responder' }).click();
    await expect.poll(() => page.getByTestId('aviso-condicional').innerText()).toBe('Resposta registrada: Novo valor (Condicional)');
    await expect(page.getByTestId('condicionais-respondidas').innerText()).resolves.toMatch(
      /Novo valor: R\$\s41\.000,00\tCondicional\tHelena Duarte/,
    );
    expect(await page.locator(`[data-lote="${lote}"]`).count()).toBe(1);
    await page.screenshot({ path: `${PASTA_SCREENSHOTS}admin-avaliacao-condicional.png`, fullPage: true });
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
