import { mkdirSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consultaVeiculo, lote } from '@db/schema';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * Issue #31: the lot's checked history panel in a real browser, on a leilao brand (1) and a loja brand (2),
 * on a desktop and a phone. The lots are the seed's: one with a failed last check, one with stale checks.
 */
const t = navegadorDeTeste();
const PASTA = '/tmp/shots-consultas-veiculo/';
mkdirSync(PASTA, { recursive: true });

/** A lot on the site of a brand whose checks are in the given state (the seed makes both kinds). */
async function loteCom(hotsiteId: number, estado: 'falhou' | 'velho') {
  const [l] = await t.banco.db
    .selectDistinct({ id: lote.id })
    .from(lote)
    .innerJoin(consultaVeiculo, eq(consultaVeiculo.veiculoId, lote.veiculoId))
    .where(
      and(
        eq(lote.hotsiteId, hotsiteId),
        inArray(lote.situacao, [...SITUACOES_LISTAVEIS]),
        estado === 'falhou'
          ? eq(consultaVeiculo.resultado, 'FALHOU')
          : and(sql`${consultaVeiculo.resultado} <> 'FALHOU'`, sql`${consultaVeiculo.consultadoAt} < now() - interval '7 days'`),
      ),
    )
    .orderBy(asc(lote.id))
    .limit(1);
  return l.id;
}

async function abrirLote(hotsiteId: number, id: number, celular: boolean) {
  const { erros, vigiar } = vigiaDeErros();
  const ctx = await t.browser.newContext(
    celular ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = vigiar(await ctx.newPage());
  const prefixo = hotsiteId === 2 ? 'anuncio' : 'leilao';
  // Any path to the lot redirects to its canonical one.
  await page.goto(`http://h${hotsiteId}.localhost:${t.app.port}/${prefixo}/x-sp/carros/m/n/ano.2020/${id}`, { waitUntil: 'networkidle' });
  return { page, erros, fechar: () => ctx.close() };
}

const itensDoPainel = (page: Page) =>
  page
    .getByTestId('historico-verificado')
    .locator('li')
    .evaluateAll((lis) =>
      lis.map((li) => ({ item: li.getAttribute('data-item'), estado: li.getAttribute('data-estado'), texto: li.textContent ?? '' })),
    );

describe('the lot checked history panel', () => {
  it.each([
    [1, false],
    [1, true],
    [2, false],
    [2, true],
  ] as const)(
    'brand %i (phone: %s): stale checks are marked, each with its source and date, who pays in the brand wording',
    async (hotsiteId, celular) => {
      const { page, erros, fechar } = await abrirLote(hotsiteId, await loteCom(hotsiteId, 'velho'), celular);
      const painel = page.getByTestId('historico-verificado');
      await painel.waitFor({ state: 'visible' });
      await expect(painel.getByRole('heading', { name: 'Histórico verificado' }).isVisible()).resolves.toBe(true);
      const itens = await itensDoPainel(page);
      expect(itens.map((i) => i.item)).toEqual([
        'IPVA',
        'MULTAS',
        'LICENCIAMENTO',
        'ALIENACAO',
        'BLOQUEIO_JUDICIAL',
        'RECALL',
        'MONTA',
        'VEICULO_LEILAO',
      ]);
      expect(itens.every((i) => /, em \d{2}\/\d{2}\/\d{4}/.test(i.texto))).toBe(true);
      expect(itens.some((i) => i.texto.includes('Desatualizado (mais de 7 dias)'))).toBe(true);
      // The auction's terms in the brand's wording: arrematante/comitente on a leilao brand, comprador/vendedor in a shop.
      const ipva = itens[0].texto;
      if (hotsiteId === 2) expect(ipva).toMatch(/Pago pelo (comprador|vendedor)/);
      else expect(ipva).toMatch(/Pago pelo (arrematante|comitente)/);
      // On a phone the panel fits the screen: nothing scrolls sideways.
      const larguras = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, janela: window.innerWidth }));
      expect(larguras.doc).toBeLessThanOrEqual(larguras.janela);
      await painel.scrollIntoViewIfNeeded();
      await painel.screenshot({ path: `${PASTA}h${hotsiteId}-${celular ? 'celular' : 'desktop'}-painel.png` });
      await page.screenshot({ path: `${PASTA}h${hotsiteId}-${celular ? 'celular' : 'desktop'}-lote.png`, fullPage: true });
      expect(erros).toEqual([]);
      await fechar();
    },
  );

  it('a check that failed says so, with the time of its last answer', async () => {
    const { page, erros, fechar } = await abrirLote(1, await loteCom(1, 'falhou'), false);
    const itens = await itensDoPainel(page);
    expect(itens.every((i) => i.estado === 'falhou')).toBe(true);
    expect(itens[0].texto).toContain('Consulta indisponível, tentaremos de novo');
    expect(itens[0].texto).toMatch(/última resposta em \d{2}\/\d{2}\/\d{4}/);
    await page.getByTestId('historico-verificado').screenshot({ path: `${PASTA}h1-desktop-painel-falhou.png` });
    expect(erros).toEqual([]);
    await fechar();
  });
});
