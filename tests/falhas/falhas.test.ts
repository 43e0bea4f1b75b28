import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@db/client.server';
import { habilitacao } from '@db/schema';
import { createRedisBus, type Bus } from '~/realtime/bus.server';
import { buracoNegro } from '../buraco-negro';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { conectarWs } from '../ws';

/**
 * The fault suite (issue #27): two instances on one PostgreSQL and one Redis, each through TCP proxies of its
 * own, while 20 clients bid on two hot lots (half of the bids with an Idempotency-Key, retried with the same
 * key on a 503) and 16 watchers (4 per lot per instance) follow them. Meanwhile: instance A's database
 * connections are reset mid-transaction; COMMIT answers and fast-path answers are lost after the server did
 * the work; A's Redis is cut and refused for 2 s; A's database goes silent for 2 s. Then the lots close.
 *
 * It prints the figures and fails on any acknowledged bid not stored, any bid stored twice, any answer
 * other than 201/409/503, a lot closed more than once, or a watcher left on a stale state.
 */
const INCREMENTO = 100_00;
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(envDeTeste.DATABASE_URL && envDeTeste.REDIS_URL)('faults under load', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  const proxies: Awaited<ReturnType<typeof buracoNegro>>[] = [];
  const bancos: Database[] = [];
  const buses: Bus[] = [];
  const instancias: Instancia[] = [];
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
    const pgReal = new URL(envDeTeste.DATABASE_URL!);
    const redisReal = new URL(envDeTeste.REDIS_URL!);
    const prefixo = `falhas-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 2; i++) {
      const pg = await buracoNegro({ host: pgReal.hostname, port: Number(pgReal.port || 5432) });
      const redis = await buracoNegro({ host: redisReal.hostname, port: Number(redisReal.port || 6379) });
      proxies.push(pg, redis);
      const url = new URL(pgReal);
      url.host = `127.0.0.1:${pg.port}`;
      const database = await openDatabase({ url: url.href, schema: banco.schema ?? undefined, max: 10 });
      const bus = await createRedisBus({ url: `redis://127.0.0.1:${redis.port}`, prefixo });
      bancos.push(database);
      buses.push(bus);
      instancias.push(await iniciarInstancia({ database, bus, encerrador: true, heartbeatMs: 2_000 }));
    }
  });
  afterAll(async () => {
    // The faults left them broken on purpose: a close that fails must not hide the test's own result.
    for (const i of instancias) await i.close().catch(() => {});
    for (const b of buses) await b.close().catch(() => {}); // as above
    for (const d of bancos) await d.close().catch(() => {}); // as above
    for (const p of proxies) await p.fechar();
    await banco?.descartar();
  });

  it('no acknowledged bid lost, none stored twice, lots closed once, every watcher converges', async () => {
    const [pgA, redisA, pgB] = proxies;
    const [a, b] = instancias;
    const lotes = [
      await criarLoteEmDisputa(banco.db, { minimo: 1_000_00, incremento: INCREMENTO, fimEmMs: 10 * 60_000 }),
      await criarLoteEmDisputa(banco.db, { minimo: 1_000_00, incremento: INCREMENTO, fimEmMs: 10 * 60_000 }),
    ];
    const clientes: Awaited<ReturnType<typeof criarCliente>>[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await criarCliente(banco.db, { nome: `Cliente ${i} Falhas` });
      await banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: c.id, leilaoId: null });
      clientes.push(c);
    }
    const vigias: { w: Awaited<ReturnType<typeof conectarWs>>; lote: (typeof lotes)[number]; inst: Instancia; releituras: number }[] = [];
    for (const inst of instancias) {
      for (const l of lotes) {
        for (let k = 0; k < 4; k++) {
          const w = await conectarWs(inst.port, 'h1.localhost');
          w.enviar({ event: 'conectar-lances-lote', data: { veiUid: l.veiUid } });
          await w.esperar('sala-conectada');
          vigias.push({ w, lote: l, inst, releituras: 0 });
        }
      }
    }

    const n = { enviados: 0, aceitos: 0, recusados409: 0, indisponiveis503: 0, outros: 0, errosDeConexao: 0, repeticoes: 0 };
    const outros: string[] = [];
    const aceitos = new Map<string, { loteId: number; valor: number }>();
    const proximo = new Map(lotes.map((l) => [l.loteId, 1_000_00]));
    let parar = false;
    async function licitar(i: number) {
      const c = clientes[i];
      const inst = instancias[i % 2];
      while (!parar) {
        const l = lotes[Math.floor(Math.random() * lotes.length)];
        const valor = proximo.get(l.loteId)!;
        const chave = Math.random() < 0.5 ? randomUUID() : null;
        for (let tentativa = 0; tentativa < 4; tentativa++) {
          n.enviados++;
          if (tentativa > 0) n.repeticoes++;
          const r = await inst
            .pedir('h1.localhost', '/v1/lances', {
              headers: { ...c.auth, ...(chave ? { 'idempotency-key': chave } : {}) },
              corpo: { loteId: l.loteId, valor },
            })
            .catch(() => null); // counted just below as a connection error
          if (!r) {
            n.errosDeConexao++;
            break;
          }
          if (r.status === 201) {
            n.aceitos++;
            const corpo = r.json() as { lance: { uid: string }; lote: { valor: { proximo: number } } };
            aceitos.set(corpo.lance.uid, { loteId: l.loteId, valor });
            proximo.set(l.loteId, Math.max(proximo.get(l.loteId)!, corpo.lote.valor.proximo));
            break;
          }
          if (r.status === 409) {
            n.recusados409++;
            const p = (r.json() as { proximo?: number }).proximo;
            proximo.set(l.loteId, Math.max(proximo.get(l.loteId)!, p ?? valor + INCREMENTO));
            break;
          }
          if (r.status === 503) {
            n.indisponiveis503++;
            await esperar(200);
            // Only a keyed bid is sent again as the same request; an unkeyed one is a new decision.
            if (chave) continue;
            break;
          }
          n.outros++;
          outros.push(`${r.status} ${r.texto.slice(0, 120)}`);
          break;
        }
        await esperar(30 + Math.random() * 90);
      }
    }
    const inicio = Date.now();
    const corrida = Promise.all(clientes.map((_, i) => licitar(i)));
    const aos = async (ms: number, f: () => void) => {
      await esperar(Math.max(0, inicio + ms - Date.now()));
      f();
    };
    await aos(2_000, () => pgA.cortar());
    await aos(4_000, () => {
      pgB.perderResposta('commit', 'recibo_transacao');
      pgA.perderResposta('lance_manual_lote');
    });
    await aos(6_000, () => {
      redisA.recusar();
      redisA.cortar();
    });
    await aos(8_000, () => redisA.recusar(false));
    await aos(9_000, () => pgB.perderResposta('commit', 'recibo_transacao'));
    await aos(10_000, () => pgA.silenciar());
    await aos(12_000, () => {
      pgA.silenciar(false);
      pgA.cortar();
    });
    await aos(15_000, () => void (parar = true));
    await corrida;

    // The last bid and the close while A's Redis is down: A's watchers miss them unless the bus's return
    // makes them catch up.
    redisA.recusar();
    redisA.cortar();
    const ultimo = lotes[0];
    const final = await b.pedir('h1.localhost', '/v1/lances', {
      headers: clientes[1].auth,
      corpo: { loteId: ultimo.loteId, valor: proximo.get(ultimo.loteId)! },
    });
    if (final.status === 201) aceitos.set((final.json() as { lance: { uid: string } }).lance.uid, { loteId: ultimo.loteId, valor: 0 });
    // Close both lots; the closing job of either instance claims them.
    for (const l of lotes) await vencerLote(banco.db, l.loteId);
    const ids = lotes.map((l) => l.loteId);
    await expect
      .poll(
        async () =>
          (await banco.db.execute(sql`SELECT count(*)::int AS n FROM lote WHERE id IN ${ids} AND situacao = 'LIBERADO_LEILAO'`)).rows[0].n,
        { timeout: 15_000, interval: 250 },
      )
      .toBe(0);
    await esperar(1_000);
    redisA.recusar(false);

    const guardados = (await banco.db.execute(sql`SELECT uid::text AS uid, lote_id, valor FROM lance WHERE lote_id IN ${ids}`)).rows as {
      uid: string;
      lote_id: number;
      valor: string;
    }[];
    const uids = new Set(guardados.map((g) => g.uid));
    const perdidos = [...aceitos.keys()].filter((u) => !uids.has(u));
    const porValor = new Map<string, number>();
    for (const g of guardados) porValor.set(`${g.lote_id}:${g.valor}`, (porValor.get(`${g.lote_id}:${g.valor}`) ?? 0) + 1);
    const duplicados = [...porValor.values()].filter((x) => x > 1).length;
    const fechamentos = (
      await banco.db.execute(sql`SELECT lote_id, count(*)::int AS n FROM venda_item WHERE lote_id IN ${ids} GROUP BY lote_id`)
    ).rows as { lote_id: number; n: number }[];

    // Watchers: each must end on its lot's last sequence and state, without reloading.
    const finais = new Map(
      (
        (await banco.db.execute(sql`SELECT id, sequencia, situacao FROM lote WHERE id IN ${ids}`)).rows as {
          id: number;
          sequencia: number;
          situacao: string;
        }[]
      ).map((r) => [Number(r.id), r]),
    );
    // A watcher does what the browser does (lances-cliente.ts): applies the lot's events in sequence, and
    // when the hub says the lot is ahead of what it saw (`estado-lote`), reads the lot again over HTTP.
    const estadoDe = async (v: (typeof vigias)[number]) => {
      const eventos = v.w.recebidas.filter((m) => m.event === 'on-elastic-response' && m.data.veiUid === v.lote.veiUid);
      let ultimo = eventos.reduce<Record<string, unknown> | null>((u, m) => (!u || Number(m.data.seq) > Number(u.seq) ? m.data : u), null);
      const avisos = v.w.recebidas.filter((m) => m.event === 'estado-lote' && m.data.veiUid === v.lote.veiUid);
      const maiorAviso = Math.max(-1, ...avisos.map((m) => Number(m.data.seq)));
      if (maiorAviso > Number(ultimo?.seq ?? -1)) {
        const r = await v.inst.pedir('h1.localhost', `/v1/lances/lote/${v.lote.veiUid}`);
        if (r.status === 200) {
          ultimo = r.json() as Record<string, unknown>;
          v.releituras++;
        }
      }
      return ultimo;
    };
    const convergiu = async (v: (typeof vigias)[number]) => {
      const final = finais.get(v.lote.loteId)!;
      const ultimo = await estadoDe(v);
      return !!ultimo && Number(ultimo.seq) === Number(final.sequencia) && ultimo.situacao === final.situacao;
    };
    const contarConvergidos = async () => (await Promise.all(vigias.map(convergiu))).filter(Boolean).length;
    await expect
      .poll(contarConvergidos, { timeout: 15_000, interval: 500 })
      .toBe(vigias.length)
      // Not reached in time: the count below is asserted and reported with its figure.
      .catch(() => {});
    const convergidos = await contarConvergidos();

    const figuras = {
      ...n,
      guardados: guardados.length,
      perdidos: perdidos.length,
      duplicados,
      lotesFechados: fechamentos.length,
      vigiasConvergidos: `${convergidos}/${vigias.length}`,
      releiturasDosVigias: vigias.reduce((t, v) => t + v.releituras, 0),
      instancias: { a: (await a.pedir('h1.localhost', '/livez')).status, b: (await b.pedir('h1.localhost', '/livez')).status },
    };
    console.log(`falhas: ${JSON.stringify(figuras)}`);
    for (const v of vigias) v.w.fechar();

    expect(outros).toEqual([]);
    expect(perdidos).toEqual([]);
    expect(duplicados).toBe(0);
    expect(n.aceitos).toBeGreaterThan(50);
    expect(fechamentos.every((f) => f.n === 1)).toBe(true);
    expect(figuras.instancias).toEqual({ a: 200, b: 200 });
    expect(convergidos).toBe(vigias.length);
  });
});
