import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, loteFoto, pedidoVendaVeiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS, vigiaDeErros } from './browser';

/*
 * Issue #33 (decision 255): SAC evaluates a conditional lot in the browser (checklist, a photo with its
 * note, values, recommendation), concludes, and the answer form starts from the recommendation. Each brand
 * wording, desktop and phone, with nothing cut at the right; screenshots of the three new screens.
 */
const t = navegadorDeTeste();
const { erros, vigiar } = vigiaDeErros();
const TELAS = { desktop: { width: 1366, height: 900 }, celular: { width: 390, height: 844 } } as const;

async function loteCondicional(hotsiteId: number) {
  const db = t.banco.db;
  const { loteId, leilaoId } = await criarLoteEmDisputa(db, { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  const c = await criarCliente(db, { hotsiteId, nome: 'Marina Costa', leilaoId });
  expect(
    (await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: c.auth, corpo: { loteId, valor: 24_000_00 } })).status,
  ).toBe(201);
  await vencerLote(db, loteId);
  await encerrarLotesVencidos({ db, hub: t.app.martelo.hub });
  await db
    .insert(loteFoto)
    .values(
      [1, 2, 3].map((n) => ({ hotsiteId, loteId, ordem: n, url: `/catalogo/foto/carro.svg?cor=prata&n=${n}`, descricao: `Foto ${n}` })),
    );
  const [l] = await db.select({ uid: lote.uid }).from(lote).where(eq(lote.id, loteId));
  return l!.uid;
}

async function abrir(cookie: string, hotsiteId: number, caminho: string, tela: keyof typeof TELAS) {
  const p = vigiar(await (await contextoLogado(t.browser, cookie, hotsiteId, { viewport: TELAS[tela] })).newPage());
  await p.goto(`http://h${hotsiteId}.localhost:${t.app.port}${caminho}`);
  await p.waitForLoadState('networkidle');
  return p;
}

const semCorteADireita = async (p: Awaited<ReturnType<typeof abrir>>) =>
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await p.evaluate(() => window.innerWidth));

describe('the conditional vehicle evaluation in the browser', () => {
  it('SAC fills the checklist, a photo note and values, concludes, and the answer starts at "Novo valor" with the suggested value', async () => {
    for (const [hotsiteId, tela] of [
      [1, 'desktop'],
      [2, 'celular'],
    ] as const) {
      const uid = await loteCondicional(hotsiteId);
      const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId, nome: 'Paula SAC' });
      const p = await abrir(sac.cookie, hotsiteId, `/admin/avaliacao-veicular-condicional/${uid}`, tela);
      const form = p.getByTestId('form-avaliacao-condicional');
      await form.getByLabel('Estado: Lataria').selectOption('Regular');
      await form.getByLabel('Observação: Lataria').fill('Amassado na porta traseira');
      await form.getByLabel('Estado: Motor').selectOption('Bom');
      await form.getByRole('checkbox').nth(1).check();
      await form.getByLabel('Observação da foto Foto 2').fill('Amassado visível');
      await form.getByLabel('Valor de mercado (R$)').fill('48.000,00');
      await form.getByLabel('Custo estimado de reparos (R$)').fill('3.500,00');
      await form.getByLabel('Valor sugerido ao comitente (R$)').fill('27.500,00');
      await form.getByLabel('Recomendação').selectOption('Novo valor');
      if (tela === 'celular') {
        // On a phone each item is a block: its name in sight, its state and note under it.
        const nome = await form.locator('td', { hasText: /^Lataria$/ }).boundingBox();
        const estado = await form.getByLabel('Estado: Lataria').boundingBox();
        expect(nome!.x + nome!.width).toBeLessThanOrEqual(TELAS.celular.width);
        expect(estado!.y).toBeGreaterThan(nome!.y);
      }
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}avaliacao-condicional-form-h${hotsiteId}-${tela}.png`, fullPage: true });
      await semCorteADireita(p);
      await form.getByRole('button', { name: 'Concluir avaliação' }).click();
      await p.getByTestId('aviso-avaliacao-condicional').waitFor();
      await expect(p.getByTestId('aviso-avaliacao-condicional').innerText()).resolves.toContain('Avaliação concluída');
      // The notice comes with the action's answer; the page's data follows on its reload.
      await expect.poll(() => p.getByTestId('situacao-avaliacao').innerText(), { timeout: 15_000 }).toBe('Concluída');
      await expect(p.getByTestId('recomendacao').innerText()).resolves.toMatch(/Novo valor de R\$\s27\.500,00/);
      await expect(p.getByLabel('Resposta', { exact: true }).inputValue()).resolves.toBe('Novo valor');
      await expect(p.getByLabel('Novo valor (R$)').inputValue()).resolves.toBe('27.500,00');
      const resumo = p.getByTestId('resumo-avaliacao');
      await expect(resumo.innerText()).resolves.toMatch(/Lataria\s+Regular\s+Amassado na porta traseira/);
      await expect(resumo.getByTestId('fotos-avaliadas').innerText()).resolves.toContain('Amassado visível');
      await semCorteADireita(p);
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}avaliacao-condicional-concluida-h${hotsiteId}-${tela}.png`, fullPage: true });
    }
    expect(erros).toEqual([]);
  });

  it('the appraisal and sell-your-car lists fit desktop and phone (screenshots)', { timeout: 240_000 }, async () => {
    const { loteId } = await criarLoteEmDisputa(t.banco.db, { minimo: 20_000_00 });
    for (const hotsiteId of [1, 2])
      await t.banco.db.insert(pedidoVendaVeiculo).values([
        {
          hotsiteId,
          nome: 'Marcos Albuquerque',
          email: 'marcos@exemplo.com.br',
          telefone: '11987654321',
          marcaModelo: 'Volkswagen Gol 1.0',
          anoModelo: 2019,
          km: 65_432,
          valorPretendido: 42_500_00,
          cidade: 'Campinas',
          uf: 'SP',
        },
        {
          hotsiteId,
          nome: 'Ana Beatriz Figueiredo de Souza',
          email: 'ana.beatriz.figueiredo@exemplo.com.br',
          telefone: '81998765432',
          marcaModelo: 'Toyota Corolla XEi 2.0 Flex',
          anoModelo: 2021,
          km: null,
          valorPretendido: null,
          cidade: 'Jaboatão dos Guararapes',
          uf: 'PE',
          situacao: 'Contatado',
        },
      ]);
    for (const [hotsiteId, tela] of [
      [1, 'celular'],
      [2, 'desktop'],
    ] as const) {
      // Each brand's own ADM: a session belongs to one brand (its socket too).
      const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId });
      const p = await abrir(adm.cookie, hotsiteId, `/admin/avaliacao-leiloeiro${hotsiteId === 1 ? `?loteId=${loteId}` : ''}`, tela);
      if (hotsiteId === 1) {
        const form = p.getByTestId('form-avaliacao-leiloeiro');
        await form.getByLabel('Valor de avaliação (R$)').fill('45.000,00');
        await form.getByLabel(/^Estado geral/).selectOption('Bom');
        await form.getByRole('button', { name: 'Registrar avaliação' }).click();
        // A client-side redirect: the new page's heading, then its address.
        await p.getByRole('heading', { name: /^Avaliação do lote / }).waitFor({ timeout: 90_000 });
        expect(p.url()).toMatch(/\/admin\/avaliacao-leiloeiro\/[0-9a-f-]{36}$/);
      }
      await semCorteADireita(p);
      await p.screenshot({ path: `${PASTA_SCREENSHOTS}avaliacao-leiloeiro-h${hotsiteId}-${tela}.png`, fullPage: true });
      const q = await abrir(adm.cookie, hotsiteId, '/admin/pedidos-venda', tela);
      await semCorteADireita(q);
      await q.screenshot({ path: `${PASTA_SCREENSHOTS}pedidos-venda-h${hotsiteId}-${tela}.png`, fullPage: true });
    }
    expect(erros).toEqual([]);
  });
});
