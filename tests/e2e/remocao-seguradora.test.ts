import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transportadora } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { assinado, solicitacao } from '@scripts/seguradora/eventos';
import { SEGREDO_DEMO } from '@scripts/seed/remocoes';
import { entrarComoStaff } from '../staff';
import { navegadorDeTeste, contextoLogado, vigiaDeErros } from './browser';

/*
 * Issue #31 in a browser (decisions 171-174): an insurer's S01 arrives; Remoção staff open it, confirm it,
 * schedule it and see the stage, the outbox of updates and the integration log, on a desktop and a phone,
 * then the printable report. No page or console errors.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-seguradoras/';

describe('the removal screen with an insurer claim', () => {
  it('S01 received → confirm → schedule; panel, updates and log on desktop and phone; the report', async () => {
    mkdirSync(FOTOS, { recursive: true });
    const a = assinado(SEGREDO_DEMO('Mapfre'), solicitacao('Mapfre', 'E2E-SINISTRO-1'));
    const r = await t.app.pedir('h1.localhost', '/v1/integracao/mapfre/remocoes', { method: 'POST', headers: a.headers, corpo: a.corpo });
    expect(r.status, r.texto).toBe(200);
    const uid = r.json<{ remocaoUid: string }>().remocaoUid;

    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO], { nome: 'Equipe de Remoção' });
    // The carrier is picked from the brand's register (decision 270).
    await t.banco.db.insert(transportadora).values({ hotsiteId: 1, nome: 'Guincho Rápido Transportes' }).onConflictDoNothing();
    for (const [nome, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['celular', { width: 390, height: 844 }],
    ] as const) {
      const ctx = await contextoLogado(t.browser, staff.cookie, 1, { viewport });
      const { erros, vigiar } = vigiaDeErros();
      const page = vigiar(await ctx.newPage());
      const base = `http://h1.localhost:${t.app.port}`;
      await page.goto(`${base}/admin/remocao/${uid}`, { waitUntil: 'networkidle' });
      // The desktop round moves it on; the phone finds it scheduled.
      await page
        .getByTestId('etapa-remocao')
        .getByText(nome === 'desktop' ? 'S01 · Solicitação de remoção' : 'S03 · Remoção agendada')
        .waitFor();
      if (nome === 'desktop') {
        await page.getByRole('button', { name: 'Confirmar remoção' }).click();
        await page.getByText('Remoção confirmada à seguradora').waitFor();
        await page.getByTestId('envios-seguradora').getByText('S02 · Remoção confirmada').waitFor();
        await page.getByLabel('Início previsto').fill('2026-12-02');
        await page.getByLabel('Transportadora').selectOption({ label: 'Guincho Rápido Transportes' });
        await page.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Salvo com sucesso').waitFor();
        await page.getByRole('button', { name: 'Agendar' }).click();
        await page.getByTestId('situacao-remocao').getByText('Agendada').waitFor();
        await page.getByTestId('etapa-remocao').getByText('S03 · Remoção agendada').waitFor();
      }
      await page.getByTestId('log-integracao').getByText('Recebido').first().waitFor();
      expect(await page.getByTestId('log-integracao').textContent()).toContain('Evento processado com sucesso');
      await page.screenshot({ path: `${FOTOS}remocao-${nome}.png`, fullPage: true });
      // Nothing wider than the phone's screen but the tables' own scroll boxes.
      const largura = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(largura).toBeLessThanOrEqual(viewport.width + 1);

      await page.getByRole('link', { name: 'Ver relatório da remoção' }).click();
      await page.getByTestId('relatorio-seguradora').waitFor();
      expect(await page.getByTestId('etapas-relatorio').textContent()).toContain('S01 · Solicitação de remoção');
      await page.screenshot({ path: `${FOTOS}relatorio-${nome}.png`, fullPage: true });
      expect(erros).toEqual([]);
      await ctx.close();
    }
  });
});
