import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliente, consultaVeiculo, leilao, lote, usuarioPapel, veiculo } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { criarBancoDeTeste } from '../db';
import { criarCliente } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31: the lot's checked history, the detran items and the client checks. The providers are third
 * parties: mocked with msw, answering their recorded contracts; our server and database are real.
 */
const H1 = 'h1.localhost';
const H2 = 'h2.localhost';
const HISTORICO = 'https://historico.teste';
const PROCOB = 'https://procob.teste';
const DETRAN = 'https://detran.teste';

/** What each provider does now: answer (the recorded answers below), hang (longer than the deadline), or fail. */
const modo = { historico: 'responde', procob: 'responde', detran: 'responde' } as Record<string, 'responde' | 'trava' | 'cai'>;
const pedidos: { url: string; autorizacao: string | null; corpo?: unknown }[] = [];
const falhar = async (qual: string) => {
  if (modo[qual] === 'trava') await delay(3_000);
  if (modo[qual] === 'cai') return HttpResponse.json({ erro: 'manutenção' }, { status: 503 });
  return null;
};

const provedores = setupServer(
  http.get(`${HISTORICO}/v1/veiculos/:chave`, async ({ request, params }) => {
    pedidos.push({ url: request.url, autorizacao: request.headers.get('authorization') });
    const f = await falhar('historico');
    if (f) return f;
    // A recorded answer: reais with cents, as the provider sends them.
    return HttpResponse.json({
      fonte: 'Detran-SP',
      chassi: params.chave,
      debitos: { ipva: 1842.33, multas: 390.3, licenciamento: 0 },
      alienacao: { consta: true, credor: 'Banco Exemplo S.A.' },
      bloqueioJudicial: { consta: false, processo: null },
      recall: { pendente: false, campanha: null },
      monta: 'MEDIA',
      leilao: true,
    });
  }),
  http.post(`${PROCOB}/v1/consulta`, async ({ request }) => {
    const corpo = (await request.json()) as { documento: string };
    pedidos.push({ url: request.url, autorizacao: request.headers.get('authorization'), corpo });
    const f = await falhar('procob');
    if (f) return f;
    const restrito = corpo.documento.startsWith('11');
    return HttpResponse.json({
      fonte: 'Procob',
      situacaoCadastral: 'ATIVA',
      restricoes: restrito ? ['Protesto em cartório (2 títulos)'] : [],
      atividades: ['4530-7/04'],
    });
  }),
  http.post(`${DETRAN}/v1/leiloes/itens`, async ({ request }) => {
    const corpo = (await request.json()) as { chassi: string; renavan: string | null };
    pedidos.push({ url: request.url, autorizacao: request.headers.get('authorization'), corpo });
    const f = await falhar('detran');
    if (f) return f;
    return corpo.renavan === '00000000000'
      ? HttpResponse.json({ aceito: false, mensagem: 'Renavam não confere com o chassi' })
      : HttpResponse.json({ aceito: true, mensagem: 'Item cadastrado no leilão' });
  }),
);

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  provedores.listen({ onUnhandledRequest: 'bypass' });
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({
    database: banco,
    env: {
      HISTORICO_VEICULAR_URL: HISTORICO,
      HISTORICO_VEICULAR_TOKEN: 'tok-historico-secreto',
      PROCOB_URL: PROCOB,
      PROCOB_TOKEN: 'tok-procob-secreto',
      DETRAN_URL: DETRAN,
      DETRAN_TOKEN: 'tok-detran-secreto',
      CONSULTAS_TIMEOUT_MS: 400,
    },
  });
}, 120_000);
afterAll(async () => {
  provedores.close();
  await app?.close();
  await banco?.descartar();
});
beforeEach(() => {
  modo.historico = modo.procob = modo.detran = 'responde';
  pedidos.length = 0;
});

const api = (quem: { authorization: string } | Record<string, never>, metodo: string, caminho: string, corpo?: unknown, host = H1) =>
  app.pedir(host, `/v1${caminho}`, { method: metodo, headers: quem, corpo });

/**
 * A lot on the site of brand `hotsiteId` whose vehicle has a chassi and was checked by the seed (the n-th
 * one, so tests that change a lot's checks do not share it); `semConsulta`: its checks removed first.
 */
async function loteDoSite(hotsiteId: number, n: number, { semConsulta = false } = {}) {
  const linhas = await banco.db
    .selectDistinct({ id: lote.id, veiculoId: veiculo.id, veiculoUid: veiculo.uid, leilaoId: lote.leilaoId, chassi: veiculo.chassi })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .innerJoin(consultaVeiculo, eq(consultaVeiculo.veiculoId, veiculo.id))
    .where(
      and(
        eq(lote.hotsiteId, hotsiteId),
        inArray(lote.situacao, [...SITUACOES_LISTAVEIS]),
        isNotNull(lote.leilaoId),
        isNotNull(veiculo.chassi),
      ),
    )
    .orderBy(asc(lote.id));
  const l = linhas[n];
  if (semConsulta) await banco.db.delete(consultaVeiculo).where(eq(consultaVeiculo.veiculoId, l.veiculoId));
  return { ...l, chassi: l.chassi! };
}

/** The lot page as a visitor opens it (any path to the lot redirects to its canonical one). */
async function paginaDoLote(id: number) {
  let r = await app.pedir(H1, `/leilao/x-sp/carros/marca/nome/ano.2020/${id}`);
  if (r.status === 301) r = await app.pedir(H1, String(r.headers.location));
  expect(r.status).toBe(200);
  return r;
}

interface ItemApi {
  item: string;
  estado: string;
  valor: number | null;
  detalhe: string | null;
  fonte: string | null;
  consultadoAt: string | null;
  desatualizado: boolean;
  quemPaga: string | null;
}
const historicoDe = async (loteId: number, host = H1) => {
  const r = await api({}, 'GET', `/lote/by-id/${loteId}`, undefined, host);
  expect(r.status, r.texto).toBe(200);
  return r.json<{ historicoVerificado: { itens: ItemApi[] } }>().historicoVerificado.itens;
};
const visivel = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the lot checked history', () => {
  it('the seed shows every item with its source and time; stale and failed checks say so; who pays from the terms', async () => {
    const itensPorLote = await Promise.all(
      (
        await banco.db
          .selectDistinct({ id: lote.id })
          .from(lote)
          .innerJoin(consultaVeiculo, eq(consultaVeiculo.veiculoId, lote.veiculoId))
          .where(eq(lote.hotsiteId, 1))
          .limit(12)
      ).map((l) => historicoDe(l.id)),
    );
    const todos = itensPorLote.flat();
    expect(itensPorLote[0].map((i) => i.item)).toEqual([
      'IPVA',
      'MULTAS',
      'LICENCIAMENTO',
      'ALIENACAO',
      'BLOQUEIO_JUDICIAL',
      'RECALL',
      'MONTA',
      'VEICULO_LEILAO',
    ]);
    expect(todos.some((i) => i.desatualizado)).toBe(true);
    expect(todos.some((i) => i.estado === 'falhou')).toBe(true);
    expect(todos.filter((i) => i.estado !== 'falhou').every((i) => i.fonte && i.consultadoAt)).toBe(true);
    expect(todos.filter((i) => i.item === 'IPVA').every((i) => i.quemPaga === 'COMITENTE' || i.quemPaga === 'ARREMATANTE')).toBe(true);
  });

  it('staff check a vehicle now: the provider answer is stored in centavos with its source and shown on the lot page', async () => {
    const l = await loteDoSite(1, 0, { semConsulta: true });
    const antes = await historicoDe(l.id);
    expect(antes.every((i) => i.estado === 'nao_consultado')).toBe(true);
    const staff = await entrarComoStaff(banco.db, [P.PATIO]);
    const r = await api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`);
    expect(r.status, r.texto).toBe(200);
    expect(r.json()).toEqual({ consultado: true, fonte: 'Detran-SP', mensagem: null });
    // The token travels only in the Authorization header.
    expect(pedidos[0].autorizacao).toBe('Bearer tok-historico-secreto');

    const h = await historicoDe(l.id);
    const porItem = Object.fromEntries(h.map((i) => [i.item, i]));
    expect(porItem.IPVA).toMatchObject({ estado: 'atencao', valor: 184_233, fonte: 'Detran-SP', desatualizado: false });
    expect(porItem.MULTAS).toMatchObject({ estado: 'atencao', valor: 39_030 });
    expect(porItem.LICENCIAMENTO).toMatchObject({ estado: 'ok', valor: 0 });
    expect(porItem.ALIENACAO).toMatchObject({ estado: 'atencao', detalhe: 'Banco Exemplo S.A.' });
    expect(porItem.MONTA).toMatchObject({ estado: 'ok', detalhe: 'MEDIA' });
    expect(porItem.VEICULO_LEILAO.estado).toBe('atencao');

    const texto = visivel((await paginaDoLote(l.id)).texto);
    expect(texto).toContain('Histórico verificado');
    expect(texto).toContain('R$ 1.842,33 em aberto');
    expect(texto).toContain('Consta: Banco Exemplo S.A.');
    expect(texto).toContain('Média monta');
    expect(texto).toMatch(/Detran-SP, em \d{2}\/\d{2}\/\d{4}/);
  });

  it('a provider slower than the deadline: staff get an answer in time, the check says it failed, the last good answer stays dated', async () => {
    const l = await loteDoSite(1, 2);
    const staff = await entrarComoStaff(banco.db, [P.PATIO]);
    await api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`);
    modo.historico = 'trava';
    const inicio = Date.now();
    const r = await api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`);
    expect(Date.now() - inicio).toBeLessThan(2_000);
    expect(r.status, r.texto).toBe(200);
    expect(r.json()).toEqual({ consultado: false, fonte: null, mensagem: 'Consulta indisponível, tentaremos de novo' });
    const h = await historicoDe(l.id);
    expect(h.every((i) => i.estado === 'falhou' && i.valor === null)).toBe(true);
    const pagina = visivel((await paginaDoLote(l.id)).texto);
    expect(pagina).toContain('Consulta indisponível, tentaremos de novo');
    expect(pagina).toMatch(/última resposta em \d{2}\/\d{2}\/\d{4}/);
  });

  it('a provider down or hung never holds the lot page: it answers while a check waits', async () => {
    const l = await loteDoSite(1, 3);
    const staff = await entrarComoStaff(banco.db, [P.PATIO]);
    modo.historico = 'trava';
    const consulta = api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`);
    // The provider holds the check for 3 s: the page comes first (a race, not a stopwatch, so a loaded
    // machine does not decide it).
    const primeiro = await Promise.race([paginaDoLote(l.id).then(() => 'página'), consulta.then(() => 'consulta')]);
    expect(primeiro).toBe('página');
    await consulta;
    modo.historico = 'cai';
    const r = await api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`);
    expect(r.json<{ mensagem: string }>().mensagem).toBe('Consulta indisponível, tentaremos de novo');
  });

  it('brands are apart: a lot, a vehicle and an auction of brand 1 are unknown on brand 2', async () => {
    const l = await loteDoSite(1, 4);
    expect((await api({}, 'GET', `/lote/historico-verificado/${l.id}`, undefined, H2)).status).toBe(404);
    const staff = await entrarComoStaff(banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await api(staff.bearer, 'POST', `/veiculo/${l.veiculoUid}/consultas`, undefined, H2)).status).toBe(404);
    const [le] = await banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, l.leilaoId!));
    expect((await api(staff.bearer, 'PUT', `/leiloes/${le.uid}/quem-paga`, { IPVA: 'ARREMATANTE' }, H2)).status).toBe(404);
    expect(pedidos).toHaveLength(0);
  });

  it('the auction terms say who pays; a client may not change them; bad input is a 400 in pt-BR', async () => {
    const l = await loteDoSite(1, 5);
    const [le] = await banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, l.leilaoId!));
    const staff = await entrarComoStaff(banco.db, [P.LEILAO]);
    const cli = await criarCliente(banco.db);
    expect((await api(cli.auth, 'PUT', `/leiloes/${le.uid}/quem-paga`, { IPVA: 'ARREMATANTE' })).status).toBe(403);
    const ruim = await api(staff.bearer, 'PUT', `/leiloes/${le.uid}/quem-paga`, { IPVA: 'NINGUEM' });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toMatch(/ARREMATANTE|inválid/i);
    const ok = await api(staff.bearer, 'PUT', `/leiloes/${le.uid}/quem-paga`, { IPVA: 'ARREMATANTE', MULTAS: 'ARREMATANTE' });
    expect(ok.status, ok.texto).toBe(200);
    const h = await historicoDe(l.id);
    expect(h.find((i) => i.item === 'IPVA')?.quemPaga).toBe('ARREMATANTE');
    expect(h.find((i) => i.item === 'LICENCIAMENTO')?.quemPaga).toBeNull();
  });
});

describe('detran items', () => {
  async function leilaoComLote() {
    const l = await loteDoSite(1, 6);
    const [le] = await banco.db.select({ uid: leilao.uid }).from(leilao).where(eq(leilao.id, l.leilaoId!));
    return { ...l, leilaoUid: le.uid };
  }

  it('an import ties items to the lot by chassi; read by lot, by id and by uid; deleted; each brand sees its own', async () => {
    const l = await leilaoComLote();
    const dev = await entrarComoStaff(banco.db, [P.DEV]);
    const imp = await api(dev.bearer, 'POST', `/detran/importar/${l.leilaoUid}`, {
      itens: [
        { placa: 'ABC1D23', chassi: l.chassi, renavan: '12345678901', condicao: 'Conservado', valorUnitarioInicial: 1_250_000 },
        {
          placa: 'XYZ-9876',
          chassi: '9bwzzz377vt004251',
          renavan: '00000000000',
          condicao: 'Sucata aproveitável',
          valorUnitarioInicial: 350_000,
        },
      ],
    });
    expect(imp.status, imp.texto).toBe(201);
    expect(imp.json()).toMatchObject({ itens: 2, vinculados: 1 });

    const doLote = await api(dev.bearer, 'GET', `/detran/lotes/${l.id}`);
    expect(doLote.status).toBe(200);
    const itens =
      doLote.json<
        { id: number; uid: string; chassi: string; valorUnitarioInicial: number; cadastroDetranOK: boolean | null; detranLoteUid: number }[]
      >();
    const meu = itens.find((i) => i.chassi === l.chassi)!;
    expect(meu).toMatchObject({ valorUnitarioInicial: 1_250_000, cadastroDetranOK: null, detranLoteUid: l.id });
    expect((await api(dev.bearer, 'GET', `/detran/itens/${meu.id}`)).json()).toMatchObject({ uid: meu.uid, placa: 'ABC1D23' });
    expect((await api(dev.bearer, 'GET', `/detran/itens/${meu.uid}`)).json()).toMatchObject({ id: meu.id });

    const outraMarca = await entrarComoStaff(banco.db, [P.DEV], { hotsiteId: 2 });
    expect((await api(outraMarca.bearer, 'GET', `/detran/itens/${meu.id}`, undefined, H2)).status).toBe(404);
    expect((await api(outraMarca.bearer, 'DELETE', `/detran/itens/apagar/${meu.id}`, undefined, H2)).status).toBe(404);
    expect((await api(outraMarca.bearer, 'GET', `/detran/lotes/${l.id}`, undefined, H2)).json()).toEqual([]);

    const apagado = await api(dev.bearer, 'DELETE', `/detran/itens/apagar/${meu.uid}`);
    expect(apagado.status).toBe(200);
    expect((await api(dev.bearer, 'GET', `/detran/itens/${meu.id}`)).status).toBe(404);
  });

  it('the sync registers items with the detran, keeps its answer, and a detran down leaves a message, not an error', async () => {
    const l = await leilaoComLote();
    const dev = await entrarComoStaff(banco.db, [P.ADM]);
    await api(dev.bearer, 'POST', `/detran/importar/${l.leilaoUid}`, {
      itens: [
        { chassi: '9BWAB45U4FT000001'.replace('1', '2'), renavan: '00000000000', condicao: 'Conservado' },
        { chassi: '9BWAB45U4FT000003', renavan: '12345678901', condicao: 'Conservado' },
      ],
    });
    modo.detran = 'cai';
    const caiu = await api(dev.bearer, 'POST', `/detran/sincronizar/${l.leilaoUid}`);
    expect(caiu.status, caiu.texto).toBe(200);
    expect(caiu.json<{ mensagem: string }>().mensagem).toBe('Consulta indisponível, tentaremos de novo');
    modo.detran = 'responde';
    const r = await api(dev.bearer, 'POST', `/detran/sincronizar/${l.leilaoUid}`);
    // Every item of the auction still waiting goes (the seed's and other tests' too): at least the two here.
    const sync = r.json<{ enviados: number; recusados: number; mensagem: string | null }>();
    expect(sync.mensagem).toBeNull();
    expect(sync.recusados).toBeGreaterThanOrEqual(1);
    expect(sync.enviados).toBeGreaterThanOrEqual(2);
    expect(pedidos.filter((p) => p.url.startsWith(DETRAN)).every((p) => p.autorizacao === 'Bearer tok-detran-secreto')).toBe(true);
    const [le] = await banco.db.select({ id: leilao.id }).from(leilao).where(eq(leilao.uid, l.leilaoUid));
    const todos = await banco.db.query.detranItem.findMany({ where: (d, { eq: igual }) => igual(d.leilaoId, le.id) });
    const recusado = todos.find((i) => i.renavan === '00000000000')!;
    expect(recusado).toMatchObject({ cadastroDetranOK: false, cadastroDetranResponse: 'Detran: Renavam não confere com o chassi' });
    expect(todos.find((i) => i.chassi === '9BWAB45U4FT000003')).toMatchObject({ cadastroDetranOK: true });
  });

  it('only Dev and ADM import; bad lines are a 400 with the field and a pt-BR message', async () => {
    const l = await leilaoComLote();
    const patio = await entrarComoStaff(banco.db, [P.PATIO]);
    expect((await api(patio.bearer, 'POST', `/detran/importar/${l.leilaoUid}`, { itens: [] })).status).toBe(403);
    const dev = await entrarComoStaff(banco.db, [P.DEV]);
    const r = await api(dev.bearer, 'POST', `/detran/importar/${l.leilaoUid}`, {
      itens: [{ chassi: 'CURTO', condicao: 'Novo', valorUnitarioInicial: 10.5 }],
    });
    expect(r.status).toBe(400);
    expect(r.texto).toContain('Chassi deve ter 17 letras e números');
    expect(r.texto).toContain('Condição deve ser uma de');
  });
});

describe('client checks (documentacao-cdv)', () => {
  const CDV = '/cliente/documentos/documentacao-cdv';
  async function clienteComCnpj(cnpj: string, hotsiteId = 1) {
    const c = await criarCliente(banco.db, { hotsiteId });
    await banco.db.insert(usuarioPapel).values({ usuarioId: c.id, papel: 'Clientes' });
    const [linha] = await banco.db
      .insert(cliente)
      .values({ hotsiteId, usuarioId: c.id, email: c.email, nome: 'Desmanche Exemplo Ltda', cnpj })
      .returning({ uid: cliente.uid });
    return { ...c, clienteUid: linha.uid };
  }

  it('a dismantler with a clean Procob answer is Autorizado for scrap; the client reads it back without a new check', async () => {
    const c = await clienteComCnpj('22333444000181');
    const r = await api(c.auth, 'GET', `${CDV}/consultar-minha-situacao-com-procob`);
    expect(r.status, r.texto).toBe(200);
    expect(r.json()).toMatchObject({ situacao: 'Autorizado', tipoAutorizacao: 'Procob_CPF_CNPJ' });
    expect(pedidos[0]).toMatchObject({ autorizacao: 'Bearer tok-procob-secreto', corpo: { documento: '22333444000181' } });
    pedidos.length = 0;
    expect((await api(c.auth, 'GET', `${CDV}/consultar-minha-situacao`)).json()).toMatchObject({ situacao: 'Autorizado' });
    expect(pedidos).toHaveLength(0);
  });

  it('a restriction is Divergente until staff answer; staff answers stand over later provider answers', async () => {
    const c = await clienteComCnpj('11444555000149');
    expect((await api(c.auth, 'GET', `${CDV}/consultar-minha-situacao-com-procob`)).json()).toMatchObject({
      situacao: 'Divergente',
      motivo: 'Restrições: Protesto em cartório (2 títulos)',
    });
    const sac = await entrarComoStaff(banco.db, [P.SAC]);
    expect((await api(c.auth, 'PUT', `${CDV}/responder/${c.clienteUid}`, { situacao: 'Autorizado' })).status).toBe(403);
    expect((await api(sac.bearer, 'PUT', `${CDV}/responder/${c.clienteUid}`, { situacao: 'Talvez' })).status).toBe(400);
    const r = await api(sac.bearer, 'PUT', `${CDV}/responder/${c.clienteUid}`, {
      situacao: 'Autorizado',
      observacao: 'Protestos quitados',
    });
    expect(r.json()).toMatchObject({ situacao: 'Autorizado', tipoAutorizacao: 'Manual' });
    await api(sac.bearer, 'GET', `${CDV}/consultar-situacao-com-procob/${c.clienteUid}`);
    expect((await api(c.auth, 'GET', `${CDV}/consultar-minha-situacao`)).json()).toMatchObject({
      situacao: 'Autorizado',
      tipoAutorizacao: 'Manual',
    });
  });

  it('Procob hung: the client waits (Aguardando, "tentaremos de novo"), never refused by a timeout; another brand cannot check the client', async () => {
    const c = await clienteComCnpj('33444555000172');
    modo.procob = 'trava';
    const inicio = Date.now();
    const r = await api(c.auth, 'GET', `${CDV}/consultar-minha-situacao-com-procob`);
    expect(Date.now() - inicio).toBeLessThan(2_000);
    expect(r.json()).toMatchObject({ situacao: 'Aguardando', motivo: 'Consulta indisponível, tentaremos de novo' });
    const outra = await entrarComoStaff(banco.db, [P.ADM], { hotsiteId: 2 });
    expect((await api(outra.bearer, 'GET', `${CDV}/consultar-situacao-com-procob/${c.clienteUid}`, undefined, H2)).status).toBe(404);
  });
});
