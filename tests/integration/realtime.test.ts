import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotsite, usuario } from '@db/schema';
import { createMemoryBus, createRedisBus, type Bus } from '~/realtime/bus.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { MENSAGENS_WS } from '~/realtime/protocol';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { emDuasInstancias } from '../instancias';
import { criarLoteEmDisputa } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { conectarWs, statusDoUpgrade } from '../ws';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(async () => {
  await banco?.descartar();
});

describe('websocket hub on /ws', () => {
  let app: Instancia;
  beforeAll(async () => {
    app = await iniciarInstancia({ database: banco });
  });
  afterAll(() => app?.close());

  it('opens for a known brand and answers a ping with server time', async () => {
    const c = await conectarWs(app.port, 'h14.localhost');
    expect((await c.esperar('conectado')).data).toMatchObject({ hotsiteId: 14, autenticado: false });
    c.enviar({ event: 'ping', data: { t: 123 } });
    expect((await c.esperar('pong')).data).toMatchObject({ t: 123, servidor: expect.any(Number) });
    c.fechar();
  });

  it('answers bad messages with an error event and keeps the socket open', async () => {
    const c = await conectarWs(app.port, 'h1.localhost');
    c.enviar('isto não é json');
    expect((await c.esperar('erro')).data.mensagem).toBe('Mensagem não é um JSON válido');
    c.enviar({ event: 'apagar-tudo', data: {} });
    c.enviar({ event: 'conectar-lances-lote', data: { veiUid: '' } });
    c.enviar([1, 2, 3]);
    await c.esperar('erro', (d) => d.mensagem === 'veiUid obrigatório');
    expect(c.recebidas.filter((m) => m.event === 'erro')).toHaveLength(4);
    c.enviar({ event: 'ping', data: {} });
    await c.esperar('pong');
    c.fechar();
  });

  it('refuses unknown hosts, other paths and invalid tokens on upgrade', async () => {
    expect(await statusDoUpgrade(app.port, 'h99.localhost')).toBe(404);
    expect(await statusDoUpgrade(app.port, 'h1.localhost', '/outro')).toBe(404);
    await expect(conectarWs(app.port, 'h1.localhost', { token: 'x'.repeat(43) })).rejects.toThrow('HTTP 401');
  });

  it('accepts a live session token of this brand only', async () => {
    const [cliente] = await banco.db
      .insert(usuario)
      .values({ hotsiteId: 1, email: `ws-${randomUUID()}@h1.martelo.test`, nome: 'Cliente WS' })
      .returning();
    const { token } = await criarSessao({ db: banco.db, usuarioId: cliente.id, hotsiteId: 1 });
    const c = await conectarWs(app.port, 'h1.localhost', { token });
    expect((await c.esperar('conectado')).data).toMatchObject({ autenticado: true });
    c.fechar();
    // The same token on another brand is refused.
    await expect(conectarWs(app.port, 'h2.localhost', { token })).rejects.toThrow('HTTP 401');
  });

  it('delivers a room event only to sockets of that room and brand', async () => {
    const { veiUid } = await criarLoteEmDisputa(banco.db, { hotsiteId: 1 });
    const noLote = await conectarWs(app.port, 'h1.localhost');
    const foraDoLote = await conectarWs(app.port, 'h1.localhost');
    const outraMarca = await conectarWs(app.port, 'h2.localhost');
    for (const c of [noLote, outraMarca]) c.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
    await noLote.esperar('sala-conectada');
    // Another brand has no such lot: its room is not found there.
    expect((await outraMarca.esperar('erro')).data).toEqual({ mensagem: MENSAGENS_WS.exclusivo, sala: `lote:${veiUid}` });
    await app.martelo.hub.publicar(1, `lote:${veiUid}`, { event: 'on-elastic-response', data: { veiUid, seq: 1 } });
    expect((await noLote.esperar('on-elastic-response')).data).toEqual({ veiUid, seq: 1 });
    await new Promise((r) => setTimeout(r, 150));
    expect(foraDoLote.recebidas.some((m) => m.event === 'on-elastic-response')).toBe(false);
    expect(outraMarca.recebidas.some((m) => m.event === 'on-elastic-response')).toBe(false);
    for (const c of [noLote, foraDoLote, outraMarca]) c.fechar();
  });

  it('drops sockets that stop answering heartbeats', async () => {
    // Its own instance with a fast heartbeat: a loaded machine must not drop the other tests' sockets.
    const rapido = await iniciarInstancia({ database: banco, heartbeatMs: 200 });
    try {
      const c = await conectarWs(rapido.port, 'h1.localhost');
      await c.esperar('conectado');
      expect(rapido.martelo.hub.conexoes).toBe(1);
      // Stop reading: pings go unanswered and the server must terminate this socket.
      (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      await expect.poll(() => rapido.martelo.hub.conexoes, { timeout: 3_000 }).toBe(0);
    } finally {
      await rapido.close();
    }
  });
});

/** Two instances, one bus: what one publishes reaches sockets on the other; a brand change reaches both caches. */
emDuasInstancias(
  () => banco,
  (t) => {
    let a: Instancia;
    let b: Instancia;
    beforeAll(() => {
      ({ a, b } = t);
    });

    it('an event published on instance A reaches a socket connected to instance B', async () => {
      const { veiUid } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14 });
      const c = await conectarWs(b.port, 'h14.localhost');
      c.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
      await c.esperar('sala-conectada');
      await a.martelo.hub.publicar(14, `lote:${veiUid}`, {
        event: 'on-elastic-response',
        data: { veiUid, valor: { lance: 1_500_000, atual: 1_500_000, proximo: 1_600_000, incremento: 100_000 }, seq: 3 },
      });
      expect((await c.esperar('on-elastic-response')).data).toMatchObject({ veiUid, seq: 3 });
      c.fechar();
    });

    it('a hotsite change saved through A is served by B at once (cache invalidated on the bus)', async () => {
      const antes = (await b.pedir('h1002.localhost', '/')).texto;
      expect(antes).toContain('Norte Pesados Leilões');
      await banco.db.update(hotsite).set({ nome: 'Norte Pesados Renovado', corPrimaria: '#123456' }).where(eq(hotsite.id, 1002));
      // B still has the old brand cached until the event arrives.
      expect((await b.pedir('h1002.localhost', '/')).texto).toContain('Norte Pesados Leilões');
      await a.martelo.hotsites.hotsiteAlterado(1002);
      await expect.poll(async () => (await b.pedir('h1002.localhost', '/')).texto, { timeout: 3_000 }).toContain('Norte Pesados Renovado');
      expect((await b.pedir('h1002.localhost', '/')).texto).toContain('#123456');
      await banco.db.update(hotsite).set({ nome: 'Norte Pesados Leilões', corPrimaria: '#0f4c5c' }).where(eq(hotsite.id, 1002));
      await a.martelo.hotsites.hotsiteAlterado(1002);
    });
  },
);

/**
 * A bid's request publishes after its commit and then answers: the answer must not wait behind this
 * instance's fan-out to thousands of sockets. Local delivery runs once the publisher's own work (its
 * microtasks) is done, in publish order, and `publish` resolves after it.
 */
async function entregaDepoisDoPublicador(bus: Bus) {
  const eventos: string[] = [];
  await bus.subscribe('ordem', (m) => eventos.push(`entregue ${(m as { n: number }).n}`));
  const publicados = [bus.publish('ordem', { n: 1 }), bus.publish('ordem', { n: 2 })];
  await Promise.resolve();
  eventos.push('resposta do lance');
  await Promise.all(publicados);
  expect(eventos).toEqual(['resposta do lance', 'entregue 1', 'entregue 2']);
}

it('the in-process bus delivers after the publisher’s own work, in order', () => entregaDepoisDoPublicador(createMemoryBus()));

describe.runIf(envDeTeste.REDIS_URL)('with Redis', () => {
  const prefixo = `martelo-test-${randomUUID()}:`;
  it('delivers on this node after the publisher’s own work, in order', async () => {
    const bus = await createRedisBus({ url: envDeTeste.REDIS_URL!, prefixo });
    await entregaDepoisDoPublicador(bus);
    await bus.close();
  });

  it('a node ignores its own echo (each event is delivered once)', async () => {
    const bus = await createRedisBus({ url: envDeTeste.REDIS_URL!, prefixo });
    const recebidos: unknown[] = [];
    await bus.subscribe('eco', (m) => recebidos.push(m));
    await bus.publish('eco', { n: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(recebidos).toEqual([{ n: 1 }]);
    await bus.close();
  });
});
