import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliente as tabelaCliente, mensagemSaida, usuario } from '@db/schema';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { FECHAMENTO_SESSAO_ENCERRADA } from '~/realtime/hub.server';
import { createMemoryBus } from '~/realtime/bus.server';
import { criarBancoDeTeste } from '../db';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs, statusDoUpgrade } from '../ws';

/**
 * The websocket as an attacker or a departed user meets it: a socket opened by another site's page
 * with the visitor's cookie, one machine opening sockets without end, and a socket that keeps talking
 * after its session ended (logout, password reset, block), on another instance than the one that ended it.
 */
const H = 'h1.localhost';
const MAXIMO = 5;
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let a: Instancia;
let b: Instancia;
const formulario = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  const bus = createMemoryBus();
  a = await iniciarInstancia({ database: banco, bus });
  b = await iniciarInstancia({ database: banco, bus, env: { WS_MAX_CONEXOES_POR_IP: MAXIMO } });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await banco?.descartar();
});

const propria = (i: Instancia) => `http://${H}:${i.port}`;
const fechamento = (ws: { ws: import('ws').WebSocket }) =>
  new Promise<number>((resolve) => {
    if (ws.ws.readyState === ws.ws.CLOSED) resolve(-1);
    ws.ws.once('close', (codigo) => resolve(codigo));
  });

/** A client of the live auction, its page session cookie, and its socket on instance B, opened as its browser would. */
async function clienteConectado(leilao: { leilaoId: number; leilaoUid: string }, nome: string) {
  const c = await criarClienteDoAuditorio(banco.db, { leilaoId: leilao.leilaoId, nome });
  const s = await conectarWs(b.port, H, { headers: { cookie: c.cookie, origin: propria(b) } });
  expect((await s.esperar('conectado')).data.autenticado).toBe(true);
  s.enviar({ event: 'conectar-leilao', data: { leilaoUid: leilao.leilaoUid } });
  await s.esperar('sala-conectada');
  return { ...c, s };
}

async function conversa(s: Awaited<ReturnType<typeof clienteConectado>>['s'], leilaoUid: string, texto: string) {
  s.enviar({ event: 'chat-mensagem', data: { leilaoUid, texto } });
  return s.esperar('chat-mensagem', (d) => d.texto === texto);
}

describe('websocket origin', () => {
  it('refuses a socket that carries the session cookie from another site (403); same brand and no cookie pass', async () => {
    const leilao = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
    const c = await criarClienteDoAuditorio(banco.db, { leilaoId: leilao.leilaoId, nome: 'Ana Lima' });
    expect(await statusDoUpgrade(a.port, H, '/ws', { cookie: c.cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await statusDoUpgrade(a.port, H, '/ws', { cookie: c.cookie, origin: 'http://h2.localhost' })).toBe(403);
    expect(await statusDoUpgrade(a.port, H, '/ws', { cookie: c.cookie, origin: 'null' })).toBe(403);
    expect(await statusDoUpgrade(a.port, H, '/ws', { cookie: c.cookie, origin: propria(a) })).toBe(101);
    // Another address of the same brand.
    expect(await statusDoUpgrade(a.port, H, '/ws', { cookie: c.cookie, origin: `http://${H}:1` })).toBe(101);
    // A visitor's socket from anywhere (public rooms only), and a token the page put in the URL.
    expect(await statusDoUpgrade(a.port, H, '/ws', { origin: 'https://evil.example' })).toBe(101);
    const comToken = await conectarWs(a.port, H, { token: c.token, headers: { origin: 'https://evil.example' } });
    expect((await comToken.esperar('conectado')).data.autenticado).toBe(true);
    comToken.fechar();
  });
});

describe('sockets per client address', () => {
  it(`accepts ${MAXIMO} sockets from one address, refuses the next with 429, and frees the place on close`, async () => {
    const de = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const abertos = [];
    for (let i = 0; i < MAXIMO; i++) abertos.push(await conectarWs(b.port, H, de('10.77.0.1')));
    expect(await statusDoUpgrade(b.port, H, '/ws', { 'x-forwarded-for': '10.77.0.1' })).toBe(429);
    // Another address is not held back.
    const outro = await conectarWs(b.port, H, de('10.77.0.2'));
    const fechado = fechamento(abertos[0]);
    abertos[0].fechar();
    await fechado;
    await expect.poll(() => statusDoUpgrade(b.port, H, '/ws', { 'x-forwarded-for': '10.77.0.1' })).toBe(101);
    for (const s of [...abertos.slice(1), outro]) s.fechar();
  });

  it('counts refused upgrades as nothing (a bad token does not use up the address)', async () => {
    for (let i = 0; i < MAXIMO + 2; i++)
      expect(
        await statusDoUpgrade(b.port, H, '/ws?token=token-invalido-com-mais-de-vinte-caracteres', { 'x-forwarded-for': '10.77.0.3' }),
      ).toBe(401);
    expect(await statusDoUpgrade(b.port, H, '/ws', { 'x-forwarded-for': '10.77.0.3' })).toBe(101);
  });
});

describe('a socket whose session ended', () => {
  it('logout (on the other instance): the socket is closed and can no longer chat; another session of the user keeps its socket', async () => {
    const leilao = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
    const ana = await clienteConectado(leilao, 'Ana Lima');
    await conversa(ana.s, leilao.leilaoUid, 'Bom dia');
    // The same user on another device: a second session, its own socket.
    const outra = await criarSessao({ db: banco.db, usuarioId: ana.id, hotsiteId: 1 });
    const noCelular = await conectarWs(b.port, H, { token: outra.token });

    const fechado = fechamento(ana.s);
    const sair = await a.pedir(H, '/sair', {
      method: 'POST',
      corpo: '',
      headers: { ...formulario, cookie: ana.cookie, origin: propria(a) },
    });
    expect(sair.status).toBe(302);
    expect(await fechado).toBe(FECHAMENTO_SESSAO_ENCERRADA);
    // Nothing more goes out on it: a send is refused by the closed socket.
    expect(ana.s.ws.readyState).toBe(ana.s.ws.CLOSED);
    const envio = await new Promise<Error | undefined>((resolve) =>
      ana.s.ws.send(JSON.stringify({ event: 'chat-mensagem', data: { leilaoUid: leilao.leilaoUid, texto: 'ainda aqui' } }), resolve),
    );
    expect(envio).toBeInstanceOf(Error);
    // The other device's socket is untouched.
    noCelular.enviar({ event: 'ping', data: {} });
    await noCelular.esperar('pong');
    noCelular.fechar();
  });

  it('password reset: every socket of the user is closed', async () => {
    const leilao = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
    const beto = await clienteConectado(leilao, 'Beto Reis');
    await conversa(beto.s, leilao.leilaoUid, 'Olá');
    const fechado = fechamento(beto.s);
    await a.pedir(H, '/redefinir-senha', {
      method: 'POST',
      corpo: new URLSearchParams({ email: beto.email }).toString(),
      headers: formulario,
    });
    const [m] = await banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, beto.email), like(mensagemSaida.texto, '%redefinir-senha?token=%')))
      .orderBy(desc(mensagemSaida.id));
    const token = /redefinir-senha\?token=([\w-]+)/.exec(m.texto)![1];
    const r = await a.pedir(H, '/redefinir-senha', {
      method: 'POST',
      corpo: new URLSearchParams({ token, senha: 'NovaSenha#2026', confirmarSenha: 'NovaSenha#2026' }).toString(),
      headers: formulario,
    });
    expect(r.status).toBe(302);
    expect(await fechado).toBe(FECHAMENTO_SESSAO_ENCERRADA);
  });

  it('blocked by staff: the client socket is closed', async () => {
    const leilao = await criarLeilaoAoVivo(banco.db, { lotes: 1 });
    const [u] = await banco.db.select().from(usuario).where(eq(usuario.email, 'cliente2@h1.martelo.test'));
    const [c] = await banco.db.select().from(tabelaCliente).where(eq(tabelaCliente.usuarioId, u.id));
    const sessao = await criarSessao({ db: banco.db, usuarioId: u.id, hotsiteId: 1 });
    const cookie = (await cookieDeLogin(sessao.token, sessao.expiraEm, false)).split(';')[0];
    const s = await conectarWs(b.port, H, { headers: { cookie, origin: propria(b) } });
    expect((await s.esperar('conectado')).data.autenticado).toBe(true);
    s.enviar({ event: 'conectar-leilao', data: { leilaoUid: leilao.leilaoUid } });
    await s.esperar('sala-conectada');

    const fechado = fechamento(s);
    const adm = await entrarComoStaff(banco.db, [PAPEIS_INTERNOS.ADM]);
    const r = await a.pedir(H, `/admin/cliente/${c.id}`, {
      method: 'POST',
      corpo: new URLSearchParams({ _acao: 'bloquear', motivoBloqueio: 'Lances sem pagamento' }).toString(),
      headers: { ...formulario, cookie: adm.cookie, origin: propria(a) },
    });
    expect(r.status).toBe(200);
    expect(await fechado).toBe(FECHAMENTO_SESSAO_ENCERRADA);
  });
});
