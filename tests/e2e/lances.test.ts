import { describe, expect, it } from 'vitest';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { navegadorDeTeste, contextoLogado, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

const t = navegadorDeTeste();

const { erros, vigiar } = vigiaDeErros();

describe('bidding in two browser contexts', () => {
  it('two clients outbid each other and each sees the other bid live, without reload', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const ana = await criarCliente(t.banco.db, { nome: 'Ana Souza', leilaoId });
    const beto = await criarCliente(t.banco.db, { nome: 'Beto Lima', leilaoId });
    const pa = vigiar(await (await contextoLogado(t.browser, ana.cookie, 1)).newPage());
    const pb = vigiar(await (await contextoLogado(t.browser, beto.cookie, 1)).newPage());
    const url = `http://h1.localhost:${t.app.port}/lances/${veiUid}`;
    await Promise.all([pa.goto(url), pb.goto(url)]);
    await Promise.all([pa.waitForLoadState('networkidle'), pb.waitForLoadState('networkidle')]);
    await expect(pa.getByTestId('valor-atual').innerText()).resolves.toBe('R$\u00a010.000,00');
    await expect(pa.getByTestId('botao-lance').innerText()).resolves.toBe('Confirmar lance de R$\u00a010.000,00');
    // The confirmation shows the full cost (5 % commission by default).
    await expect(pa.getByTestId('custo-total').innerText()).resolves.toContain('Total a pagar: R$\u00a010.500,00');

    await pa.getByTestId('botao-lance').click();
    await expect.poll(() => pb.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a010.000,00');
    await expect.poll(() => pb.getByTestId('botao-lance').innerText(), { timeout: 5_000 }).toBe('Confirmar lance de R$\u00a010.500,00');
    await expect.poll(() => pa.getByTestId('status-lance').innerText()).toBe('Ganhando');

    await pb.getByTestId('botao-lance').click();
    await expect.poll(() => pa.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a010.500,00');
    await expect.poll(() => pa.getByTestId('status-lance').innerText(), { timeout: 5_000 }).toBe('Superado');
    await expect
      .poll(() => pa.getByTestId('painel-de-lances').innerText(), { timeout: 5_000 })
      .toContain('Seu lance no lote 001 foi superado');
    // Told once, beside the bid button: the site-wide toast leaves the lot the page shows to the panel.
    await expect(pa.getByTestId('toasts').innerText()).resolves.not.toContain('superado');
    await expect.poll(() => pa.getByTestId('historico').innerText(), { timeout: 5_000 }).toContain('Beto L.');

    // Ana answers with a typed value; Beto sees it.
    await pa.getByLabel(/Próximo lance/).fill('12.000,00');
    await pa.getByTestId('botao-lance').click();
    await expect.poll(() => pb.getByTestId('valor-atual').innerText(), { timeout: 5_000 }).toBe('R$\u00a012.000,00');
    await expect.poll(() => pb.getByTestId('status-lance').innerText(), { timeout: 5_000 }).toBe('Superado');
    await pa.screenshot({ path: `${PASTA_SCREENSHOTS}lances-ana.png`, fullPage: true });
    await pb.screenshot({ path: `${PASTA_SCREENSHOTS}lances-beto.png`, fullPage: true });

    // Ana sets an automatic maximum; it is shown for maintenance in "meus lances".
    await pa.locator('summary', { hasText: 'Lance automático' }).click();
    await pa.getByLabel(/Valor máximo/).fill('20.000,00');
    await pa.getByRole('button', { name: /Salvar lance automático/ }).click();
    await expect.poll(() => pa.getByTestId('mensagem-lance').innerText(), { timeout: 5_000 }).toBe('Lance automático salvo');
    await pa.goto(`http://h1.localhost:${t.app.port}/cliente/meus-lances`);
    await expect(pa.getByTestId('meus-lances').innerText()).resolves.toContain('Ganhando');
    await expect(pa.getByLabel(/máximo/).inputValue()).resolves.toBe('20.000,00');
    await pa.screenshot({ path: `${PASTA_SCREENSHOTS}meus-lances.png`, fullPage: true });
    expect(erros).toEqual([]);
  });

  it('an outbid client gets a toast on any page of the site, in the brand wording', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, minimo: 10_000_00, incremento: 500_00 });
    const lia = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Lia Matos', leilaoId });
    const rui = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Rui Neves', leilaoId });
    const lance = (c: typeof lia, valor: number) =>
      t.app.pedir('h2.localhost', '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor } });
    expect((await lance(lia, 10_000_00)).status).toBe(201);
    // Lia is reading her favourites, far from the lot's page.
    const sockets = t.app.martelo.hub.conexoes;
    const p = vigiar(await (await contextoLogado(t.browser, lia.cookie, 2)).newPage());
    await p.goto(`http://h2.localhost:${t.app.port}/cliente/favoritos`);
    await expect.poll(() => t.app.martelo.hub.conexoes, { timeout: 5_000 }).toBeGreaterThan(sockets);
    expect((await lance(rui, 10_500_00)).status).toBe(201);
    await expect.poll(() => p.getByTestId('toasts').innerText(), { timeout: 5_000 }).toBe('Sua oferta no anúncio 001 foi superada');
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}lance-superado-toast.png` });
    expect(erros).toEqual([]);
  });

  it('without JavaScript the bid form still posts and comes back with the message; favourites toggle', async () => {
    const { veiUid, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2 });
    const c = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Caio Prado', leilaoId });
    const ctx = await contextoLogado(t.browser, c.cookie, 2, { javaScriptEnabled: false });
    const p = await ctx.newPage();
    await p.goto(`http://h2.localhost:${t.app.port}/lances/${veiUid}`);
    // Shop wording (loja): oferta instead of lance.
    await expect(p.getByTestId('botao-lance').innerText()).resolves.toBe('Confirmar oferta de R$\u00a010.000,00');
    await p.getByTestId('botao-lance').click();
    await p.waitForLoadState('load');
    await expect(p.getByTestId('mensagem-lance').innerText()).resolves.toBe('Oferta registrada com sucesso');
    await expect(p.getByTestId('status-lance').innerText()).resolves.toBe('Melhor oferta');
    await p.getByTestId('botao-favorito').click();
    await p.waitForLoadState('load');
    await p.goto(`http://h2.localhost:${t.app.port}/cliente/favoritos`);
    await expect(p.getByTestId('favoritos').innerText()).resolves.toContain('VW Gol 1.0 2015');
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}favoritos-loja.png`, fullPage: true });
    await ctx.close();
  });

  it('a proposal sent on the automatic-offer brand is listed on its home page, on this device', async () => {
    const { veiUid, loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, {
      hotsiteId: 20,
      minimo: 30_000_00,
      somenteBuyNowProposta: true,
    });
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 20, nome: 'Carla Mendes', leilaoId });
    const ctx = await contextoLogado(t.browser, cliente.cookie, 20);
    const p = vigiar(await ctx.newPage());
    await p.goto(`http://h20.localhost:${t.app.port}/`, { waitUntil: 'networkidle' });
    await expect(p.getByTestId('minhas-propostas').innerText()).resolves.toContain('Você ainda não fez propostas neste aparelho.');

    await p.goto(`http://h20.localhost:${t.app.port}/lances/${veiUid}`, { waitUntil: 'networkidle' });
    await p.getByLabel('Valor da proposta').fill('28.500,00');
    await p.getByLabel('Telefone').fill('(11) 98765-4321');
    await p.getByLabel('E-mail').fill('carla@exemplo.com.br');
    await p.getByRole('button', { name: 'Enviar proposta' }).click();
    await expect.poll(() => p.getByTestId('mensagem-lance').innerText()).toBe('Proposta enviada com sucesso');

    await p.goto(`http://h20.localhost:${t.app.port}/`, { waitUntil: 'networkidle' });
    const lista = p.getByTestId('minhas-propostas');
    await expect.poll(() => lista.innerText()).toContain('R$\u00a028.500,00');
    await expect(lista.getByRole('link').first().getAttribute('href')).resolves.toBe(`/lances/${veiUid}`);
    // The proposal is on the server too, for the seller's answer.
    const r = await t.app.pedir('h20.localhost', '/v1/leilao/lotes/buscar-ultimas-proposta', { headers: cliente.auth });
    expect(JSON.stringify(r.json())).toContain(String(loteId));
    await p.screenshot({ path: `${PASTA_SCREENSHOTS}propostas-no-aparelho.png`, fullPage: true });
    expect(erros).toEqual([]);
    await ctx.close();
  });
});
