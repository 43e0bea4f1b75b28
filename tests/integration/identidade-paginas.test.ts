import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliente, clienteDocumento, usuario } from '@db/schema';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { lerCaixaLocal } from '~/modules/outbox/caixa-local.server';
import { cadastroValido } from '../cadastro';

/** The CEP service is a third party: mocked. Our server and database are real. */
const cep = setupServer(
  http.get('https://viacep.com.br/ws/:cep/json/', ({ params }) =>
    params.cep === '01310100'
      ? HttpResponse.json({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          complemento: 'de 1047 a 1865 - lado ímpar',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        })
      : HttpResponse.json({ erro: 'true' }),
  ),
);

/** The page's text as read (no scripts: the loader and action data repeat the messages there). */
const visivel = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;

beforeAll(async () => {
  cep.listen({ onUnhandledRequest: 'bypass' });
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
});
afterAll(async () => {
  cep.close();
  await app?.close();
  await banco?.descartar();
});

const formulario = (campos: Record<string, string>) => new URLSearchParams(campos).toString();
const postar = (host: string, caminho: string, campos: Record<string, string>, headers: Record<string, string> = {}) =>
  app.pedir(host, caminho, {
    method: 'POST',
    corpo: formulario(campos),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const cookies = (set: string[] | undefined) => (set ?? []).map((c) => c.split(';')[0]).join('; ');

describe('/cadastro without JavaScript', () => {
  it('shows every error next to its field in pt-BR and keeps what was typed (never the password)', async () => {
    const r = await postar('h1.localhost', '/cadastro', {
      ...cadastroValido,
      cpf: '529.982.247-24',
      'endereco.logradouro': 'Rua',
      'endereco.bairro': 'C',
      'endereco.cep': '0131',
      'endereco.numero': '',
      senha: '123456',
      confirmarSenha: '123456',
    });
    expect(r.status).toBe(400);
    for (const msg of [
      'CPF inválido',
      'O logradouro deve ter no mínimo 5 caracteres',
      'O bairro deve ter no mínimo 3 caracteres',
      'Informe o CEP no formato 00000-000',
      'Informe o número',
      'Esta senha é muito comum. Escolha uma senha mais difícil de adivinhar',
    ])
      expect(r.texto).toContain(msg);
    expect(r.texto).toContain('value="Beatriz Helena Campos"');
    expect(r.texto).toContain('aria-describedby="campo-cpf-erro"');
    expect(r.texto).not.toContain('value="123456"');
  });

  it('fills the address from the CEP (lookup adapter, mocked)', async () => {
    const r = await postar('h1.localhost', '/cadastro', {
      ...cadastroValido,
      'endereco.logradouro': '',
      'endereco.bairro': '',
      'endereco.cidade': '',
      _acao: 'cep',
      'endereco.cep': '01310100',
    });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('value="Avenida Paulista"');
    expect(r.texto).toContain('value="Bela Vista"');
    expect(r.texto).toContain('value="01310-100"');
    const json = await app.pedir('h1.localhost', '/cep/01310100');
    expect(json.json()).toMatchObject({ cidade: 'São Paulo', estadoSigla: 'SP' });
    expect((await app.pedir('h1.localhost', '/cep/99999999')).status).toBe(404);
  });

  it('signs up, logs in, e-mails a confirmation code through the outbox and confirms it', async () => {
    const r = await postar('h1.localhost', '/cadastro', cadastroValido);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/email');
    const sessao = cookies(r.headers['set-cookie'] as string[]);
    const [u] = await banco.db.select().from(usuario).where(eq(usuario.email, 'beatriz.campos@exemplo.com.br'));
    expect(u).toMatchObject({ hotsiteId: 1, nome: 'Beatriz Helena Campos' });
    expect(u.senhaHash).toMatch(/^\$argon2id\$/);
    const [c] = await banco.db.select().from(cliente).where(eq(cliente.usuarioId, u.id));
    expect(c).toMatchObject({ cpf: '52998224725', carros: true, motos: false, documentoSituacao: 'Cadastrado' });

    // Without SMTP the new client reads the code in their own inbox (Minhas mensagens); staff see that it
    // went out, not what it says, and no one else's inbox shows it.
    const caixa = await app.pedir('h1.localhost', '/minhas-mensagens', { headers: { cookie: sessao } });
    expect(caixa.status).toBe(200);
    const codigo = /seu código de confirmação é (\d{6})/.exec(caixa.texto)![1];
    const anonimo = await app.pedir('h1.localhost', '/minhas-mensagens');
    expect(anonimo.status).toBe(302);
    expect(anonimo.headers.location).toMatch(/^\/login\?/);
    expect((await app.pedir('h1.localhost', '/admin/mensagens', { headers: { cookie: sessao } })).status).toBe(403);
    for (const papel of [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.SAC]) {
      const staff = await entrarComoStaff(banco.db, [papel]);
      const visor = await app.pedir('h1.localhost', '/admin/mensagens', { headers: { cookie: staff.cookie } });
      expect(visor.texto).toContain('beatriz.campos@exemplo.com.br');
      expect(visor.texto).not.toContain(`é ${codigo}`);
      const propria = await app.pedir('h1.localhost', '/minhas-mensagens', { headers: { cookie: staff.cookie } });
      expect(propria.texto).not.toContain(`é ${codigo}`);
    }

    const errado = await postar(
      'h1.localhost',
      '/email',
      { _acao: 'confirmar', codigo: codigo === '000000' ? '111111' : '000000' },
      { cookie: sessao },
    );
    expect(errado.texto).toContain('Código inválido ou expirado');
    // Said once, under the field (not again in a banner above it); the code sent at sign-up is "Enviamos".
    const vezes = (html: string, frase: string) => visivel(html).split(frase).length - 1;
    expect(vezes(errado.texto, 'Código inválido ou expirado')).toBe(1);
    expect(vezes(errado.texto, 'Enviamos um código de 6 dígitos')).toBe(1);
    expect(visivel(errado.texto)).not.toContain('Enviaremos');
    const certo = await postar('h1.localhost', '/email', { _acao: 'confirmar', codigo }, { cookie: sessao });
    expect(certo.status).toBe(302);
    expect(certo.headers.location).toBe('/telefone');

    // The phone: no code yet, "Enviaremos"; once sent, "Enviamos", once.
    const telefone = await app.pedir('h1.localhost', '/telefone', { headers: { cookie: sessao } });
    expect(visivel(telefone.texto)).toContain('Enviaremos um código de 6 dígitos por SMS');
    const enviado = await postar('h1.localhost', '/telefone', { _acao: 'enviar' }, { cookie: sessao });
    expect(visivel(enviado.texto)).not.toContain('Enviaremos');
    expect(vezes(enviado.texto, 'Enviamos um código de 6 dígitos')).toBe(1);
    expect(visivel(enviado.texto)).toContain('Enviar outro código');

    // The same CPF again on the same brand is refused; on another brand it is a new client.
    const dup = await postar('h1.localhost', '/cadastro', { ...cadastroValido, email: 'outra@exemplo.com.br' });
    expect(dup.status).toBe(409);
    expect(dup.texto).toContain('Este CPF já está cadastrado neste site');
    expect((await postar('h2.localhost', '/cadastro', cadastroValido)).status).toBe(302);
  });

  it('signs up with no interest ticked, and an income typed the Brazilian way', async () => {
    const { 'interesses.carros': _carros, ...semInteresses } = cadastroValido;
    const r = await postar('h1.localhost', '/cadastro', {
      ...semInteresses,
      cpf: '111.444.777-35',
      email: 'sem.interesses@exemplo.com.br',
      rendaMensal: '5.250,50',
    });
    expect(r.status).toBe(302);
    const [u] = await banco.db.select().from(usuario).where(eq(usuario.email, 'sem.interesses@exemplo.com.br'));
    const [c] = await banco.db.select().from(cliente).where(eq(cliente.usuarioId, u.id));
    expect(c).toMatchObject({ carros: false, motos: false, rendaMensal: 525_050 });
  });

  it('signs up a company (CNPJ) and takes it to the partners page', async () => {
    const r = await postar('h14.localhost', '/cadastro', {
      ...cadastroValido,
      tipoPessoa: 'Juridica',
      nome: 'Carlos Eduardo Mendes',
      cnpj: '11.222.333/0001-81',
      razaoSocial: 'Mendes Transportes Ltda',
      inscricaoEstadual: '110.042.490.114',
      email: 'contato@mendes.com.br',
    });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/cadastro/socios');
    const sessao = cookies(r.headers['set-cookie'] as string[]);
    const socio = await postar('h14.localhost', '/cadastro/socios', { nome: 'Paulo Mendes', cpf: '111.444.777-35' }, { cookie: sessao });
    expect(socio.texto).toContain('Sócio cadastrado');
    expect(socio.texto).toContain('111.444.777-35');
    const ruim = await postar('h14.localhost', '/cadastro/socios', { nome: 'Paulo Mendes', cpf: '111.444.777-00' }, { cookie: sessao });
    expect(ruim.texto).toContain('CPF inválido');
  });
});

describe('/cadastro with an alphanumeric CNPJ (IN RFB 2.229/2024)', () => {
  it('signs up a company whose CNPJ has letters, typed in lower case; the profile shows it formatted; the same CNPJ again is refused', async () => {
    const r = await postar('h14.localhost', '/cadastro', {
      ...cadastroValido,
      tipoPessoa: 'Juridica',
      nome: 'Renata Alves Prado',
      cnpj: '12.abc.345/01de-35',
      razaoSocial: 'Prado Logística Ltda',
      inscricaoEstadual: '110.042.490.114',
      email: 'contato@pradologistica.com.br',
    });
    expect(r.status, r.texto.match(/role="alert">([^<]*)/)?.[1]).toBe(302);
    const [u] = await banco.db.select().from(usuario).where(eq(usuario.email, 'contato@pradologistica.com.br'));
    const [c] = await banco.db.select().from(cliente).where(eq(cliente.usuarioId, u.id));
    expect(c.cnpj).toBe('12ABC34501DE35');
    const perfil = await app.pedir('h14.localhost', '/cliente/meu-perfil', {
      headers: { cookie: cookies(r.headers['set-cookie'] as string[]) },
    });
    expect(perfil.texto).toContain('12.ABC.345/01DE-35');

    const outra = await postar('h14.localhost', '/cadastro', {
      ...cadastroValido,
      tipoPessoa: 'Juridica',
      cnpj: '12ABC34501DE35',
      razaoSocial: 'Prado Logística Ltda',
      email: 'outro@pradologistica.com.br',
    });
    expect(outra.status).toBe(409);
    expect(outra.texto).toContain('Este CNPJ já está cadastrado neste site');
    const errado = await postar('h14.localhost', '/cadastro', {
      ...cadastroValido,
      tipoPessoa: 'Juridica',
      cnpj: '12.ABC.345/01DE-36',
      email: 'x@prado.com.br',
    });
    expect(errado.status).toBe(400);
    expect(errado.texto).toContain('CNPJ inválido');
  });
});

describe('/login without JavaScript', () => {
  it('shows the guard message, logs in, returns to a same-site target and greets', async () => {
    const pagina = await app.pedir(
      'h1.localhost',
      '/login?redirectTo=%2Fcliente%2Fmeu-perfil&mensagem=Necess%C3%A1rio+fazer+login+para+acessar+esta+p%C3%A1gina',
    );
    expect(pagina.texto).toContain('Necessário fazer login para acessar esta página');
    const r = await postar('h1.localhost', '/login', {
      email: 'cliente2@h1.martelo.test',
      senha: SENHA_DEMO,
      redirectTo: '/cliente/meu-perfil',
    });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/cliente/meu-perfil');
    const perfil = await app.pedir('h1.localhost', '/cliente/meu-perfil', {
      headers: { cookie: cookies(r.headers['set-cookie'] as string[]) },
    });
    expect(perfil.status).toBe(200);
    expect(perfil.texto).toContain('Login efetuado com sucesso');
    expect(perfil.texto).toContain('data-testid="botao-sair"');
    expect(perfil.texto).toContain('data-testid="ultimos-acessos"');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example'])('ignores an off-site redirectTo %s', async (destino) => {
    const r = await postar(
      'h1.localhost',
      '/login',
      { email: 'cliente2@h1.martelo.test', senha: SENHA_DEMO, redirectTo: destino },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(r.headers.location).toBe('/');
  });

  it('answers wrong credentials in pt-BR, keeping the e-mail', async () => {
    const r = await postar(
      'h1.localhost',
      '/login',
      { email: 'cliente2@h1.martelo.test', senha: 'errada-123' },
      { 'x-forwarded-for': '10.9.0.2' },
    );
    expect(r.status).toBe(401);
    expect(r.texto).toContain('E-mail ou senha inválidos');
    expect(r.texto).toContain('value="cliente2@h1.martelo.test"');
  });

  it('refuses a client on /login-sistema', async () => {
    const r = await postar(
      'h1.localhost',
      '/login-sistema',
      { email: 'cliente2@h1.martelo.test', senha: SENHA_DEMO },
      { 'x-forwarded-for': '10.9.0.3' },
    );
    expect(r.status).toBe(403);
    expect(r.texto).toContain('Acesso restrito a usuários internos');
  });
});

describe('documents and staff screens', () => {
  async function entrar(host: string, email: string, ip: string) {
    const r = await postar(host, '/login', { email, senha: SENHA_DEMO }, { 'x-forwarded-for': ip });
    return cookies(r.headers['set-cookie'] as string[]);
  }
  const multipart = (tipo: string, nome: string, conteudo: Buffer, mime: string) => {
    const limite = '----martelo';
    const corpo = Buffer.concat([
      Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="tipo"\r\n\r\n${tipo}\r\n`),
      Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: ${mime}\r\n\r\n`),
      conteudo,
      Buffer.from(`\r\n--${limite}--\r\n`),
    ]);
    return { corpo, tipo: `multipart/form-data; boundary=${limite}` };
  };

  it('accepts a real PNG, refuses a disguised file, and staff validate it', async () => {
    const sessao = await entrar('h20.localhost', 'cliente1@h20.martelo.test', '10.8.0.1');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b4f1f90000000049454e44ae426082',
      'hex',
    );
    const falso = multipart('documento-identidade', 'rg.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const r1 = await app.pedir('h20.localhost', '/cliente/minha-pagina', {
      method: 'POST',
      corpo: falso.corpo,
      headers: { cookie: sessao, 'content-type': falso.tipo },
    });
    expect(r1.texto).toContain('Tipo de arquivo não aceito. Envie PDF, JPG, PNG ou WEBP');
    const bom = multipart('documento-identidade', 'rg.png', png, 'image/png');
    const r2 = await app.pedir('h20.localhost', '/cliente/minha-pagina', {
      method: 'POST',
      corpo: bom.corpo,
      headers: { cookie: sessao, 'content-type': bom.tipo },
    });
    expect(r2.texto).toContain('Documento enviado. Aguarde a validação.');
    expect(r2.texto).toContain('Aguardando Validação');

    const [doc] = await banco.db.select().from(clienteDocumento).where(eq(clienteDocumento.hotsiteId, 20));
    const [c] = await banco.db.select().from(cliente).where(eq(cliente.id, doc.clienteId));
    const sac = await entrar('h20.localhost', 'sac@martelo.test', '10.8.0.2');
    const divergente = await postar(
      'h20.localhost',
      `/admin/cliente/${c.id}`,
      { _acao: 'validar', documentoId: String(doc.id), situacao: 'Divergente', motivo: 'Foto ilegível' },
      { cookie: sac },
    );
    expect(divergente.texto).toContain('Situação do cliente: Divergente');
    const arquivo = await app.pedir('h20.localhost', `/admin/cliente-documento/${doc.uid}`, { headers: { cookie: sac } });
    expect(arquivo.headers['content-type']).toBe('image/png');
    expect((await app.pedir('h20.localhost', `/admin/cliente-documento/${doc.uid}`, { headers: { cookie: sessao } })).status).toBe(403);
    const minha = await app.pedir('h20.localhost', '/cliente/minha-pagina', { headers: { cookie: sessao } });
    expect(minha.texto).toContain('Foto ilegível');

    // Blocking needs a reason; a blocked client's session ends and login is refused.
    const semMotivo = await postar('h20.localhost', `/admin/cliente/${c.id}`, { _acao: 'bloquear', motivoBloqueio: '' }, { cookie: sac });
    expect(semMotivo.texto).toContain('Informe o motivo do bloqueio');
    await postar(
      'h20.localhost',
      `/admin/cliente/${c.id}`,
      { _acao: 'bloquear', motivoBloqueio: 'Documentação fraudulenta' },
      { cookie: sac },
    );
    expect((await app.pedir('h20.localhost', '/cliente/minha-pagina', { headers: { cookie: sessao } })).status).toBe(302);
    const login = await postar(
      'h20.localhost',
      '/login',
      { email: 'cliente1@h20.martelo.test', senha: SENHA_DEMO },
      { 'x-forwarded-for': '10.8.0.3' },
    );
    expect(login.status).toBe(403);
    expect(login.texto).toContain('Documentação fraudulenta');
  });

  it('lets ADM copy permissions and issue a single-use login link', async () => {
    const adm = await entrar('h1.localhost', 'admin@martelo.test', '10.8.1.1');
    const lista = await app.pedir('h1.localhost', '/admin/usuarios', { headers: { cookie: adm } });
    expect(lista.texto).toContain('leiloeiro@martelo.test');
    const [leiloeiro] = await banco.db.select().from(usuario).where(eq(usuario.email, 'leiloeiro@martelo.test'));
    const [comitente] = await banco.db.select().from(usuario).where(eq(usuario.email, 'comitente@martelo.test'));
    const copia = await postar(
      'h1.localhost',
      `/admin/usuario/${comitente.uid}?aba=papeis`,
      { _acao: 'copiar', deUid: leiloeiro.uid },
      { cookie: adm },
    );
    expect(copia.texto).toContain('Salvo com sucesso');
    const papeis = await app.pedir('h1.localhost', `/admin/usuario/${comitente.uid}?aba=papeis`, { headers: { cookie: adm } });
    const marcados = [...papeis.texto.matchAll(/<input type="checkbox" name="papeis" checked="" value="([^"]+)"/g)].map((m) => m[1]);
    expect(marcados).toEqual(['Interno - Leiloeiro']);

    const link = await postar('h1.localhost', `/admin/usuario/${leiloeiro.uid}?aba=acesso`, { _acao: 'link' }, { cookie: adm });
    const caminho = /\/admin-auth\/[\w-]+/.exec(link.texto)![0];
    const uso = await app.pedir('h1.localhost', caminho);
    expect(uso.status).toBe(302);
    expect(uso.headers.location).toBe('/admin');
    const reuso = await app.pedir('h1.localhost', caminho);
    expect(reuso.status).toBe(401);
    expect(reuso.texto).toContain('Link de acesso inválido ou expirado');
  });

  it('asks for a reset link with a bad e-mail: the error sits under the E-mail field', async () => {
    const r = await postar('h1.localhost', '/redefinir-senha', { email: 'nao-e-email' });
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Informe um e-mail válido');
    expect(r.texto).toContain('aria-describedby="campo-email-erro"');
  });

  it('resets a password with a single-use e-mailed link', async () => {
    const pedido = await postar('h2.localhost', '/redefinir-senha', { email: 'cliente1@h2.martelo.test' });
    expect(pedido.texto).toContain('Se o e-mail estiver cadastrado');
    // Someone logged out gets the link from the machine's operator (npm run outbox reads this mailbox).
    const caixa = () => lerCaixaLocal(app.caixa, 'cliente1@h2.martelo.test');
    await expect.poll(async () => (await caixa()).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const token = /token=([\w-]+)/.exec((await caixa()).at(-1)!.texto)![1];
    const fraca = await postar('h2.localhost', '/redefinir-senha', { token, senha: 'flamengo', confirmarSenha: 'flamengo' });
    expect(fraca.texto).toContain('Esta senha é muito comum');
    // The weak password was refused before the link was used, so the link still works once.
    const ok = await postar('h2.localhost', '/redefinir-senha', { token, senha: 'girassol-verde-9', confirmarSenha: 'girassol-verde-9' });
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('/login');
    const reuso = await postar('h2.localhost', '/redefinir-senha', {
      token,
      senha: 'girassol-verde-10',
      confirmarSenha: 'girassol-verde-10',
    });
    expect(reuso.texto).toContain('Link inválido ou expirado. Peça um novo link.');
    expect(
      (
        await postar(
          'h2.localhost',
          '/login',
          { email: 'cliente1@h2.martelo.test', senha: 'girassol-verde-9' },
          { 'x-forwarded-for': '10.8.2.1' },
        )
      ).status,
    ).toBe(302);
  });
});

describe('two-factor block and release', () => {
  it('blocks 2FA after five wrong codes; only the 2FA-unblock role releases it', async () => {
    const { hashSenha } = await import('~/modules/identidade/senha.server');
    const { gerarSegredo, codigoAtual } = await import('~/modules/identidade/totp.server');
    const { usuarioPapel } = await import('@db/schema');
    const segredo = gerarSegredo();
    const [u] = await banco.db
      .insert(usuario)
      .values({
        email: 'bloqueio2fa@martelo.test',
        nome: 'Teste Bloqueio',
        senhaHash: await hashSenha(SENHA_DEMO),
        twoFactorHabilitado: true,
        twoFactorSegredo: segredo,
      })
      .returning();
    await banco.db.insert(usuarioPapel).values({ usuarioId: u.id, papel: 'Interno - SAC' });
    const errado = String((Number(codigoAtual(segredo)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const r = await app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
        corpo: { email: 'bloqueio2fa@martelo.test', senha: SENHA_DEMO, twoFactorcode: errado },
        headers: { 'x-forwarded-for': `10.7.0.${i}` },
      });
      expect(r.status).toBe(401);
    }
    const [bloqueado] = await banco.db.select().from(usuario).where(eq(usuario.id, u.id));
    expect(bloqueado.twoFactorBloqueado).toBe(true);

    const adm = cookies(
      (await postar('h1.localhost', '/login', { email: 'admin@martelo.test', senha: SENHA_DEMO }, { 'x-forwarded-for': '10.7.1.1' }))
        .headers['set-cookie'] as string[],
    );
    const negado = await app.pedir('h1.localhost', '/admin/usuario-bloqueio', { headers: { cookie: adm } });
    expect(negado.status).toBe(403);
    expect(negado.texto).toContain(
      'Você não tem a permissão necessária para acessar esta página, papéis: Interno - Liberação recadastramento 2FA',
    );

    const r2fa = await postar(
      'h1.localhost',
      '/login',
      { email: '2fa@martelo.test', senha: SENHA_DEMO, twoFactorcode: codigoAtual('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') },
      { 'x-forwarded-for': '10.7.1.2' },
    );
    const liberador = cookies(r2fa.headers['set-cookie'] as string[]);
    const lista = await app.pedir('h1.localhost', '/admin/usuario-bloqueio', { headers: { cookie: liberador } });
    expect(lista.texto).toContain('bloqueio2fa@martelo.test');
    const liberado = await postar('h1.localhost', '/admin/usuario-bloqueio', { uid: u.uid }, { cookie: liberador });
    expect(liberado.texto).toContain('Recadastramento do 2FA liberado');
    const [depois] = await banco.db.select().from(usuario).where(eq(usuario.id, u.id));
    expect(depois).toMatchObject({ twoFactorBloqueado: false, twoFactorHabilitado: false, twoFactorSegredo: null });
  });
});
