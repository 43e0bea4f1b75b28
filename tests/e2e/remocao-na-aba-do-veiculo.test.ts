import { mkdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { motorista, remocao, transportadora, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * Decision 279 in a browser: the vehicle screen's removal request picks the carrier from the brand's register,
 * and then only that carrier's drivers are offered. On an auction brand and a shop brand, desktop and phone.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-remocao-aba-veiculo/';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

describe("the vehicle tab's removal request", () => {
  it('offers the chosen carrier’s drivers only and saves the pair', async () => {
    mkdirSync(FOTOS, { recursive: true });
    const db = t.banco.db;
    for (const hotsiteId of [1, 2]) {
      const [a] = await db
        .insert(transportadora)
        .values({ hotsiteId, nome: `Guinchos Aba Leste ${hotsiteId}` })
        .returning();
      const [b] = await db
        .insert(transportadora)
        .values({ hotsiteId, nome: `Guinchos Aba Oeste ${hotsiteId}` })
        .returning();
      await db.insert(motorista).values({ hotsiteId, nome: `Ana do Leste ${hotsiteId}`, transportadoraId: a.id });
      await db.insert(motorista).values({ hotsiteId, nome: `Beto do Oeste ${hotsiteId}`, transportadoraId: b.id });
      const staff = await entrarComoStaff(db, [P.REMOCAO], { hotsiteId, nome: 'Equipe de Remoção' });
      const veiculos = await db
        .select({ id: veiculo.id, uid: veiculo.uid })
        .from(veiculo)
        .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.bloquearRemocao, false)))
        .orderBy(veiculo.id)
        .limit(2)
        .offset(70);
      for (const [i, [tela, viewport]] of TELAS.entries()) {
        const v = veiculos[i];
        const ctx = await contextoLogado(t.browser, staff.cookie, hotsiteId, { viewport });
        const { erros, vigiar } = vigiaDeErros();
        const page = vigiar(await ctx.newPage());
        await page.goto(`http://h${hotsiteId}.localhost:${t.app.port}/admin/veiculo/${v.uid}?aba=remocoes`, { waitUntil: 'networkidle' });
        await page.getByLabel('Local de remoção').fill('Rua do Guincho, 10');
        await page.getByLabel('Transportadora').selectOption({ label: `Guinchos Aba Leste ${hotsiteId}` });
        const motoristas = await page.getByLabel('Motorista').locator('option').allInnerTexts();
        expect(motoristas).toContain(`Ana do Leste ${hotsiteId}`);
        expect(motoristas).not.toContain(`Beto do Oeste ${hotsiteId}`);
        await page.getByLabel('Motorista').selectOption({ label: `Ana do Leste ${hotsiteId}` });
        await page.getByLabel('Motorista').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${FOTOS}form-h${hotsiteId}-${tela}.png` });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
        await page.getByRole('button', { name: 'Solicitar remoção' }).click();
        await page.getByText('Remoção solicitada').waitFor();
        // The request made empties the form: a second click cannot send the same removal again by mistake.
        await expect.poll(() => page.getByLabel('Local de remoção').inputValue()).toBe('');
        await expect(page.getByLabel('Transportadora').inputValue()).resolves.toBe('');
        await page.screenshot({ path: `${FOTOS}feita-h${hotsiteId}-${tela}.png`, fullPage: true });
        const [r] = await db.select().from(remocao).where(eq(remocao.veiculoId, v.id));
        expect(r).toMatchObject({ transportadoraId: a.id, transportadora: `Guinchos Aba Leste ${hotsiteId}` });
        expect(erros).toEqual([]);
        await ctx.close();
      }
    }
  }, 240_000);
});
