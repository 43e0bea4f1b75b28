import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatLeitura, chatMensagem, leilao, transmissao, visitaPagina } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { criarBancoDeTeste } from '../db';
import { emDuasInstancias } from '../instancias';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/*
 * Issue 15, the remaining live parts over real sockets and two instances: publishing a broadcast over
 * the websocket, connected counts across instances, chat read receipts, visitor page views, and the
 * hammer's on-venda-dto to the winner (decisions 074, 075).
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(() => banco?.descartar());

const H = 'h1.localhost';

emDuasInstancias(
  () => banco,
  (t) => {
    let a: Instancia;
    let b: Instancia;
    beforeAll(() => {
      ({ a, b } = t);
    });

    it('put-publicar-transmissao: staff on A publish, the auditorium on B hears on-transmissao; bad messages and other roles are refused', async () => {
      const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const mkt = await entrarComoStaff(banco.db, [P.MKT]);
      const inicio = await a.pedir(H, '/v1/transmissao/iniciar', {
        headers: mkt.bearer,
        corpo: { urlRmtp: 'https://cdn.example.com/live/a.m3u8', leilaoUid, videoAtivo: true, audioAtivo: true, posicaoTemplate: 0 },
      });
      expect(inicio.status).toBe(201);
      const transmissaoUid = inicio.json<{ uid: string }>().uid;

      const cliente = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Rui Alves' });
      const watcher = await conectarWs(b.port, H, { token: cliente.token });
      watcher.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      await watcher.esperar('sala-conectada');

      const staff = await conectarWs(a.port, H, { token: mkt.token });
      await staff.esperar('conectado');
      const erros = () => staff.recebidas.filter((m) => m.event === 'erro').map((m) => m.data.mensagem);
      // Bad messages: the HTTP call's own messages, nothing stored.
      staff.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid } });
      staff.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid, transmissaoUid, posicaoTemplate: 'x' } });
      staff.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid, transmissaoUid, videoAtivo: 'sim' } });
      staff.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid, transmissaoUid: randomUUID() } });
      await staff.esperar('erro', (d) => d.mensagem === 'Transmissão não encontrada');
      expect(erros()).toEqual([
        'Informe transmissaoUid: o uid da transmissão',
        'Informe posicaoTemplate: a posição no template (um número)',
        'videoAtivo deve ser verdadeiro ou falso',
        'Transmissão não encontrada',
      ]);
      const http = await a.pedir(H, '/v1/transmissao/publicar', {
        method: 'PUT',
        headers: mkt.bearer,
        corpo: { leilaoUid, transmissaoUid, posicaoTemplate: 'x' },
      });
      expect(http.status).toBe(400);
      expect(http.texto).toContain('Informe posicaoTemplate: a posição no template (um número)');

      // A client and an anonymous socket may not publish.
      const anonimo = await conectarWs(a.port, H);
      anonimo.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid, transmissaoUid } });
      expect((await anonimo.esperar('erro')).data.mensagem).toBe('Necessário fazer login para acessar esta página');
      const outroCliente = await conectarWs(a.port, H, { token: cliente.token });
      outroCliente.enviar({ event: 'put-publicar-transmissao', data: { leilaoUid, transmissaoUid } });
      expect((await outroCliente.esperar('erro')).data.mensagem).toBe('Você não tem permissão para esta sala');
      const [antes] = await banco.db.select().from(transmissao).where(eq(transmissao.uid, transmissaoUid));
      expect(antes.dataPublicacao).toBeNull();

      staff.enviar({
        event: 'put-publicar-transmissao',
        data: { leilaoUid, transmissaoUid, audioAtivo: false, videoLoop: true, posicaoTemplate: 2, videoFilename: 'abertura.mp4' },
      });
      const evento = await watcher.esperar('on-transmissao');
      expect(evento.data).toEqual({
        leilaoUid,
        transmissaoUid,
        url: 'https://cdn.example.com/live/a.m3u8',
        videoAtivo: true,
        audioAtivo: false,
        posicaoTemplate: 2,
        videoLoop: true,
      });
      const [depois] = await banco.db.select().from(transmissao).where(eq(transmissao.uid, transmissaoUid));
      expect(depois).toMatchObject({ audioAtivo: false, videoLoop: true, videoFilename: 'abertura.mp4' });
      expect(depois.dataPublicacao).not.toBeNull();
      const [le] = await banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
      expect(le.url).toBe('https://cdn.example.com/live/a.m3u8');
      for (const s of [watcher, staff, anonimo, outroCliente]) s.fechar();
    });

    it('connected counts: watchers on both instances summed for the auctioneer room and the follow-up pages; leaving lowers it', async () => {
      const { leilaoUid } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const painel = await conectarWs(b.port, H, { token: leiloeiro.token });
      painel.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid } });
      expect((await painel.esperar('conectados')).data).toEqual({ leilaoUid, quantidade: 0 });

      const vigias = [await conectarWs(a.port, H), await conectarWs(a.port, H), await conectarWs(b.port, H)];
      for (const v of vigias) v.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      await Promise.all(vigias.map((v) => v.esperar('sala-conectada')));
      await painel.esperar('conectados', (d) => d.quantidade === 3);
      await expect.poll(() => a.martelo.hub.conectados(1, leilaoUid)).toBe(3);
      // Joining the same room twice counts once; on another brand the uid names no auction: refused, not counted.
      vigias[0].enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      const outraMarca = await conectarWs(a.port, 'h14.localhost');
      outraMarca.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      expect((await outraMarca.esperar('erro', (d) => d.sala === `leilao:${leilaoUid}`)).data.mensagem).toBe('Sala não encontrada');
      expect(a.martelo.hub.conectados(14, leilaoUid)).toBe(0);
      expect(b.martelo.hub.conectados(1, leilaoUid)).toBe(3);

      const sac = await entrarComoStaff(banco.db, [P.SAC]);
      const pagina = await a.pedir(H, `/admin/backoffice-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: sac.cookie } });
      expect(pagina.status).toBe(200);
      expect(pagina.texto).toMatch(/Conectados no auditório: (<!-- -->)?3/);

      vigias[0].fechar();
      vigias[2].fechar();
      await painel.esperar('conectados', (d) => d.quantidade === 1);
      await expect.poll(() => a.martelo.hub.conectados(1, leilaoUid)).toBe(1);
      for (const s of [painel, vigias[1], outraMarca]) s.fechar();
    });

    it('chat read receipts: stored in a batch, one per reader, the author not counted; staff hear the counts; bad receipts refused', async () => {
      const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const ana = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Ana Lima' });
      const beto = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Beto Reis' });
      const socketAna = await conectarWs(a.port, H, { token: ana.token });
      socketAna.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      await socketAna.esperar('sala-conectada');
      const socketBeto = await conectarWs(b.port, H, { token: beto.token });
      socketBeto.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
      await socketBeto.esperar('sala-conectada');
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const painel = await conectarWs(a.port, H, { token: leiloeiro.token });
      painel.enviar({ event: 'conectar-leiloeiro', data: { leilaoUid } });
      await painel.esperar('sala-conectada');

      socketAna.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: 'Bom dia a todos' } });
      const mensagem = await socketBeto.esperar('chat-mensagem');
      const uid = String(mensagem.data.uid);

      const anonimo = await conectarWs(b.port, H);
      anonimo.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: [uid] } });
      expect((await anonimo.esperar('erro')).data.mensagem).toBe('Necessário fazer login para acessar esta página');
      socketBeto.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: [] } });
      expect((await socketBeto.esperar('erro')).data.mensagem).toBe('Informe ao menos uma mensagem');
      socketBeto.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: ['x'] } });
      await socketBeto.esperar('erro', (d) => d.mensagem === 'mensagemUid inválido');

      // Beto read it (twice: one row), Ana's own receipt is not counted, a foreign uid is ignored.
      socketBeto.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: [uid, randomUUID()] } });
      socketBeto.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: [uid] } });
      socketAna.enviar({ event: 'chat-leitura', data: { leilaoUid, mensagemUids: [uid] } });
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all([a.martelo.registros.descarregar(), b.martelo.registros.descarregar()]);
      expect((await painel.esperar('chat-leituras')).data).toEqual({ leilaoUid, leituras: [{ uid, quantidade: 1 }] });
      const [m] = await banco.db.select().from(chatMensagem).where(eq(chatMensagem.uid, uid));
      const leituras = await banco.db.select().from(chatLeitura).where(eq(chatLeitura.mensagemId, m.id));
      expect(leituras).toEqual([expect.objectContaining({ usuarioId: beto.id, hotsiteId: 1 })]);

      // The panel's snapshot shows the count too.
      const snapshot = await a.pedir(H, `/leiloeiro?leilao=${leilaoUid}`, { headers: { cookie: leiloeiro.cookie } });
      expect(snapshot.texto).toMatch(/Lida por (<!-- -->)?1/);
      for (const s of [socketAna, socketBeto, painel, anonimo]) s.fechar();
    });

    it('visitor page views: conectar-visitante first, one row per view in a batch, with the client when logged in; bad ones refused', async () => {
      const visitante = randomUUID();
      const ws = await conectarWs(a.port, H);
      ws.enviar({ event: 'visita-pagina', data: { url: '/', pagina: 'routes/_index' } });
      expect((await ws.esperar('erro')).data.mensagem).toBe('Envie conectar-visitante antes das visitas');
      ws.enviar({ event: 'conectar-visitante', data: { visitanteUid: 'abc' } });
      await ws.esperar('erro', (d) => d.mensagem === 'visitanteUid inválido');
      ws.enviar({ event: 'conectar-visitante', data: { visitanteUid: visitante } });
      ws.enviar({ event: 'visita-pagina', data: { url: 'https://outro.site/', pagina: 'x' } });
      await ws.esperar('erro', (d) => d.mensagem === 'url deve ser o caminho da página (começando com /)');
      ws.enviar({ event: 'visita-pagina', data: { url: '/', pagina: 'routes/_index', referrer: 'https://www.google.com/' } });
      ws.enviar({ event: 'visita-pagina', data: { url: '/auditorio', pagina: 'routes/auditorio.($id)' } });

      const cliente = await criarClienteDoAuditorio(banco.db, {
        leilaoId: (await criarLeilaoAoVivo(banco.db, { lotes: 1 })).leilaoId,
        nome: 'Caio',
      });
      const logado = await conectarWs(b.port, H, { token: cliente.token });
      logado.enviar({ event: 'conectar-visitante', data: { visitanteUid: visitante } });
      logado.enviar({ event: 'visita-pagina', data: { url: '/cliente/compras', pagina: 'routes/cliente.compras' } });
      await new Promise((r) => setTimeout(r, 100));
      await Promise.all([a.martelo.registros.descarregar(), b.martelo.registros.descarregar()]);
      const linhas = await banco.db.select().from(visitaPagina).where(eq(visitaPagina.visitanteUid, visitante));
      expect(linhas.map((l) => [l.url, l.pagina, l.referrer, l.usuarioId]).sort()).toEqual([
        ['/', 'routes/_index', 'https://www.google.com/', null],
        ['/auditorio', 'routes/auditorio.($id)', null, null],
        ['/cliente/compras', 'routes/cliente.compras', null, cliente.id],
      ]);
      expect(linhas.every((l) => l.hotsiteId === 1)).toBe(true);
      ws.fechar();
      logado.fechar();
    });

    it('the hammer on A: the winner, connected to B, hears on-venda-dto (as after the timed closing)', async () => {
      const { leilaoId, leilaoUid, loteIds } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
      const leiloeiro = await entrarComoStaff(banco.db, [P.LEILOEIRO]);
      const ana = await criarClienteDoAuditorio(banco.db, { leilaoId, nome: 'Ana Prado' });
      const socketAna = await conectarWs(b.port, H, { token: ana.token });
      await socketAna.esperar('conectado');
      const comando = (nome: string, corpo: unknown = {}) =>
        a.pedir(H, `/v1/leiloeiro/${leilaoUid}/${nome}`, { method: 'POST', headers: leiloeiro.bearer, corpo });
      expect((await comando('iniciar')).status).toBe(200);
      expect((await comando('lote-atual', { loteId: loteIds[0] })).status).toBe(200);
      expect((await b.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId: loteIds[0], valor: 10_000_00 } })).status).toBe(201);
      expect(socketAna.recebidas.some((m) => m.event === 'on-venda-dto')).toBe(false);
      expect((await comando('martelo')).status).toBe(200);
      const venda = await socketAna.esperar('on-venda-dto');
      expect(venda.data).toEqual({ vendaId: expect.any(Number), motivo: 'criada' });
      expect((await socketAna.esperar('lote-arrematado')).data).toMatchObject({ loteId: loteIds[0], situacao: 'AG_PAGAMENTO' });
      socketAna.fechar();
    });
  },
  { contagem: { intervaloMs: 100, renovarMs: 1_000 } },
);

describe('/admin/transmissao/youtube/{id} and /admin/transmissao/instagram/{id}', () => {
  let app: Instancia;
  beforeAll(async () => {
    app = await iniciarInstancia({ database: banco });
  });
  afterAll(() => app?.close());

  it('staff start a broadcast of the platform (its URL checked) and publish it; other roles and brands refused', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
    const mkt = await entrarComoStaff(banco.db, [P.MKT]);
    const enviar = (plataforma: string, campos: Record<string, string>, cookie = mkt.cookie) =>
      app.pedir(H, `/admin/transmissao/${plataforma}/${leilaoId}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        corpo: new URLSearchParams(campos).toString(),
      });
    const pagina = await app.pedir(H, `/admin/transmissao/youtube/${leilaoId}`, { headers: { cookie: mkt.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Transmissão no YouTube');

    const errada = await enviar('youtube', { intencao: 'iniciar', urlRmtp: 'https://cdn.example.com/a.m3u8', videoAtivo: 'on' });
    expect(errada.status).toBe(400);
    expect(errada.texto).toContain('Informe o endereço da live no YouTube');
    const certa = await enviar('youtube', {
      intencao: 'iniciar',
      urlRmtp: 'https://www.youtube.com/live/abcdefghijk',
      videoAtivo: 'on',
      publicar: 'on',
    });
    expect(certa.status).toBe(200);
    const [le] = await banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
    expect(le.url).toBe('https://www.youtube.com/live/abcdefghijk');

    const insta = await enviar('instagram', {
      intencao: 'iniciar',
      urlRmtp: 'rtmps://live-upload.instagram.com:443/rtmp/',
      videoAtivo: 'on',
    });
    expect(insta.status).toBe(200);
    expect((await enviar('instagram', { intencao: 'iniciar', urlRmtp: 'https://www.youtube.com/live/abcdefghijk' })).status).toBe(400);
    // Each variant lists only its platform's broadcasts; the uid works as {id} too.
    const paginaInsta = await app.pedir(H, `/admin/transmissao/instagram/${leilaoUid}`, { headers: { cookie: mkt.cookie } });
    expect(paginaInsta.texto).toContain('rtmps://live-upload.instagram.com:443/rtmp/');
    expect(paginaInsta.texto).not.toContain('https://www.youtube.com/live/abcdefghijk</td>');
    const todas = await banco.db.select().from(transmissao).where(eq(transmissao.leilaoId, leilaoId));
    expect(todas).toHaveLength(2);
    const instagram = todas.find((x) => x.urlRmtp.startsWith('rtmps://'))!;
    expect(instagram.dataPublicacao).toBeNull();
    expect((await enviar('instagram', { intencao: 'publicar', transmissaoUid: instagram.uid })).status).toBe(200);
    expect((await enviar('instagram', { intencao: 'publicar', transmissaoUid: randomUUID() })).status).toBe(404);

    expect((await app.pedir(H, `/admin/transmissao/youtube/999999`, { headers: { cookie: mkt.cookie } })).status).toBe(404);
    expect((await app.pedir(H, `/admin/transmissao/youtube/abc`, { headers: { cookie: mkt.cookie } })).status).toBe(404);
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    expect((await app.pedir(H, `/admin/transmissao/instagram/${leilaoId}`, { headers: { cookie: sac.cookie } })).status).toBe(403);
    expect((await enviar('youtube', { intencao: 'iniciar', urlRmtp: 'https://youtu.be/abcdefghijk' }, sac.cookie)).status).toBe(403);
    const outraMarca = await entrarComoStaff(banco.db, [P.MKT], { hotsiteId: 2 });
    expect(
      (await app.pedir('h2.localhost', `/admin/transmissao/youtube/${leilaoId}`, { headers: { cookie: outraMarca.cookie } })).status,
    ).toBe(404);
  });
});
