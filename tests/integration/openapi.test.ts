import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApiRouter } from '~/api/router.server';
import { caminhoOpenApi, ROTAS_DA_DOCUMENTACAO } from '~/api/documentacao.server';
import { erroApiSchema } from '~/api/esquemas';
import { loteApiSchema } from '~/api/lote.server';
import { instanciaDeTeste } from '../server';
import { rotasDoRouter } from '../rotas-api';

/**
 * Issue 11 §3: the OpenAPI document covers every route of the API router (walked, so a new endpoint
 * without its DocRota fails here), and live answers match the schemas the document is generated from.
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

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and has every route of the Express router (each method), on /v1 and /v2', async () => {
    const rotas = rotasDoRouter(createApiRouter()).filter((r) => !ROTAS_DA_DOCUMENTACAO.includes(r.caminho));
    expect(rotas.length).toBeGreaterThanOrEqual(60);
    for (const versao of ['/v1', '/v2']) {
      const r = await t.app.pedir('h1.localhost', `${versao}/openapi.json`);
      expect(r.status).toBe(200);
      const doc = r.json<Documento>();
      expect(doc.openapi).toBe('3.1.0');
      const faltando = rotas
        .filter((rota) => !doc.paths[caminhoOpenApi(rota.caminho)]?.[rota.metodo.toLowerCase()])
        .map((rota) => `${rota.metodo} ${rota.caminho}`);
      expect(faltando, 'rotas do router sem documentação').toEqual([]);
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

describe('the reference page', () => {
  it('/v1/docs renders Scalar from our own assets under a CSP of its own; the site keeps its CSP', async () => {
    const r = await t.app.pedir('h1.localhost', '/v1/docs');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    const csp = String(r.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/https?:/);
    expect(r.texto).toContain(`<script src="/v1/docs/scalar.js" nonce="${nonce}">`);
    expect(r.texto).toContain('/v1/openapi.json');
    expect(r.texto).not.toMatch(/cdn\.|jsdelivr|unpkg/);

    const js = await t.app.pedir('h1.localhost', '/v1/docs/scalar.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.texto).toContain('createApiReference');

    const site = await t.app.pedir('h1.localhost', '/');
    expect(String(site.headers['content-security-policy'])).toMatch(/style-src 'self'(;|$)/);
  });
});
