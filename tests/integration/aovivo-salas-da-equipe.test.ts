import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { canalTransmissao, habilitacao, leilao } from '@db/schema';
import { criarModelo } from '~/modules/aovivo/sinais.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { criarBancoDeTeste } from '../db';
import { emDuasInstancias } from '../instancias';
import { criarCliente } from '../lances';
import type { Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/*
 * Issue #33, the realtime rooms still missing (decisions 264-267), over real sockets on two instances
 * (and on one Redis when REDIS_URL is set): the back-office follow-up room (lots and clients live, only
 * the follow-up staff of the brand), broadcast message templates, the channel update and "refresh main
 * player", each one sent on one instance and heard on the other.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(() => banco?.descartar());

const H = 'h1.localhost';
type Ws = Awaited<ReturnType<typeof conectarWs>>;

/** A last round trip: anything still on its way to this socket has arrived. */
async function emDia(ws: Ws) {
  const t = Math.random();
  ws.enviar({ event: 'ping', data: { t } });
  await ws.esperar('pong', (d) => d.t === t);
}

emDuasInstancias(
  () => banco,
  (t) => {
    let a: Instancia;
    let b: Instancia;
    beforeAll(() => {
      ({ a, b } = t);
    });

    it("the follow-up room: SAC on A hears B's bids, a client joining the auditorium and a habilitation request", async () => {
      const { leilaoId, leilaoUid, loteIds, veiUids } = await criarLeilaoAoVivo(banco.db, { lotes: 2 });
      const sac = await entrarComoStaff(banco.db, [P.SAC]);
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Rui Alves' });
      const novo = await criarCliente(banco.db, { nome: 'Sofia Lima' });

      const equipe = await conectarWs(a.port, H, { token: sac.token });
      try {
        equipe.enviar({ event: 'conectar-backoffice', data: { leilaoUid } });
        await equipe.esperar('sala-conectada', (d) => d.sala === `backoffice:${leilaoUid}`);

        // A bid on the second lot, taken by instance B.
        const lance = await b.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId: loteIds[1], valor: 10_500_00 } });
        expect(lance.status).toBe(201);
        const m = await equipe.esperar('backoffice-lote', (d) => (d.lote as { veiUid: string }).veiUid === veiUids[1]);
        expect(m.data).toMatchObject({ leilaoUid, lote: { loteId: loteIds[1], valor: { atual: 10_500_00 } } });

        // The client opens the auditorium on B: the staff see it connect.
        const auditorio = await conectarWs(b.port, H, { token: cliente.token });
        auditorio.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
        await auditorio.esperar('sala-conectada');
        expect((await equipe.esperar('backoffice-cliente', (d) => d.motivo === 'conectado')).data).toEqual({
          leilaoUid,
          usuarioId: cliente.id,
          motivo: 'conectado',
        });
        auditorio.fechar();

        // A new client asks to be enabled for the auction (on B): the staff hear it, with its situation.
        const pedido = await b.pedir(H, '/v1/cliente/habilitar', { method: 'POST', headers: novo.auth, corpo: { leilaoId } });
        expect([201, 202]).toContain(pedido.status);
        const h = await equipe.esperar('backoffice-cliente', (d) => d.motivo === 'habilitacao');
        expect(h.data).toMatchObject({ leilaoUid, usuarioId: novo.id, situacao: expect.stringMatching(/Habilitado|Pendente/) });

        // Leaving the room: a later bid reaches no one here.
        equipe.enviar({ event: 'desconectar-backoffice', data: { leilaoUid } });
        await emDia(equipe);
        const antes = equipe.recebidas.length;
        expect((await a.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId: loteIds[0], valor: 10_000_00 } })).status).toBe(
          201,
        );
        await new Promise((r) => setTimeout(r, 300));
        await emDia(equipe);
        expect(equipe.recebidas.slice(antes).filter((x) => x.event.startsWith('backoffice-'))).toEqual([]);
      } finally {
        equipe.fechar();
      }
    });

    it('the follow-up room follows a lot moved into the auction after it was opened, and lets go of one moved out', async () => {
      const { leilaoId, leilaoUid, loteIds, veiUids } = await criarLeilaoAoVivo(banco.db, { lotes: 2 });
      const outro = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const sac = await entrarComoStaff(banco.db, [P.SAC]);
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Iara Campos' });
      await banco.db.insert(habilitacao).values({ hotsiteId: 1, usuarioId: cliente.id, leilaoId: outro.leilaoId });
      // Both moves in one transaction, so the room's next read sees both.
      const mover = (movidos: [loteId: number, para: number][]) =>
        banco.db.transaction(async (tx) => {
          for (const [loteId, para] of movidos) {
            await tx.execute(sql`UPDATE leilao_lote SET leilao_id = ${para} WHERE lote_id = ${loteId}`);
            await tx.execute(sql`UPDATE lote SET leilao_id = ${para} WHERE id = ${loteId}`);
          }
        });

      const equipe = await conectarWs(a.port, H, { token: sac.token });
      try {
        equipe.enviar({ event: 'conectar-backoffice', data: { leilaoUid } });
        await equipe.esperar('sala-conectada', (d) => d.sala === `backoffice:${leilaoUid}`);

        // The other auction's lot moves in, and the second lot moves out: the staff are told to refetch.
        await mover([
          [outro.loteIds[0], leilaoId],
          [loteIds[1], outro.leilaoId],
        ]);
        await equipe.esperar('ressincronizar');

        // A bid on the lot that moved in (taken by B) reaches the staff; one on the lot that left does not.
        expect((await b.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId: loteIds[1], valor: 10_000_00 } })).status).toBe(
          201,
        );
        expect(
          (await b.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId: outro.loteIds[0], valor: 10_000_00 } })).status,
        ).toBe(201);
        const m = await equipe.esperar('backoffice-lote', (d) => (d.lote as { veiUid: string }).veiUid === outro.veiUids[0]);
        expect(m.data).toMatchObject({ leilaoUid, lote: { loteId: outro.loteIds[0], valor: { atual: 10_000_00 } } });
        await new Promise((r) => setTimeout(r, 300));
        await emDia(equipe);
        expect(
          equipe.recebidas.filter((x) => x.event === 'backoffice-lote' && (x.data.lote as { veiUid: string }).veiUid === veiUids[1]),
        ).toEqual([]);
      } finally {
        equipe.fechar();
      }
    });

    it("the follow-up room refuses a client, a visitor, staff without a follow-up role and another brand's staff; none of them hears a bid", async () => {
      const { leilaoId, leilaoUid, loteIds } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Ana Prado' });
      const mkt = await entrarComoStaff(banco.db, [P.MKT]);
      const adm14 = await entrarComoStaff(banco.db, [P.ADM], { hotsiteId: 14 });
      const sala = `backoffice:${leilaoUid}`;

      const doCliente = await conectarWs(a.port, H, { token: cliente.token });
      const visitante = await conectarWs(b.port, H);
      const doMkt = await conectarWs(b.port, H, { token: mkt.token });
      // Another brand's staff, logged in on brand 14, naming brand 1's auction: no such room there.
      const outraMarca = await conectarWs(a.port, 'h14.localhost', { token: adm14.token });
      const todos = [doCliente, visitante, doMkt, outraMarca];
      try {
        for (const ws of todos) ws.enviar({ event: 'conectar-backoffice', data: { leilaoUid } });
        expect((await doCliente.esperar('erro', (d) => d.sala === sala)).data.mensagem).toBe('Você não tem permissão para esta sala');
        expect((await visitante.esperar('erro', (d) => d.sala === sala)).data.mensagem).toBe(
          'Necessário fazer login para acessar esta página',
        );
        expect((await doMkt.esperar('erro', (d) => d.sala === sala)).data.mensagem).toBe('Você não tem permissão para esta sala');
        expect((await outraMarca.esperar('erro', (d) => d.sala === sala)).data.mensagem).toBe('Sala não encontrada');
        // Brand 14's login is no login on brand 1's site.
        await expect(conectarWs(a.port, H, { token: adm14.token })).rejects.toThrow('HTTP 401');

        expect((await b.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId: loteIds[0], valor: 10_000_00 } })).status).toBe(
          201,
        );
        await new Promise((r) => setTimeout(r, 300));
        for (const ws of todos) {
          await emDia(ws);
          expect(ws.recebidas.some((m) => m.event.startsWith('backoffice-') || m.event === 'sala-conectada')).toBe(false);
        }
      } finally {
        for (const ws of todos) ws.fechar();
      }
    });

    it('a message template sent on A reaches the auditorium and the lot page on B; other brands and roles are refused', async () => {
      const { leilaoId, leilaoUid, veiUids } = await criarLeilaoAoVivo(banco.db, { lotes: 2 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Caio Souza' });
      const modelo = await criarModelo({
        db: banco.db,
        hotsiteId: 1,
        entrada: { nome: `Intervalo ${randomUUID()}`, texto: 'Intervalo de 10 minutos: o pregão recomeça às 15h.' },
      });
      const doOutro = await criarModelo({
        db: banco.db,
        hotsiteId: 14,
        entrada: { nome: `Outro ${randomUUID()}`, texto: 'Mensagem da marca 14' },
      });

      const auditorio = await conectarWs(b.port, H, { token: cliente.token });
      const paginaDoLote = await conectarWs(b.port, H);
      const staff = await conectarWs(a.port, H, { token: leiloeiro.token });
      try {
        auditorio.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
        await auditorio.esperar('sala-conectada');
        paginaDoLote.enviar({ event: 'conectar-lances-lote', data: { veiUid: veiUids[1] } });
        await paginaDoLote.esperar('sala-conectada');

        // Bad input and another brand's template: refused with the reason, nothing sent.
        staff.enviar({ event: 'enviar-modelo-transmissao', data: { leilaoUid } });
        expect((await staff.esperar('erro')).data.mensagem).toBe('Escolha um modelo de mensagem');
        staff.enviar({ event: 'enviar-modelo-transmissao', data: { leilaoUid, modeloUid: doOutro.uid } });
        expect((await staff.esperar('erro', (d) => d.mensagem !== 'Escolha um modelo de mensagem')).data.mensagem).toBe(
          'Modelo de mensagem não encontrado',
        );
        // A client may not send one.
        auditorio.enviar({ event: 'enviar-modelo-transmissao', data: { leilaoUid, modeloUid: modelo.uid } });
        expect((await auditorio.esperar('erro')).data.mensagem).toBe('Você não tem permissão para esta sala');

        staff.enviar({ event: 'enviar-modelo-transmissao', data: { leilaoUid, modeloUid: modelo.uid } });
        for (const ws of [auditorio, paginaDoLote]) {
          const m = await ws.esperar('mensagem-transmissao');
          expect(m.data).toMatchObject({ leilaoUid, modeloUid: modelo.uid, texto: 'Intervalo de 10 minutos: o pregão recomeça às 15h.' });
        }
        for (const ws of [auditorio, paginaDoLote]) {
          await emDia(ws);
          expect(ws.recebidas.filter((m) => m.event === 'mensagem-transmissao')).toHaveLength(1);
        }
      } finally {
        for (const ws of [auditorio, paginaDoLote, staff]) ws.fechar();
      }
    });

    it("channel update and refresh main player: B's viewers switch video and reload; unavailable takes the video away", async () => {
      const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const adm = await entrarComoStaff(banco.db, [P.ADM]);
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Lia Mota' });
      const canal = async (nome: string, url: string | null) => {
        const c = await a.pedir(H, '/v1/canal-transmissao', {
          headers: adm.bearer,
          corpo: { nome, disponivel: true, leilaoUid, templateUid: '6f1d2c1e-0000-4000-8000-000000000001' },
        });
        const uid = c.json<{ canalTransmissaoUid: string }>().canalTransmissaoUid;
        if (url) {
          const i = await a.pedir(H, '/v1/transmissao/iniciar', {
            headers: adm.bearer,
            corpo: { urlRmtp: url, leilaoUid, videoAtivo: true, audioAtivo: true, posicaoTemplate: 0, canalTransmissaoUid: uid },
          });
          expect(i.status).toBe(201);
        }
        return uid;
      };
      const principal = await canal('Câmera principal', 'https://cdn.example.com/live/principal.m3u8');
      const reserva = await canal('Câmera reserva', 'https://cdn.example.com/live/reserva.m3u8');
      const vazio = await canal('Sem transmissão', null);

      const espectador = await conectarWs(b.port, H, { token: cliente.token });
      const staff = await conectarWs(a.port, H, { token: adm.token });
      try {
        espectador.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
        await espectador.esperar('sala-conectada');

        staff.enviar({ event: 'atualizar-canal-transmissao', data: { leilaoUid, canalTransmissaoUid: principal } });
        expect((await espectador.esperar('on-canal-transmissao')).data).toEqual({
          leilaoUid,
          canalTransmissaoUid: principal,
          nome: 'Câmera principal',
          disponivel: true,
          url: 'https://cdn.example.com/live/principal.m3u8',
        });
        staff.enviar({ event: 'atualizar-canal-transmissao', data: { leilaoUid, canalTransmissaoUid: reserva } });
        await espectador.esperar(
          'on-canal-transmissao',
          (d) => d.canalTransmissaoUid === reserva && d.url === 'https://cdn.example.com/live/reserva.m3u8',
        );
        const ativos = await banco.db
          .select({ uid: canalTransmissao.uid })
          .from(canalTransmissao)
          .where(and(eq(canalTransmissao.leilaoId, leilaoId), eq(canalTransmissao.ativo, true)));
        expect(ativos.map((c) => c.uid)).toEqual([reserva]);
        const [le] = await banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
        expect(le.url).toBe('https://cdn.example.com/live/reserva.m3u8');

        // A channel with no broadcast cannot go live; another brand's viewers and clients cannot switch.
        staff.enviar({ event: 'atualizar-canal-transmissao', data: { leilaoUid, canalTransmissaoUid: vazio } });
        expect((await staff.esperar('erro')).data.mensagem).toBe(
          'Este canal ainda não tem transmissão: inicie uma antes de colocá-lo no ar',
        );
        espectador.enviar({ event: 'recarregar-player-principal', data: { leilaoUid } });
        expect((await espectador.esperar('erro')).data.mensagem).toBe('Você não tem permissão para esta sala');

        // "Refresh main player".
        staff.enviar({ event: 'recarregar-player-principal', data: { leilaoUid } });
        expect((await espectador.esperar('recarregar-player-principal')).data).toMatchObject({ leilaoUid, servidor: expect.any(Number) });

        // The live channel made unavailable: the viewers lose the video, the auction keeps none.
        staff.enviar({ event: 'atualizar-canal-transmissao', data: { leilaoUid, canalTransmissaoUid: reserva, disponivel: false } });
        await espectador.esperar(
          'on-canal-transmissao',
          (d) => d.canalTransmissaoUid === reserva && d.url === null && d.disponivel === false,
        );
        const [depois] = await banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
        expect(depois.url).toBeNull();
        await emDia(staff);
        expect(staff.recebidas.filter((m) => m.event === 'erro')).toHaveLength(1);
      } finally {
        espectador.fechar();
        staff.fechar();
      }
    });
  },
  // The follow-up rooms read their auction's lots again every 200 ms here (decision 285; 5 s in production).
  { acompanhamentoMs: 200 },
);
