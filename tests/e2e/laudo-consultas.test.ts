import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, vigiaDeErros } from './browser';

/*
 * Issue #31 in a browser (decisions 180, 208): SAC opens a client's laudo-procob and laudo-habilitacoes, presses
 * the check buttons and sees each answer appear, the message above and the new row in the checks table. The
 * providers are the adapters' simulators (no provider URL set). On an auction brand and a shop brand, desktop and phone.
 */
const t = navegadorDeTeste();
const FOTOS = '/tmp/shots-laudo-consultas/';
const TELAS = [
  ['desktop', { width: 1366, height: 900 }],
  ['celular', { width: 390, height: 844 }],
] as const;

/** A valid CPF from a running number (each client of a brand has its own). */
let sequencia = 100_000_000 + Math.floor(Math.random() * 800_000_000);
function novoCpf() {
  const base = String(sequencia++).split('').map(Number);
  const dv = (ds: number[]) => {
    const r = (ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base);
  return [...base, d1, dv([...base, d1])].join('');
}

async function clienteComCpf(hotsiteId: number) {
  const c = await criarCliente(t.banco.db, { hotsiteId, nome: 'Renata Sucateira' });
  const [linha] = await t.banco.db
    .insert(cliente)
    .values({ hotsiteId, usuarioId: c.id, email: c.email, nome: 'Renata Sucateira', cpf: novoCpf() })
    .returning({ uid: cliente.uid });
  return linha.uid;
}

describe('the check buttons on the client reports', () => {
  it('staff press "Consultar na Procob agora" and the lists check; each result appears on the page', async () => {
    mkdirSync(FOTOS, { recursive: true });
    for (const hotsiteId of [1, 2]) {
      const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId, nome: 'Atendimento' });
      for (const [tela, viewport] of TELAS) {
        for (const laudo of ['laudo-procob', 'laudo-habilitacoes'] as const) {
          const uid = await clienteComCpf(hotsiteId);
          const ctx = await contextoLogado(t.browser, sac.cookie, hotsiteId, { viewport });
          const { erros, vigiar } = vigiaDeErros();
          const page = vigiar(await ctx.newPage());
          await page.goto(`http://h${hotsiteId}.localhost:${t.app.port}/${laudo}/${uid}`, { waitUntil: 'networkidle' });
          await page
            .getByRole('heading', { level: 1, name: laudo === 'laudo-procob' ? 'Laudo Procob' : 'Laudo de habilitações' })
            .waitFor();
          await page.getByText('Nenhuma consulta.').waitFor();

          await page.getByRole('button', { name: 'Consultar na Procob agora' }).click();
          await page.getByText(/^Procob: (Autorizado|Falha|Divergente|Aguardando)$/).waitFor();
          const tabela = page.getByTestId('consultas-cliente');
          await tabela.getByRole('cell', { name: 'Procob (CPF/CNPJ)' }).waitFor();
          const situacao = (await page.getByTestId('situacao-sucata').textContent())?.trim();
          expect(['Autorizado', 'Falha', 'Divergente', 'Aguardando']).toContain(situacao);
          await page.screenshot({ path: `${FOTOS}${laudo}-procob-h${hotsiteId}-${tela}.png`, fullPage: true });

          await page.getByRole('button', { name: 'Consultar listas restritivas e inscrição estadual' }).click();
          await page.getByText(/^Listas restritivas: (Autorizado|Falha|Divergente|Aguardando)/).waitFor();
          await tabela.getByRole('cell', { name: 'Listas restritivas', exact: true }).waitFor();
          // Both checks are in the table now, each with its source.
          expect(await tabela.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
          await page.screenshot({ path: `${FOTOS}${laudo}-listas-h${hotsiteId}-${tela}.png`, fullPage: true });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width + 1);
          expect(erros).toEqual([]);
          await ctx.close();
        }
      }
    }
  });
});
