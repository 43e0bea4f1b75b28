import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatMensagem, lance, leilao, lote, loteEncerramento } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarLeilaoAoVivo, criarClienteDoAuditorio } from '../aovivo';
import { criarBancoDeTeste } from '../db';
import { criarLoteEmDisputa } from '../lances';
import { emDuasInstancias } from '../instancias';
import { type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(() => banco?.descartar());

const H = 'h1.localhost';

/** The auctioneer drives instance A; the auditorium watches on instance B (and A). */
emDuasInstancias(
  () => banco,
  (t) => {
    let a: Instancia;
    let b: Instancia;
    beforeAll(() => {
      ({ a, b } = t);
    });

    const comando = (auth: Record<string, string>, uid: string, nome: string, corpo: unknown = {}) =>
      a.pedir(H, `/v1/leiloeiro/${uid}/${nome}`, { method: 'POST', headers: auth, corpo });
    const situacaoDoLote = async (id: number) => (await banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, id)))[0].s;

    it('a live session: start, a lot on the floor, dou-lhe, a bid reopens it, a floor bid, hammer, next lot, finish; watchers on the other instance see each step', async () => {
      const { leilaoId, leilaoUid, loteIds, veiUids } = await criarLeilaoAoVivo(banco.db, { lotes: 2 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO], { nome: 'Leiloeiro Oficial' });
      const ana = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Ana Souza' });
      const beto = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Beto Lima' });
      const watcher = await conectarWs(b.port, H);
      watcher.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      await watcher.esperar('sala-conectada');
      const socketAna = await conectarWs(b.port, H, { token: ana.token });
      await socketAna.esperar('conectado');
      const pregoes = () => watcher.recebidas.filter((m) => m.event === 'lot-selected-updated').map((m) => m.data);

      // Before the start nothing can go on the floor.
      const cedo = await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[0] });
      expect(cedo.status).toBe(409);
      expect(cedo.json()).toEqual({
        message: 'O leilão não está ao vivo: inicie o leilão primeiro',
        statusCode: 409,
        error: expect.any(String),
      });

      const inicio = await comando(leiloeiro.bearer, leilaoUid, 'iniciar');
      expect(inicio.status).toBe(200);
      expect(inicio.json<{ pregao: { situacao: string } }>().pregao.situacao).toBe('AO_VIVO');
      await watcher.esperar('lot-selected-updated', (d) => d.situacao === 'AO_VIVO');

      const noPregao = await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[0] });
      expect(noPregao.status).toBe(200);
      const noAr = await watcher.esperar('lot-selected-updated', (d) => (d.lote as { loteId: number } | null)?.loteId === loteIds[0]);
      const lote1 = noAr.data.lote as { situacao: string; dataFim: string; numero: string; valor: { proximo: number } };
      expect(lote1).toMatchObject({ situacao: 'AO_VIVO', numero: '001', valor: { proximo: 10_000_00 } });
      // The countdown everyone sees: the auction's interval between lots (120 s).
      expect(new Date(lote1.dataFim).getTime() - Date.now()).toBeGreaterThan(100_000);
      // The closing job leaves a lot on the floor to the hammer.
      expect((await banco.db.select({ f: lote.finalizacaoManual }).from(lote).where(eq(lote.id, loteIds[0])))[0].f).toBe(true);

      // Another lot while one is being called is refused.
      expect((await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[1] })).status).toBe(409);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'doulhe', { etapa: 'duas' })).json()).toMatchObject({
        message: 'Dê o "dou-lhe uma" antes do "dou-lhe duas"',
        statusCode: 409,
      });

      expect((await comando(leiloeiro.bearer, leilaoUid, 'doulhe', { etapa: 'uma' })).status).toBe(200);
      await watcher.esperar('lot-selected-updated', (d) => (d.lote as { situacao: string } | null)?.situacao === 'DOULHE_UMA');
      expect(await situacaoDoLote(loteIds[0])).toBe('DOULHE_UMA');

      // A bid during dou-lhe uma returns the lot to AO_VIVO, and the lot's room hears it.
      const lanceAna = await b.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId: loteIds[0], valor: 10_000_00 } });
      expect(lanceAna.status).toBe(201);
      expect(await situacaoDoLote(loteIds[0])).toBe('AO_VIVO');

      // A floor bid on behalf of the room: the next accepted value, counted as an auctioneer bid. A web
      // watcher of the lot's page (another instance) hears it on the same feed as online bids, with its countdown.
      const paginaDoLote = await conectarWs(b.port, H);
      paginaDoLote.enviar({ event: 'conectar-lances-lote', data: { veiUid: veiUids[0] } });
      await paginaDoLote.esperar('sala-conectada');
      const chao = await comando(leiloeiro.bearer, leilaoUid, 'lance');
      expect(chao.status).toBe(201);
      expect(chao.json()).toMatchObject({ lance: { valor: 10_500_00, tipo: 'Leiloeiro' } });
      const ouvido = await paginaDoLote.esperar(
        'on-elastic-response',
        (d) => (d.valor as { atual: number } | undefined)?.atual === 10_500_00,
      );
      expect(ouvido.data).toMatchObject({ veiUid: veiUids[0], dataFim: expect.any(String) });
      paginaDoLote.fechar();
      const tipos = await banco.db.select({ tipo: lance.tipo }).from(lance).where(eq(lance.loteId, loteIds[0]));
      expect(tipos.map((t) => t.tipo).sort()).toEqual(['Leiloeiro', 'Manual']);
      expect((await banco.db.select({ q: lote.quantidadeLances }).from(lote).where(eq(lote.id, loteIds[0])))[0].q).toBe(2);

      expect((await b.pedir(H, '/v1/lances', { headers: beto.auth, corpo: { loteId: loteIds[0], valor: 11_000_00 } })).status).toBe(201);
      expect((await b.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId: loteIds[0], valor: 11_500_00 } })).status).toBe(201);

      expect((await comando(leiloeiro.bearer, leilaoUid, 'doulhe', { etapa: 'uma' })).status).toBe(200);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'doulhe', { etapa: 'duas' })).status).toBe(200);
      await watcher.esperar('lot-selected-updated', (d) => (d.lote as { situacao: string } | null)?.situacao === 'DOULHE_DUAS');

      const martelo = await comando(leiloeiro.bearer, leilaoUid, 'martelo');
      expect(martelo.status).toBe(200);
      // No seller value: sold (AG_PAGAMENTO) to Ana, by the engine's closing.
      await watcher.esperar('lot-selected-updated', (d) => (d.lote as { situacao: string } | null)?.situacao === 'AG_PAGAMENTO');
      const [fechado] = await banco.db.select().from(loteEncerramento).where(eq(loteEncerramento.loteId, loteIds[0]));
      expect(fechado).toMatchObject({ situacao: 'AG_PAGAMENTO', valor: 11_500_00, usuarioId: ana.id });
      // The winner is told on their own socket; a lot page watching the lot gets the closed situacao.
      expect((await socketAna.esperar('lote-arrematado')).data).toMatchObject({ loteId: loteIds[0], situacao: 'AG_PAGAMENTO' });
      expect((await comando(leiloeiro.bearer, leilaoUid, 'martelo')).status).toBe(409);

      // The next lot, hammered without bids: not sold.
      expect((await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[1] })).status).toBe(200);
      const lotePagina = await conectarWs(b.port, H);
      lotePagina.enviar({ event: 'conectar-lances-lote', data: { veiUid: veiUids[1] } });
      await lotePagina.esperar('sala-conectada');
      expect((await comando(leiloeiro.bearer, leilaoUid, 'martelo')).status).toBe(200);
      expect((await lotePagina.esperar('on-elastic-response')).data).toMatchObject({ situacao: 'NAO_ARREMATADO' });

      // Pause, resume, finish.
      expect((await comando(leiloeiro.bearer, leilaoUid, 'pausar')).status).toBe(200);
      await watcher.esperar('lot-selected-updated', (d) => d.pausado === true);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[1] })).status).toBe(409);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'iniciar')).status).toBe(200);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'encerrar')).status).toBe(200);
      await watcher.esperar('lot-selected-updated', (d) => d.situacao === 'EXECUTADO');
      expect((await banco.db.select({ s: leilao.situacao }).from(leilao).where(eq(leilao.id, leilaoId)))[0].s).toBe('EXECUTADO');
      // Every step reached the other instance's watcher, in order.
      expect(pregoes().at(-1)).toMatchObject({ situacao: 'EXECUTADO', pausado: false, lote: null });
      watcher.fechar();
      socketAna.fechar();
      lotePagina.fechar();
    });

    it('commands are for the auctioneer and ADM of the brand; bad input is a 400 in the API shape', async () => {
      const { leilaoUid, leilaoId } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Caio Reis' });
      const sac = await entrarComoStaff(banco.db, [P.SAC]);
      const adm = await entrarComoStaff(banco.db, [P.ADM]);
      expect((await comando({}, leilaoUid, 'iniciar')).status).toBe(401);
      expect((await comando(cliente.auth, leilaoUid, 'iniciar')).status).toBe(403);
      expect((await comando(sac.bearer, leilaoUid, 'iniciar')).status).toBe(403);
      // Another brand's auction is not found here.
      const outro = await criarLoteEmDisputa(banco.db, { hotsiteId: 14 });
      const [uidOutro] = await banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, outro.leilaoId));
      expect((await comando(adm.bearer, uidOutro.uid, 'pausar')).status).toBe(404);
      expect((await comando(adm.bearer, 'nao-e-uuid', 'iniciar')).status).toBe(400);
      expect((await comando(adm.bearer, leilaoUid, 'iniciar')).status).toBe(200);
      const r = await comando(adm.bearer, leilaoUid, 'doulhe', { etapa: 'tres' });
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('etapa') });
      expect((await comando(adm.bearer, leilaoUid, 'lote-atual', { loteId: 'x' })).status).toBe(400);
      expect((await comando(adm.bearer, leilaoUid, 'lote-atual', { loteId: 2_000_000_000 })).status).toBe(404);
      // The auditorium snapshot: clients and staff of the auditorium, not anonymous.
      expect((await b.pedir(H, `/v1/leiloes/auditorio/${leilaoUid}`)).status).toBe(401);
      const snap = await b.pedir(H, `/v1/leiloes/auditorio/${leilaoUid}`, { headers: cliente.auth });
      expect(snap.status).toBe(200);
      expect(snap.json()).toMatchObject({ pregao: { situacao: 'AO_VIVO', lote: null }, lotes: [{ numero: '001' }], chat: [] });
    });

    it('back-office follow-up: every lot with bids by kind and the seller value, and the clients (SAC + ADM)', async () => {
      const { leilaoUid, leilaoId, loteIds } = await criarLeilaoAoVivo(banco.db, { lotes: 2, valorComitente: 50_000_00 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const sac = await entrarComoStaff(banco.db, [P.SAC]);
      const gil = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Gil Prado' });
      await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Hana Dias' });
      expect((await comando(leiloeiro.bearer, leilaoUid, 'iniciar')).status).toBe(200);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'lote-atual', { loteId: loteIds[0] })).status).toBe(200);
      expect((await b.pedir(H, '/v1/lances', { headers: gil.auth, corpo: { loteId: loteIds[0], valor: 10_000_00 } })).status).toBe(201);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'lance')).status).toBe(201);
      const caminho = `/v1/leiloes/backoffice-acompanhar-leilao/${leilaoUid}`;
      expect((await b.pedir(H, caminho, { headers: leiloeiro.bearer })).status).toBe(403);
      const r = await b.pedir(H, caminho, { headers: sac.bearer });
      expect(r.status).toBe(200);
      const { lotes, clientes } = r.json<{ lotes: Record<string, unknown>[]; clientes: Record<string, unknown>[] }>();
      expect(lotes[0]).toMatchObject({
        loteId: loteIds[0],
        situacao: 'AO_VIVO',
        valorAtual: 10_500_00,
        valorComitente: 50_000_00,
        lances: { manuais: 1, automaticos: 0, leiloeiro: 1 },
      });
      expect(lotes[1]).toMatchObject({ situacao: 'LIBERADO_LEILAO', quantidadeLances: 0 });
      expect(clientes.map((c) => [c.nome, c.lances, c.habilitado])).toEqual([
        ['Gil Prado', 1, true],
        ['Hana Dias', 0, true],
      ]);
      const pagina = await b.pedir(H, `/admin/backoffice-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: sac.cookie } });
      expect(pagina.status).toBe(200);
      expect(pagina.texto).toContain('Gil Prado');
      expect((await b.pedir(H, `/admin/backoffice-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: gil.cookie } })).status).toBe(403);
    });

    it('rooms: joining twice is skipped, a second auction leaves the first; the auctioneer room is staff only', async () => {
      const l1 = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const l2 = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId: l1.leilaoId, nome: 'Dora Alves' });
      const w = await conectarWs(b.port, H);
      w.enviar({ event: 'conectar-leilao', data: { leilaoUid: l1.leilaoUid } });
      w.enviar({ event: 'conectar-leilao', data: { leilaoUid: l1.leilaoUid } });
      w.enviar({ event: 'conectar-leilao', data: { leilaoUid: l2.leilaoUid } });
      await w.esperar('sala-conectada', (d) => d.sala === `leilao:${l2.leilaoUid}`);
      expect(w.recebidas.filter((m) => m.event === 'sala-conectada').map((m) => m.data.sala)).toEqual([
        `leilao:${l1.leilaoUid}`,
        `leilao:${l2.leilaoUid}`,
      ]);
      expect((await comando(leiloeiro.bearer, l1.leilaoUid, 'iniciar')).status).toBe(200);
      expect((await comando(leiloeiro.bearer, l2.leilaoUid, 'iniciar')).status).toBe(200);
      await w.esperar('lot-selected-updated', (d) => d.leilaoUid === l2.leilaoUid);
      expect(w.recebidas.some((m) => m.event === 'lot-selected-updated' && m.data.leilaoUid === l1.leilaoUid)).toBe(false);

      const c = await conectarWs(b.port, H, { token: cliente.token });
      c.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid: l1.leilaoUid } });
      expect((await c.esperar('erro')).data.mensagem).toBe('Você não tem permissão para esta sala');
      const anonimo = await conectarWs(b.port, H);
      anonimo.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid: l1.leilaoUid } });
      expect((await anonimo.esperar('erro')).data.mensagem).toBe('Necessário fazer login para acessar esta página');
      const painel = await conectarWs(b.port, H, { token: leiloeiro.token });
      painel.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid: l1.leilaoUid } });
      await painel.esperar('sala-conectada', (d) => d.sala === `leiloeiro:${l1.leilaoUid}`);
      for (const s of [w, c, anonimo, painel]) s.fechar();
    });

    it('chat: a message from a client on A reaches a client on B as text; rate-limited; staff hide it and block the author', async () => {
      const { leilaoUid, leilaoId } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      expect((await comando(leiloeiro.bearer, leilaoUid, 'iniciar')).status).toBe(200);
      const eva = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Eva Martins' });
      const fabio = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Fábio Rocha' });
      const sEva = await conectarWs(a.port, H, { token: eva.token });
      const sFabio = await conectarWs(b.port, H, { token: fabio.token });
      const painel = await conectarWs(b.port, H, { token: leiloeiro.token });
      for (const s of [sEva, sFabio]) s.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      painel.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid } });
      await Promise.all([sEva.esperar('sala-conectada'), sFabio.esperar('sala-conectada'), painel.esperar('sala-conectada')]);

      const texto = '<b>Alguém</b> vai dar lance no Gol?';
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto } });
      const recebida = await sFabio.esperar('chat-mensagem');
      expect(recebida.data).toMatchObject({ leilaoUid, apelido: 'Eva M.', texto });
      expect(recebida.data.usuarioId).toBeUndefined();
      expect((await painel.esperar('chat-mensagem')).data).toMatchObject({ texto, usuarioId: eva.id });

      // Empty or too long: refused by the protocol's schema.
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: '   ' } });
      expect((await sEva.esperar('erro')).data.mensagem).toBe('Digite uma mensagem');
      // Rate limit: the 4th message within 10 s.
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'dois' } });
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'três' } });
      await sFabio.esperar('chat-mensagem', (d) => d.texto === 'três');
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'quatro' } });
      await sEva.esperar('erro', (d) => d.mensagem === 'Aguarde alguns segundos para enviar outra mensagem');
      // An anonymous watcher cannot write.
      const anonimo = await conectarWs(b.port, H);
      anonimo.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'oi' } });
      expect((await anonimo.esperar('erro')).data.mensagem).toBe('Necessário fazer login para acessar esta página');

      // Moderation: hide the first message (watchers drop it), block Eva.
      const oculta = await a.pedir(H, '/v1/chat/moderacao', {
        headers: leiloeiro.bearer,
        corpo: { acao: 'ocultar', mensagemUid: recebida.data.uid },
      });
      expect(oculta.json()).toEqual({ mensagem: 'Mensagem ocultada' });
      expect((await sFabio.esperar('chat-oculta')).data).toEqual({ leilaoUid, uid: recebida.data.uid });
      expect((await a.pedir(H, '/v1/chat/moderacao', { headers: fabio.auth, corpo: { acao: 'bloquear', usuarioId: eva.id } })).status).toBe(
        403,
      );
      expect(
        (await a.pedir(H, '/v1/chat/moderacao', { headers: leiloeiro.bearer, corpo: { acao: 'bloquear', usuarioId: eva.id } })).status,
      ).toBe(200);
      await banco.db.execute(sql`UPDATE chat_mensagem SET created_at = created_at - interval '1 minute' WHERE usuario_id = ${eva.id}`);
      sEva.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'ainda posso?' } });
      await sEva.esperar('erro', (d) => d.mensagem === 'Você está bloqueado no chat');
      const guardadas = await banco.db
        .select({ texto: chatMensagem.texto, oculta: chatMensagem.oculta })
        .from(chatMensagem)
        .where(and(eq(chatMensagem.usuarioId, eva.id)));
      expect(guardadas).toHaveLength(3);
      const snap = (await b.pedir(H, `/v1/leiloes/auditorio/${leilaoUid}`, { headers: fabio.auth })).json<{ chat: { texto: string }[] }>();
      expect(snap.chat.map((m) => m.texto)).toEqual(['dois', 'três']);
      for (const s of [sEva, sFabio, painel, anonimo]) s.fechar();
    });
  },
);
