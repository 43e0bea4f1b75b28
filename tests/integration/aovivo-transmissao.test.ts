import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, transmissao } from '@db/schema';
import { TEMPLATES_TRANSMISSAO } from '~/modules/aovivo/transmissao.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

const t = instanciaDeTeste();
const H = 'h1.localhost';
const TEMPLATE = TEMPLATES_TRANSMISSAO[0].uid;
const post = (caminho: string, auth: Record<string, string>, corpo: unknown, method = 'POST') =>
  t.app.pedir(H, caminho, { method, headers: auth, corpo });

describe('broadcast: channels, start, publish', () => {
  it('a channel, a broadcast started on it and published: stored, the auction’s video, the auditorium hears on-transmissao', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    const canal = await post('/v1/canal-transmissao', mkt.bearer, {
      nome: 'Câmera do pátio',
      disponivel: true,
      leilaoUid,
      templateUid: TEMPLATE,
    });
    expect(canal.status).toBe(201);
    const { canalTransmissaoUid } = canal.json<{ canalTransmissaoUid: string }>();
    expect(canal.json()).toMatchObject({ nome: 'Câmera do pátio', disponivel: true, templateUid: TEMPLATE, leilaoUid });

    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const inicio = await post('/v1/transmissao/iniciar', leiloeiro.bearer, {
      urlRmtp: 'https://cdn.example.com/live/leilao.m3u8',
      leilaoUid,
      videoAtivo: true,
      audioAtivo: true,
      posicaoTemplate: 1,
      canalTransmissaoUid,
      local: 'Pátio Guarulhos',
    });
    expect(inicio.status).toBe(201);
    const { uid: transmissaoUid } = inicio.json<{ uid: string }>();
    expect(inicio.json()).toMatchObject({ canalTransmissaoUid, leilaoUid, posicaoTemplate: 1, dataPublicacao: null });

    const cliente = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Lia Moura' });
    const ws = await conectarWs(t.app.port, H, { token: cliente.token });
    ws.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
    await ws.esperar('sala-conectada');

    const pub = await post('/v1/transmissao/publicar', leiloeiro.bearer, { leilaoUid, transmissaoUid, audioAtivo: false }, 'PUT');
    expect(pub.status).toBe(200);
    expect(pub.json()).toMatchObject({ uid: transmissaoUid, audioAtivo: false, videoAtivo: true });
    const evento = await ws.esperar('on-transmissao');
    expect(evento.data).toEqual({
      leilaoUid,
      transmissaoUid,
      url: 'https://cdn.example.com/live/leilao.m3u8',
      videoAtivo: true,
      audioAtivo: false,
      posicaoTemplate: 1,
      videoLoop: false,
    });
    const [le] = await t.banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
    expect(le.url).toBe('https://cdn.example.com/live/leilao.m3u8');
    const [salva] = await t.banco.db.select().from(transmissao).where(eq(transmissao.uid, transmissaoUid));
    expect(salva.dataPublicacao).not.toBeNull();
    expect(salva.local).toBe('Pátio Guarulhos');
  });

  it.each([
    ['/v1/transmissao/iniciar', {}, 'urlRmtp deve ser uma URL (rtmp://, rtmps:// ou https://)'],
    ['/v1/transmissao/iniciar', { urlRmtp: 'javascript:alert(1)' }, 'urlRmtp deve ser uma URL (rtmp://, rtmps:// ou https://)'],
    ['/v1/transmissao/iniciar', { urlRmtp: 'rtmp://live.example.com/app/k', videoAtivo: 'sim' }, 'videoAtivo deve ser verdadeiro ou falso'],
    [
      '/v1/transmissao/iniciar',
      { urlRmtp: 'rtmp://live.example.com/app/k', videoAtivo: true, audioAtivo: false },
      'Informe posicaoTemplate: a posição no template (um número)',
    ],
    ['/v1/canal-transmissao', { nome: 'A', disponivel: true, templateUid: 'abc' }, 'Informe templateUid: o uid do template'],
    ['/v1/canal-transmissao', { nome: '', disponivel: true }, 'Informe o nome do canal'],
    ['/v1/canal-transmissao', { nome: 'A', disponivel: 'talvez' }, 'disponivel deve ser verdadeiro ou falso'],
    [
      '/v1/canal-transmissao',
      { nome: 'A', disponivel: true, templateUid: '00000000-0000-4000-8000-000000000000' },
      'Template de transmissão não encontrado',
    ],
    ['/v1/transmissao/publicar', {}, 'Informe transmissaoUid: o uid da transmissão'],
  ])('%s %j → 400 "%s"', async (caminho, corpo, mensagem) => {
    const { leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const c: Record<string, unknown> = { leilaoUid, ...corpo };
    const r = await post(caminho, adm.bearer, c, caminho.endsWith('publicar') ? 'PUT' : 'POST');
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ message: mensagem, statusCode: 400 });
  });

  it('roles and brand scope; an unavailable channel refuses a start', async () => {
    const { leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const corpo = { nome: 'Canal', disponivel: false, leilaoUid, templateUid: TEMPLATE };
    for (const papel of [P.SAC, P.COMITENTE]) {
      const outro = await entrarComoStaff(t.banco.db, [papel]);
      expect((await post('/v1/canal-transmissao', outro.bearer, corpo)).status).toBe(403);
    }
    expect((await post('/v1/canal-transmissao', {}, corpo)).status).toBe(401);
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    const deOutraMarca = await t.app.pedir('h2.localhost', '/v1/canal-transmissao', { method: 'POST', headers: adm2.bearer, corpo });
    expect(deOutraMarca.status).toBe(404);
    expect(deOutraMarca.json()).toMatchObject({ message: 'Leilão não encontrado' });

    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const canal = (await post('/v1/canal-transmissao', adm.bearer, corpo)).json<{ canalTransmissaoUid: string }>();
    const r = await post('/v1/transmissao/iniciar', adm.bearer, {
      urlRmtp: 'rtmp://live.example.com/app/chave',
      leilaoUid,
      videoAtivo: true,
      audioAtivo: true,
      posicaoTemplate: 0,
      canalTransmissaoUid: canal.canalTransmissaoUid,
    });
    expect(r.status).toBe(409);
    expect(r.json()).toMatchObject({ message: 'Este canal de transmissão está indisponível' });
    // Publishing another brand's broadcast: not found.
    const semCanal = await post('/v1/transmissao/iniciar', adm.bearer, {
      urlRmtp: 'rtmp://live.example.com/app/chave',
      leilaoUid,
      videoAtivo: true,
      audioAtivo: true,
      posicaoTemplate: 0,
    });
    expect(semCanal.status).toBe(201);
    const { uid } = semCanal.json<{ uid: string }>();
    const cruzado = await t.app.pedir('h2.localhost', '/v1/transmissao/publicar', {
      method: 'PUT',
      headers: adm2.bearer,
      corpo: { leilaoUid, transmissaoUid: uid },
    });
    expect(cruzado.status).toBe(404);
  });

  it('the page /admin/transmissao: MKT creates a channel, starts and publishes; bad input is a pt-BR 4xx; other roles refused', async () => {
    const { leilaoUid, leilaoId } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    const caminho = `/admin/transmissao/${leilaoUid}`;
    const enviar = (cookie: string, campos: Record<string, string>) =>
      t.app.pedir(H, caminho, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        corpo: new URLSearchParams(campos).toString(),
      });
    expect((await enviar(mkt.cookie, { intencao: 'canal', nome: 'Câmera 2', templateUid: TEMPLATE, disponivel: 'on' })).status).toBe(200);
    const ruim = await enviar(mkt.cookie, { intencao: 'iniciar', urlRmtp: 'não é url', posicaoTemplate: '0', videoAtivo: 'on' });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('urlRmtp deve ser uma URL');
    expect(
      (await enviar(mkt.cookie, { intencao: 'iniciar', urlRmtp: 'https://youtu.be/abcdefghijk', posicaoTemplate: '2', videoAtivo: 'on' }))
        .status,
    ).toBe(200);
    const pagina = await t.app.pedir(H, caminho, { headers: { cookie: mkt.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Câmera 2');
    expect(pagina.texto).toContain('https://youtu.be/abcdefghijk');
    const [salva] = await t.banco.db.select().from(transmissao).where(eq(transmissao.leilaoId, leilaoId));
    expect(salva).toMatchObject({ videoAtivo: true, audioAtivo: false, posicaoTemplate: 2 });
    expect((await enviar(mkt.cookie, { intencao: 'publicar', transmissaoUid: salva.uid, videoAtivo: 'on' })).status).toBe(200);
    const [le] = await t.banco.db.select({ url: leilao.transmissaoUrl }).from(leilao).where(eq(leilao.id, leilaoId));
    expect(le.url).toBe('https://youtu.be/abcdefghijk');

    for (const papel of [P.SAC, P.COMITENTE]) {
      const outro = await entrarComoStaff(t.banco.db, [papel]);
      expect((await t.app.pedir(H, caminho, { headers: { cookie: outro.cookie } })).status).toBe(403);
    }
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    expect((await t.app.pedir(H, caminho, { headers: { cookie: leiloeiro.cookie } })).status).toBe(200);
    const mkt2 = await entrarComoStaff(t.banco.db, [P.MKT], { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', caminho, { headers: { cookie: mkt2.cookie } })).status).toBe(404);
  });
});
