import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { habilitacao, hotsite, indicacao, mensagemSaida, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { registrarIndicacao } from '~/modules/indicacao/indicacao.server';
import { registrarPagamento } from '~/modules/vendas/acoes.server';
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
});
