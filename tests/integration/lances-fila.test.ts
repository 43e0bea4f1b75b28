import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { darLance } from '~/modules/lances/lance-manual.server';
import { cancelarLanceAutomatico, configurarLanceAutomatico } from '~/modules/lances/lance-automatico.server';
import { compreJa } from '~/modules/lances/compre-ja.server';
import type { Resultado } from '~/modules/lances/resultado';
import { recalcularVenda } from '~/modules/vendas/vendas.server';
import { criarServicoDeLances, type ServicoDeLances } from '~/modules/lances/servico.server';
import { criarComprasJuntas } from '~/modules/lances/compras-juntas.server';
import { criarBancoDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa } from '../lances';

/** The bid of an accepted result (a refusal fails the test here). */
function lanceDe(r: Resultado) {
  if (!('lance' in r)) throw new Error(`esperava um lance aceito, veio ${r.tipo}`);
  return r.lance;
}
const loteDe = (r: Resultado) => {
  if (!('lote' in r)) throw new Error(`esperava o lote na resposta, veio ${r.tipo}`);
  return r.lote;
};

/**
 * The full engine's group commit (fila-do-lote.server.ts, issue #16): requests on one lot that arrive
 * together share a transaction, and their writes go at its end. The answers and the rows must be those
 * of the same requests run one after the other.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let servico: ServicoDeLances;
let clientes: Awaited<ReturnType<typeof criarCliente>>[];
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  servico = criarServicoDeLances(banco.db);
  clientes = [];
  for (let i = 0; i < 8; i++) clientes.push(await criarCliente(banco.db, { nome: `Fila ${i} Teste` }));
});
afterAll(() => banco?.descartar());

const rows = async <T>(q: ReturnType<typeof sql>) => (await banco.db.execute(q)).rows as T[];
const licitante = (i: number) => ({ id: clientes[i].id, nome: clientes[i].nome, email: clientes[i].email });
const MINIMO = 1_000_00;
const INC = 100_00;

async function conferirLote(loteId: number) {
  const [l] = await rows<{ q: number; n: number; valor: string; usuario: number; max: string; ultimo: number; apelido: string }>(sql`
    SELECT l.quantidade_lances AS q, (SELECT count(*)::int FROM lance WHERE lote_id = l.id) AS n, l.ultimo_lance_valor AS valor,
           l.ultimo_lance_usuario_id AS usuario, (SELECT max(valor) FROM lance WHERE lote_id = l.id) AS max,
           (SELECT usuario_id FROM lance WHERE lote_id = l.id ORDER BY id DESC LIMIT 1) AS ultimo, l.ultimo_lance_apelido AS apelido
      FROM lote l WHERE l.id = ${loteId}`);
  expect(l.q).toBe(l.n);
  expect(Number(l.valor)).toBe(Number(l.max));
  expect(l.usuario).toBe(l.ultimo);
  expect(l.apelido).toBe('Fila T.');
  return l;
}

describe('group commit of the full engine', () => {
  it('keyed bids sent together: one answer per key, a replay answers the same, another body with the key is a 422', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC });
    const pedidos = [0, 1, 2, 3, 4, 5].map((i) => ({ i, chave: `k-${i}`, valor: MINIMO + i * INC }));
    // Client 0 repeats its key with the same body (a retry) and client 1 with another body.
    pedidos.push({ i: 0, chave: 'k-0', valor: MINIMO }, { i: 1, chave: 'k-1', valor: MINIMO + 9 * INC });
    const rs = await Promise.all(
      pedidos.map((p) =>
        darLance({
          db: banco.db,
          lances: servico,
          hotsiteId: 1,
          licitante: licitante(p.i),
          entrada: { loteId, valor: p.valor },
          idempotencyKey: p.chave,
        }),
      ),
    );
    // In arrival order: each jump bid tops the previous one.
    expect(rs.slice(0, 6).map((r) => r.tipo)).toEqual(['aceito', 'aceito', 'aceito', 'aceito', 'aceito', 'aceito']);
    expect(rs[6]).toEqual(rs[0]);
    expect(rs[7]).toEqual({ tipo: 'chave-reutilizada' });
    const ids = rs.slice(0, 6).map((r) => lanceDe(r).id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const gravados = await rows<{ id: number; valor: string }>(sql`SELECT id, valor FROM lance WHERE lote_id = ${loteId} ORDER BY id`);
    expect(gravados.map((g) => g.id)).toEqual(ids);
    const l = await conferirLote(loteId);
    expect(Number(l.valor)).toBe(MINIMO + 5 * INC);
    // Clients lost the lead: the batch wrote no e-mail itself; the outbid notices wait in the notification queue,
    // which sends the e-mails after the commit (decision 283).
    const emails = sql.param(clientes.slice(0, 5).map((c) => c.email));
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mensagem_saida WHERE para = ANY(${emails}::text[])`);
    expect(n).toBe(0);
    const [{ avisos }] = await rows<{ avisos: number }>(
      sql`SELECT count(*)::int AS avisos FROM notificacao WHERE lote_id = ${loteId} AND evento = 'lance-superado'`,
    );
    expect(avisos).toBeGreaterThanOrEqual(1);
    // A replay after the commit answers the stored first answer.
    const depois = await darLance({
      db: banco.db,
      lances: servico,
      hotsiteId: 1,
      licitante: licitante(2),
      entrada: { loteId, valor: MINIMO + 2 * INC },
      idempotencyKey: 'k-2',
    });
    expect(depois).toEqual(rs[2]);
  });

  it('maxima and manual bids together, then a buy-now, match the engine run one by one', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC });
    await banco.db.execute(sql`UPDATE lote SET compre_ja = ${MINIMO + 50 * INC} WHERE id = ${loteId}`);
    // This instance has seen maxima on the lot (as it has after the first one): every request joins the
    // engine's queue in the order sent. Without the hint a manual bid takes the fast path, whose single
    // statement may commit before the first maximum locks the lot: a valid order of requests sent together
    // (decision 084), but not the one this test checks (it failed so once, in CI on a loaded machine).
    servico.maximos.marcar(1, loteId);
    const rs = await Promise.all([
      configurarLanceAutomatico({
        db: banco.db,
        lances: servico,
        hotsiteId: 1,
        licitante: licitante(0),
        entrada: { loteId, valorMaximo: MINIMO + 10 * INC },
      }),
      configurarLanceAutomatico({
        db: banco.db,
        lances: servico,
        hotsiteId: 1,
        licitante: licitante(1),
        entrada: { loteId, valorMaximo: MINIMO + 5 * INC },
      }),
      darLance({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(2), entrada: { loteId, valor: MINIMO + 3 * INC } }),
      configurarLanceAutomatico({
        db: banco.db,
        lances: servico,
        hotsiteId: 1,
        licitante: licitante(1),
        entrada: { loteId, valorMaximo: MINIMO + 12 * INC },
      }),
      darLance({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(3), entrada: { loteId, valor: MINIMO + 20 * INC } }),
    ]);
    expect(rs.map((r) => r.tipo)).toEqual(['automatico-salvo', 'automatico-salvo', 'abaixo', 'automatico-salvo', 'aceito']);
    // Client 1's maximum (12 increments) beat client 0's (10): 11 increments, then client 3 jumped to 20.
    expect(loteDe(rs[3]).valor.lance).toBe(MINIMO + 11 * INC);
    const l = await conferirLote(loteId);
    expect(Number(l.valor)).toBe(MINIMO + 20 * INC);
    expect(l.usuario).toBe(clientes[3].id);
    const [buy, tarde] = await Promise.all([
      compreJa({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(4), loteId }),
      compreJa({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(5), loteId }),
    ]);
    expect([buy.tipo, tarde.tipo]).toEqual(['comprado', 'compra-de-outro']);
    const [lote] = await rows<{ situacao: string; ativos: number; venda: number }>(
      sql`SELECT situacao, (SELECT count(*)::int FROM lance_automatico WHERE lote_id = ${loteId} AND situacao = 'Ativo') AS ativos,
                 (SELECT count(*)::int FROM venda_item WHERE lote_id = ${loteId}) AS venda FROM lote WHERE id = ${loteId}`,
    );
    expect(lote).toEqual({ situacao: 'AG_PAGAMENTO', ativos: 0, venda: 1 });
    await conferirLote(loteId);
  });

  it('maxima set together in one batch (a new one, then raised by its owner) are stored as the engine run one by one left them', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC });
    const maximo = (i: number, valorMaximo: number) =>
      configurarLanceAutomatico({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(i), entrada: { loteId, valorMaximo } });
    // The first goes alone; the other three arrive meanwhile and share the next transaction.
    const rs = await Promise.all([
      maximo(3, MINIMO + INC),
      maximo(0, MINIMO + 10 * INC),
      maximo(1, MINIMO + 8 * INC),
      maximo(0, MINIMO + 15 * INC),
    ]);
    expect(rs.map((r) => r.tipo)).toEqual(['automatico-salvo', 'automatico-salvo', 'automatico-salvo', 'automatico-salvo']);
    const ids = rs.map((r) => (r.tipo === 'automatico-salvo' ? r.lanceAutomatico.id : -1));
    expect(ids[3]).toBe(ids[1]);
    const salvos = await rows<{ id: number; usuario_id: number; valor_maximo: string; situacao: string; x: string }>(
      sql`SELECT id, usuario_id, valor_maximo, situacao, xmin::text AS x FROM lance_automatico WHERE lote_id = ${loteId} ORDER BY id`,
    );
    expect(salvos.map((c) => [c.id, c.usuario_id, Number(c.valor_maximo), c.situacao])).toEqual([
      [ids[0], clientes[3].id, MINIMO + INC, 'Ativo'],
      [ids[1], clientes[0].id, MINIMO + 15 * INC, 'Ativo'],
      [ids[2], clientes[1].id, MINIMO + 8 * INC, 'Ativo'],
    ]);
    expect(salvos[1].x).toBe(salvos[2].x);
    // Each proxy bid names its owner's maximum.
    const automaticos = await rows<{ usuario_id: number; dono: number }>(sql`
      SELECT b.usuario_id, a.usuario_id AS dono FROM lance b LEFT JOIN lance_automatico a ON a.id = b.lance_automatico_id
       WHERE b.lote_id = ${loteId} AND b.lance_automatico_id IS NOT NULL`);
    expect(automaticos.length).toBeGreaterThan(0);
    for (const b of automaticos) expect(b.dono).toBe(b.usuario_id);
    let l = await conferirLote(loteId);
    expect([Number(l.valor), l.usuario]).toEqual([MINIMO + 9 * INC, clientes[0].id]);
    // A later bid reads the stored maxima: client 0's 15 answers a manual 12 with 13.
    const r = await darLance({
      db: banco.db,
      lances: servico,
      hotsiteId: 1,
      licitante: licitante(2),
      entrada: { loteId, valor: MINIMO + 12 * INC },
    });
    expect(r.tipo).toBe('aceito');
    l = await conferirLote(loteId);
    expect([Number(l.valor), l.usuario]).toEqual([MINIMO + 13 * INC, clientes[0].id]);
  });

  it('a manual bid on a lot with maxima skips the fast path on the instance that saw them; a stale hint on either side decides the same', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC });
    // Two instances: A sets the maximum, B has never seen it.
    const a = { ...servico, rapido: vi.fn(servico.rapido) };
    const outra = criarServicoDeLances(banco.db);
    const b = { ...outra, rapido: vi.fn(outra.rapido) };
    const max = await configurarLanceAutomatico({
      db: banco.db,
      lances: a,
      hotsiteId: 1,
      licitante: licitante(0),
      entrada: { loteId, valorMaximo: MINIMO + 5 * INC },
    });
    expect(max.tipo).toBe('automatico-salvo');
    const r1 = await darLance({
      db: banco.db,
      lances: a,
      hotsiteId: 1,
      licitante: licitante(1),
      entrada: { loteId, valor: MINIMO + 2 * INC },
    });
    expect(a.rapido).not.toHaveBeenCalled();
    // Accepted, and the maximum answered it with one increment.
    expect(r1).toMatchObject({ tipo: 'aceito', status: 'superado', lote: { valor: { lance: MINIMO + 3 * INC } } });
    // B asks its fast path, which sends the bid to the engine (same decision), and B now knows.
    const r2 = await darLance({
      db: banco.db,
      lances: b,
      hotsiteId: 1,
      licitante: licitante(2),
      entrada: { loteId, valor: MINIMO + 6 * INC },
    });
    expect(r2.tipo).toBe('aceito');
    expect(b.rapido).toHaveBeenCalledTimes(1);
    expect(b.maximos.tem(1, loteId)).toBe(true);
    // The maximum is cancelled elsewhere: A's hint is stale, the engine decides alike and drops it.
    await cancelarLanceAutomatico({ db: banco.db, hotsiteId: 1, usuarioId: clientes[0].id, loteId });
    const r3 = await darLance({
      db: banco.db,
      lances: a,
      hotsiteId: 1,
      licitante: licitante(3),
      entrada: { loteId, valor: MINIMO + 7 * INC },
    });
    expect(r3.tipo).toBe('aceito');
    expect(a.maximos.tem(1, loteId)).toBe(false);
    const r4 = await darLance({
      db: banco.db,
      lances: a,
      hotsiteId: 1,
      licitante: licitante(1),
      entrada: { loteId, valor: MINIMO + 8 * INC },
    });
    expect(r4.tipo).toBe('aceito');
    expect(a.rapido).toHaveBeenCalledTimes(1);
    const l = await conferirLote(loteId);
    expect([Number(l.valor), l.usuario]).toEqual([MINIMO + 8 * INC, clientes[1].id]);
  });

  it('buy-now of two lots of one auction: one sale, both items, events in order, totals the full recalculation leaves as they are', async () => {
    const x = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC, compreJa: MINIMO + 30 * INC });
    const y = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC, compreJa: MINIMO + 40 * INC });
    await banco.db.execute(
      sql`UPDATE lote SET leilao_id = ${x.leilaoId}, comissao_porcentagem = 500, despachante = ${350_00} WHERE id IN (${x.loteId}, ${y.loteId})`,
    );
    await banco.db.execute(sql`UPDATE leilao_lote SET leilao_id = ${x.leilaoId} WHERE lote_id = ${y.loteId}`);
    const compra = (loteId: number) => compreJa({ db: banco.db, lances: servico, hotsiteId: 1, licitante: licitante(6), loteId });
    expect((await compra(x.loteId)).tipo).toBe('comprado');
    expect((await compra(y.loteId)).tipo).toBe('comprado');
    const vendas = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE usuario_id = ${clientes[6].id}`);
    expect(vendas).toHaveLength(1);
    const venda = vendas[0];
    const itens = await rows<{ lote_id: number; valor: string; comissao: string; total: string }>(
      sql`SELECT lote_id, valor, comissao, total FROM venda_item WHERE venda_id = ${venda.id} ORDER BY id`,
    );
    expect(itens.map((i) => [i.lote_id, Number(i.valor), Number(i.comissao)])).toEqual([
      [x.loteId, MINIMO + 30 * INC, (MINIMO + 30 * INC) * 0.05],
      [y.loteId, MINIMO + 40 * INC, (MINIMO + 40 * INC) * 0.05],
    ]);
    expect(Number(venda.total)).toBe(itens.reduce((s, i) => s + Number(i.total), 0));
    expect(Number(venda.valor_despachante)).toBe(2 * 350_00);
    expect(venda).toMatchObject({ situacao: 'AguardandoPagamento', situacao_entrega: 'aguardando_pagamento', leilao_id: x.leilaoId });
    const eventos = await rows<{ texto: string }>(sql`SELECT texto FROM venda_evento WHERE venda_id = ${venda.id} ORDER BY id`);
    expect(eventos.map((e) => e.texto)).toEqual(['Venda criada', 'Lote incluído na venda', 'Lote incluído na venda']);
    // The lots are closed for the buyer, as before.
    const lotes = await rows<{ situacao: string; ll: string; enc: number }>(sql`
      SELECT l.situacao, (SELECT situacao FROM leilao_lote WHERE lote_id = l.id) AS ll,
             (SELECT count(*)::int FROM lote_encerramento WHERE lote_id = l.id AND usuario_id = ${clientes[6].id}) AS enc
        FROM lote l WHERE l.id IN (${x.loteId}, ${y.loteId})`);
    expect(lotes).toEqual([
      { situacao: 'AG_PAGAMENTO', ll: 'AG_PAGAMENTO', enc: 1 },
      { situacao: 'AG_PAGAMENTO', ll: 'AG_PAGAMENTO', enc: 1 },
    ]);
    // The generic recalculation finds nothing to change.
    await banco.db.transaction((tx) => recalcularVenda(tx, 1, Number(venda.id)));
    const [depois] = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE id = ${venda.id}`);
    expect({ ...depois, updated_at: null }).toEqual({ ...venda, updated_at: null });
  });

  it('buy-nows sent together on several lots share one transaction: one winner per lot, the other refused, each lot its own sale', async () => {
    // One queue, so every request after the first goes in the second batch, together.
    const emSerie = { ...servico, compras: criarComprasJuntas(banco.db, { filas: 1 }) };
    const lotes = [];
    for (let k = 0; k < 4; k++)
      lotes.push(await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC, compreJa: MINIMO + (10 + k) * INC }));
    const [a, b, c, d] = lotes.map((l) => l.loteId);
    // Client 2 and client 3 both buy lot c; client 7 asks for a lot of another brand (not found).
    const pedidos: [number, number][] = [
      [0, a],
      [1, b],
      [2, c],
      [3, c],
      [4, d],
      [7, 999_999_999],
    ];
    const rs = await Promise.all(
      pedidos.map(([i, loteId]) => compreJa({ db: banco.db, lances: emSerie, hotsiteId: 1, licitante: licitante(i), loteId })),
    );
    expect(rs.map((r) => r.tipo)).toEqual(['comprado', 'comprado', 'comprado', 'compra-de-outro', 'comprado', 'lote-nao-encontrado']);
    expect(rs[2]).toMatchObject({ tipo: 'comprado', lance: { loteId: c, valor: MINIMO + 12 * INC, tipo: 'Compre Já' } });
    // Lots b, c and d were bought in one transaction (their bids share an xmin), a alone before them.
    const commits = await rows<{ lote_id: number; x: string }>(
      sql`SELECT lote_id, xmin::text AS x FROM lance WHERE lote_id = ANY(${sql.param([a, b, c, d])}::int[]) ORDER BY lote_id`,
    );
    expect(commits).toHaveLength(4);
    expect(new Set(commits.slice(1).map((r) => r.x)).size).toBe(1);
    expect(commits[0].x).not.toBe(commits[1].x);
    // Each lot (a different auction each) is closed for its buyer with a sale of its own.
    const vendidos = await rows<{
      lote: number;
      situacao: string;
      comprador: number;
      vendas: number;
      itens: number;
      enc: number;
      q: number;
    }>(sql`
      SELECT l.id AS lote, l.situacao, l.ultimo_lance_usuario_id AS comprador, l.quantidade_lances AS q,
             (SELECT count(DISTINCT vi.venda_id)::int FROM venda_item vi JOIN venda v ON v.id = vi.venda_id
               WHERE vi.lote_id = l.id AND v.usuario_id = l.ultimo_lance_usuario_id) AS vendas,
             (SELECT count(*)::int FROM venda_item WHERE lote_id = l.id) AS itens,
             (SELECT count(*)::int FROM lote_encerramento WHERE lote_id = l.id) AS enc
        FROM lote l WHERE l.id = ANY(${sql.param([a, b, c, d])}::int[]) ORDER BY l.id`);
    expect(vendidos).toEqual(
      [a, b, c, d].map((lote, k) => ({
        lote,
        situacao: 'AG_PAGAMENTO',
        comprador: clientes[[0, 1, 2, 4][k]].id,
        q: 1,
        vendas: 1,
        itens: 1,
        enc: 1,
      })),
    );
    const vendas = await rows<{ id: number; total: string; arremate: string; eventos: string[] }>(sql`
      SELECT v.id, v.total, v.arremate, (SELECT array_agg(texto ORDER BY id) FROM venda_evento WHERE venda_id = v.id) AS eventos
        FROM venda v JOIN venda_item vi ON vi.venda_id = v.id WHERE vi.lote_id = ANY(${sql.param([b, c, d])}::int[]) ORDER BY vi.lote_id`);
    expect(vendas.map((v) => Number(v.arremate))).toEqual([MINIMO + 11 * INC, MINIMO + 12 * INC, MINIMO + 13 * INC]);
    for (const v of vendas) {
      expect(v.eventos).toEqual(['Venda criada', 'Lote incluído na venda']);
      // The generic recalculation finds nothing to change in a sale opened set-based.
      const [antes] = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE id = ${v.id}`);
      await banco.db.transaction((tx) => recalcularVenda(tx, 1, Number(v.id)));
      const [depois] = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE id = ${v.id}`);
      expect({ ...depois, updated_at: null }).toEqual({ ...antes, updated_at: null });
    }
  });
  it('buy-nows of two buyers on lots of one auction and seller in one batch: each joins or opens the right sale, totals as one by one', async () => {
    const emSerie = { ...servico, compras: criarComprasJuntas(banco.db, { filas: 1 }) };
    const [{ id: comitenteId }] = await rows<{ id: number }>(
      sql`INSERT INTO comitente (hotsite_id, nome_site, cnpj) VALUES (1, 'Comitente da Fila', '00.000.000/0001-00') RETURNING id`,
    );
    const novo = async (k: number, leilaoId?: number) => {
      const l = await criarLoteEmDisputa(banco.db, { minimo: MINIMO, incremento: INC, compreJa: MINIMO + (20 + k) * INC });
      const leilao = leilaoId ?? l.leilaoId;
      await banco.db.execute(sql`UPDATE lote SET leilao_id = ${leilao}, comitente_id = ${comitenteId}, comissao_porcentagem = 500,
                                        despachante = ${350_00}, vistoria = ${90_00} WHERE id = ${l.loteId}`);
      await banco.db.execute(sql`UPDATE leilao_lote SET leilao_id = ${leilao} WHERE lote_id = ${l.loteId}`);
      return { loteId: l.loteId, leilaoId: leilao, valor: MINIMO + (20 + k) * INC };
    };
    const p0 = await novo(0);
    const [p1, p2, p3, p4, p6] = [
      await novo(1, p0.leilaoId),
      await novo(2, p0.leilaoId),
      await novo(3, p0.leilaoId),
      await novo(4, p0.leilaoId),
      await novo(6, p0.leilaoId),
    ];
    const q = await novo(8); // same seller, another auction
    const compra = (i: number, loteId: number) =>
      compreJa({ db: banco.db, lances: emSerie, hotsiteId: 1, licitante: licitante(i), loteId });
    // Client 5 already has an open sale of the auction and seller, with a proof of payment waiting.
    expect((await compra(5, p0.loteId)).tipo).toBe('comprado');
    const [s5] = await rows<{ id: number }>(sql`SELECT venda_id AS id FROM venda_item WHERE lote_id = ${p0.loteId}`);
    await banco.db.execute(
      sql`INSERT INTO pagamento (hotsite_id, venda_id, tipo, valor, situacao) VALUES (1, ${s5.id}, 'PIX', ${500_00}, 'aguardandoValidacao')`,
    );
    await banco.db.transaction((tx) => recalcularVenda(tx, 1, s5.id));
    // The first request goes alone; the others arrive meanwhile and go together in the next batch.
    const pedidos: [number, number][] = [
      [7, p6.loteId],
      [5, p1.loteId],
      [6, p2.loteId],
      [5, p3.loteId],
      [6, p4.loteId],
      [5, q.loteId],
      [6, p1.loteId],
    ];
    const rs = await Promise.all(pedidos.map(([i, loteId]) => compra(i, loteId)));
    expect(rs.map((r) => r.tipo)).toEqual(['comprado', 'comprado', 'comprado', 'comprado', 'comprado', 'comprado', 'compra-de-outro']);
    const xmins = await rows<{ x: string }>(
      sql`SELECT DISTINCT xmin::text AS x FROM lance WHERE lote_id = ANY(${sql.param([p1, p2, p3, p4, q].map((l) => l.loteId))}::int[])`,
    );
    expect(xmins).toHaveLength(1);
    const vendas = await rows<{
      id: number;
      usuario_id: number;
      leilao_id: number;
      situacao: string;
      arremate: string;
      lotes: number[];
      eventos: string[];
    }>(sql`
      SELECT v.id, v.usuario_id, v.leilao_id, v.situacao, v.arremate,
             (SELECT array_agg(lote_id ORDER BY id) FROM venda_item WHERE venda_id = v.id) AS lotes,
             (SELECT array_agg(texto ORDER BY id) FROM venda_evento WHERE venda_id = v.id) AS eventos
        FROM venda v WHERE v.usuario_id = ANY(${sql.param([5, 6, 7].map((i) => clientes[i].id))}::int[]) AND v.comitente_id = ${comitenteId}
       ORDER BY v.id`);
    const incluido = 'Lote incluído na venda';
    expect(vendas.map((v) => ({ ...v, id: undefined, arremate: Number(v.arremate) }))).toEqual([
      // Client 5's open sale took p1 and p3 (waiting for its proof's validation, as before).
      {
        usuario_id: clientes[5].id,
        leilao_id: p0.leilaoId,
        situacao: 'AguardandoValidacao',
        arremate: p0.valor + p1.valor + p3.valor,
        lotes: [p0.loteId, p1.loteId, p3.loteId],
        eventos: ['Venda criada', incluido, incluido, incluido],
      },
      {
        usuario_id: clientes[7].id,
        leilao_id: p0.leilaoId,
        situacao: 'AguardandoPagamento',
        arremate: p6.valor,
        lotes: [p6.loteId],
        eventos: ['Venda criada', incluido],
      },
      // Client 6 had none: one new sale with both lots; client 5's lot of the other auction, a sale of its own.
      {
        usuario_id: clientes[6].id,
        leilao_id: p0.leilaoId,
        situacao: 'AguardandoPagamento',
        arremate: p2.valor + p4.valor,
        lotes: [p2.loteId, p4.loteId],
        eventos: ['Venda criada', incluido, incluido],
      },
      {
        usuario_id: clientes[5].id,
        leilao_id: q.leilaoId,
        situacao: 'AguardandoPagamento',
        arremate: q.valor,
        lotes: [q.loteId],
        eventos: ['Venda criada', incluido],
      },
    ]);
    // Every total is what the full recalculation sets.
    for (const v of vendas) {
      const [antes] = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE id = ${v.id}`);
      await banco.db.transaction((tx) => recalcularVenda(tx, 1, Number(v.id)));
      const [depois] = await rows<Record<string, unknown>>(sql`SELECT * FROM venda WHERE id = ${v.id}`);
      expect({ ...depois, updated_at: null }).toEqual({ ...antes, updated_at: null });
    }
  });
});
