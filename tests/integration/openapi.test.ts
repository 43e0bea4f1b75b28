import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { createApiRouter, rotasDaApi } from '~/api/router.server';
import { caminhoOpenApi, ROTAS_DA_DOCUMENTACAO } from '~/api/documentacao.server';
import { erroApiSchema } from '~/api/esquemas';
import { loteApiSchema } from '~/api/lote.server';
import { criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste, type Resposta } from '../server';
import { rotasDaApiDeTeste, rotasDoRouter } from '../rotas-api';

/**
 * Issue 11 §3: the OpenAPI document covers every route of the API router (the router, walked, serves
 * exactly the declared list the document is generated from), and live answers match the schemas the
 * document is generated from.
 */
const t = instanciaDeTeste();

type Documento = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>>;
};

/** The zod schema's verdict on a live answer, with the failing paths when it fails. */
const confere = (schema: z.ZodType, valor: unknown) => {
  const r = schema.safeParse(valor);
  return r.success ? 'ok' : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

/** Members of a live answer that the parsed value lost: fields the schema does not document. */
const naoDocumentados = (valor: unknown, lido: unknown, caminho = ''): string[] => {
  if (Array.isArray(valor) && Array.isArray(lido)) return valor.flatMap((v, i) => naoDocumentados(v, lido[i], `${caminho}[${i}]`));
  if (!valor || typeof valor !== 'object' || !lido || typeof lido !== 'object') return [];
  return Object.entries(valor).flatMap(([k, v]) => {
    const aqui = caminho ? `${caminho}.${k}` : k;
    return k in lido ? naoDocumentados(v, (lido as Record<string, unknown>)[k], aqui) : [aqui];
  });
};

/**
 * A live answer against what the reference documents for its route (the DocRota's `resposta` and
 * `status`, as the OpenAPI document is generated from them): the status, the schema, and no member
 * the schema leaves out. 'ok', or what differs.
 */
const confereRota = (metodo: string, caminho: string, r: Resposta) => {
  const doc = rotasDaApi().find((d) => d.metodo === metodo.toLowerCase() && d.caminho === caminho);
  if (!doc?.resposta) return `${metodo} ${caminho}: sem resposta documentada`;
  if (r.status !== (doc.status ?? 200)) return `status ${r.status}, documentado ${doc.status ?? 200}: ${r.texto.slice(0, 300)}`;
  const valor = r.json();
  const veredito = confere(doc.resposta, valor);
  if (veredito !== 'ok') return veredito;
  const sobrando = naoDocumentados(valor, doc.resposta.parse(valor));
  return sobrando.length ? `não documentados: ${sobrando.join(', ')}` : 'ok';
};

const H1 = 'h1.localhost';
/** A demo client's bearer header, by a real login (its own address, so no rate limit is shared). */
const entrar = async (email: string, ip: string) => {
  const r = await t.app.pedir(H1, '/v1/usuario/efetuar-login', { corpo: { email, senha: SENHA_DEMO }, headers: { 'x-forwarded-for': ip } });
  expect(r.status).toBe(200);
  const { token, refreshToken } = r.json<{ token: string; refreshToken: string }>();
  return { authorization: `Bearer ${token}`, refreshToken };
};
const linhas = async <T>(consulta: ReturnType<typeof sql>) => (await t.banco.db.execute(consulta)).rows as T[];

describe('the OpenAPI document', () => {
  it('the router serves exactly the declared routes, in their order (nothing registered beside the list)', () => {
    const servidas = rotasDoRouter(createApiRouter()).filter((r) => !ROTAS_DA_DOCUMENTACAO.includes(r.caminho));
    expect(servidas).toEqual(rotasDaApiDeTeste());
  });

  it('is OpenAPI 3.1 and has every declared route (each method), on /v1 and /v2', async () => {
    const rotas = rotasDaApiDeTeste();
    expect(rotas.length).toBeGreaterThanOrEqual(60);
    for (const versao of ['/v1', '/v2']) {
      const r = await t.app.pedir('h1.localhost', `${versao}/openapi.json`);
      expect(r.status).toBe(200);
      const doc = r.json<Documento>();
      expect(doc.openapi).toBe('3.1.0');
      const faltando = rotas
        .filter((rota) => !doc.paths[caminhoOpenApi(rota.caminho)]?.[rota.metodo.toLowerCase()])
        .map((rota) => `${rota.metodo} ${rota.caminho}`);
      expect(faltando, 'rotas declaradas sem documentação').toEqual([]);
    }
  });

  it('documents the lot, the search and the errors with their named schemas', async () => {
    const doc = (await t.app.pedir('h1.localhost', '/v1/openapi.json')).json<Documento>();
    const esquema = (caminho: string, metodo: string, status: string) =>
      doc.paths[caminho][metodo].responses[status].content?.['application/json'].schema;
    expect(esquema('/lote/by-id/{id}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Lote' });
    expect(esquema('/lote/by-id/{id}', 'get', 'default')).toEqual({ $ref: '#/components/schemas/Erro' });
    expect(esquema('/lote/busca-elastic', 'post', '200')).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Lote' } });
  });
});

describe('live answers match their documented schemas', () => {
  it('busca-elastic (GET and POST), by-id and the highlights answer the spec lot', async () => {
    const busca = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic');
    const lotes = busca.json<unknown[]>();
    expect(lotes.length).toBeGreaterThan(0);
    for (const l of lotes) expect(confere(loteApiSchema, l)).toBe('ok');
    const post = await t.app.pedir('h1.localhost', '/v2/lote/busca-elastic', {
      corpo: { from: 0, size: 5, listaOrdenacao: [{ campo: 'valor', tipoOrdenacao: 'desc' }] },
    });
    for (const l of post.json<unknown[]>()) expect(confere(loteApiSchema, l)).toBe('ok');

    const { id } = lotes[0] as { id: number };
    const porId = (await t.app.pedir('h1.localhost', `/v1/lote/by-id/${id}`)).json<Record<string, unknown>>();
    expect(confere(loteApiSchema, porId)).toBe('ok');
    expect(porId).toHaveProperty('arquivos');

    const home = (await t.app.pedir('h1.localhost', '/v1/lote/buscar-destaques-pagina-inicial')).json<{
      leiloes: { uid: string; destaques: unknown[] }[];
    }>();
    const destaques = home.leiloes.flatMap((l) => l.destaques);
    expect(destaques.length).toBeGreaterThan(0);
    for (const l of destaques) expect(confere(loteApiSchema, l)).toBe('ok');
    const doLeilao = (await t.app.pedir('h1.localhost', `/v1/leiloes/lista-site/destaques/${home.leiloes[0].uid}`)).json<unknown[]>();
    for (const l of doLeilao) expect(confere(loteApiSchema, l)).toBe('ok');
  });

  it('the value block has the spec names, in integer centavos, and its totals add up', async () => {
    const [l] = (await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic')).json<{ valor: Record<string, unknown> }[]>();
    for (const nome of [
      'lance',
      'minimo',
      'incremento',
      'comissao',
      'totalAPagar',
      'valorProposta',
      'despachante',
      'outros',
      'remocao',
      'depositoDeBens',
      'vistoria',
      'compreJa',
      'comissaoPorcentagem',
      'comissaoExtraPorcentagem',
      'compreJaPorcentagem',
      'comissaoExtraMensagem',
      'ultimoLance',
    ]) {
      expect(l.valor).toHaveProperty(nome);
    }
    const v = l.valor as { valorAtual: number; totalDespesas: number; totalAPagar: number; minimo: number };
    expect(Number.isInteger(v.minimo)).toBe(true);
    expect(v.totalAPagar).toBe(v.valorAtual + v.totalDespesas);
  });

  it.each([
    ['unknown route (404)', 'GET', '/v1/nao-existe', undefined, 404],
    ['unknown lot (404)', 'GET', '/v1/lote/by-id/999999', undefined, 404],
    ['bad param (400)', 'GET', '/v2/lote/by-id/abc', undefined, 400],
    ['bad body (400)', 'POST', '/v1/lote/busca-elastic', { size: 5000 }, 400],
    ['unparseable JSON (400)', 'POST', '/v1/lote/busca-elastic', '{"from":', 400],
    ['bad login (401)', 'POST', '/v1/usuario/efetuar-login', { email: 'ninguem@h1.martelo.test', senha: 'senha-errada' }, 401],
    ['refused bid (401, not logged in)', 'POST', '/v1/lances', { loteId: 1, valor: 100 }, 401],
  ])('%s answers { message, statusCode, error } in pt-BR', async (_caso, metodo, caminho, corpo, status) => {
    const r = await t.app.pedir('h1.localhost', caminho, { method: metodo, corpo, headers: { 'x-forwarded-for': '10.7.7.7' } });
    expect(r.status).toBe(status);
    const erro = r.json<{ message: string; statusCode: number; error: string }>();
    expect(confere(erroApiSchema, erro)).toBe('ok');
    expect(erro.statusCode).toBe(status);
    expect(erro).not.toHaveProperty('mensagem');
  });

  it('a validation error keeps the field errors (erros) beside the message', async () => {
    const r = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', { corpo: { from: -1 } });
    expect(r.json()).toEqual({
      message: 'from não pode ser negativo',
      statusCode: 400,
      error: 'Requisição inválida',
      erros: { from: ['from não pode ser negativo'] },
    });
  });
});

describe('live answers of the client-facing routes match their documented schemas', () => {
  it('the brand, its content, banners, yards and search filters (public)', async () => {
    expect(confereRota('GET', '/hotsite/public', await t.app.pedir(H1, '/v1/hotsite/public'))).toBe('ok');

    const pagina = await t.app.pedir(H1, '/v1/hotsite/conteudo-pagina?uri=pagina-inicial');
    expect(pagina.json<{ sessoes: { itens: unknown[] }[] }>().sessoes.flatMap((s) => s.itens).length).toBeGreaterThan(0);
    expect(confereRota('GET', '/hotsite/conteudo-pagina', pagina)).toBe('ok');
    const login = await t.app.pedir(H1, '/v1/hotsite/1/conteudo-pagina-login');
    expect(login.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/hotsite/:id/conteudo-pagina-login', login)).toBe('ok');
    const banners = await t.app.pedir(H1, '/v1/banners/ativo');
    expect(banners.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/banners/ativo', banners)).toBe('ok');

    const patios = await t.app.pedir(H1, '/v1/patios/lista-site');
    const [patio] = patios.json<{ slug: string }[]>();
    expect(patio).toBeDefined();
    expect(confereRota('GET', '/patios/lista-site', patios)).toBe('ok');
    expect(confereRota('GET', '/patios/ativos', await t.app.pedir(H1, '/v1/patios/ativos'))).toBe('ok');
    expect(confereRota('GET', '/patio/por-nome/:nome', await t.app.pedir(H1, `/v1/patio/por-nome/${patio.slug}`))).toBe('ok');

    const filtros = await t.app.pedir(H1, '/v1/lote/obter-busca-possiveis', {
      corpo: { requisicoesBusca: [{ campo: 'uf', valores: ['SP'] }] },
    });
    expect(filtros.json<{ campos: unknown[] }>().campos.length).toBeGreaterThan(0);
    expect(confereRota('POST', '/lote/obter-busca-possiveis', filtros)).toBe('ok');
  });

  it('login, token renewal, one-time login, the client profile and its confirmations', async () => {
    const cliente = await entrar('cliente1@h1.martelo.test', '10.9.0.1');
    expect(confereRota('GET', '/usuario/rotas', await t.app.pedir(H1, '/v1/usuario/rotas', { headers: cliente }))).toBe('ok');
    const infos = await t.app.pedir(H1, '/v1/cliente/infos-individual', { headers: cliente });
    expect(confereRota('GET', '/cliente/infos-individual', infos)).toBe('ok');
    // Staff's note, the block reason and an invitation on the client's record: its own answer shows none of them.
    await t.banco.db.execute(sql`
      UPDATE cliente SET observacao_interna = 'nota-interna-do-sac', motivo_bloqueio = 'motivo-interno', convite_hash = 'hash-de-convite-secreto'
       WHERE hotsite_id = 1 AND email = 'cliente1@h1.martelo.test'`);
    const cadastro = await t.app.pedir(H1, '/v1/cliente/atualizar-cadastro', {
      method: 'PUT',
      corpo: {
        apelido: 'Aninha',
        endereco: {
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          bairro: 'Bela Vista',
          cidade: 'São Paulo',
          estadoSigla: 'SP',
        },
      },
      headers: cliente,
    });
    expect(cadastro.json<{ cliente: { apelido: string; endereco: unknown } }>().cliente).toMatchObject({
      apelido: 'Aninha',
      endereco: { cidade: 'São Paulo' },
    });
    expect(confereRota('PUT', '/cliente/atualizar-cadastro', cadastro)).toBe('ok');
    for (const segredo of [
      'nota-interna-do-sac',
      'motivo-interno',
      'hash-de-convite-secreto',
      'observacaoInterna',
      'conviteHash',
      'carteiraId',
    ])
      expect(cadastro.texto).not.toContain(segredo);
    const situacao = await t.app.pedir(H1, '/v1/cliente/confirmacoes/consultar-situacao', { method: 'POST', headers: cliente });
    expect(confereRota('POST', '/cliente/confirmacoes/consultar-situacao', situacao)).toBe('ok');

    const renovado = await t.app.pedir(H1, '/v1/usuario/refresh-token', { corpo: { refreshToken: cliente.refreshToken } });
    expect(confereRota('POST', '/usuario/refresh-token', renovado)).toBe('ok');

    const uso = await t.app.pedir(H1, '/v1/usuario/efetuar-login-token-uso-unico', {
      corpo: { nomeUsuario: 'cliente2@h1.martelo.test', senha: SENHA_DEMO },
      headers: { 'x-forwarded-for': '10.9.0.2' },
    });
    expect(confereRota('POST', '/usuario/efetuar-login-token-uso-unico', uso)).toBe('ok');
    const porHash = await t.app.pedir(H1, '/v1/usuario/hash/efetuar-login', { corpo: { hash: uso.json<{ hash: string }>().hash } });
    expect(confereRota('POST', '/usuario/hash/efetuar-login', porHash)).toBe('ok');
  });

  it('bids, automatic bids, buy-now, proposals, my bids and my winning bids', async () => {
    const cliente = await entrar('cliente1@h1.martelo.test', '10.9.0.3');
    // A seeded lot in dispute (the demo client is habilitated on every auction of the brand).
    const [alvo] = await linhas<{ id: number; vei_uid: string }>(sql`
      SELECT l.id, v.uid AS vei_uid FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.hotsite_id = 1 AND l.situacao = 'LIBERADO_LEILAO' AND l.tipo = 'Disputa' AND NOT l.somente_buy_now_proposta
         AND l.leilao_id IS NOT NULL AND l.data_inicio < now() AND l.data_fim > now() + interval '1 hour'
       ORDER BY l.data_fim DESC LIMIT 1`);
    expect(alvo).toBeDefined();
    const estado = await t.app.pedir(H1, `/v1/lances/lote/${alvo.vei_uid}`);
    expect(confereRota('GET', '/lances/lote/:veiUid', estado)).toBe('ok');
    const { proximo, incremento } = estado.json<{ valor: { proximo: number; incremento: number } }>().valor;

    const lance = await t.app.pedir(H1, '/v1/lances', { corpo: { loteId: alvo.id, valor: proximo }, headers: cliente });
    expect(confereRota('POST', '/lances', lance)).toBe('ok');
    // With an Idempotency-Key the bid goes through the full engine (not the batched fast path).
    const comChave = await t.app.pedir(H1, '/v1/lances', {
      corpo: { loteId: alvo.id, valor: proximo + incremento },
      headers: { ...cliente, 'idempotency-key': 'openapi-lance-1' },
    });
    expect(confereRota('POST', '/lances', comChave)).toBe('ok');
    const automatico = await t.app.pedir(H1, '/v1/lances/automatico', {
      corpo: { loteId: alvo.id, valorMaximo: proximo + 10 * incremento },
      headers: cliente,
    });
    expect(confereRota('POST', '/lances/automatico', automatico)).toBe('ok');
    const alterado = await t.app.pedir(H1, `/v1/lances/automatico/${alvo.id}`, {
      method: 'PUT',
      corpo: { valorMaximo: proximo + 20 * incremento },
      headers: cliente,
    });
    expect(confereRota('PUT', '/lances/automatico/:loteId', alterado)).toBe('ok');

    const meus = await t.app.pedir(H1, '/v1/cliente/meus-lances-rapido', { headers: cliente });
    expect(meus.json<{ loteId: number }[]>().map((l) => l.loteId)).toContain(alvo.id);
    expect(confereRota('GET', '/cliente/meus-lances-rapido', meus)).toBe('ok');

    // No seeded lot of brand 1 is open with a buy-now price or for proposals only: lots of the test fixture.
    const compra = await criarLoteEmDisputa(t.banco.db, { compreJa: 20_000_00 });
    const compreJa = await t.app.pedir(H1, `/v1/lote/${compra.loteId}/compre-ja`, { method: 'POST', headers: cliente });
    expect(confereRota('POST', '/lote/:id/compre-ja', compreJa)).toBe('ok');
    const vencedores = await t.app.pedir(H1, '/v1/cliente/meus-lances-vencedores/0', { headers: cliente });
    expect(vencedores.json<{ loteId: number }[]>().map((l) => l.loteId)).toContain(compra.loteId);
    expect(confereRota('GET', '/cliente/meus-lances-vencedores/:id', vencedores)).toBe('ok');
    const doLeilao = await t.app.pedir(H1, `/v1/cliente/meus-lances-vencedores/${compra.leilaoId}`, { headers: cliente });
    expect(doLeilao.json<unknown[]>()).toHaveLength(1);
    expect(confereRota('GET', '/cliente/meus-lances-vencedores/:id', doLeilao)).toBe('ok');

    const soProposta = await criarLoteEmDisputa(t.banco.db, { somenteBuyNowProposta: true });
    const proposta = await t.app.pedir(H1, '/v1/propostas', {
      corpo: { loteId: soProposta.loteId, valor: 9_000_00, telefone: '11999990000', email: 'cliente1@h1.martelo.test' },
      headers: cliente,
    });
    expect(confereRota('POST', '/propostas', proposta)).toBe('ok');
    const propostas = await t.app.pedir(H1, '/v1/leilao/lotes/buscar-ultimas-proposta', { headers: cliente });
    expect(propostas.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/leilao/lotes/buscar-ultimas-proposta', propostas)).toBe('ok');
  });

  it('favourites: create, list, with their lots, by page', async () => {
    const cliente = await entrar('cliente2@h1.martelo.test', '10.9.0.4');
    const [{ vei_uid: veiUid }] = await linhas<{ vei_uid: string }>(sql`
      SELECT v.uid AS vei_uid FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.hotsite_id = 1 AND l.situacao = 'LIBERADO_LEILAO' ORDER BY l.id LIMIT 1`);
    const criado = await t.app.pedir(H1, '/v1/cliente/favoritos', { corpo: { veiUid }, headers: cliente });
    expect(confereRota('POST', '/cliente/favoritos', criado)).toBe('ok');
    const lista = await t.app.pedir(H1, '/v1/cliente/favoritos', { headers: cliente });
    expect(lista.json<{ veiUid: string }[]>().map((f) => f.veiUid)).toContain(veiUid);
    expect(confereRota('GET', '/cliente/favoritos', lista)).toBe('ok');
    const completo = await t.app.pedir(H1, '/v1/cliente/favoritos/completo', { headers: cliente });
    expect(completo.json<unknown[]>()).toHaveLength(1);
    expect(confereRota('GET', '/cliente/favoritos/completo', completo)).toBe('ok');
    const pagina = await t.app.pedir(H1, '/v1/lote/buscar-favoritos?pagina=1&porPagina=10', { headers: cliente });
    expect(pagina.headers['x-total-count']).toBe('1');
    expect(confereRota('GET', '/lote/buscar-favoritos', pagina)).toBe('ok');
  });
});

describe('live answers of the back-office and post-sale routes match their documented schemas', () => {
  it('my purchases: the list, statistics, one sale, its proofs and my lots in conditional sale', async () => {
    const cliente = await entrar('cliente1@h1.martelo.test', '10.9.1.1');
    const lista = await t.app.pedir(H1, '/v1/leilao/vendas/buscar-venda/minhas-vendas', { headers: cliente });
    const vendas = lista.json<{ id: number; uid: string }[]>();
    expect(vendas.length).toBeGreaterThan(0);
    expect(confereRota('GET', '/leilao/vendas/buscar-venda/minhas-vendas', lista)).toBe('ok');
    const estatisticas = await t.app.pedir(H1, '/v1/leilao/vendas/buscar-venda/minhas-vendas-estatisticas', { headers: cliente });
    expect(estatisticas.json<{ total: number }>().total).toBeGreaterThan(0);
    expect(confereRota('GET', '/leilao/vendas/buscar-venda/minhas-vendas-estatisticas', estatisticas)).toBe('ok');

    // A sale with a proof (the seed's Aguardando Validação) and one with items and payments, each checked whole.
    const [comComprovante] = await linhas<{ venda_id: number }>(sql`
      SELECT c.venda_id FROM comprovante c JOIN venda v ON v.id = c.venda_id JOIN usuario u ON u.id = v.usuario_id
       WHERE v.hotsite_id = 1 AND u.email = 'cliente1@h1.martelo.test' ORDER BY c.id LIMIT 1`);
    expect(comComprovante).toBeDefined();
    for (const { id } of vendas) {
      const venda = await t.app.pedir(H1, `/v1/leilao/vendas/buscar-venda/minhas-vendas/${id}`, { headers: cliente });
      expect(confereRota('GET', '/leilao/vendas/buscar-venda/minhas-vendas/:id', venda)).toBe('ok');
    }
    const comprovantes = await t.app.pedir(H1, `/v1/minhas-compras/meus-comprovantes-de-lote/${comComprovante.venda_id}`, {
      headers: cliente,
    });
    expect(comprovantes.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/minhas-compras/meus-comprovantes-de-lote/:id', comprovantes)).toBe('ok');

    // A lot that closed CONDICIONAL with the demo client as its last bidder: the seed's own when it drew one for
    // this brand, else a closed lot of a past auction that is in no sale.
    await t.banco.db.execute(sql`
      UPDATE lote SET situacao = 'CONDICIONAL', ultimo_lance_valor = coalesce(ultimo_lance_valor, minimo),
             ultimo_lance_usuario_id = (SELECT id FROM usuario WHERE hotsite_id = 1 AND email = 'cliente1@h1.martelo.test')
       WHERE id = (SELECT l.id FROM lote l WHERE l.hotsite_id = 1 AND l.data_fim < now()
                      AND NOT EXISTS (SELECT 1 FROM venda_item vi WHERE vi.lote_id = l.id)
                    ORDER BY l.situacao = 'CONDICIONAL' DESC, l.id LIMIT 1)`);
    const condicional = await t.app.pedir(H1, '/v1/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional', { headers: cliente });
    expect(condicional.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/leilao/vendas/buscar-venda/minhas-vendas-lotes-condicional', condicional)).toBe('ok');

    // The purchase documents: by the buyer's uids (with the hash) and by hash without login.
    const uids = vendas.map((v) => `uids=${v.uid}`).join('&');
    const extrato = await t.app.pedir(H1, `/v1/extrato-compra?${uids}`, { headers: cliente });
    const { vendas: documentos } = extrato.json<{ vendas: { hashQrcode?: string }[] }>();
    expect(documentos.length).toBe(vendas.length);
    expect(confereRota('GET', '/extrato-compra', extrato)).toBe('ok');
    const hash = documentos[0].hashQrcode;
    expect(hash).toBeDefined();
    expect(confereRota('GET', '/nota-fiscal', await t.app.pedir(H1, `/v1/nota-fiscal?hashs=${hash}`))).toBe('ok');
    const nota = await t.app.pedir(H1, `/v1/nota-fiscal/auth?${uids}`, { headers: cliente });
    expect(confereRota('GET', '/nota-fiscal/auth', nota)).toBe('ok');
  });

  it('stays: the services a client requested and the staff list of stays', async () => {
    const cliente = await entrar('cliente1@h1.martelo.test', '10.9.1.2');
    await t.banco.db.execute(sql`
      INSERT INTO estadia_servico (hotsite_id, estadia_id, usuario_id, tipo, situacao, agendado_para, observacao)
      SELECT 1, e.id, u.id, 'Retirada', 'AGENDADO', now() + interval '2 days', 'Retirada agendada'
        FROM estadia e, usuario u WHERE e.hotsite_id = 1 AND u.hotsite_id = 1 AND u.email = 'cliente1@h1.martelo.test'
       ORDER BY e.id LIMIT 1`);
    const servicos = await t.app.pedir(H1, '/v1/estadias/servicos-solicitados', { headers: cliente });
    expect(servicos.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/estadias/servicos-solicitados', servicos)).toBe('ok');

    const staff = await entrar('admin@martelo.test', '10.9.1.3');
    const estadias = await t.app.pedir(H1, '/v1/estadias/qb', { headers: staff });
    expect(estadias.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/estadias/qb', estadias)).toBe('ok');
  });

  it('staff read any sale of the brand', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.4');
    const ids = await linhas<{ id: number }>(sql`SELECT id FROM venda WHERE hotsite_id = 1 ORDER BY id`);
    expect(ids.length).toBeGreaterThan(0);
    for (const { id } of ids) {
      const venda = await t.app.pedir(H1, `/v1/leilao/vendas/buscar-venda/${id}`, { headers: staff });
      expect(confereRota('GET', '/leilao/vendas/buscar-venda/:id', venda)).toBe('ok');
    }
  });

  it('sellers and bank accounts (staff and the demo seller user)', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.5');
    const qb = await t.app.pedir(H1, '/v1/comitente/find/qb', { headers: staff });
    expect(qb.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/comitente/find/qb', qb)).toBe('ok');
    const todos = await t.app.pedir(H1, '/v1/comitentes/listar-comitentes', { headers: staff });
    expect(todos.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/comitentes/listar-comitentes', todos)).toBe('ok');

    // The demo seller user's first seller gets an account of its own (the seed has only the brand's).
    const [{ comitente_id: comitenteId, usuario_uid: usuarioUid }] = await linhas<{ comitente_id: number; usuario_uid: string }>(sql`
      SELECT uc.comitente_id, u.uid AS usuario_uid FROM usuario_comitente uc JOIN usuario u ON u.id = uc.usuario_id
       WHERE uc.hotsite_id = 1 AND u.email = 'comitente@martelo.test' ORDER BY uc.comitente_id LIMIT 1`);
    await t.banco.db.execute(sql`
      INSERT INTO conta_bancaria (hotsite_id, comitente_id, banco, codigo_banco, agencia, conta, digito, titular, cpf_cnpj, chave_pix,
                                  permite_boleto, tipo_recebimento)
      VALUES (1, ${comitenteId}, 'Itaú', '341', '0912', '123456', '7', 'Comitente Demo', '12.345.678/0001-95', NULL, false, 'PIX')`);
    const contas = await t.app.pedir(H1, '/v1/contas-bancarias', { headers: staff });
    const lista = contas.json<{ id: number }[]>();
    expect(lista.length).toBeGreaterThanOrEqual(2);
    expect(confereRota('GET', '/contas-bancarias', contas)).toBe('ok');
    for (const { id } of lista)
      expect(confereRota('GET', '/contas-bancarias/:id', await t.app.pedir(H1, `/v1/contas-bancarias/${id}`, { headers: staff }))).toBe(
        'ok',
      );
    const deComitentes = await t.app.pedir(H1, '/v1/contas-bancarias-comitentes', { headers: staff });
    expect(deComitentes.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/contas-bancarias-comitentes', deComitentes)).toBe('ok');

    const vendedor = await entrar('comitente@martelo.test', '10.9.1.6');
    const minhas = await t.app.pedir(H1, '/v1/contas-bancarias-comitentes', { headers: vendedor });
    expect(minhas.json<unknown[]>()).toHaveLength(1);
    expect(confereRota('GET', '/contas-bancarias-comitentes', minhas)).toBe('ok');
    const vinculos = await t.app.pedir(H1, `/v1/comitentes/usuario-comitente/${usuarioUid}`, { headers: vendedor });
    expect(vinculos.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/comitentes/usuario-comitente/:usuario', vinculos)).toBe('ok');
    const meus = await t.app.pedir(H1, '/v1/comitentes/listar-comitentes', { headers: vendedor });
    expect(meus.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/comitentes/listar-comitentes', meus)).toBe('ok');
  });

  it('auctions and lots of the back office', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.7');
    const leiloes = await t.app.pedir(H1, '/v1/leiloes/qb?porPagina=200', { headers: staff });
    const lista = leiloes.json<{ id: number; quantidadeLotes: number }[]>();
    expect(lista.length).toBeGreaterThan(0);
    expect(confereRota('GET', '/leiloes/qb', leiloes)).toBe('ok');
    for (const { id } of lista) {
      const leilao = await t.app.pedir(H1, `/v1/leiloes/${id}`, { headers: staff });
      expect(confereRota('GET', '/leiloes/:id', leilao)).toBe('ok');
    }
    expect(lista.some((l) => l.quantidadeLotes > 0)).toBe(true);

    const lotes = await t.app.pedir(H1, '/v1/leiloes/lotes/qb?porPagina=200', { headers: staff });
    const doLeilao = lotes.json<{ id: number; leilaoId: number | null }[]>();
    expect(doLeilao.length).toBeGreaterThan(0);
    expect(confereRota('GET', '/leiloes/lotes/qb', lotes)).toBe('ok');
    for (const { id } of doLeilao.slice(0, 40)) {
      const lote = await t.app.pedir(H1, `/v1/leiloes/lotes/${id}`, { headers: staff });
      expect(confereRota('GET', '/leiloes/lotes/:id', lote)).toBe('ok');
    }
    const comLeilao = doLeilao.find((l) => l.leilaoId != null);
    expect(comLeilao).toBeDefined();
    const porLote = await t.app.pedir(H1, `/v1/leiloes/by-lote/${comLeilao!.id}`, { headers: staff });
    expect(confereRota('GET', '/leiloes/by-lote/:id', porLote)).toBe('ok');
  });

  it('vehicles of the back office (staff, and the demo seller user: only its sellers)', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.8');
    const todos = await t.app.pedir(H1, '/v1/veiculos/qb?porPagina=200', { headers: staff });
    expect(todos.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/veiculos/qb', todos)).toBe('ok');
    const vendedor = await entrar('comitente@martelo.test', '10.9.1.9');
    const meus = await t.app.pedir(H1, '/v1/veiculos/qb', { headers: vendedor });
    expect(meus.json<unknown[]>().length).toBeGreaterThan(0);
    expect(confereRota('GET', '/veiculos/qb', meus)).toBe('ok');
    // One of the seller's vehicles with a staff note: staff read it, the seller's user does not.
    const [{ uid }] = meus.json<{ uid: string }[]>();
    await t.banco.db.execute(sql`UPDATE veiculo SET observacao_interna = 'nota-interna-do-patio' WHERE uid = ${uid}`);
    const doStaff = await t.app.pedir(H1, `/v1/veiculos/${uid}`, { headers: staff });
    expect(doStaff.json<{ observacaoInterna: string }>().observacaoInterna).toBe('nota-interna-do-patio');
    const doVendedor = await t.app.pedir(H1, `/v1/veiculos/${uid}`, { headers: vendedor });
    expect(doVendedor.status).toBe(200);
    expect(doVendedor.texto).not.toContain('nota-interna-do-patio');
    expect(doVendedor.json()).not.toHaveProperty('observacaoInterna');
  });

  it('inspection types and inspections', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.10');
    const tipos = await t.app.pedir(H1, '/v1/tipo-vistoria/find/qb', { headers: staff });
    const listaTipos = tipos.json<{ uid: string }[]>();
    expect(listaTipos.length).toBeGreaterThan(0);
    expect(confereRota('GET', '/tipo-vistoria/find/qb', tipos)).toBe('ok');
    for (const { uid } of listaTipos)
      expect(
        confereRota('GET', '/tipo-vistoria/find/:uid', await t.app.pedir(H1, `/v1/tipo-vistoria/find/${uid}`, { headers: staff })),
      ).toBe('ok');

    const vistorias = await t.app.pedir(H1, '/v1/vistorias/qb?porPagina=200', { headers: staff });
    const lista = vistorias.json<{ uid: string; situacao: string }[]>();
    expect(lista.map((v) => v.situacao)).toContain('Realizada');
    expect(confereRota('GET', '/vistorias/qb', vistorias)).toBe('ok');
    for (const { uid } of lista)
      expect(confereRota('GET', '/vistorias/:uid', await t.app.pedir(H1, `/v1/vistorias/${uid}`, { headers: staff }))).toBe('ok');
  });

  it('the brands an editor may edit (never the DNS credentials)', async () => {
    await t.banco.db.execute(sql`UPDATE hotsite SET dns_credenciais = '{"token":"credencial-dns-secreta"}'::jsonb WHERE id = 1`);
    const staff = await entrar('admin@martelo.test', '10.9.1.11');
    const marcas = await t.app.pedir(H1, '/v1/hotsite/admin', { headers: staff });
    expect(marcas.json<unknown[]>().length).toBeGreaterThan(1);
    expect(confereRota('GET', '/hotsite/admin', marcas)).toBe('ok');
    const marca = await t.app.pedir(H1, '/v1/hotsite/admin/1', { headers: staff });
    expect(confereRota('GET', '/hotsite/admin/:id', marca)).toBe('ok');
    for (const r of [marcas, marca]) expect(r.texto).not.toMatch(/credencial-dns-secreta|dnsCredenciais/);
  });

  it('a page in the page builder, with every section and item', async () => {
    const staff = await entrar('admin@martelo.test', '10.9.1.12');
    const pagina = await t.app.pedir(H1, '/v1/hotsite/paginas/configuracao?uri=pagina-inicial', { headers: staff });
    expect(pagina.json<{ sessoes: { itens: unknown[] }[] }>().sessoes.flatMap((s) => s.itens).length).toBeGreaterThan(0);
    expect(confereRota('GET', '/hotsite/paginas/configuracao', pagina)).toBe('ok');
  });
});

describe('the reference page', () => {
  it('/v1/docs renders Swagger UI from our own assets under a CSP of its own; the site keeps its CSP', async () => {
    const r = await t.app.pedir('h1.localhost', '/v1/docs');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    const csp = String(r.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/https?:/);
    expect(r.texto).toContain(`<script src="/v1/docs/swagger-ui-bundle.js" nonce="${nonce}">`);
    expect(r.texto).toContain('<link rel="stylesheet" href="/v1/docs/swagger-ui.css">');
    // Every script on the page carries the nonce (the inline start-up too), and it reads our document.
    expect(r.texto.split('<script').length).toBe(r.texto.split(`nonce="${nonce}">`).length);
    expect(r.texto).toContain('"/v1/openapi.json"');
    expect(r.texto).toContain('validatorUrl: null');
    expect(r.texto).not.toMatch(/cdn\.|jsdelivr|unpkg/);

    const js = await t.app.pedir('h1.localhost', '/v1/docs/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.texto).toContain('SwaggerUIBundle');
    const css = await t.app.pedir('h1.localhost', '/v1/docs/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);

    // /v2 is the same router: its page reads the /v2 document.
    const v2 = await t.app.pedir('h1.localhost', '/v2/docs');
    expect(v2.texto).toContain('"/v2/openapi.json"');

    const site = await t.app.pedir('h1.localhost', '/');
    expect(String(site.headers['content-security-policy'])).toMatch(/style-src 'self'(;|$)/);
  });
});
