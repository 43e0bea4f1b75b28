import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cliente,
  endereco,
  habilitacao,
  incidente,
  lance,
  newsletterInscricao,
  sessao,
  solicitacaoTitular,
  tentativaLogin,
  usuario,
  venda,
  vendaItem,
} from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { expurgarRegistrosDeAcesso } from '~/modules/privacidade/expurgo.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { textoDoPdf } from '../pdf';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * LGPD self-service (issue #34 part 4, decisions 234-236) and the accessibility statement (part 6,
 * decision 237): a client downloads their data (JSON, PDF) and only theirs, gives and revokes consents,
 * asks for deletion once however often they press; staff answer from the queue and the client is
 * anonymised with sales and bids kept; access records older than six months are purged; a barrier
 * report reaches staff as an incident.
 */
const t = instanciaDeTeste();
const DIA = 24 * 60 * 60 * 1000;

const form = (campos: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();
const postar = (host: string, caminho: string, cookie: string, campos: Record<string, string | number>, ip = '10.77.0.1') =>
  t.app.pedir(host, caminho, {
    method: 'POST',
    corpo: form(campos),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
  });

/** A client of `hotsiteId` with a registration, an address, one bid on a lot it then won, and the sale. */
async function clienteComCompra(hotsiteId: number, nome: string, valor: number) {
  const db = t.banco.db;
  const c = await criarCliente(db, { hotsiteId, nome });
  const [cad] = await db
    .insert(cliente)
    .values({
      hotsiteId,
      usuarioId: c.id,
      nome,
      email: c.email,
      cpf: `${hotsiteId}${String(c.id).padStart(10, '0')}`.slice(-11),
      telefone: '31999990000',
    })
    .returning();
  await db.insert(endereco).values({
    hotsiteId,
    clienteId: cad.id,
    logradouro: 'Rua A',
    numero: '10',
    bairro: 'Centro',
    cep: '30130010',
    cidade: 'Belo Horizonte',
    estadoSigla: 'MG',
  });
  const { loteId, leilaoId } = await criarLoteEmDisputa(db, { hotsiteId, minimo: valor });
  await db.insert(habilitacao).values({ hotsiteId, usuarioId: c.id, leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: c.auth, corpo: { loteId, valor } });
  expect(r.status).toBe(201);
  await vencerLote(db, loteId);
  await encerrarLotesVencidos({ db });
  const [item] = await db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  expect(item).toBeDefined();
  return { ...c, clienteId: cad.id, loteId, vendaId: item.vendaId };
}

type Export = {
  conta: { email: string; nome: string };
  marca: { id: number };
  cadastro: { cpf: string } | null;
  endereco: { cidade: string } | null;
  lances: { loteNumero: string; valor: number }[];
  compras: { situacao: string; itens: { valor: number }[] }[];
  acessos: unknown[];
};

describe('the export of my data', () => {
  it('holds my registration, bids and sales on this brand, as JSON and PDF, and nothing of another brand', async () => {
    const a = await clienteComCompra(1, 'Ana Export', 31_000_00);
    const b = await clienteComCompra(2, 'Bruno Export', 47_000_00);

    const r = await t.app.pedir('h1.localhost', '/cliente/meus-dados.json', { headers: { cookie: a.cookie } });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="meus-dados-\d{4}-\d\d-\d\d\.json"/);
    expect(r.headers['cache-control']).toBe('no-store');
    const d = JSON.parse(r.texto) as Export;
    expect(d.conta.email).toBe(a.email);
    expect(d.marca.id).toBe(1);
    expect(d.endereco?.cidade).toBe('Belo Horizonte');
    expect(d.lances.map((l) => l.valor)).toEqual([31_000_00]);
    expect(d.compras).toHaveLength(1);
    expect(d.compras[0].itens.map((i) => i.valor)).toEqual([31_000_00]);
    expect(r.texto).not.toContain('Bruno Export');
    expect(r.texto).not.toContain(String(47_000_00));

    const pdf = await t.app.pedir('h1.localhost', '/cliente/meus-dados.pdf', { headers: { cookie: a.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.bytes);
    expect(texto).toContain('Meus dados');
    expect(texto).toContain('Lances (1)');
    expect(texto).toContain('Compras (1)');
    expect(texto).toMatch(/R\$\s*31\.000,00/);

    // The shop brand's client: its own data, in the shop's words; its session is refused on brand 1.
    const pdfB = textoDoPdf((await t.app.pedir('h2.localhost', '/cliente/meus-dados.pdf', { headers: { cookie: b.cookie } })).bytes);
    expect(pdfB).toContain('Ofertas (1)');
    expect(pdfB).not.toContain('Ana Export');
    const cruzado = await t.app.pedir('h1.localhost', '/cliente/meus-dados.json', { headers: { cookie: b.cookie } });
    expect(cruzado.status).toBe(302);
    expect(cruzado.texto).not.toContain('Bruno Export');
  });

  it('is for clients: staff get a 403 with a pt-BR message, visitors go to the login', async () => {
    const sac = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 1 });
    const r = await t.app.pedir('h1.localhost', '/cliente/meus-dados.json', { headers: { cookie: sac.cookie } });
    expect(r.status).toBe(403);
    expect(r.texto).toContain('Esta página é dos clientes da marca.');
    const visitante = await t.app.pedir('h1.localhost', '/cliente/meus-dados.json');
    expect(visitante.status).toBe(302);
    expect(visitante.headers.location).toMatch(/^\/login/);
  });
});

describe('consents', () => {
  it('starts refused, is given and revoked on the page; revoking marketing takes the e-mail off the newsletter', async () => {
    const db = t.banco.db;
    const c = await criarCliente(db, { hotsiteId: 1, nome: 'Carla Consente' });
    await db.insert(newsletterInscricao).values({ hotsiteId: 1, email: c.email });
    const estado = async () =>
      (
        await t.app.pedir('h1.localhost', '/cliente/privacidade?_data=routes%2Fcliente.privacidade', { headers: { cookie: c.cookie } })
      ).json<{ consentimentos: { finalidade: string; concedido: boolean }[] }>().consentimentos;
    expect(await estado()).toEqual([
      expect.objectContaining({ finalidade: 'marketing', concedido: false }),
      expect.objectContaining({ finalidade: 'compartilhamento', concedido: false }),
    ]);
    expect(
      (
        await postar('h1.localhost', '/cliente/privacidade', c.cookie, {
          _acao: 'consentimento',
          finalidade: 'marketing',
          concedido: 'sim',
        })
      ).status,
    ).toBe(200);
    expect((await estado())[0].concedido).toBe(true);
    const revogado = await postar('h1.localhost', '/cliente/privacidade', c.cookie, {
      _acao: 'consentimento',
      finalidade: 'marketing',
      concedido: 'nao',
    });
    expect(revogado.texto).toContain('Consentimento atualizado.');
    expect((await estado())[0].concedido).toBe(false);
    expect(await db.select().from(newsletterInscricao).where(eq(newsletterInscricao.email, c.email))).toHaveLength(0);

    const ruim = await postar('h1.localhost', '/cliente/privacidade', c.cookie, {
      _acao: 'consentimento',
      finalidade: 'vender-dados',
      concedido: 'sim',
    });
    expect(ruim.status).toBe(400);
  });
});

describe('deletion: the request, the staff queue and the anonymisation', () => {
  it('files one request however often it is pressed, with a 15-day deadline the staff queue shows', async () => {
    const db = t.banco.db;
    const c = await criarCliente(db, { hotsiteId: 1, nome: 'Diego Duplo' });
    const sem = await postar('h1.localhost', '/cliente/privacidade', c.cookie, { _acao: 'exclusao' });
    expect(sem.status).toBe(400);
    expect(sem.texto).toContain('Confirme que quer excluir sua conta');
    // Eight presses at once (PostgreSQL runs them in parallel): one request.
    const respostas = await Promise.all(
      Array.from({ length: 8 }, () =>
        postar('h1.localhost', '/cliente/privacidade', c.cookie, { _acao: 'exclusao', confirmo: 'sim', motivo: 'Não uso mais' }),
      ),
    );
    expect(respostas.map((r) => r.status)).toEqual(Array(8).fill(200));
    const pedidos = await db.select().from(solicitacaoTitular).where(eq(solicitacaoTitular.usuarioId, c.id));
    expect(pedidos).toHaveLength(1);
    expect(Math.round((pedidos[0].prazo.getTime() - pedidos[0].createdAt.getTime()) / 86_400_000)).toBe(15);
    // One press is told it was filed; the others that the request is already pending.
    expect(respostas.filter((r) => r.texto.includes('Pedido de exclusão registrado. A resposta vem até')).length).toBe(1);

    const sac = await entrarComoStaff(db, [P.SAC], { hotsiteId: 1 });
    const fila = await t.app.pedir('h1.localhost', '/admin/solicitacoes-lgpd', { headers: { cookie: sac.cookie } });
    expect(fila.status).toBe(200);
    expect(fila.texto).toContain('Diego Duplo');
    expect(fila.texto).toContain('Faltam 15 dias');
    // Another brand's queue does not list it.
    expect(
      (
        await t.app.pedir('h2.localhost', '/admin/solicitacoes-lgpd', {
          headers: { cookie: (await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 })).cookie },
        })
      ).texto,
    ).not.toContain('Diego Duplo');
    // Refusing needs an answer to the client.
    const semResposta = await postar('h1.localhost', '/admin/solicitacoes-lgpd', sac.cookie, { uid: pedidos[0].uid, decisao: 'recusar' });
    expect(semResposta.status).toBe(400);
    expect(semResposta.texto).toContain('Escreva a resposta ao titular para recusar o pedido');
  });

  it('granted: personal data erased, sessions ended, the sale and the chained bids kept without the name; answered once', async () => {
    const db = t.banco.db;
    const c = await clienteComCompra(1, 'Elisa Apagada', 28_000_00);
    await db.insert(tentativaLogin).values({ hotsiteId: 1, usuarioId: c.id, email: c.email, ip: '10.1.1.1', sucesso: true });
    const [antes] = await db.select({ hash: lance.hash }).from(lance).where(eq(lance.usuarioId, c.id));
    expect((await postar('h1.localhost', '/cliente/privacidade', c.cookie, { _acao: 'exclusao', confirmo: 'sim' })).status).toBe(200);
    const [pedido] = await db.select().from(solicitacaoTitular).where(eq(solicitacaoTitular.usuarioId, c.id));

    const sac = await entrarComoStaff(db, [P.SAC], { hotsiteId: 1 });
    // Another brand's staff screen cannot reach this brand's request.
    const outra = await postar('h2.localhost', '/admin/solicitacoes-lgpd', (await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 })).cookie, {
      uid: pedido.uid,
      decisao: 'atender',
    });
    expect(outra.status).toBe(404);
    // Two answers at once: one grants, the other is told it was answered.
    const [r1, r2] = await Promise.all([
      postar('h1.localhost', '/admin/solicitacoes-lgpd', sac.cookie, { uid: pedido.uid, decisao: 'atender' }),
      postar('h1.localhost', '/admin/solicitacoes-lgpd', sac.cookie, { uid: pedido.uid, decisao: 'atender' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect([r1, r2].find((r) => r.status === 409)!.texto).toContain('Este pedido já foi respondido');

    const [u] = await db.select().from(usuario).where(eq(usuario.id, c.id));
    expect(u.nome).toBe('Titular anonimizado');
    expect(u.email).not.toContain('elisa');
    expect(u.email).not.toBe(c.email);
    expect(u.senhaHash).toBeNull();
    const [cad] = await db.select().from(cliente).where(eq(cliente.id, c.clienteId));
    expect(cad).toMatchObject({ nome: 'Titular anonimizado', cpf: null, telefone: null });
    expect(await db.select().from(endereco).where(eq(endereco.clienteId, c.clienteId))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(sessao)
        .where(and(eq(sessao.usuarioId, c.id), sql`revogada_em IS NULL`)),
    ).toHaveLength(0);
    // The records the law keeps.
    expect(await db.select().from(venda).where(eq(venda.id, c.vendaId))).toHaveLength(1);
    const lances = await db.select().from(lance).where(eq(lance.usuarioId, c.id));
    expect(lances.map((l) => [l.apelido, l.hash])).toEqual([['Anônimo', antes.hash]]);
    const ata = await t.app.pedir('h1.localhost', `/v1/lote/${c.loteId}/ata/verificacao`);
    expect(ata.status).toBe(200);
    expect(ata.json()).toMatchObject({ integra: true });
    // The old session is gone: the privacy page sends it to the login.
    expect((await t.app.pedir('h1.localhost', '/cliente/privacidade', { headers: { cookie: c.cookie } })).status).toBe(302);
  });

  it('the queue is SAC and ADM only', async () => {
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT], { hotsiteId: 1 });
    expect((await t.app.pedir('h1.localhost', '/admin/solicitacoes-lgpd', { headers: { cookie: mkt.cookie } })).status).toBe(403);
  });
});

describe('access records', () => {
  it('the client reads their own logins of the last six months; the purge drops older ones and ended sessions', async () => {
    const db = t.banco.db;
    const c = await criarCliente(db, { hotsiteId: 1, nome: 'Fábio Acessos' });
    const outro = await criarCliente(db, { hotsiteId: 1, nome: 'Outro' });
    const agora = Date.now();
    await db.insert(tentativaLogin).values([
      {
        hotsiteId: 1,
        usuarioId: c.id,
        email: c.email,
        ip: '10.2.0.1',
        userAgent: 'Firefox',
        sucesso: true,
        createdAt: new Date(agora - DIA),
      },
      { hotsiteId: 1, usuarioId: c.id, email: c.email, ip: '10.2.0.2', sucesso: false, createdAt: new Date(agora - 2 * DIA) },
      { hotsiteId: 1, usuarioId: c.id, email: c.email, ip: '10.2.0.3', sucesso: true, createdAt: new Date(agora - 200 * DIA) },
      { hotsiteId: 1, usuarioId: outro.id, email: outro.email, ip: '10.2.0.9', sucesso: true, createdAt: new Date(agora - DIA) },
    ]);
    const velha = await db
      .insert(sessao)
      .values({
        hotsiteId: 1,
        usuarioId: c.id,
        tokenHash: `h-${c.id}-velha`,
        expiraEm: new Date(agora - 199 * DIA),
        createdAt: new Date(agora - 200 * DIA),
      })
      .returning();
    const pagina = await t.app.pedir('h1.localhost', '/cliente/privacidade', { headers: { cookie: c.cookie } });
    expect(pagina.texto).toContain('10.2.0.1');
    expect(pagina.texto).toContain('Tentativa recusada');
    expect(pagina.texto).not.toContain('10.2.0.3');
    expect(pagina.texto).not.toContain('10.2.0.9');

    const r = await expurgarRegistrosDeAcesso({ db });
    expect(r.tentativas).toBeGreaterThanOrEqual(1);
    const restantes = await db.select({ ip: tentativaLogin.ip }).from(tentativaLogin).where(eq(tentativaLogin.usuarioId, c.id));
    expect(restantes.map((x) => x.ip).sort()).toEqual(['10.2.0.1', '10.2.0.2']);
    expect(await db.select().from(sessao).where(eq(sessao.id, velha[0].id))).toHaveLength(0);
    // The session in use is kept.
    expect((await t.app.pedir('h1.localhost', '/cliente/privacidade', { headers: { cookie: c.cookie } })).status).toBe(200);
  });
});

describe('accessibility statement', () => {
  it('is public on every brand, in its wording, linked from the footer', async () => {
    for (const [host, palavra] of [
      ['h1.localhost', 'dar lances'],
      ['h2.localhost', 'fazer ofertas'],
    ] as const) {
      const r = await t.app.pedir(host, '/acessibilidade');
      expect(r.status).toBe(200);
      expect(r.texto).toContain('WCAG) 2.2, nível AA');
      expect(r.texto).toContain('ABNT NBR 17225');
      expect(r.texto).toContain('axe-core');
      expect(r.texto).toContain(palavra);
      expect(r.texto).toMatch(/<a[^>]+href="\/acessibilidade"[^>]*>Acessibilidade<\/a>/);
    }
  });

  it('a reported barrier reaches the staff as an incident of that brand; bad input is a 400; five an hour per address', async () => {
    const db = t.banco.db;
    const ip = '10.88.0.1';
    const ok = await postar(
      'h2.localhost',
      '/acessibilidade',
      '',
      {
        email: 'Leitor@Exemplo.com.br',
        pagina: '/anuncio',
        descricao: 'O botão de oferta não é lido pelo NVDA.',
        tecnologia: 'NVDA 2025 + Firefox',
      },
      ip,
    );
    expect(ok.status).toBe(200);
    expect(ok.texto).toContain('Relato recebido.');
    const [inc] = await db
      .select()
      .from(incidente)
      .where(and(eq(incidente.hotsiteId, 2), eq(incidente.titulo, 'Barreira de acessibilidade: /anuncio')));
    expect(inc.descricao).toContain('leitor@exemplo.com.br');
    expect(inc.descricao).toContain('NVDA 2025');
    const sac = await entrarComoStaff(db, [P.SAC], { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', '/admin/incidentes', { headers: { cookie: sac.cookie } })).texto).toContain(
      'Barreira de acessibilidade: /anuncio',
    );

    const ruim = await postar('h2.localhost', '/acessibilidade', '', { email: 'não é e-mail', descricao: 'curto' }, ip);
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe um e-mail válido para receber a resposta');
    for (let i = 0; i < 4; i++)
      expect(
        (await postar('h2.localhost', '/acessibilidade', '', { email: 'a@b.com.br', descricao: `Relato número ${i} com texto` }, ip))
          .status,
      ).toBe(200);
    const demais = await postar('h2.localhost', '/acessibilidade', '', { email: 'a@b.com.br', descricao: 'Mais um relato com texto' }, ip);
    expect(demais.status).toBe(429);
    expect(demais.texto).toContain('Você já enviou vários relatos');
  });
});

describe('/design-system', () => {
  it('is for Dev: every brand in both wordings and widths, and the inventory; others get a 403', async () => {
    const dev = await entrarComoStaff(t.banco.db, [P.DEV], { hotsiteId: 1 });
    const r = await t.app.pedir('h1.localhost', '/design-system', { headers: { cookie: dev.cookie } });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Brasil Leilões');
    expect(r.texto).toContain('Repasse Auto');
    expect(r.texto.match(/data-wording="loja"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(r.texto).toContain('>Oferta</button>');
    expect(r.texto).toContain('>Lance</button>');
    expect(r.texto).toContain('app/components/<!-- -->catalogo/card-lote.tsx');
    const adm = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 1 });
    expect((await t.app.pedir('h1.localhost', '/design-system', { headers: { cookie: adm.cookie } })).status).toBe(403);
  });
});
