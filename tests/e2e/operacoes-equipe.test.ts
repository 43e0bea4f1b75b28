import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { fecharLotes } from '~/modules/lances/encerramento.server';
import { paraCampoDataHora } from '~/utils/campo-data-hora';
import { criarLoteEmDisputa, vencerLote } from '../lances';
import { entrarComoStaff } from '../staff';
import { contextoLogado, navegadorDeTeste, PASTA_SCREENSHOTS } from './browser';

/** Maintenance mode and IP blocking in a real browser, and the new staff screens on both wordings and widths. */
const t = navegadorDeTeste();
const SHOTS = `${PASTA_SCREENSHOTS}operacoes/`;
mkdirSync(SHOTS, { recursive: true });
const url = (id: number, caminho: string) => `http://h${id}.localhost:${t.app.port}${caminho}`;
const TELAS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  celular: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const minutos = (n: number) => new Date(Date.now() + n * 60_000);

describe('platform maintenance in the browser', () => {
  it('a banner ahead of time, then the maintenance page for visitors while staff work and no lot closes', async () => {
    const db = t.banco.db;
    const adm = await entrarComoStaff(db, [P.ADM], { hotsiteId: 14, nome: 'Helena Operadora' });
    const ctx = await contextoLogado(t.browser, adm.cookie, 14, TELAS.desktop);
    const page = await ctx.newPage();

    // Ahead: a window in two hours; a visitor sees the banner on the home page.
    await page.goto(url(14, '/admin/manutencao-plataforma'), { waitUntil: 'networkidle' });
    await page.getByLabel('Início').fill(paraCampoDataHora(minutos(120)));
    await page.getByLabel('Fim').fill(paraCampoDataHora(minutos(180)));
    await page.getByLabel('Mensagem aos visitantes').fill('Atualização do sistema de lances');
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.getByRole('status').filter({ hasText: 'Manutenção agendada;' }).waitFor();
    await expect.poll(() => page.getByTestId('lista-manutencoes').innerText()).toContain('Atualização do sistema de lances');
    await page.screenshot({ path: `${SHOTS}manutencao-agendada.png`, fullPage: true });
    const visitante = await t.browser.newContext(TELAS.celular);
    const vp = await visitante.newPage();
    await vp.goto(url(14, '/'), { waitUntil: 'networkidle' });
    await expect(vp.getByTestId('aviso-manutencao').innerText()).resolves.toContain('Manutenção programada: o site ficará indisponível de');
    await vp.screenshot({ path: `${SHOTS}manutencao-aviso-celular.png` });

    // Now: a window under way, with a lot due inside it.
    const { loteId } = await criarLoteEmDisputa(db, { hotsiteId: 14, fimEmMs: 20 * 60_000 });
    await page.getByRole('button', { name: 'Cancelar' }).first().click();
    await page.getByText('Manutenção cancelada').waitFor();
    await page.getByLabel('Início').fill(paraCampoDataHora(minutos(-1)));
    await page.getByLabel('Fim').fill(paraCampoDataHora(minutos(60)));
    await page.getByLabel('Mensagem aos visitantes').fill('Atualização do sistema de lances');
    await page.getByRole('button', { name: 'Agendar' }).click();
    // Ours and any lot of the demo catalogue closing in the next hour (it depends on the time of day).
    await page.getByText(/\d+ lote\(s\) tiveram o encerramento adiado/).waitFor();
    const [movido] = await db.select({ fim: lote.dataFim }).from(lote).where(eq(lote.id, loteId));
    expect(movido!.fim!.getTime()).toBeGreaterThan(minutos(60).getTime() - 60_000);

    const resposta = await vp.goto(url(14, '/'), { waitUntil: 'load' });
    expect(resposta!.status()).toBe(503);
    expect(Number(resposta!.headers()['retry-after'])).toBeGreaterThan(3000);
    await expect(vp.getByRole('heading', { name: 'Site em manutenção' }).isVisible()).resolves.toBe(true);
    await expect(vp.getByText('Atualização do sistema de lances').isVisible()).resolves.toBe(true);
    await vp.screenshot({ path: `${SHOTS}manutencao-pagina-celular.png` });

    // Staff keep working, told that the site is closed to the public.
    await page.goto(url(14, '/admin/lotes'), { waitUntil: 'networkidle' });
    await expect(page.getByTestId('aviso-manutencao').innerText()).resolves.toContain('Modo de manutenção ativo');
    await page.screenshot({ path: `${SHOTS}manutencao-equipe.png` });

    // A lot whose end got inside the window anyway is held until the window ends.
    const atrasado = await criarLoteEmDisputa(db, { hotsiteId: 14 });
    await vencerLote(db, atrasado.loteId);
    await fecharLotes({ db });
    const [l] = await db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, atrasado.loteId));
    expect(l!.s).toBe('LIBERADO_LEILAO');

    // A staff member logs in during the window from the login page, which stays open.
    const outro = await t.browser.newContext(TELAS.desktop);
    const op = await outro.newPage();
    await op.goto(url(14, '/login-sistema'), { waitUntil: 'load' });
    await op.getByLabel('E-mail').fill('sac@martelo.test');
    await op.getByLabel('Senha').fill(SENHA_DEMO);
    await op.getByTestId('botao-login').click();
    await op.waitForURL(/\/admin/);
    await expect(op.getByTestId('aviso-manutencao').isVisible()).resolves.toBe(true);

    await page.goto(url(14, '/admin/manutencao-plataforma'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Cancelar' }).first().click();
    await page.getByText('Manutenção cancelada').waitFor();
    const depois = await vp.goto(url(14, '/'), { waitUntil: 'load' });
    expect(depois!.status()).toBe(200);
    await Promise.all([ctx.close(), visitante.close(), outro.close()]);
  }, 120_000);
});

describe('IP blocking in the browser', () => {
  it('ADM blocks the address; a client is refused at login with the pt-BR message; staff see the attempt', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const ctx = await contextoLogado(t.browser, adm.cookie, 2, TELAS.celular);
    const page = await ctx.newPage();
    await page.goto(url(2, '/admin/bloqueio-ips-dispositivos'), { waitUntil: 'networkidle' });
    await page.getByLabel('Tipo').selectOption('faixa');
    await page.getByLabel('Endereço, faixa ou dispositivo').fill('127.0.0.0/8');
    await page.getByLabel('Motivo').fill('Tentativas de fraude');
    await page.getByRole('button', { name: 'Bloquear' }).click();
    await page.getByText('Bloqueio criado').waitFor();

    const cliente = await t.browser.newContext(TELAS.desktop);
    const cp = await cliente.newPage();
    await cp.goto(url(2, '/login'), { waitUntil: 'networkidle' });
    await cp.getByLabel('E-mail').fill('cliente1@h2.martelo.test');
    await cp.getByLabel('Senha').fill(SENHA_DEMO);
    await cp.getByTestId('botao-login').click();
    await expect
      .poll(() => cp.getByText('Acesso bloqueado para este endereço ou dispositivo. Entre em contato com o atendimento.').count())
      .toBe(1);
    await cp.screenshot({ path: `${SHOTS}bloqueio-login-recusado.png` });

    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByTestId('lista-tentativas').innerText()).resolves.toContain('cliente1@h2.martelo.test');
    await page.screenshot({ path: `${SHOTS}bloqueio-tela-celular.png`, fullPage: true });
    // The brand's list also holds the demo's own blocks: remove the one made here.
    await page
      .getByTestId('lista-bloqueios')
      .getByRole('row', { name: /127\.0\.0\.0\/8/ })
      .getByRole('button', { name: 'Remover' })
      .click();
    await page.getByText('Bloqueio removido').waitFor();
    await Promise.all([ctx.close(), cliente.close()]);
  }, 90_000);
});

describe('the new staff screens on both wordings and widths', () => {
  for (const hotsiteId of [1, 2]) {
    for (const [tela, opcoes] of Object.entries(TELAS)) {
      it(`brand ${hotsiteId}, ${tela}: nothing runs past the right edge`, async () => {
        const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId, nome: 'Paula Operadora' });
        const ctx = await contextoLogado(t.browser, adm.cookie, hotsiteId, opcoes);
        const page = await ctx.newPage();
        await page.goto(url(hotsiteId, '/admin/incidente?clienteId=1'), { waitUntil: 'networkidle' });
        await page.getByLabel('Título').fill('Cliente sem acesso ao boleto');
        await page.getByLabel('Descrição').fill('Ligou pedindo a segunda via do boleto do lote arrematado.');
        await page.getByLabel('Cliente (código)').fill('');
        await page.getByRole('button', { name: 'Abrir incidente' }).click();
        await page.waitForURL(/\/admin\/incidente\/[0-9a-f-]{36}$/);
        await page.getByLabel('Comentário').fill('Segunda via enviada por e-mail.');
        await page.getByRole('button', { name: 'Comentar' }).click();
        await page.getByText('Comentário registrado').waitFor();
        const largas: string[] = [];
        for (const caminho of ['', '/admin/incidentes', '/admin/bloqueio-ips-dispositivos', '/admin/manutencao-plataforma']) {
          if (caminho) await page.goto(url(hotsiteId, caminho), { waitUntil: 'networkidle' });
          const { pagina, janela } = await page.evaluate(() => ({
            pagina: document.documentElement.scrollWidth,
            janela: window.innerWidth,
          }));
          if (pagina > janela) largas.push(`${caminho || 'incidente'}: ${pagina} px numa janela de ${janela} px`);
          await page.screenshot({
            path: `${SHOTS}h${hotsiteId}-${tela}${(caminho || '/admin/incidente').replaceAll('/', '-')}.png`,
            fullPage: true,
          });
        }
        expect(largas).toEqual([]);
        await ctx.close();
      }, 60_000);
    }
  }
});
