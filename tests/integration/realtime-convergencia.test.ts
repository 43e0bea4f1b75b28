import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createRedisBus, type Bus } from '~/realtime/bus.server';
import { ClienteLances, type LoteAoVivo } from '~/realtime/lances-cliente';
import { salas } from '~/realtime/protocol';
import { fecharLotes } from '~/modules/lances/encerramento.server';
import { buracoNegro } from '../buraco-negro';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { conectarWs } from '../ws';

/**
 * Redis stopped during a lot's last bid and its close (issue #27): two instances on one Redis behind a
 * TCP proxy; the bid is accepted by A and the lot closed by B while the proxy refuses every connection,
 * so neither instance hears the other's event. Every watcher, on both instances, runs the browser's
 * own client (ClienteLances over a real websocket, its snapshots over HTTP) and must come to show the
 * lot sold at the last bid, without reopening the page (decision 117).
 */
const HOST = 'h14.localhost';

describe.runIf(envDeTeste.REDIS_URL)('realtime converges by itself after a bus blip (Redis)', () => {
  let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
  let proxy: Awaited<ReturnType<typeof buracoNegro>>;
  beforeAll(async () => {
    banco = await criarBancoDeTeste();
    const real = new URL(envDeTeste.REDIS_URL!);
    proxy = await buracoNegro({ host: real.hostname, port: Number(real.port || 6379) });
  });
  // A failed test leaves the bus usable for the next.
  afterEach(() => proxy?.recusar(false));
  afterAll(async () => {
    await proxy?.fechar();
    await banco?.descartar();
  });

  /** Two instances on Redis through the proxy (or another one). */
  async function duasInstancias(estadoMs: number, porta = proxy.port) {
    const prefixo = `martelo-converge-${randomUUID()}:`;
    const url = `redis://127.0.0.1:${porta}`;
    const buses: Bus[] = [await createRedisBus({ url, prefixo }), await createRedisBus({ url, prefixo })];
    const a = await iniciarInstancia({ database: banco, bus: buses[0], estadoMs });
    const b = await iniciarInstancia({ database: banco, bus: buses[1], estadoMs });
    return {
      a,
      b,
      async fechar() {
        await a.close();
        await b.close();
        await Promise.all(buses.map((x) => x.close()));
      },
    };
  }

  /** A page's live client on an instance, following one lot from the page's snapshot. */
  async function vigia(app: Instancia, veiUid: string) {
    const buscarSnapshot = async (v: string) => {
      const r = await app.pedir(HOST, `/v1/lances/lote/${v}`);
      return r.status === 200 ? r.json<LoteAoVivo>() : null;
    };
    let snapshots = 0;
    const cliente = new ClienteLances({
      url: `ws://127.0.0.1:${app.port}/ws`,
      criarSocket: (u) => new WebSocket(u, { headers: { host: `${HOST}:${app.port}` } }) as never,
      buscarSnapshot: (v) => (snapshots++, buscarSnapshot(v)),
    });
    let conectado!: () => void;
    const aberto = new Promise<void>((r) => (conectado = r));
    cliente.ouvir((e) => e.tipo === 'conexao' && e.conectado && conectado());
    cliente.conectar();
    await aberto;
    cliente.entrar(veiUid, (await buscarSnapshot(veiUid))!);
    return { cliente, snapshots: () => snapshots };
  }

  /** The lot sold at its last bid, on every watcher, within `ms`. */
  async function convergem(vigias: { cliente: ClienteLances }[], veiUid: string, final: { seq: number; lance: number }, ms: number) {
    const ate = Date.now() + ms;
    const estados = () => vigias.map((v) => v.cliente.lotes.get(veiUid));
    while (Date.now() < ate) {
      if (estados().every((l) => l?.seq === final.seq)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const l of estados()) {
      expect(l).toMatchObject({ situacao: 'AG_PAGAMENTO', seq: final.seq, valor: { lance: final.lance } });
    }
  }

  /** Bus down: the last bid through A, the close by B's job; answers the lot's final sequence. */
  async function ultimoLanceEFechamentoSemBus(a: Instancia, b: Instancia, loteId: number, veiUid: string, leilaoId: number) {
    const ana = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Ana' });
    const r1 = await a.pedir(HOST, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } });
    expect(r1.status).toBe(201);
    proxy.recusar();
    proxy.cortar();
    const r2 = await a.pedir(HOST, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 12_000_00 } });
    expect(r2.status).toBe(201);
    const seqDoLance = r2.json<{ lote: { seq: number } }>().lote.seq;
    // B closes it, as its closing job does (encerrarLotesVencidos), and publishes into the void.
    await vencerLote(banco.db, loteId);
    const { saida } = await fecharLotes({ db: banco.db, loteId });
    for (const f of saida) await b.martelo.hub.publicar(f.hotsiteId, salas.lote(f.veiUid), { event: 'on-elastic-response', data: f.data });
    const fechado = (await a.pedir(HOST, `/v1/lances/lote/${veiUid}`)).json<LoteAoVivo>();
    expect(fechado).toMatchObject({ situacao: 'AG_PAGAMENTO', seq: seqDoLance + 1 });
    // The bus stays down a while longer (the instances' publishes fail for good), then comes back.
    await new Promise((r) => setTimeout(r, 1_000));
    proxy.recusar(false);
    return { seq: seqDoLance + 1, lance: 12_000_00 };
  }

  it('the last bid (A) and the close (B) while Redis is away reach every watcher on both instances', { timeout: 30_000 }, async () => {
    const { a, b, fechar } = await duasInstancias(1_000);
    try {
      const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14, recebeIncrementoTempo: false });
      const vigias = [await vigia(a, veiUid), await vigia(a, veiUid), await vigia(b, veiUid), await vigia(b, veiUid)];
      const final = await ultimoLanceEFechamentoSemBus(a, b, loteId, veiUid, leilaoId);
      await convergem(vigias, veiUid, final, 8_000);
      for (const v of vigias) v.cliente.fechar();
    } finally {
      await fechar();
    }
  });

  it('bids racing on both instances reach every watcher in order, without a refetch storm', { timeout: 60_000 }, async () => {
    const { a, b, fechar } = await duasInstancias(2_000);
    try {
      const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14, incremento: 100_00 });
      const ana = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Ana' });
      const beto = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Beto' });
      const vigias = [await vigia(a, veiUid), await vigia(a, veiUid), await vigia(b, veiUid), await vigia(b, veiUid)];
      // Each round one bid on each instance at once: their events cross on the bus.
      for (let i = 0; i < 30; i++) {
        await Promise.all([
          a.pedir(HOST, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 + 2 * i * 100_00 } }),
          b.pedir(HOST, '/v1/lances', { headers: beto.auth, corpo: { loteId, valor: 10_000_00 + (2 * i + 1) * 100_00 } }),
        ]);
      }
      const final = (await a.pedir(HOST, `/v1/lances/lote/${veiUid}`)).json<LoteAoVivo>();
      expect(final.seq).toBeGreaterThan(30);
      const ate = Date.now() + 5_000;
      while (Date.now() < ate && !vigias.every((v) => v.cliente.lotes.get(veiUid)?.seq === final.seq)) {
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const v of vigias) expect(v.cliente.lotes.get(veiUid)).toMatchObject({ seq: final.seq, valor: { lance: final.valor?.lance } });
      // Interleaved arrivals are waited for, not refetched (the old client refetched on each of them).
      expect(vigias.map((v) => v.snapshots())).toEqual([0, 0, 0, 0]);
      for (const v of vigias) v.cliente.fechar();
    } finally {
      await fechar();
    }
  });

  it(
    'Redis gone silent (no reset, no answer): the close reaches every watcher through the beat, and its publish gives up',
    { timeout: 30_000 },
    async () => {
      const real = new URL(envDeTeste.REDIS_URL!);
      const mudo = await buracoNegro({ host: real.hostname, port: Number(real.port || 6379) });
      const { a, b, fechar } = await duasInstancias(1_000, mudo.port);
      try {
        const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14, recebeIncrementoTempo: false });
        const ana = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Ana' });
        const vigias = [await vigia(a, veiUid), await vigia(b, veiUid)];
        const r = await a.pedir(HOST, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } });
        expect(r.status).toBe(201);
        mudo.silenciar();
        await vencerLote(banco.db, loteId);
        const { saida } = await fecharLotes({ db: banco.db, loteId });
        const inicio = Date.now();
        // The closing job waits for each publish: a silent Redis must not hold it.
        for (const f of saida)
          await b.martelo.hub.publicar(f.hotsiteId, salas.lote(f.veiUid), { event: 'on-elastic-response', data: f.data });
        expect(Date.now() - inicio).toBeLessThan(5_000);
        await convergem(vigias, veiUid, { seq: saida[0].data.seq, lance: 10_000_00 }, 8_000);
        for (const v of vigias) v.cliente.fechar();
      } finally {
        // Redis answers again (the silenced connections cut, so the clients reconnect and can quit).
        mudo.silenciar(false);
        mudo.cortar();
        await fechar();
        await mudo.fechar();
      }
    },
  );

  it(
    'with no beat in time, the bus’s reconnection alone resyncs the lot rooms and tells the auditorium to refetch',
    { timeout: 30_000 },
    async () => {
      const { a, b, fechar } = await duasInstancias(10 * 60_000);
      try {
        const { loteId, veiUid, leilaoId, leilaoUid } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14, recebeIncrementoTempo: false });
        const vigias = [await vigia(a, veiUid), await vigia(b, veiUid)];
        const auditorio = await conectarWs(a.port, HOST);
        auditorio.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
        await auditorio.esperar('sala-conectada');
        const final = await ultimoLanceEFechamentoSemBus(a, b, loteId, veiUid, leilaoId);
        await convergem(vigias, veiUid, final, 8_000);
        await auditorio.esperar('ressincronizar');
        auditorio.fechar();
        for (const v of vigias) v.cliente.fechar();
      } finally {
        await fechar();
      }
    },
  );

  it(
    'a lot room joined while Redis is away hears the other instance’s bids once Redis is back, and nothing rejects unhandled',
    { timeout: 30_000 },
    async () => {
      const soltas: unknown[] = [];
      const aoSoltar = (erro: unknown) => soltas.push(erro);
      process.on('unhandledRejection', aoSoltar);
      // No beat in time: only the bus can bring A's bid to B.
      const { a, b, fechar } = await duasInstancias(10 * 60_000);
      try {
        const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14, incremento: 100_00 });
        const ana = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Ana' });
        proxy.recusar();
        proxy.cortar();
        // B's first watcher of the lot arrives while Redis refuses: its SUBSCRIBE cannot be sent, and
        // the outage outlasts ioredis's retries per command.
        const vigiaB = await conectarWs(b.port, HOST);
        vigiaB.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
        await vigiaB.esperar('sala-conectada');
        await new Promise((r) => setTimeout(r, 1_500));
        proxy.recusar(false);
        await vigiaB.esperar('estado-lote', () => true, 8_000); // the bus is back: the forced beat
        const r = await a.pedir(HOST, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } });
        expect(r.status).toBe(201);
        const seq = r.json<{ lote: { seq: number } }>().lote.seq;
        const ouvido = await vigiaB.esperar('on-elastic-response', (d) => d.seq === seq, 5_000);
        expect(ouvido.data).toMatchObject({ veiUid, seq, valor: { lance: 10_000_00 } });
        vigiaB.fechar();
        expect(soltas).toEqual([]);
      } finally {
        process.off('unhandledRejection', aoSoltar);
        await fechar();
      }
    },
  );
});
