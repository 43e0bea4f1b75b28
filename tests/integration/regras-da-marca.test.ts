import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite, leilao, leiloeiro, venda, vendaItem } from '@db/schema';
import { verificacoesDoLeilao } from '~/modules/backoffice/verificacoes-do-leilao.server';
import { prazosDaCompra } from '~/modules/confianca/prazos';
import { entradaDosPrazos } from '~/modules/confianca/prazos.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { diaUtilDaqui } from '../dia-util';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * The brand's own rules set by staff (decision 249): the days without auctions, which the checks beside
 * "Publicar" refuse at once, and the buyer's deadline rules, which the purchase page's timeline uses at once.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const postar = (caminho: string, cookie: string, campos: Record<string, string>, host = H) =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

describe("the brand's days without auctions", () => {
  it('a date added by ADM fails the auction of that day at once, and passes again once removed', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const data = new Date(diaUtilDaqui(10));
    const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(data);
    const [l] = await t.banco.db.select({ id: leiloeiro.id }).from(leiloeiro).where(eq(leiloeiro.hotsiteId, 1)).limit(1);
    const [le] = await t.banco.db
      .insert(leilao)
      .values({
        hotsiteId: 1,
        nome: 'Leilão da praça',
        situacao: 'CRIADO',
        data,
        estadoUf: 'SP',
        leiloeiroId: l.id,
        porcentagemComissao: 500,
      })
      .returning();
    const diaDoLeilao = async () =>
      (await verificacoesDoLeilao({ db: t.banco.db, hotsiteId: 1, id: le.id })).find((v) => v.regra === 'Dia do leilão')!;
    expect((await diaDoLeilao()).ok).toBe(true);

    const tela = await t.app.pedir(H, '/admin/datas-sem-leilao', { headers: { cookie: adm.cookie } });
    expect(tela.status).toBe(200);
    // The year's national holidays from the library: the decree's own are marked, the optional ones offered.
    expect(tela.texto).toContain('Feriados nacionais de');
    expect(tela.texto).toContain('Natal');
    expect(tela.texto).toContain('Já recusado pela regra');
    expect(tela.texto).toContain('Carnaval');

    const incluida = await postar('/admin/datas-sem-leilao', adm.cookie, { _acao: 'adicionar', dia });
    expect(incluida.status).toBe(200);
    expect(incluida.texto).toContain(`Data ${dia.split('-').reverse().join('/')} incluída`);
    // Twice at once: the list holds the day once.
    await Promise.all([1, 2].map(() => postar('/admin/datas-sem-leilao', adm.cookie, { _acao: 'adicionar', dia: '2027-01-25' })));
    const [h] = await t.banco.db.select({ datas: hotsite.datasSemLeilao }).from(hotsite).where(eq(hotsite.id, 1));
    expect(h.datas).toEqual([dia, '2027-01-25'].sort());
    const falha = await diaDoLeilao();
    expect(falha.ok).toBe(false);
    expect(falha.mensagem).toContain('feriado municipal ou data bloqueada pela marca');
    // The auction screen lists the same failing check beside "Publicar".
    const leilaoTela = await t.app.pedir(H, `/admin/leilao/${le.id}`, { headers: { cookie: adm.cookie } });
    expect(leilaoTela.texto).toContain('data bloqueada pela marca');
    // Another brand's checks do not see it.
    const [h2] = await t.banco.db.select({ datas: hotsite.datasSemLeilao }).from(hotsite).where(eq(hotsite.id, 2));
    expect(h2.datas).not.toContain(dia);

    const removida = await postar('/admin/datas-sem-leilao', adm.cookie, { _acao: 'remover', dia });
    expect(removida.status).toBe(200);
    expect((await diaDoLeilao()).ok).toBe(true);
  }, 60_000);

  it('a bad date is a pt-BR 400 that changes nothing; other roles and clients are refused', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const [antes] = await t.banco.db.select({ datas: hotsite.datasSemLeilao }).from(hotsite).where(eq(hotsite.id, 1));
    for (const dia of ['2026-02-30', '30/11/2026', '', '1999-12-31']) {
      const r = await postar('/admin/datas-sem-leilao', adm.cookie, { _acao: 'adicionar', dia });
      expect(r.status, dia).toBe(400);
      expect(r.texto).toMatch(/Informe uma data (válida|entre 2000 e 2099)/);
    }
    const [depois] = await t.banco.db.select({ datas: hotsite.datasSemLeilao }).from(hotsite).where(eq(hotsite.id, 1));
    expect(depois.datas).toEqual(antes.datas);
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    const leiloes = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    for (const quem of [mkt, leiloes]) {
      expect((await t.app.pedir(H, '/admin/datas-sem-leilao', { headers: { cookie: quem.cookie } })).status).toBe(403);
      expect((await postar('/admin/prazos-comprador', quem.cookie, { _acao: 'salvar', diasUteisComprovantes: '5' })).status).toBe(403);
    }
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1 });
    expect((await t.app.pedir(H, '/admin/prazos-comprador', { headers: { cookie: cliente.cookie } })).status).toBe(403);
  }, 60_000);
});

describe("the buyer's deadline rules", () => {
  it("a saved rule moves the proofs' deadline on a buyer's purchase page at once; a bad value is refused", async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1, compreJa: 38_000_00 });
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1, nome: 'Rafael Nogueira', leilaoId });
    const compra = await t.app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: cliente.auth, corpo: {} });
    expect(compra.status, compra.texto).toBeLessThan(300);
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    const comprovantes = async () =>
      prazosDaCompra((await entradaDosPrazos({ db: t.banco.db, hotsiteId: 1, vendaId: v.id }))!, new Date()).find(
        (p) => p.chave === 'comprovantes',
      )!;
    const antes = await comprovantes();

    const tela = await t.app.pedir(H, '/admin/prazos-comprador', { headers: { cookie: adm.cookie } });
    expect(tela.status).toBe(200);
    expect(tela.texto).toContain('Dias úteis após a data de pagamento');
    expect(tela.texto).toContain('CTB, art. 123');

    for (const valor of ['11', '-1', '1,5', 'dois', '']) {
      const r = await postar('/admin/prazos-comprador', adm.cookie, { _acao: 'salvar', diasUteisComprovantes: valor });
      expect(r.status, valor).toBe(400);
      expect(r.texto).toContain('Informe um número inteiro de dias úteis entre 0 e 10');
    }
    expect((await comprovantes()).ate).toBe(antes.ate);

    const salvo = await postar('/admin/prazos-comprador', adm.cookie, { _acao: 'salvar', diasUteisComprovantes: '4' });
    expect(salvo.status).toBe(200);
    expect(salvo.texto).toContain('Prazos salvos');
    const depois = await comprovantes();
    expect(depois.ate).not.toBe(antes.ate);
    expect(Date.parse(depois.ate!)).toBeGreaterThan(Date.parse(antes.ate!));
    const pagina = await t.app.pedir(H, `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
    expect(pagina.texto).toContain(depois.texto);
    expect(pagina.texto).not.toContain(antes.texto);
    // Only this brand's rule changed.
    const [h2] = await t.banco.db.select({ p: hotsite.prazosComprador }).from(hotsite).where(eq(hotsite.id, 2));
    expect(h2.p).not.toEqual({ diasUteisComprovantes: 4 });
    await t.banco.db.update(hotsite).set({ prazosComprador: {} }).where(eq(hotsite.id, 1));
  }, 60_000);
});
