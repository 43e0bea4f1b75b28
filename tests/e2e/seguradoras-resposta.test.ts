import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { assinado, comunicacao, solicitacao } from '@scripts/seguradora/eventos';
import { SEGREDO_DEMO } from '@scripts/seed/remocoes';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * Issue #31 in a browser (decisions 205-206): staff answer an insurer's question on the removal screen, and ADM
 * sets an insurer's secret (shown once) on a auction brand and a shop brand, desktop and phone.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-seguradoras/';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe('answering the insurer and its secret', () => {
  it('a question answered on the removal screen; the insurers screen on both brand kinds', async () => {
    mkdirSync(FOTOS, { recursive: true });
    const enviar = (e: unknown) => {
      const a = assinado(SEGREDO_DEMO('Mapfre'), e);
      return t.app.pedir('h1.localhost', '/v1/integracao/mapfre/remocoes', { method: 'POST', headers: a.headers, corpo: a.corpo });
    };
    const uid = (await enviar(solicitacao('Mapfre', 'E2E-PERGUNTA-1'))).json<{ remocaoUid: string }>().remocaoUid;
    await enviar(comunicacao('Mapfre', 'E2E-PERGUNTA-1', 'Qual a previsão de retirada?', 'COM-E2E-1'));
    await enviar(comunicacao('Mapfre', 'E2E-PERGUNTA-1', 'O veículo tem chave?', 'COM-E2E-2'));
    const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO], { nome: 'Equipe de Remoção' });

    for (const [nome, viewport] of TELAS) {
      const ctx = await contextoLogado(t.browser, staff.cookie, 1, { viewport });
      const { erros, vigiar } = vigiaDeErros();
      const page = vigiar(await ctx.newPage());
      await page.goto(`http://h1.localhost:${t.app.port}/admin/remocao/${uid}`, { waitUntil: 'networkidle' });
      const painel = page.getByTestId('comunicacoes-seguradora');
      await painel.getByText(nome === 'desktop' ? 'Qual a previsão de retirada?' : 'O veículo tem chave?').waitFor();
      const campo = painel.getByLabel('Resposta à seguradora').first();
      await campo.fill(nome === 'desktop' ? 'Retirada prevista para 02/12' : 'Sim, a chave está no veículo');
      await painel.getByRole('button', { name: 'Responder' }).first().click();
      await page.getByText('Resposta enviada à seguradora').waitFor();
      await painel.getByText(/Resposta de Equipe de Remoção em .*: Retirada prevista para 02\/12/).waitFor();
      await page.screenshot({ path: `${FOTOS}resposta-${nome}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
      expect(erros).toEqual([]);
      await ctx.close();
    }

    for (const hotsiteId of [1, 2]) {
      const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId, nome: 'Administração' });
      for (const [nome, viewport] of TELAS) {
        const ctx = await contextoLogado(t.browser, adm.cookie, hotsiteId, { viewport });
        const { erros, vigiar } = vigiaDeErros();
        const page = vigiar(await ctx.newPage());
        await page.goto(`http://h${hotsiteId}.localhost:${t.app.port}/admin/seguradoras`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Seguradoras', level: 1 }).waitFor();
        const acao = page.getByRole('button', { name: /Configurar e gerar segredo|Trocar segredo/ }).last();
        await acao.click();
        await page.getByTestId('segredo-da-seguradora').waitFor();
        const segredo = (await page.getByTestId('segredo-da-seguradora').textContent())!.trim();
        expect(segredo).toMatch(/^[\w-]{43}$/);
        await page.screenshot({ path: `${FOTOS}seguradoras-h${hotsiteId}-${nome}.png`, fullPage: true });
        await page.reload({ waitUntil: 'networkidle' });
        expect(await page.content()).not.toContain(segredo);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
        expect(erros).toEqual([]);
        await ctx.close();
      }
    }
  });
});
