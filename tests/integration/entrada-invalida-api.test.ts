import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rotasDaApiDeTeste } from '../rotas-api';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { SENHA_DEMO } from '@scripts/seed/identidade';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * Issue 10, item 6: the JSON API never answers 5xx to bad input. Every route registered on the API
 * router (found by walking its stack, so a new endpoint is covered without touching this file) gets
 * generated bad path params, query strings and JSON bodies, anonymously, as a client and as an ADM, on
 * /v1 and /v2. Any answer ≥ 500 is a failure; an error answer must be JSON with a pt-BR `message`
 * (and the spec's `statusCode`, equal to the status, and `error`).
 */
const t = instanciaDeTeste();

/** The seeded client of brand 1 (role Clientes, a cliente row), so guarded handlers parse their bodies. */
async function entrarComoCliente(): Promise<Record<string, string>> {
  const r = await t.app.pedir('h1.localhost', '/v1/usuario/efetuar-login', {
    corpo: { email: 'cliente1@h1.martelo.test', senha: SENHA_DEMO },
    headers: { 'x-forwarded-for': '10.8.8.8' },
  });
  if (r.status !== 200) throw new Error(`login do cliente: ${r.status} ${r.texto}`);
  return { authorization: `Bearer ${r.json<{ token: string }>().token}` };
}

// Every declared route (the reference's own pages, /docs and /openapi.json, are not in the list: not inputs to fuzz).
const ROTAS = rotasDaApiDeTeste();
/** The routes known when this test was written; the list holding fewer means it lost some. */
const MINIMO_DE_ROTAS = 60;

/** Zod's English defaults: a message matching this escaped the pt-BR locale. */
const INGLES = /\b(expected|received|invalid input|required|too (big|small))\b/i;

// ── Generators ──
/** Percent-encodes every UTF-8 byte (encodeURIComponent throws on lone surrogates). */
const cifrar = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

const textoRuim = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '\uFFFF',
    '\uD800',
    '😀'.repeat(50),
    'x'.repeat(5000),
    '',
    ' ',
    '../../etc/passwd',
    "'; drop table lote;--",
    '/\\evil.com',
    '//evil.com',
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
);
const numeroRuim = fc.oneof(
  fc.constantFrom(99999999999, 2147483648, -5, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 1e21, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true }),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((b) => Number(b)),
);
const dataRuim = fc.constantFrom(
  '99999-01-01',
  '0000-00-00',
  '-000001-01-01',
  '+275760-09-13',
  '1000-01-01',
  '9999-12-31T23:59:59Z',
  '2024-02-30',
  'ontem',
  8.64e15,
  -8.64e15,
  1e15,
);
const valorRuim: fc.Arbitrary<unknown> = fc.oneof(
  textoRuim,
  numeroRuim,
  dataRuim,
  fc.constantFrom(true, false, null, [], {}, [1, 2], { a: 1 }, ['\u0000'], { __proto__: { x: 1 } }),
  numeroRuim.map(String),
);
/** Values that pass a field's checks, so a bad sibling reaches the database. */
const valorBom: Record<string, unknown[]> = {
  loteId: [1, '1', 2],
  leilaoId: [1, '1'],
  valor: [100_000, 150_000],
  id: [1],
  leilaoUid: ['00000000-0000-4000-8000-000000000000'],
  valorMaximo: [500_000],
  hotsiteId: [1, '1'],
  veiUid: ['00000000-0000-4000-8000-000000000000'],
  sessaoUid: [1, '00000000-0000-4000-8000-000000000000'],
  paginaUid: [1],
  rendaMensal: [1500, '1500.50'],
  dataNascimento: ['1980-05-01'],
  apelido: ['Zé'],
  email: ['cliente1@h1.martelo.test'],
  senha: ['12345678'],
  resposta: ['aceitar', 'recusar'],
  prioridade: ['aumentar'],
  from: [0],
  size: [10],
};
const CAMPOS = [
  ...Object.keys(valorBom),
  'uid',
  'nome',
  'telefone',
  'ocupacaoProfissional',
  'comoConheceu',
  'ramoAtividade',
  'endereco',
  'interesses',
  'refreshToken',
  'hash',
  'nomeUsuario',
  'twoFactorcode',
  'manterLogado',
  'requisicoesBusca',
  'listaOrdenacao',
  'novoValor',
  'titulo',
  'descricao',
  'uri',
  'link',
  'dataInicio',
  'dataFim',
  'cadastroInicio',
  'visualizacaoFim',
  'tipo',
  'modoSite',
  'redirectTo',
  '__proto__',
  'constructor',
  'pagina',
  'porPagina',
  'limit',
];
const campo = (nome: string) =>
  Object.hasOwn(valorBom, nome)
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...valorBom[nome]) }, { weight: 1, arbitrary: valorRuim })
    : valorRuim;
const objetoRuim = fc
  .subarray(CAMPOS, { minLength: 1, maxLength: 4 })
  .chain((chaves) => fc.tuple(...chaves.map((k) => campo(k))).map((vs) => Object.fromEntries(chaves.map((k, i) => [k, vs[i]]))));
const aninhado = (n: number) => '['.repeat(n) + ']'.repeat(n);
const corpoRuim: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: objetoRuim.map((o) => JSON.stringify(o)) },
  fc.constantFrom(
    undefined,
    '[]',
    '[{}]',
    'null',
    '1e308',
    '"\\u0000"',
    '{"__proto__":{"hotsiteId":2}}',
    '{"constructor":{"prototype":{"x":1}}}',
    aninhado(5000),
    `{"a":${aninhado(100)}}`,
    '{"loteId":1,"valor":1e308}',
    '{"email":"a\\u0000@b.com","senha":"12345678"}',
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);
const PARAMETROS_CONSULTA = [
  'limit',
  'page',
  'offset',
  'pagina',
  'porPagina',
  'leilaoId',
  'hotsiteId',
  'hotUid',
  'uri',
  'porMes',
  'patioNome',
  'aoVivo',
  'hash',
  'posicaoBannerUid',
  'leiUid',
  'redirectTo',
];
const consultaRuim = fc
  .array(
    fc.tuple(
      fc.constantFrom(...PARAMETROS_CONSULTA),
      fc.constantFrom('', '[]', '[a]', '[__proto__]'),
      fc.oneof(
        fc.constantFrom('-5', '1.5', '1e308', '99999999999', 'NaN', '%00', 'a%00b', '%FF', '%', '0x10', '1', 'abc'),
        textoRuim.map(cifrar),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pares) => (pares.length ? '?' + pares.map(([k, suf, v]) => `${k}${suf}=${v}`).join('&') : ''));
const parametroRuim = fc.oneof(
  fc.constantFrom(
    '99999999999',
    '2147483648',
    '-5',
    '0',
    '1.5',
    '1e308',
    '%00',
    'a%00',
    '1%00',
    '%C0%80',
    '%FF',
    'NaN',
    '1',
    '00000000-0000-4000-8000-000000000000',
    'x'.repeat(3000),
  ),
  textoRuim.filter((s) => s.length > 0).map(cifrar),
);

const caminhoCom = (rota: string, valores: string[]) => {
  let i = 0;
  return rota.replace(/:(\w+)\??/g, () => valores[i++ % valores.length]);
};

describe('the JSON API refuses bad input with a 4xx in pt-BR', () => {
  const autorizacao: Record<string, Record<string, string>> = { anonimo: {} };
  beforeAll(async () => {
    autorizacao.cliente = await entrarComoCliente();
    autorizacao.adm = (await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM])).bearer;
  });

  it('finds every route of the API router', () => {
    expect(ROTAS.length).toBeGreaterThanOrEqual(MINIMO_DE_ROTAS);
    expect(ROTAS).toContainEqual({ metodo: 'POST', caminho: '/lances' });
    expect(ROTAS).toContainEqual({ metodo: 'PUT', caminho: '/cliente/atualizar-cadastro' });
  });

  it('never answers 5xx to generated bad params, queries and bodies (every route, /v1 and /v2)', { timeout: 240_000 }, async () => {
    const prototipoAntes = Object.getOwnPropertyNames(Object.prototype).sort();
    const falhas: string[] = [];
    for (const rota of ROTAS) {
      const pedido = fc.record({
        versao: fc.constantFrom('/v1', '/v2'),
        quem: fc.constantFrom('anonimo', 'cliente', 'cliente', 'adm'),
        parametros: fc.array(parametroRuim, { minLength: 1, maxLength: 3 }),
        consulta: consultaRuim,
        corpo: rota.metodo === 'GET' ? fc.constant(undefined) : corpoRuim,
      });
      let ultima = '';
      try {
        await fc.assert(
          fc.asyncProperty(pedido, async ({ versao, quem, parametros, consulta, corpo }) => {
            const caminho = versao + caminhoCom(rota.caminho, parametros) + consulta;
            const r = await t.app.pedir('h1.localhost', caminho, {
              method: rota.metodo,
              corpo,
              headers: {
                ...autorizacao[quem],
                ...(corpo !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(corpo)) } : {}),
                'x-forwarded-for': '10.9.9.9',
              },
            });
            const contexto = `${r.status} ${rota.metodo} ${caminho.slice(0, 160)} ${quem} corpo=${String(corpo).slice(0, 160)} → ${r.texto.slice(0, 160)}`;
            const falhar: (porque: string) => never = (porque) => {
              ultima = `${porque}: ${contexto}`;
              throw new Error(ultima);
            };
            if (r.status >= 500) falhar('5xx');
            if (r.status >= 400) {
              let erro: { message?: unknown; statusCode?: unknown; error?: unknown } = {};
              try {
                erro = JSON.parse(r.texto) as typeof erro;
              } catch {
                falhar('corpo não é JSON');
              }
              const { message } = erro;
              if (typeof message !== 'string' || !message.trim()) falhar('sem message');
              if (INGLES.test(message)) falhar('message em inglês');
              if (erro.statusCode !== r.status || typeof erro.error !== 'string') falhar('sem statusCode/error');
            }
          }),
          { seed: 20240610, numRuns: 24, endOnFailure: true },
        );
      } catch (e) {
        falhas.push(ultima || (e as Error).message.slice(0, 600));
      }
    }
    expect(falhas, `${falhas.length} rotas com resposta inválida:\n${falhas.join('\n')}`).toEqual([]);

    // The server is still healthy, answers normal requests, and no prototype was touched.
    expect((await t.app.pedir('h1.localhost', '/healthz')).status).toBe(200);
    const publico = await t.app.pedir('h1.localhost', '/v1/hotsite/public');
    expect(publico.status).toBe(200);
    expect(publico.json<{ id: number }>().id).toBe(1);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototipoAntes);
    expect(({} as Record<string, unknown>).hotsiteId).toBeUndefined();
  });
});

/**
 * The reproductions (item 6 and 11), one per cause, on /v1 and /v2: each answered 500 (or, for
 * sessaoUid, named row 1) before the fix. Kept beside the property test so each cause stays pinned.
 */
describe('the causes of the 500s found in issue 10', () => {
  const quem: Record<string, Record<string, string>> = { anonimo: {} };
  beforeAll(async () => {
    quem.cliente = await entrarComoCliente();
    quem.adm = (await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM])).bearer;
  });
  const GRANDE = 99999999999;
  const casos: [causa: string, metodo: string, caminho: string, corpo: unknown, papel: string][] = [
    ['NUL', 'GET', '/patio/por-nome/%00', undefined, 'anonimo'],
    ['NUL', 'GET', '/hotsite/conteudo-pagina?uri=%00', undefined, 'anonimo'],
    ['NUL', 'POST', '/usuario/efetuar-login', { email: 'a\u0000@b.com', senha: '12345678' }, 'anonimo'],
    ['NUL', 'PUT', '/cliente/atualizar-cadastro', { apelido: 'Zé\u0000' }, 'cliente'],
    ['NUL', 'POST', '/propostas', { loteId: 1, valor: 100, telefone: '11999998888', email: 'a@b.com\u0000' }, 'cliente'],
    ['int4', 'POST', '/lances', { loteId: GRANDE, valor: 100_000 }, 'cliente'],
    ['int4', 'POST', '/lances/automatico', { loteId: GRANDE, valorMaximo: 100_000 }, 'cliente'],
    ['int4', 'PUT', `/lances/automatico/${GRANDE}`, { valorMaximo: 100_000 }, 'cliente'],
    ['int4', 'DELETE', `/lances/automatico/${GRANDE}`, undefined, 'cliente'],
    ['int4', 'POST', `/lote/${GRANDE}/compre-ja`, {}, 'cliente'],
    ['int4', 'POST', '/propostas', { loteId: GRANDE, valor: 100, telefone: '11999998888', email: 'a@b.com' }, 'cliente'],
    ['int4', 'POST', '/cliente/habilitar', { leilaoId: GRANDE }, 'cliente'],
    ['int4', 'DELETE', `/cliente/favoritos/${GRANDE}`, undefined, 'cliente'],
    ['int4', 'GET', `/cliente/meus-lances-vencedores/${GRANDE}`, undefined, 'cliente'],
    ['int4', 'GET', `/cliente/estou-habilitado?leilaoId=${GRANDE}`, undefined, 'cliente'],
    ['int4', 'GET', `/hotsite/admin/${GRANDE}`, undefined, 'adm'],
    ['dinheiro', 'PUT', '/cliente/atualizar-cadastro', { rendaMensal: 1e308 }, 'cliente'],
    ['dinheiro', 'PUT', '/cliente/atualizar-cadastro', { rendaMensal: '99999999' }, 'cliente'],
    ['dinheiro', 'POST', '/lances', { loteId: 1, valor: 1e308 }, 'cliente'],
    ['dinheiro', 'POST', '/propostas', { loteId: 1, valor: 1e20, telefone: '11999998888', email: 'a@b.com' }, 'cliente'],
    ['data', 'POST', '/hotsite/paginas/sessao/itens', { sessaoUid: 1, titulo: 'x', dataInicio: 1e15 }, 'adm'],
    ['data', 'POST', '/hotsite/paginas/sessao/itens', { sessaoUid: 1, titulo: 'x', dataFim: '99999-01-01' }, 'adm'],
    ['paginacao', 'GET', '/cliente/favoritos?limit=-5', undefined, 'cliente'],
    ['paginacao', 'GET', '/cliente/favoritos?limit=1.5', undefined, 'cliente'],
    ['paginacao', 'GET', '/lote/buscar-favoritos?pagina=-1', undefined, 'cliente'],
    ['paginacao', 'GET', '/lote/buscar-favoritos?porPagina=1.5', undefined, 'cliente'],
    ['paginacao', 'GET', '/lote/buscar-favoritos?pagina[]=1', undefined, 'cliente'],
    ['paginacao', 'GET', '/cliente/meus-lances?pagina=-1', undefined, 'cliente'],
    ['paginacao', 'GET', `/cliente/meus-lances?pagina=${GRANDE}`, undefined, 'cliente'],
    ['paginacao', 'GET', '/cliente/meus-lances?porPagina=51', undefined, 'cliente'],
    ['paginacao', 'GET', '/cliente/meus-lances?aba[]=todos', undefined, 'cliente'],
    ['paginacao', 'GET', '/cliente/meus-lances?aba=%00', undefined, 'cliente'],
    ['sessaoUid', 'POST', '/hotsite/paginas/sessao/itens', { sessaoUid: true, titulo: 'x' }, 'adm'],
    ['sessaoUid', 'POST', '/hotsite/paginas/sessao', { paginaUid: [1], tipo: 'banner' }, 'adm'],
    ['tamanho', 'PUT', '/cliente/atualizar-cadastro', { apelido: 'x'.repeat(1000) }, 'cliente'],
    ['tamanho', 'PUT', '/cliente/atualizar-cadastro', { ocupacaoProfissional: 'x'.repeat(1000) }, 'cliente'],
    ['tamanho', 'PUT', '/cliente/atualizar-cadastro', { comoConheceu: 'x'.repeat(1000) }, 'cliente'],
    ['caminho', 'GET', '/lote/by-id/%FF', undefined, 'anonimo'],
    ['caminho', 'GET', '/lances/lote/------------------------------------', undefined, 'anonimo'],
    ['prototipo', 'PUT', '/cliente/atualizar-cadastro', JSON.parse('{"__proto__":{"hotsiteId":2}}'), 'cliente'],
    ['aninhado', 'POST', '/lote/busca-elastic', '['.repeat(5000) + ']'.repeat(5000), 'anonimo'],
  ];
  for (const versao of ['/v1', '/v2']) {
    it.each(casos)(`${versao}: %s %s %s answers 400 in pt-BR`, async (_causa, metodo, caminho, corpo, papel) => {
      const texto = corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo);
      const r = await t.app.pedir('h1.localhost', versao + caminho, {
        method: metodo,
        corpo: texto,
        headers: {
          ...quem[papel],
          ...(texto !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(texto)) } : {}),
        },
      });
      expect(r.status, r.texto).toBe(400);
      const { message, statusCode } = r.json<{ message: string; statusCode: number }>();
      expect(statusCode).toBe(400);
      expect(message).toMatch(/[a-zà-ú]{3}/i);
      expect(message).not.toMatch(INGLES);
    });
  }
});
