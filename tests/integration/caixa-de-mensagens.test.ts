import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mensagemSaida } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { lerCaixaLocal } from '~/modules/outbox/caixa-local.server';
import { rotasDoApp } from '../rotas';
import { rotasDaApiDeTeste } from '../rotas-api';
import { instanciaDeTeste } from '../server';

/**
 * Issue #26, item 2: without SMTP every e-mail and SMS stays in the outbox, and whoever could read the
 * outbox could read other people's reset links and codes (a SAC user asked a reset for an ADM account,
 * read the link and logged in as ADM). Each person reads only what was sent to them.
 */
const t = instanciaDeTeste();

const formulario = { 'content-type': 'application/x-www-form-urlencoded' };

/** The operator's command, as `npm run outbox -- --para <para>` runs it, on this instance's mailbox. */
async function outbox(para: string): Promise<{ codigo: number; saida: string; erro: string }> {
  const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/outbox.ts', '--para', para], {
    env: { ...process.env, CAIXA_LOCAL_DIR: t.app.caixa },
  }).catch((e: { code: number; stdout: string; stderr: string }) => ({ ...e, codigo: e.code }));
  return { codigo: 'codigo' in r ? r.codigo : 0, saida: r.stdout, erro: r.stderr };
}

const pedirRedefinicao = (email: string, cookie?: string) =>
  t.app.pedir('h1.localhost', '/redefinir-senha', {
    method: 'POST',
    headers: { ...formulario, ...(cookie ? { cookie } : {}) },
    corpo: `email=${encodeURIComponent(email)}`,
  });

/** A seeded account logged in through the API, with its bearer token and its page cookie. */
async function entrar(email: string, ip: string) {
  const r = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
    corpo: { email, senha: SENHA_DEMO },
    headers: { 'x-forwarded-for': ip },
  });
  expect(r.status, r.texto).toBe(200);
  const { token, dataFimToken } = r.json<{ token: string; dataFimToken: string }>();
  const cookie = (await cookieDeLogin(token, new Date(dataFimToken), false)).split(';')[0];
  return { bearer: { authorization: `Bearer ${token}` }, cookie };
}

const ultimaPara = async (para: string, texto: string) => {
  const [m] = await t.banco.db
    .select()
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.para, para), like(mensagemSaida.texto, `%${texto}%`)))
    .orderBy(desc(mensagemSaida.id))
    .limit(1);
  return m;
};

describe('no one reads the secrets sent to someone else (issue #26, item 2)', () => {
  it('SAC asks a reset for admin@martelo.test and finds its link on no page or API it can reach', async () => {
    const sac = await entrar('sac@martelo.test', '10.26.0.1');
    const pedido = await pedirRedefinicao('admin@martelo.test', sac.cookie);
    expect(pedido.texto).toContain('Se o e-mail estiver cadastrado');
    const token = /token=([\w-]+)/.exec((await ultimaPara('admin@martelo.test', 'redefinir-senha?token=')).texto)![1];

    // Every page of the app and every GET of the JSON API, as SAC, including the old mail viewer.
    const paginas = (await rotasDoApp()).filter((r) => r.loader).map((r) => r.caminho);
    const caminhos = [...new Set([...paginas, '/dev/emails', '/dev/emails?para=admin%40martelo.test', '/minhas-mensagens'])];
    const api = rotasDaApiDeTeste()
      .filter((r) => r.metodo === 'GET')
      .map((r) => `/v1${r.caminho.replace(/:[A-Za-z]+\??/g, '1')}`);
    const pedidos = [
      ...caminhos.map((caminho) => ({ caminho, headers: { cookie: sac.cookie } })),
      ...api.map((caminho) => ({ caminho, headers: sac.bearer })),
    ];
    const vazou: string[] = [];
    // Four at a time: the whole app is a few hundred requests.
    for (let i = 0; i < pedidos.length; i += 4) {
      await Promise.all(
        pedidos.slice(i, i + 4).map(async ({ caminho, headers }) => {
          const r = await t.app.pedir('h1.localhost', caminho, { headers });
          if (r.texto.includes(token)) vazou.push(caminho);
        }),
      );
    }
    expect(pedidos.length).toBeGreaterThan(150);
    expect(vazou).toEqual([]);
  }, 180_000);

  it("a client cannot read another client's codes; the owner reads their own at Minhas mensagens", async () => {
    const dono = await entrar('cliente1@h1.martelo.test', '10.26.0.2');
    const outro = await entrar('cliente2@h1.martelo.test', '10.26.0.3');
    for (const tipo of ['email', 'telefone']) {
      const r = await t.app.pedir('h1.localhost', `/${tipo}`, {
        method: 'POST',
        headers: { ...formulario, cookie: dono.cookie },
        corpo: '_acao=enviar',
      });
      expect(r.status, r.texto).toBe(200);
    }
    const codigos = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(like(mensagemSaida.texto, '%seu código de confirmação é%'))
      .orderBy(desc(mensagemSaida.id))
      .limit(2);
    expect(codigos.map((m) => m.canal).sort()).toEqual(['email', 'sms']);
    const [email, sms] = ['email', 'sms'].map((canal) => /é (\d{6})/.exec(codigos.find((m) => m.canal === canal)!.texto)![1]);

    const doOutro = await t.app.pedir('h1.localhost', '/minhas-mensagens', { headers: { cookie: outro.cookie } });
    expect(doOutro.status).toBe(200);
    expect(doOutro.texto).not.toContain(email);
    expect(doOutro.texto).not.toContain(sms);
    expect((await t.app.pedir('h1.localhost', '/dev/emails', { headers: { cookie: outro.cookie } })).texto).not.toContain(email);

    const doDono = await t.app.pedir('h1.localhost', '/minhas-mensagens', { headers: { cookie: dono.cookie } });
    expect(doDono.status).toBe(200);
    expect(doDono.texto).toContain(`seu código de confirmação é ${email}`);
    expect(doDono.texto).toContain(`seu código de confirmação é ${sms}`);
  });

  it('staff see who, when, subject, channel and situation at /admin/mensagens, never a body', async () => {
    await pedirRedefinicao('cliente2@h1.martelo.test');
    const m = await ultimaPara('cliente2@h1.martelo.test', 'redefinir-senha?token=');
    const token = /token=([\w-]+)/.exec(m.texto)![1];
    await expect.poll(async () => (await lerCaixaLocal(t.app.caixa, m.para)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    for (const email of ['admin@martelo.test', 'sac@martelo.test']) {
      const staff = await entrar(email, '10.26.0.4');
      const r = await t.app.pedir('h1.localhost', '/admin/mensagens', { headers: { cookie: staff.cookie } });
      expect(r.status).toBe(200);
      expect(r.texto).toContain('cliente2@h1.martelo.test');
      expect(r.texto).toContain(m.assunto!);
      expect(r.texto).toMatch(/Enviada em \d{2}\/\d{2}\/\d{4}/);
      expect(r.texto).not.toContain(token);
      expect(r.texto).not.toContain('redefinir-senha?token');
    }
  });

  it("masks the reset link on its own recipient's page: a borrowed session does not become a new password", async () => {
    const dono = await entrar('cliente1@h1.martelo.test', '10.26.0.5');
    await pedirRedefinicao('cliente1@h1.martelo.test');
    const token = /token=([\w-]+)/.exec((await ultimaPara('cliente1@h1.martelo.test', 'redefinir-senha?token=')).texto)![1];
    const r = await t.app.pedir('h1.localhost', '/minhas-mensagens', { headers: { cookie: dono.cookie } });
    expect(r.texto).toContain('redefinir-senha?token=***');
    expect(r.texto).not.toContain(token);
  });

  it("gives the reset link to the machine's operator (npm run outbox), and its owner sets a password with it", async () => {
    await pedirRedefinicao('leiloeiro@martelo.test');
    const email = (await ultimaPara('leiloeiro@martelo.test', 'redefinir-senha?token='))!;
    await expect.poll(async () => (await lerCaixaLocal(t.app.caixa, email.para)).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const r = await outbox('Leiloeiro@Martelo.test');
    expect(r.codigo, r.erro).toBe(0);
    expect(r.saida).toContain('Para: leiloeiro@martelo.test');
    expect(r.saida).toContain(email.assunto!);
    const link = /(http:\/\/\S+redefinir-senha\?token=[\w-]+)/.exec(r.saida)![1];
    const token = new URL(link).searchParams.get('token')!;
    const nova = 'jabuticaba-madura-26';
    const troca = await t.app.pedir('h1.localhost', '/redefinir-senha', {
      method: 'POST',
      headers: formulario,
      corpo: new URLSearchParams({ token, senha: nova, confirmarSenha: nova }).toString(),
    });
    expect(troca.headers.location).toBe('/login');
    const login = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
      corpo: { email: 'leiloeiro@martelo.test', senha: nova },
      headers: { 'x-forwarded-for': '10.26.0.6' },
    });
    expect(login.status).toBe(200);

    const ninguem = await outbox('ninguem@exemplo.com');
    expect(ninguem.codigo).toBe(1);
    expect(ninguem.erro).toContain('Nenhuma mensagem para ninguem@exemplo.com');
    const semPara = await outbox('');
    expect(semPara.codigo).toBe(2);
    expect(semPara.erro).toContain('uso: npm run outbox -- --para <e-mail ou telefone>');
  });
});
