import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, leilao, lote, usuarioComitente } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/**
 * Issue #30: a seller user (`usuario-comitente`) on the socket is one more watcher of the auditorium.
 * It hears a lot exactly as an anonymous watcher does (another seller's lot and its conditional offer
 * included: never the seller value, the bidder or its own sellers' extras), and it may not join another
 * brand's rooms, the auctioneer's room, a private auction it was not invited to or anyone else's room.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const VALOR_COMITENTE = 30_000_00;

async function vendedorDoComitenteA() {
  const [a, b] = await t.banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 1)).orderBy(asc(comitente.id));
  const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE], { nome: 'Vera Vendedora' });
  await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a.id });
  return { vendedor, a, b };
}

/** A lot of `comitenteId` whose seller value is above its bids: closed, it waits for a conditional answer. */
async function loteDoComitente(comitenteId: number, hotsiteId = 1) {
  const l = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 20_000_00, valorComitente: VALOR_COMITENTE });
  await t.banco.db.update(lote).set({ comitenteId }).where(eq(lote.id, l.loteId));
  const [{ uid: leilaoUid }] = await t.banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, l.leilaoId));
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Marina Costa', leilaoId: l.leilaoId });
  return { ...l, leilaoUid, cliente };
}

const lance = (host: string, auth: Record<string, string>, loteId: number, valor: number) =>
  t.app.pedir(host, '/v1/lances', { headers: auth, corpo: { loteId, valor } });

/** Everything a socket got, as text: a private value or name must appear nowhere in it. */
const texto = (ws: { recebidas: unknown[] }) => JSON.stringify(ws.recebidas);

describe("a seller user's socket gets only what the auditorium gets", () => {
  it("hears another seller's lot, its bids and its conditional close exactly as an anonymous watcher; nothing private", async () => {
    const { vendedor, a, b } = await vendedorDoComitenteA();
    const doB = await loteDoComitente(b.id);
    const doA = await loteDoComitente(a.id);
    const rival = await criarCliente(t.banco.db, { nome: 'Otávio Reis', leilaoId: doB.leilaoId });

    const seller = await conectarWs(t.app.port, H, { token: vendedor.token });
    const anonimo = await conectarWs(t.app.port, H);
    try {
      expect((await seller.esperar('conectado')).data).toMatchObject({ hotsiteId: 1, autenticado: true });
      for (const ws of [seller, anonimo]) {
        for (const l of [doB, doA]) {
          ws.enviar({ event: 'conectar-lances-lote', data: { veiUid: l.veiUid } });
          await ws.esperar('sala-conectada', (d) => d.sala === `lote:${l.veiUid}`);
        }
        ws.enviar({ event: 'conectar-leilao', data: { leilaoUid: doB.leilaoUid } });
        await ws.esperar('sala-conectada', (d) => d.sala === `leilao:${doB.leilaoUid}`);
      }
      seller.enviar({ event: 'conectar-cliente', data: {} });
      await seller.esperar('sala-conectada', (d) => d.sala === `usuario:${vendedor.id}`);

      // Bids below the seller value on both lots, the first bidder outbid on B's (a toast in the bidder's own room).
      expect((await lance(H, doB.cliente.auth, doB.loteId, 21_000_00)).status).toBe(201);
      expect((await lance(H, rival.auth, doB.loteId, 24_000_00)).status).toBe(201);
      expect((await lance(H, doA.cliente.auth, doA.loteId, 22_000_00)).status).toBe(201);
      for (const ws of [seller, anonimo]) {
        await ws.esperar('on-elastic-response', (d) => d.veiUid === doB.veiUid && (d.valor as { atual: number }).atual === 24_000_00);
        await ws.esperar('on-elastic-response', (d) => d.veiUid === doA.veiUid && (d.valor as { atual: number }).atual === 22_000_00);
      }
      // Closed below the seller value: both lots wait for a conditional answer; the rooms only hear the situation.
      for (const l of [doB, doA]) await vencerLote(t.banco.db, l.loteId);
      await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
      for (const ws of [seller, anonimo]) {
        for (const l of [doB, doA]) await ws.esperar('on-elastic-response', (d) => d.veiUid === l.veiUid && d.situacao === 'CONDICIONAL');
      }
      // A last round trip, so anything still on its way has arrived before comparing.
      for (const ws of [seller, anonimo]) {
        ws.enviar({ event: 'ping', data: { t: 1 } });
        await ws.esperar('pong');
      }

      const doLote = (ws: typeof seller) => ws.recebidas.filter((m) => m.event === 'on-elastic-response');
      expect(doLote(seller).length).toBeGreaterThanOrEqual(4);
      // The same messages, field for field, as the anonymous watcher: no extra for being a seller, of either seller.
      expect(doLote(seller)).toEqual(doLote(anonimo));
      for (const m of doLote(seller)) {
        expect(Object.keys(m.data).every((k) => ['veiUid', 'seq', 'loteId', 'valor', 'dataFim', 'situacao'].includes(k))).toBe(true);
      }
      // The lot rooms' beat (when it came) carries only the lot's uid and sequence; the auditorium room nothing of the bids.
      for (const m of seller.recebidas.filter((r) => r.event === 'estado-lote'))
        expect(Object.keys(m.data).sort()).toEqual(['seq', 'veiUid']);
      expect(
        seller.recebidas
          .map((m) => m.event)
          .filter((e) => !['conectado', 'sala-conectada', 'on-elastic-response', 'estado-lote', 'pong'].includes(e)),
      ).toEqual([]);
      // Never the seller value, the bidders or the outbid toast (another user's room).
      for (const privado of [String(VALOR_COMITENTE), 'valorComitente', 'Marina Costa', 'Otávio Reis', rival.email, doB.cliente.email]) {
        expect(texto(seller)).not.toContain(privado);
      }
      expect(seller.recebidas.some((m) => m.event === 'lance-superado')).toBe(false);
    } finally {
      seller.fechar();
      anonimo.fechar();
    }
  });

  it("another brand's bids and its seller's conditional close never reach brand 1's seller", async () => {
    const { vendedor } = await vendedorDoComitenteA();
    const [c14] = await t.banco.db
      .select({ id: comitente.id })
      .from(comitente)
      .where(eq(comitente.hotsiteId, 14))
      .orderBy(asc(comitente.id));
    const outra = await loteDoComitente(c14.id, 14);
    const seller = await conectarWs(t.app.port, H, { token: vendedor.token });
    const vigia14 = await conectarWs(t.app.port, 'h14.localhost');
    try {
      vigia14.enviar({ event: 'conectar-lances-lote', data: { veiUid: outra.veiUid } });
      await vigia14.esperar('sala-conectada', (d) => d.sala === `lote:${outra.veiUid}`);
      // Another brand's lot or auction named by its uid is unknown on brand 1: the join is refused as any
      // unknown room is (it fails closed), and brand 14 never speaks to this socket.
      seller.enviar({ event: 'conectar-lances-lote', data: { veiUid: outra.veiUid } });
      seller.enviar({ event: 'conectar-leilao', data: { leilaoUid: outra.leilaoUid } });
      expect((await seller.esperar('erro', (d) => d.sala === `lote:${outra.veiUid}`)).data.mensagem).toBe('Sala não encontrada');
      expect((await seller.esperar('erro', (d) => d.sala === `leilao:${outra.leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');

      expect((await lance('h14.localhost', outra.cliente.auth, outra.loteId, 22_000_00)).status).toBe(201);
      await vencerLote(t.banco.db, outra.loteId);
      await encerrarLotesVencidos({ db: t.banco.db, hub: t.app.martelo.hub });
      await vigia14.esperar('on-elastic-response', (d) => d.veiUid === outra.veiUid && d.situacao === 'CONDICIONAL');
      // Past one beat of the lot rooms too (decision 117), which asks the database per brand.
      await new Promise((r) => setTimeout(r, 2_500));
      seller.enviar({ event: 'ping', data: {} });
      await seller.esperar('pong');
      expect(seller.recebidas.some((m) => m.event === 'on-elastic-response' || m.event === 'estado-lote')).toBe(false);
      expect(texto(seller)).not.toContain(String(22_000_00));

      // Brand 1's login is no login on brand 2's site: the upgrade there is refused.
      await expect(conectarWs(t.app.port, 'h14.localhost', { token: vendedor.token })).rejects.toThrow('HTTP 401');
    } finally {
      seller.fechar();
      vigia14.fechar();
    }
  });
});

describe('the rooms a seller user may not join', () => {
  it("the auctioneer's room, a private auction it is no guest of, and another user's own room", async () => {
    const { vendedor, a } = await vendedorDoComitenteA();
    const doA = await loteDoComitente(a.id);
    await t.banco.db.update(leilao).set({ privado: true }).where(eq(leilao.id, doA.leilaoId));
    const outro = await criarCliente(t.banco.db, { nome: 'Helena Prado', leilaoId: doA.leilaoId });
    const seller = await conectarWs(t.app.port, H, { token: vendedor.token });
    try {
      seller.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid: doA.leilaoUid } });
      expect((await seller.esperar('erro', (d) => d.sala === `leiloeiro:${doA.leilaoUid}`)).data.mensagem).toBe(
        'Você não tem permissão para esta sala',
      );
      // Private, and the seller user was not invited: even its own seller's auction is as if it did not exist.
      seller.enviar({ event: 'conectar-leilao-privado', data: { leilaoUid: doA.leilaoUid } });
      expect((await seller.esperar('erro', (d) => d.sala === `leilao-privado:${doA.leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      seller.enviar({ event: 'conectar-leilao', data: { leilaoUid: doA.leilaoUid } });
      expect((await seller.esperar('erro', (d) => d.sala === `leilao:${doA.leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      seller.enviar({ event: 'conectar-lances-lote', data: { veiUid: doA.veiUid } });
      expect((await seller.esperar('erro', (d) => d.sala === `lote:${doA.veiUid}`)).data.mensagem).toBe('Sala não encontrada');

      // The own room takes no id: one naming another user still joins only the seller user's own room.
      seller.enviar({ event: 'conectar-cliente', data: { usuarioId: outro.id } });
      await seller.esperar('sala-conectada', (d) => d.sala === `usuario:${vendedor.id}`);
      await t.app.martelo.hub.publicar(1, `usuario:${outro.id}`, { event: 'notificacao', data: { naoLidas: 7 } });
      // The staff's auditorium and the private auction's room got nothing either.
      await t.app.martelo.hub.publicar(1, `leiloeiro:${doA.leilaoUid}`, {
        event: 'conectados',
        data: { leilaoUid: doA.leilaoUid, quantidade: 3 },
      });
      await t.app.martelo.hub.publicar(1, `usuario:${vendedor.id}`, { event: 'notificacao', data: { naoLidas: 1 } });
      await seller.esperar('notificacao', (d) => d.naoLidas === 1);
      expect(seller.recebidas.some((m) => m.event === 'notificacao' && m.data.naoLidas === 7)).toBe(false);
      expect(seller.recebidas.some((m) => m.event === 'conectados')).toBe(false);
      expect(seller.recebidas.filter((m) => m.event === 'sala-conectada').map((m) => m.data.sala)).toEqual([`usuario:${vendedor.id}`]);
    } finally {
      seller.fechar();
    }
  });
});
