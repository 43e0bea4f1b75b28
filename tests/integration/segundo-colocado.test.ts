import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, mensagemSaida, ofertaSegundoColocado, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

const postar = (caminho: string, cookie: string, campos: Record<string, string>) =>
  t.app.pedir('h1.localhost', caminho, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });

/** A lot where `segundo` bid 12 000 and `vencedor` won at 15 000, closed into the winner's sale. */
async function disputaEncerrada({ comSegundo = true } = {}) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
  const terceiro = await criarCliente(t.banco.db, { nome: 'Paula Terceira', leilaoId });
  const segundo = await criarCliente(t.banco.db, { nome: 'Bruno Segundo', leilaoId });
  const vencedor = await criarCliente(t.banco.db, { nome: 'Rafael Vencedor', leilaoId });
  const lances: [typeof segundo, number][] = comSegundo
    ? [
        [terceiro, 10_000_00],
        [segundo, 12_000_00],
        [vencedor, 15_000_00],
      ]
    : [[vencedor, 15_000_00]];
  for (const [c, valor] of lances) {
    const r = await t.app.pedir('h1.localhost', '/v1/lances', { headers: c.auth, corpo: { loteId, valor } });
    expect(r.status).toBe(201);
  }
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const staff = await entrarComoStaff(t.banco.db, [P.ACERTO], { nome: 'Acerto Teste' });
  const r = await postar(`/admin/compras/${item.vendaId}`, staff.cookie, {
    _acao: 'cancelar',
    motivo: 'Desistiu por telefone',
    desistencia: 'on',
  });
  expect(r.status).toBe(200);
  return { loteId, vendaId: item.vendaId, vencedor, segundo, terceiro, staff };
}

const emailsPara = (para: string) => t.banco.db.select().from(mensagemSaida).where(eq(mensagemSaida.para, para));

describe('runner-up offer after the client gave up', () => {
  it('offers the lot to the second-highest bidder at their own bid for 48 h; both are told; accepting creates their sale', async () => {
    const antes = Date.now();
    const { loteId, vendaId, vencedor, segundo, terceiro, staff } = await disputaEncerrada();
    const [o] = await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId));
    expect(o).toMatchObject({ usuarioId: segundo.id, valor: 12_000_00, situacao: 'Pendente', vendaOrigemId: vendaId });
    expect(o.prazo.getTime() - antes).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(o.prazo.getTime() - Date.now()).toBeLessThanOrEqual(48 * 3_600_000);
    expect((await emailsPara(segundo.email)).map((m) => m.texto).join()).toMatch(/R\$\s12\.000,00/);
    expect((await emailsPara(vencedor.email)).map((m) => m.texto).join()).toContain('oferecido ao segundo colocado');

    // Only the runner-up sees it; staff see it on the abandoned sale.
    const lista = await t.app.pedir('h1.localhost', '/cliente/compras', { headers: { cookie: segundo.cookie } });
    expect(lista.texto).toContain('Ofertas para você');
    expect(lista.texto).toContain('Aguardando resposta');
    expect((await t.app.pedir('h1.localhost', '/cliente/compras', { headers: { cookie: terceiro.cookie } })).texto).not.toContain(
      'Ofertas para você',
    );
    const admin = await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: staff.cookie } });
    expect(admin.texto).toContain('Segundo colocado');
    expect(admin.texto).toContain('Bruno Segundo');

    // Another client cannot answer it.
    const alheia = await postar('/cliente/compras', terceiro.cookie, { ofertaUid: o.uid, resposta: 'aceitar' });
    expect(alheia.status).toBe(404);

    const aceita = await postar('/cliente/compras', segundo.cookie, { ofertaUid: o.uid, resposta: 'aceitar' });
    expect(aceita.status).toBe(200);
    expect(aceita.texto).toContain('Oferta aceita');
    const [depois] = await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.id, o.id));
    expect(depois.situacao).toBe('Aceita');
    const [nova] = await t.banco.db.select().from(venda).where(eq(venda.id, depois.vendaId!));
    expect(nova).toMatchObject({ usuarioId: segundo.id, arremate: 12_000_00, situacao: 'AguardandoPagamento' });
    expect((await t.banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s).toBe('AG_PAGAMENTO');
    const itens = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    expect(itens.map((i) => [i.vendaId, i.ativo]).sort()).toEqual(
      [
        [vendaId, false],
        [nova.id, true],
      ].sort(),
    );
    const [antiga] = await t.banco.db.select().from(venda).where(eq(venda.id, vendaId));
    expect(antiga.situacao).toBe('ClienteDesistiu');

    // The runner-up's new sale and the staff page tell what happened; answering twice is refused.
    const compra = await t.app.pedir('h1.localhost', `/cliente/compras/${nova.id}`, { headers: { cookie: segundo.cookie } });
    expect(compra.status).toBe(200);
    expect(compra.texto).toContain('comprado como segundo colocado');
    const admin2 = await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: staff.cookie } });
    expect(admin2.texto).toContain('aceitou o lote');
    expect((await emailsPara(segundo.email)).map((m) => m.assunto).join()).toContain('confirmada');
    expect((await postar('/cliente/compras', segundo.cookie, { ofertaUid: o.uid, resposta: 'recusar' })).status).toBe(409);
  });

  it('declining leaves the lot with the desistência', async () => {
    const { loteId, segundo } = await disputaEncerrada();
    const [o] = await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId));
    const r = await postar('/cliente/compras', segundo.cookie, { ofertaUid: o.uid, resposta: 'recusar' });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Oferta recusada');
    expect((await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.id, o.id)))[0].situacao).toBe('Recusada');
    expect((await t.banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s).toBe('CLIENTE_DESISTIU');
    expect(await t.banco.db.select().from(venda).where(eq(venda.usuarioId, segundo.id))).toHaveLength(0);
  });

  it('a lapsed offer shows its end and can no longer be accepted', async () => {
    const { loteId, segundo } = await disputaEncerrada();
    await t.banco.db.execute(sql`UPDATE oferta_segundo_colocado SET prazo = now() - interval '1 minute' WHERE lote_id = ${loteId}`);
    const [o] = await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId));
    const lista = await t.app.pedir('h1.localhost', '/cliente/compras', { headers: { cookie: segundo.cookie } });
    expect(lista.texto).toContain('Prazo encerrado');
    expect(lista.texto).not.toContain('>Aceitar<');
    const r = await postar('/cliente/compras', segundo.cookie, { ofertaUid: o.uid, resposta: 'aceitar' });
    expect(r.status).toBe(409);
    expect(r.texto).toContain('Esta oferta não está mais disponível');
    expect((await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.id, o.id)))[0].situacao).toBe('Expirada');
    expect(
      await t.banco.db
        .select()
        .from(venda)
        .where(and(eq(venda.usuarioId, segundo.id))),
    ).toHaveLength(0);
  });

  it('without another bidder nothing is offered and the timeline says so', async () => {
    const { loteId, vendaId, staff } = await disputaEncerrada({ comSegundo: false });
    expect(await t.banco.db.select().from(ofertaSegundoColocado).where(eq(ofertaSegundoColocado.loteId, loteId))).toHaveLength(0);
    const admin = await t.app.pedir('h1.localhost', `/admin/compras/${vendaId}`, { headers: { cookie: staff.cookie } });
    expect(admin.texto).toContain('sem segundo colocado');
  });
});
