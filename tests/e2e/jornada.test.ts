import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { obterLote } from '~/modules/catalogo/lote.server';
import { caminhoDoLote } from '~/modules/catalogo/regras';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { entrarComoStaff } from '../staff';
import { cepDeTeste, navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS } from './browser';

/**
 * Issue #12's proof: a newcomer gets from sign-up to a bid without help, on an auction brand and a
 * shop brand, on a desktop and a phone: sign up, confirm e-mail and phone with the codes read in their
 * own inbox (Minhas mensagens, in the account menu: the demo has no SMTP), get enabled from the lot page, bid (offer), be outbid live
 * by a second client, find it in "Meus lances". A screenshot of every step (jornada-<brand>-<n>-*.png).
 */
const t = navegadorDeTeste();
cepDeTeste();

/** A valid CPF from nine digits (the two check digits computed). */
function cpf(base: string) {
  const d = base.split('').map(Number);
  for (const n of [9, 10]) {
    const soma = d.slice(0, n).reduce((s, x, i) => s + x * (n + 1 - i), 0);
    d.push(((soma * 10) % 11) % 10);
  }
  return d.join('');
}

function vigiar(page: Page) {
  const erros: string[] = [];
  page.on('pageerror', (e) => erros.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('ERR_NAME_NOT_RESOLVED') && !/status of 4\d\d/.test(m.text())) erros.push(m.text());
  });
  return erros;
}

const DESKTOP = { viewport: { width: 1366, height: 900 } };
const CELULAR = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

describe('from sign-up to a bid, without help (issue #12)', () => {
  it.each([
    { hotsiteId: 1, aparelho: 'desktop', opcoes: DESKTOP, base: '318457209' },
    { hotsiteId: 1, aparelho: 'celular', opcoes: CELULAR, base: '402918377' },
    { hotsiteId: 2, aparelho: 'desktop', opcoes: DESKTOP, base: '527310846' },
    { hotsiteId: 2, aparelho: 'celular', opcoes: CELULAR, base: '613084529' },
  ])('brand $hotsiteId on $aparelho', async ({ hotsiteId, aparelho, opcoes, base }) => {
    const loja = hotsiteId === 2;
    const url = (caminho: string) => `http://h${hotsiteId}.localhost:${t.app.port}${caminho}`;
    let passo = 0;
    const foto = (p: Page, nome: string) =>
      p.screenshot({
        path: `${PASTA_SCREENSHOTS}jornada-h${hotsiteId}-${aparelho}-${String(++passo).padStart(2, '0')}-${nome}.png`,
        fullPage: aparelho === 'desktop',
      });

    const { loteId, leilaoId, veiUid } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 20_000_00, incremento: 1_000_00 });
    const lote = (await obterLote({ db: t.banco.db, hotsiteId, id: loteId }))!;
    const paginaDoLote = caminhoDoLote(loja ? 'anuncio' : 'leilao', lote);
    const ctx = await t.browser.newContext(opcoes);
    const p = await ctx.newPage();
    const erros = vigiar(p);
    const email = `jornada-${hotsiteId}-${aparelho}@exemplo.com.br`;

    // 1. Sign up.
    await p.goto(url('/cadastro'), { waitUntil: 'networkidle' });
    await p.getByLabel('Nome completo').fill(`Jéssica ${aparelho === 'desktop' ? 'Prado' : 'Moura'} Lins`);
    await p.getByLabel('CPF').fill(cpf(base));
    await p.getByLabel('Data de nascimento').fill('1990-05-14');
    await p.getByLabel('E-mail').fill(email);
    await p.getByLabel('Celular').fill('(31) 99876-5432');
    await p.getByLabel('CEP').fill('30130010');
    await p.getByLabel('Logradouro').focus();
    await expect.poll(() => p.getByLabel('Logradouro').inputValue()).toBe('Avenida Afonso Pena');
    await p.getByLabel('Número').fill('1212');
    await p.getByLabel('Carros').check();
    await p.locator('[name="senha"]').fill('ipe-amarelo-42');
    await p.getByLabel('Confirme a senha').fill('ipe-amarelo-42');
    await p.getByLabel(/Li e aceito/).check();
    await foto(p, 'cadastro');
    await p.getByTestId('botao-cadastrar').click();
    await p.waitForURL(/\/email$/);

    // 2. Confirm e-mail and phone with the codes in their own inbox, opened from the account menu in a
    // second tab (without SMTP, Minhas mensagens is where the demo delivers them).
    const caixa = await ctx.newPage();
    const errosDaCaixa = vigiar(caixa);
    await caixa.goto(url('/'), { waitUntil: 'networkidle' });
    const menuDaConta = caixa.getByTestId(aparelho === 'desktop' ? 'menu-conta' : 'menu-movel');
    await menuDaConta.locator('summary').click();
    await menuDaConta.getByRole('link', { name: 'Minhas mensagens' }).click();
    await caixa.waitForURL(/\/minhas-mensagens$/);
    const codigo = async (canal: 'email' | 'sms') => {
      await caixa.reload({ waitUntil: 'networkidle' });
      const texto = await caixa.locator(`[data-testid="minha-mensagem"][data-canal="${canal}"]`).first().innerText();
      return /código de confirmação é (\d{6})/.exec(texto)![1];
    };
    await p.getByLabel('Código recebido').fill(await codigo('email'));
    await foto(p, 'confirmar-email');
    await p.getByRole('button', { name: 'Confirmar' }).click();
    await p.waitForURL(/\/telefone$/);
    await p.getByRole('button', { name: 'Enviar código' }).click();
    await p.getByTestId('codigo-enviado').waitFor();
    await p.getByLabel('Código recebido').fill(await codigo('sms'));
    await caixa.screenshot({ path: `${PASTA_SCREENSHOTS}jornada-h${hotsiteId}-${aparelho}-minhas-mensagens.png` });
    expect(errosDaCaixa).toEqual([]);
    await caixa.close();
    await p.getByRole('button', { name: 'Confirmar' }).click();
    await p.waitForURL(/\/cliente\/minha-pagina$/);
    await foto(p, 'minha-pagina');

    // 3. The lot page: bidding first is refused, with the way to enable right there.
    await p.goto(url(paginaDoLote), { waitUntil: 'networkidle' });
    const box = p.getByTestId('habilitacao');
    await expect(box.locator('h2').innerText()).resolves.toBe(loja ? 'Habilitar-se para este evento' : 'Habilitar-se para este leilão');
    await p.getByTestId('botao-lance').click();
    await expect
      .poll(() => p.getByTestId('mensagem-lance').innerText())
      .toContain(
        loja ? 'Você não está habilitado para fazer ofertas neste evento' : 'Você não está habilitado para dar lances neste leilão',
      );
    await p.getByTestId('link-habilitar').click();
    await foto(p, 'nao-habilitado');
    await p.getByTestId('habilitacao-aceite').check();
    await p.getByTestId('habilitacao-botao').click();
    await expect.poll(() => box.getAttribute('data-situacao')).toBe('Habilitado');
    await expect(p.getByTestId('habilitacao-mensagem').innerText()).resolves.toBe('Habilitação realizada com sucesso');
    await foto(p, 'habilitado');

    // 4. Bid (offer), then a second client outbids live.
    await expect(p.getByTestId('botao-lance').innerText()).resolves.toBe(`Confirmar ${loja ? 'oferta' : 'lance'} de R$\u00a020.000,00`);
    await p.getByTestId('botao-lance').click();
    await expect.poll(() => p.getByTestId('status-lance').innerText(), { timeout: 5_000 }).toBe(loja ? 'Melhor oferta' : 'Ganhando');
    await foto(p, 'lance');
    const rival = await criarCliente(t.banco.db, { hotsiteId, nome: 'Rui Rival', leilaoId });
    const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', {
      method: 'POST',
      headers: rival.auth,
      corpo: { loteId, valor: 21_000_00 },
    });
    expect(r.status).toBe(201);
    await expect.poll(() => p.getByTestId('status-lance').innerText(), { timeout: 5_000 }).toBe(loja ? 'Oferta superada' : 'Superado');
    await expect
      .poll(() => p.getByTestId('painel-de-lances').innerText(), { timeout: 5_000 })
      .toContain(loja ? 'Sua oferta no anúncio 001 foi superada' : 'Seu lance no lote 001 foi superado');
    // The answer to their own earlier bid ("registrado com sucesso") no longer stands beside it.
    await expect.poll(() => p.getByTestId('mensagem-lance').count()).toBe(0);
    // The page's value block follows too: current value, next accepted bid and the count.
    const valores = p.getByTestId('bloco-valores');
    await expect.poll(() => valores.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a021.000,00');
    await expect(valores.getByTestId('proximo-lance').innerText()).resolves.toBe('R$\u00a022.000,00');
    await expect.poll(() => valores.innerText(), { timeout: 5_000 }).toContain(loja ? '2 ofertas' : '2 lances');
    await expect(p.getByTestId('valor-atual').first().innerText()).resolves.toBe('R$\u00a021.000,00');
    await foto(p, 'superado');

    // 5. "Meus lances" tells the same.
    await p.goto(url('/cliente/meus-lances'), { waitUntil: 'networkidle' });
    const meus = p.getByTestId('meus-lances');
    await expect(meus.innerText()).resolves.toContain('VW Gol 1.0 2015');
    await expect(meus.innerText()).resolves.toContain(loja ? 'Oferta superada' : 'Superado');
    await foto(p, 'meus-lances');
    expect(veiUid).toBeTruthy();
    expect(erros).toEqual([]);
    await caixa.context().close();
    await ctx.close();
  });
});

describe('habilitation with staff approval (brand 1002)', () => {
  it('the client waits, SAC refuses with a reason in the queue, the client reads it on the lot page', async () => {
    const url = (caminho: string) => `http://h1002.localhost:${t.app.port}${caminho}`;
    const { veiUid } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1002 });
    const c = await criarCliente(t.banco.db, { hotsiteId: 1002, nome: 'Olga Pires' });
    const cliente = await (await contextoLogado(t.browser, c.cookie, 1002, CELULAR)).newPage();
    const erros = vigiar(cliente);
    await cliente.goto(url(`/lances/${veiUid}`), { waitUntil: 'networkidle' });
    await expect(cliente.getByTestId('habilitacao').innerText()).resolves.toContain('Seu pedido será analisado pela nossa equipe');
    await cliente.getByTestId('habilitacao-aceite').check();
    await cliente.getByTestId('habilitacao-botao').click();
    await expect.poll(() => cliente.getByTestId('habilitacao').getAttribute('data-situacao')).toBe('Pendente');
    await cliente.screenshot({ path: `${PASTA_SCREENSHOTS}habilitacao-pendente.png` });

    const sac = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC], { hotsiteId: 1002, nome: 'Sara SAC' });
    const fila = await (await contextoLogado(t.browser, sac.cookie, 1002, DESKTOP)).newPage();
    const errosFila = vigiar(fila);
    await fila.goto(url('/admin/habilitacoes'), { waitUntil: 'networkidle' });
    const linha = fila.getByTestId('habilitacoes').locator('tr', { hasText: 'Olga Pires' });
    await linha.getByLabel('Motivo da recusa de Olga Pires').fill('Comprovante de endereço vencido');
    await fila.screenshot({ path: `${PASTA_SCREENSHOTS}habilitacoes-fila.png`, fullPage: true });
    await linha.getByRole('button', { name: 'Recusar' }).click();
    await expect.poll(() => fila.getByTestId('habilitacao-resposta').innerText()).toBe('Habilitação recusada');

    await cliente.reload({ waitUntil: 'networkidle' });
    await expect(cliente.getByTestId('habilitacao').innerText()).resolves.toContain(
      'Habilitação recusada. Motivo: Comprovante de endereço vencido',
    );
    await cliente.screenshot({ path: `${PASTA_SCREENSHOTS}habilitacao-recusada.png` });
    expect([...erros, ...errosFila]).toEqual([]);
    await cliente.context().close();
    await fila.context().close();
  });
});

describe('habilitation without JavaScript', () => {
  it('the agenda lists it per auction; the lot page form posts and comes back enabled', async () => {
    const url = (caminho: string) => `http://h1.localhost:${t.app.port}${caminho}`;
    const { veiUid } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const c = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Nestor Sem Script' });
    const ctx = await contextoLogado(t.browser, c.cookie, 1, { ...DESKTOP, javaScriptEnabled: false });
    const p = await ctx.newPage();
    await p.goto(url('/agenda'));
    expect(await p.getByTestId('habilitacao-resumo').count()).toBeGreaterThan(0);
    await p.getByTestId('habilitacao-resumo').first().click();
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}habilitacao-agenda.png`, fullPage: true });

    await p.goto(url(`/lances/${veiUid}`));
    await p.getByTestId('habilitacao-aceite').check();
    await p.getByTestId('habilitacao-botao').click();
    await p.waitForLoadState('load');
    await expect(p.getByTestId('habilitacao').getAttribute('data-situacao')).resolves.toBe('Habilitado');
    await expect(p.getByTestId('habilitacao-mensagem').innerText()).resolves.toBe('Habilitação realizada com sucesso');
    await p.getByTestId('botao-lance').click();
    await p.waitForLoadState('load');
    await expect(p.getByTestId('mensagem-lance').innerText()).resolves.toBe('Lance registrado com sucesso');
    await ctx.close();
  });
});
