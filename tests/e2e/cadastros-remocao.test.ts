import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * Issue #31 in a browser (decision 207): the Remoção user registers a driver of a carrier on /admin/motoristas,
 * finds it in the list, opens it and edits it; a wrong CPF is told under its field. On an auction brand and a
 * shop brand, desktop and phone.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-cadastros-remocao/';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe('the drivers register', () => {
  it('creates, lists and edits a driver; a wrong CPF is shown under the field', async () => {
    mkdirSync(FOTOS, { recursive: true });
    for (const hotsiteId of [1, 2]) {
      const staff = await entrarComoStaff(t.banco.db, [P.REMOCAO], { hotsiteId, nome: 'Equipe de Remoção' });
      for (const [tela, viewport] of TELAS) {
        const ctx = await contextoLogado(t.browser, staff.cookie, hotsiteId, { viewport });
        const { erros, vigiar } = vigiaDeErros();
        const page = vigiar(await ctx.newPage());
        const base = `http://h${hotsiteId}.localhost:${t.app.port}`;
        await page.goto(`${base}/admin/motoristas`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { name: 'Motoristas', level: 1 }).waitFor();
        const nome = `Motorista ${tela} ${hotsiteId}`;
        const form = page.getByRole('form', { name: 'Novo motorista' });
        await form.getByLabel('Nome').fill(nome);
        await form.getByLabel('CPF').fill('529.982.247-24');
        await form.getByLabel('Telefone').fill('(11) 98888-7777');
        // The seed registers carriers on the auction brands only; the shop brand's driver has none.
        if (hotsiteId === 1) await form.getByLabel('Transportadora').selectOption({ index: 1 });
        await form.getByRole('button', { name: 'Salvar' }).click();
        await form.getByText('CPF inválido').waitFor();
        // What was typed is kept.
        expect(await form.getByLabel('Nome').inputValue()).toBe(nome);
        await page.screenshot({ path: `${FOTOS}erro-h${hotsiteId}-${tela}.png`, fullPage: true });
        await form.getByLabel('CPF').fill('529.982.247-25');
        await form.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Motorista salvo').waitFor();
        const lista = page.getByTestId('lista-motoristas');
        await lista.getByRole('link', { name: nome }).waitFor();
        // The form is empty again for the next one.
        expect(await form.getByLabel('Nome').inputValue()).toBe('');
        await page.screenshot({ path: `${FOTOS}lista-h${hotsiteId}-${tela}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);

        await lista.getByRole('link', { name: nome }).click();
        const edicao = page.getByRole('form', { name: 'Editar motorista' });
        await edicao.waitFor();
        expect(await edicao.getByLabel('CPF').inputValue()).toBe('529.982.247-25');
        await edicao.getByLabel('Telefone').fill('(11) 97777-6666');
        await page.screenshot({ path: `${FOTOS}edicao-h${hotsiteId}-${tela}.png`, fullPage: true });
        await edicao.getByRole('button', { name: 'Salvar' }).click();
        await page.getByText('Motorista salvo').waitFor();
        await page
          .getByTestId('lista-motoristas')
          .getByRole('row', { name: new RegExp(`${nome}.*97777-6666`) })
          .waitFor();
        // The one refused save (the wrong CPF) is the browser's only complaint.
        expect(erros.filter((e) => !e.includes('status of 400'))).toEqual([]);
        expect(erros.length).toBe(1);
        await ctx.close();
      }
    }
  });
});
