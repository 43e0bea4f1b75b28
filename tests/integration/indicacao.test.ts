import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { habilitacao, hotsite, indicacao, mensagemSaida, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { registrarIndicacao } from '~/modules/indicacao/indicacao.server';
import { registrarPagamento } from '~/modules/vendas/acoes.server';
import { formatarMoeda } from '~/utils/format';
import { cadastroValido } from '../cadastro';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * Referral, indique e ganhe (issue #32, decision 188): a client's link carries their code to the
 * sign-up; the friend is tied once, never to themselves; the brand's reward is credited on the friend's
 * first paid purchase exactly once, even when two of their sales close at the same moment.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const RECOMPENSA = 150_00;

type Painel = {
  codigo: string;
  link: string;
  recompensa: number;
  creditoTotal: number;
  amigos: { nome: string; situacao: string; recompensa: number | null }[];
};
const painel = async (cookie: string) =>
  (await t.app.pedir(H, '/cliente/indique-ganhe?_data=routes%2Fcliente.indique-ganhe', { headers: { cookie } })).json() as Painel;

/** A lot of a new auction won by `usuarioId` and closed: the friend's sale (one per auction). */
async function compra(cliente: { id: number; auth: Record<string, string> }, valor: number) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: valor });
  await t.banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: cliente.id, leilaoId });
  expect((await t.app.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor } })).status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  return v;
}

describe('indique e ganhe', () => {
  it('the link carries the code to the sign-up; the friend appears on the page as signed up', async () => {
    await t.banco.db.update(hotsite).set({ indicacaoRecompensa: RECOMPENSA }).where(eq(hotsite.id, 1));
    const quemIndica = await criarCliente(t.banco.db, { nome: 'Marcos Lima' });
    const p = await painel(quemIndica.cookie);
    expect(p.codigo).toMatch(/^[A-Z2-9]{8}$/);
    expect(p.link).toBe(`http://h1.localhost:${t.app.port}/cadastro?indicacao=${p.codigo}`);
    expect(p.recompensa).toBe(RECOMPENSA);
    // The same code every time.
    expect((await painel(quemIndica.cookie)).codigo).toBe(p.codigo);
    const html = await t.app.pedir(H, '/cliente/indique-ganhe', { headers: { cookie: quemIndica.cookie } });
    expect(html.texto).toMatch(/R\$\s150,00 de crédito na comissão/);

    const formulario = await t.app.pedir(H, `/cadastro?indicacao=${p.codigo.toLowerCase()}`);
    expect(formulario.texto).toContain(`name="indicacao" value="${p.codigo}"`);
    const r = await t.app.pedir(H, '/cadastro', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ ...cadastroValido, indicacao: p.codigo }).toString(),
    });
    expect(r.status).toBe(302);
    expect((await painel(quemIndica.cookie)).amigos).toEqual([
      { nome: 'Beatriz', situacao: 'cadastrado', recompensa: null, desde: expect.any(String) },
    ]);
  });

  it('no one refers themselves (same login, same CPF however written), a friend has one referrer, an unknown code ties nothing', async () => {
    const a = await criarCliente(t.banco.db, { nome: 'Paulo Andrade' });
    const mesmaPessoa = await criarCliente(t.banco.db, { nome: 'Paulo Andrade' });
    const amigo = await criarCliente(t.banco.db, { nome: 'Luana Torres' });
    await t.banco.db.execute(
      `INSERT INTO cliente (hotsite_id, usuario_id, nome, email, cpf) VALUES (1, ${a.id}, 'Paulo Andrade', '${a.email}', '39053344705'),
              (1, ${mesmaPessoa.id}, 'Paulo Andrade', '${mesmaPessoa.email}', '390.533.447-05')` as never,
    );
    const { codigo } = await painel(a.cookie);
    const { codigo: outro } = await painel(amigo.cookie);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo, indicadoId: a.id })).toBe(false);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo, indicadoId: mesmaPessoa.id })).toBe(false);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo: 'ZZZZZZZZ', indicadoId: amigo.id })).toBe(false);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 2, codigo, indicadoId: amigo.id })).toBe(false);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo, indicadoId: amigo.id })).toBe(true);
    const terceiro = await criarCliente(t.banco.db, { nome: 'Rui Campos' });
    expect(
      await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo: (await painel(terceiro.cookie)).codigo, indicadoId: amigo.id }),
    ).toBe(false);
    expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo: outro, indicadoId: a.id })).toBe(true);
    expect((await painel(a.cookie)).amigos.map((x) => x.nome)).toEqual(['Luana']);
  });

  it('two sales of the friend paid at the same moment reward the referrer once, tied to one of them', async () => {
    await t.banco.db.update(hotsite).set({ indicacaoRecompensa: RECOMPENSA }).where(eq(hotsite.id, 1));
    const quemIndica = await criarCliente(t.banco.db, { nome: 'Sandra Melo' });
    const amigos = [await criarCliente(t.banco.db, { nome: 'Igor Nunes' }), await criarCliente(t.banco.db, { nome: 'Vera Dias' })];
    const { codigo } = await painel(quemIndica.cookie);
    for (const a of amigos) expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo, indicadoId: a.id })).toBe(true);
    const vendas = [];
    for (const a of amigos) vendas.push(await compra(a, 10_000_00), await compra(a, 12_000_00));
    expect(new Set(vendas.map((v) => v.id)).size).toBe(4);

    // Every sale paid in full at once: each closes in its own transaction.
    await Promise.all(
      vendas.map((v) =>
        registrarPagamento({
          db: t.banco.db,
          hotsiteId: 1,
          vendaId: v.id,
          entrada: { tipo: 'DINHEIRO', valor: v.total },
          autor: 'Caixa',
          urlBase: `http://${H}`,
        }),
      ),
    );
    const fechadas = await t.banco.db
      .select()
      .from(venda)
      .where(
        inArray(
          venda.id,
          vendas.map((v) => v.id),
        ),
      );
    expect(fechadas.every((v) => v.situacao === 'Fechada')).toBe(true);
    const linhas = await t.banco.db
      .select()
      .from(indicacao)
      .where(
        inArray(
          indicacao.indicadoId,
          amigos.map((a) => a.id),
        ),
      );
    expect(linhas).toHaveLength(2);
    for (const l of linhas) {
      expect(l.recompensa).toBe(RECOMPENSA);
      expect(vendas.filter((v) => v.usuarioId === l.indicadoId).map((v) => v.id)).toContain(l.vendaId);
    }
    const p = await painel(quemIndica.cookie);
    expect(p.creditoTotal).toBe(2 * RECOMPENSA);
    // One e-mail per friend's first paid purchase: a credit written twice would tell the referrer twice.
    const avisos = async () =>
      (await t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, quemIndica.email)))
        .map((m) => m.texto.split(',')[0])
        .sort();
    expect(await avisos()).toEqual(['Igor', 'Vera']);
    expect(p.amigos.map((a) => a.situacao)).toEqual(['primeira-compra', 'primeira-compra']);

    // A later paid purchase of the same friend earns nothing more.
    const mais = await compra(amigos[0], 8_000_00);
    await registrarPagamento({
      db: t.banco.db,
      hotsiteId: 1,
      vendaId: mais.id,
      entrada: { tipo: 'DINHEIRO', valor: mais.total },
      autor: 'Caixa',
      urlBase: `http://${H}`,
    });
    expect((await painel(quemIndica.cookie)).creditoTotal).toBe(2 * RECOMPENSA);
    expect(await avisos()).toEqual(['Igor', 'Vera']);
  });

  it("the credit comes off the referrer's next commission once, even with payments at the same moment, and the page's total is the server's", async () => {
    await t.banco.db.update(hotsite).set({ indicacaoRecompensa: RECOMPENSA }).where(eq(hotsite.id, 1));
    const quemIndica = await criarCliente(t.banco.db, { nome: 'Clara Rocha' });
    const amigos = [await criarCliente(t.banco.db, { nome: 'Davi Prado' }), await criarCliente(t.banco.db, { nome: 'Ester Lopes' })];
    const { codigo } = await painel(quemIndica.cookie);
    for (const a of amigos) expect(await registrarIndicacao({ db: t.banco.db, hotsiteId: 1, codigo, indicadoId: a.id })).toBe(true);
    // The referrer has two purchases waiting for payment (commission 5 %: R$ 500,00 and R$ 600,00).
    const minhas = [await compra(quemIndica, 10_000_00), await compra(quemIndica, 12_000_00)];
    const doAmigo = [await compra(amigos[0], 9_000_00), await compra(amigos[0], 11_000_00)];
    const pagar = (v: { id: number }, valor: number) =>
      registrarPagamento({
        db: t.banco.db,
        hotsiteId: 1,
        vendaId: v.id,
        entrada: { tipo: 'DINHEIRO', valor },
        autor: 'Caixa',
        urlBase: `http://${H}`,
      });
    const lerVendas = async (ids: number[]) =>
      (await t.banco.db.select().from(venda).where(inArray(venda.id, ids))).sort((a, b) => a.id - b.id);

    // The friend's two sales and the referrer's first payment (a part) at the same moment: one reward, placed once.
    await Promise.all([...doAmigo.map((v) => pagar(v, v.total)), pagar(minhas[1], 100_00)]);
    let agora = await lerVendas(minhas.map((v) => v.id));
    expect(agora.map((v) => v.valorCreditoIndicacao)).toEqual([RECOMPENSA, 0]);
    expect(agora[0].total).toBe(minhas[0].total - RECOMPENSA);
    expect(agora[1].total).toBe(minhas[1].total);

    // What the buyer reads is what the server charges: the credit line, the total and what is left.
    const pagina = await t.app.pedir(H, `/cliente/compras/${agora[0].id}`, { headers: { cookie: quemIndica.cookie } });
    expect(pagina.status).toBe(200);
    const totais = pagina.texto.slice(pagina.texto.indexOf('data-testid="totais"'));
    const linha = (rotulo: string) => new RegExp(`${rotulo}</th><td[^>]*>([^<]+)<`).exec(totais)?.[1].replace(/\s/g, ' ');
    expect(linha('Crédito Indique e ganhe \\(comissão\\)')).toBe(formatarMoeda(-RECOMPENSA).replace(/\s/g, ' '));
    expect(linha('Total')).toBe(formatarMoeda(agora[0].total).replace(/\s/g, ' '));
    const api = (await (
      await t.app.pedir(H, `/v1/leilao/vendas/buscar-venda/minhas-vendas/${agora[0].id}`, { headers: quemIndica.auth })
    ).json()) as {
      valorCreditoIndicacao: number;
      totais: { total: number; restante: number };
    };
    expect(api.valorCreditoIndicacao).toBe(RECOMPENSA);
    expect(api.totais).toMatchObject({ total: agora[0].total, restante: agora[0].total });

    // Both of the referrer's sales paid at once, each for what it shows: both close, the credit still counted once.
    await Promise.all([pagar(agora[0], agora[0].total), pagar(agora[1], agora[1].total - 100_00)]);
    agora = await lerVendas(minhas.map((v) => v.id));
    expect(agora.map((v) => v.situacao)).toEqual(['Fechada', 'Fechada']);
    expect(agora.map((v) => v.valorCreditoIndicacao)).toEqual([RECOMPENSA, 0]);

    // The second friend's reward finds no open sale: the referrer's next purchase takes it, up to its commission.
    const outra = await compra(amigos[1], 8_000_00);
    await pagar(outra, outra.total);
    const proxima = await compra(quemIndica, 2_000_00); // commission R$ 100,00: R$ 50,00 of credit is left
    expect(proxima.valorCreditoIndicacao).toBe(100_00);
    const seguinte = await compra(quemIndica, 20_000_00);
    expect(seguinte.valorCreditoIndicacao).toBe(RECOMPENSA - 100_00);
    const depois = await compra(quemIndica, 20_000_00);
    expect(depois.valorCreditoIndicacao).toBe(0);
  });
});
