import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMensagem, cliente, codigoConfirmacao, proposta } from '@db/schema';
import { SEGREDO_2FA_DEMO, SENHA_DEMO } from '@scripts/seed/identidade';
import { LIMITES, MENSAGEM_429, reservarTentativa, type NomeDoLimite } from '~/modules/identidade/limite.server';
import { codigoAtual } from '~/modules/identidade/totp.server';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { conectarWs } from '../ws';
import { cadastroValido } from '../cadastro';

/**
 * Attempt limits under concurrent guesses (decision 106). Every request of a burst is sent at once, so
 * on PostgreSQL (CI's second run) they really run side by side on the pool's connections: a limit that
 * read its count before the slow check and wrote it after would let all of them through.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const login = (corpo: unknown, ip: string) => t.app.pedir(H, '/v1/usuario/efetuar-login', { corpo, headers: { 'x-forwarded-for': ip } });
const contar = (respostas: { status: number }[], status: number) => respostas.filter((r) => r.status === status).length;

describe('every named limit holds under a burst', () => {
  it.each(Object.keys(LIMITES) as NomeDoLimite[])('%s: of three times the limit sent at once, exactly the limit pass', async (nome) => {
    const { tentativas } = LIMITES[nome];
    const chave = `rajada-${nome}-${Math.random()}`;
    const reservas = await Promise.all(
      Array.from({ length: tentativas * 3 + 2 }, () => reservarTentativa(t.banco.db, { limite: nome, chave })),
    );
    expect(reservas.filter((r) => r.permitida)).toHaveLength(tentativas);
    expect(new Set(reservas.map((r) => r.n)).size).toBe(reservas.length);
  });
});

describe('login', () => {
  it('50 wrong passwords at once: at most 5 are checked, the rest get 429, and the right one is then refused', async () => {
    const email = 'cliente2@h1.martelo.test';
    const respostas = await Promise.all(Array.from({ length: 50 }, (_, i) => login({ email, senha: `errada-${i}` }, `10.40.0.${i}`)));
    expect(contar(respostas, 401)).toBeLessThanOrEqual(LIMITES.loginPorConta.tentativas);
    expect(contar(respostas, 401) + contar(respostas, 429)).toBe(50);
    const certa = await login({ email, senha: SENHA_DEMO }, '10.40.1.1');
    expect(certa.status).toBe(429);
    expect(certa.json()).toMatchObject({ message: MENSAGEM_429 });
  });

  it('40 wrong TOTP codes at once with the right password: at most 5 are checked and the right code is refused after', async () => {
    const email = '2fa@martelo.test';
    const codigoCerto = codigoAtual(SEGREDO_2FA_DEMO);
    const errados = Array.from({ length: 40 }, (_, i) => String((Number(codigoCerto) + 1 + i * 7919) % 1_000_000).padStart(6, '0'));
    const respostas = await Promise.all(errados.map((c, i) => login({ email, senha: SENHA_DEMO, twoFactorcode: c }, `10.41.0.${i}`)));
    const conferidos = respostas.filter(
      (r) => r.status === 401 && r.json<{ message: string }>().message === 'Código de autenticação inválido',
    );
    expect(conferidos.length).toBeLessThanOrEqual(5);
    expect(respostas.every((r) => r.status !== 200)).toBe(true);
    const certa = await login({ email, senha: SENHA_DEMO, twoFactorcode: codigoCerto }, '10.41.1.1');
    expect(certa.status).not.toBe(200);
    expect([403, 429]).toContain(certa.status);
  });

  it('a burst of wrong passwords from one address stops at its limit across accounts', async () => {
    const respostas = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login({ email: `ninguem-${i}@exemplo.com.br`, senha: 'errada123' }, '10.42.0.1')),
    );
    expect(contar(respostas, 401)).toBeLessThanOrEqual(LIMITES.loginPorIp.tentativas);
    expect(contar(respostas, 429)).toBeGreaterThanOrEqual(60 - LIMITES.loginPorIp.tentativas);
  });
});

describe('confirmation codes', () => {
  it('41 guesses of an e-mail code at once: at most 5 compared, and the right code is refused after', async () => {
    const c = await criarCliente(t.banco.db, { hotsiteId: 1 });
    await t.banco.db.insert(cliente).values({ hotsiteId: 1, usuarioId: c.id, nome: c.nome, email: c.email });
    const pedir = (campos: Record<string, string>) =>
      t.app.pedir(H, '/email', {
        method: 'POST',
        corpo: new URLSearchParams(campos).toString(),
        headers: { cookie: c.cookie, origin: `http://${H}:${t.app.port}`, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const envio = await pedir({ _acao: 'enviar' });
    expect(envio.status, envio.texto.slice(0, 3000)).toBe(200);
    const [codigo] = await t.banco.db.select().from(codigoConfirmacao).where(eq(codigoConfirmacao.usuarioId, c.id));
    // The real code is unknown to the test (only its hash is stored): every guess but one is wrong by construction.
    const palpites = Array.from({ length: 41 }, (_, i) => String(i).padStart(6, '0'));
    await Promise.all(palpites.map((p) => pedir({ codigo: p })));
    const [depois] = await t.banco.db.select().from(codigoConfirmacao).where(eq(codigoConfirmacao.id, codigo.id));
    expect(depois.tentativas).toBe(5);
    const [cli] = await t.banco.db.select().from(cliente).where(eq(cliente.usuarioId, c.id));
    expect(cli.emailConfirmadoAt).toBeNull();
  });
});

describe('chat and proposals', () => {
  it('20 chat messages at once from one client over four sockets: at most 3 are stored', async () => {
    const { leilaoId, leilaoUid } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const ana = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Ana Lima' });
    const sockets = await Promise.all(Array.from({ length: 4 }, () => conectarWs(t.app.port, H, { token: ana.token })));
    for (const s of sockets) s.enviar({ event: 'conectar-leilao', data: { leilaoUid } });
    await Promise.all(sockets.map((s) => s.esperar('sala-conectada')));
    for (let i = 0; i < 20; i++) sockets[i % 4].enviar({ event: 'chat-mensagem', data: { leilaoUid, texto: `Mensagem ${i}` } });
    await new Promise((r) => setTimeout(r, 1_500));
    const [{ n }] = await t.banco.db.select({ n: count() }).from(chatMensagem).where(eq(chatMensagem.usuarioId, ana.id));
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(LIMITES.chat.tentativas);
    for (const s of sockets) s.fechar();
  });

  it('20 proposals at once on one lot: at most 5 recorded, the rest 429 in pt-BR', async () => {
    const lote = await criarLoteEmDisputa(t.banco.db, { somenteBuyNowProposta: true });
    const a = await criarCliente(t.banco.db, { leilaoId: lote.leilaoId });
    const corpo = { loteId: lote.loteId, valor: 9_000_00, telefone: '11 99999-0000', email: 'a@exemplo.com.br' };
    const respostas = await Promise.all(Array.from({ length: 20 }, () => t.app.pedir(H, '/v1/propostas', { headers: a.auth, corpo })));
    expect(contar(respostas, 201)).toBe(LIMITES.propostaPorLote.tentativas);
    expect(respostas.find((r) => r.status === 429)?.json<{ message: string }>().message).toMatch(/Aguarde uma hora/);
    const [{ n }] = await t.banco.db
      .select({ n: count() })
      .from(proposta)
      .where(and(eq(proposta.usuarioId, a.id), eq(proposta.loteId, lote.loteId)));
    expect(n).toBe(LIMITES.propostaPorLote.tentativas);
  });
});

describe('sign-up', () => {
  it('20 sign-ups at once with an e-mail that has an account: at most 5 are told so, the rest get 429', async () => {
    const campos = { ...cadastroValido, nome: 'Sondagem de Cadastro', email: 'cliente1@h1.martelo.test' };
    const respostas = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.pedir(H, '/cadastro', {
          method: 'POST',
          corpo: new URLSearchParams(campos).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.43.0.1' },
        }),
      ),
    );
    const contaExiste = respostas.filter((r) => r.texto.includes('Este e-mail já está cadastrado')).length;
    expect(contaExiste).toBeGreaterThan(0);
    expect(contaExiste).toBeLessThanOrEqual(LIMITES.cadastroDuplicadoPorIp.tentativas);
    expect(respostas.filter((r) => r.status === 429)).toHaveLength(20 - contaExiste);
  });
});
