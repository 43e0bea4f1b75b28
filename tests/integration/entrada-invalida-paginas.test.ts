import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarCliente } from '../lances';
import { rotasDoApp } from '../rotas';
import { instanciaDeTeste, type Resposta } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * Bad input to every page action and every page loader of the built app, as the people who probe the
 * site send it: bodies of the wrong type or broken, NUL characters, prototype keys, numbers past int4
 * and float range, dates PostgreSQL cannot hold, very long text; as a visitor, a client and an ADM (so
 * staff actions really parse what they get). Never a 5xx; refusals are 4xx with a pt-BR message; the
 * server stays healthy and no brand answers for another. Seeded, so a failure replays.
 */
const t = instanciaDeTeste();
const rotas = await rotasDoApp();
const acoes = rotas.filter((r) => r.action);
const leitores = rotas.filter((r) => r.loader);
const SEMENTE = 20261123;
const protoAntes = Object.getOwnPropertyNames(Object.prototype).sort();

const identidades: Record<string, string | undefined> = { visitante: undefined };
beforeAll(async () => {
  identidades.cliente = (await criarCliente(t.banco.db, { hotsiteId: 1 })).cookie;
  identidades.adm = (await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM])).cookie;
});

const textoRuim = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '99999999999', '-99999999999', '1e308', '-1', '1.5', 'NaN', 'Infinity', '0', ''),
  fc.constantFrom('99999-01-01', '0000-00-00', '-4713-01-01', '2026-13-45', '10000-01-01T00:00:00Z', '1,5e308', '999.999.999.999.999,99'),
  fc.constantFrom('<script>alert(1)</script>', "' OR 1=1 --", '/\\evil.com', '//evil.com', 'javascript:alert(1)', '%00', '🚗'.repeat(50)),
  fc.string({ maxLength: 40 }),
  fc.constant('x'.repeat(20_000)),
);
const nomeDeCampo = fc.constantFrom(
  'loteId',
  'leilaoId',
  'veiUid',
  'valor',
  'valorMaximo',
  'intencao',
  '_acao',
  'acao',
  'email',
  'senha',
  'nome',
  'cpf',
  'cnpj',
  'dataNascimento',
  'rendaMensal',
  'apelido',
  'ocupacaoProfissional',
  'comoConheceu',
  'redirectTo',
  'horario',
  'patUid',
  'resposta',
  'novoValor',
  'codigo',
  'token',
  'tipoPessoa',
  'endereco.cep',
  'endereco.numero',
  'interesses.motos',
  'id',
  'uid',
  'papeis',
  'hotsiteId',
  '__proto__.hotsiteId',
  'constructor.prototype.toString',
  'endereco.__proto__.x',
  'prototype',
);
const intencao = fc.constantFrom(
  'lance',
  'automatico',
  'cancelar-automatico',
  'proposta',
  'compre-ja',
  'favorito',
  'salvar',
  'criar',
  'apagar',
  'responder',
);
const corpoDeFormulario = fc
  .tuple(intencao, fc.array(fc.tuple(nomeDeCampo, textoRuim), { minLength: 1, maxLength: 8 }))
  .map(([i, campos]) => ({
    tipo: 'application/x-www-form-urlencoded',
    corpo: new URLSearchParams([['intencao', i], ['_acao', i], ...campos]).toString(),
    estrutural: false,
  }));
/** Bodies no form sends: each must be refused before any use case runs. */
const corpoQuebrado = fc
  .constantFrom(
    { tipo: 'application/json', corpo: '{"loteId":1,"__proto__":{"hotsiteId":2}}' },
    { tipo: 'text/plain', corpo: 'loteId=1' },
    { tipo: 'multipart/form-data; boundary=zzz', corpo: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim' },
    { tipo: 'multipart/form-data', corpo: 'sem boundary' },
    { tipo: 'application/x-www-form-urlencoded', corpo: Buffer.from([0x61, 0x3d, 0xff, 0xfe]) },
    { tipo: 'application/x-www-form-urlencoded', corpo: '__proto__.hotsiteId=2&constructor.prototype.toString=x' },
    { tipo: 'application/x-www-form-urlencoded', corpo: `a=${'x'.repeat(400_000)}` },
    {
      tipo: 'multipart/form-data; boundary=zzz',
      corpo: `${Array.from({ length: 20 }, (_, i) => `--zzz\r\nContent-Disposition: form-data; name="f${i}"; filename="f${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'x'.repeat(200_000)}\r\n`).join('')}--zzz--\r\n`,
    },
  )
  .map((c) => ({ ...c, estrutural: true }));

const consultaRuim = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'page',
        'pagina',
        'limit',
        'ordem',
        'valorMin',
        'valorMax',
        'ano',
        'q',
        'busca',
        'id',
        'para',
        'redirectTo',
        'mensagem',
        'aba',
        'uf',
        'categoria[]',
        'ids',
        'visitados',
        'simular',
      ),
      textoRuim,
    ),
    { maxLength: 5 },
  )
  .map((pares) => new URLSearchParams(pares.map(([k, v]) => [k, v.slice(0, 2000)])).toString());

/** A refusal a person can read: a pt-BR message, never a stack, SQL or an English runtime error. */
function semInternos(r: Resposta) {
  expect(r.texto).not.toMatch(
    /\bat [\w.<>]+ \(|\.tsx?:\d+:\d+|node_modules|SELECT |INSERT |UPDATE .* SET|TypeError|SyntaxError|ReferenceError|Unexpected token/,
  );
}

async function ruinsPara(
  alvo: { caminho: string; id: string },
  identidade: string,
  metodo: 'POST' | 'GET',
  exemplos: fc.Arbitrary<{ tipo?: string; corpo?: string | Buffer; estrutural?: boolean; consulta?: string }>,
  numRuns: number,
) {
  await fc.assert(
    fc.asyncProperty(exemplos, fc.boolean(), async (e, dados) => {
      const consulta = [e.consulta, dados ? `_data=${encodeURIComponent(alvo.id)}` : ''].filter(Boolean).join('&');
      const cookie = identidades[identidade];
      const r = await t.app.pedir('h1.localhost', `${alvo.caminho}${consulta ? `?${consulta}` : ''}`, {
        method: metodo,
        headers: { ...(cookie ? { cookie } : {}), ...(e.tipo ? { 'content-type': e.tipo } : {}) },
        corpo: e.corpo,
      });
      expect(r.status, `${metodo} ${alvo.caminho} (${identidade}) → ${r.status}: ${r.texto.slice(0, 300)}`).toBeLessThan(500);
      semInternos(r);
      // With ?_data a redirect answers 204 and names its target in X-Remix-Redirect.
      const status = r.status === 204 && r.headers['x-remix-redirect'] ? 302 : r.status;
      if (e.estrutural) expect(status, `${alvo.caminho}: a broken body must be refused`).toBeGreaterThanOrEqual(300);
      if (r.status >= 400 && r.status !== 404 && r.status !== 405) expect(r.texto.trim().length, 'a refusal says why').toBeGreaterThan(0);
    }),
    { seed: SEMENTE, numRuns, endOnFailure: true },
  );
}

describe.each(['visitante', 'cliente', 'adm'])('page actions as %s', (identidade) => {
  it.each(acoes)('$id refuses bad bodies without a 5xx', async (rota) => {
    await ruinsPara(rota, identidade, 'POST', fc.oneof(corpoDeFormulario, corpoQuebrado), 14);
  });
});

describe('page loaders with bad query strings, as an ADM', () => {
  it.each(leitores)('$id', async (rota) => {
    await ruinsPara(
      rota,
      'adm',
      'GET',
      consultaRuim.map((consulta) => ({ consulta })),
      6,
    );
  });
});

describe('structural refusals, one by one', () => {
  it('answers 415 to JSON, 400 to a broken multipart body, 413 past the limits, with pt-BR texts', async () => {
    const postar = (tipo: string, corpo: string) =>
      t.app.pedir('h1.localhost', '/login?_data=routes%2Flogin', { method: 'POST', headers: { 'content-type': tipo }, corpo });
    const json = await postar('application/json', '{"email":"a@b.c"}');
    expect([json.status, json.texto]).toEqual([415, 'Tipo de conteúdo não suportado: envie um formulário']);
    const quebrado = await postar('multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nsem fim');
    expect([quebrado.status, quebrado.texto]).toEqual([400, 'Formulário inválido ou incompleto']);
    const nul = await postar('application/x-www-form-urlencoded', 'email=a%00b');
    expect([nul.status, nul.texto]).toEqual([400, 'Caractere inválido no texto']);
    const proto = await postar('application/x-www-form-urlencoded', '__proto__.hotsiteId=2');
    expect([proto.status, proto.texto]).toEqual([400, 'Campo inválido no formulário']);
    const grande = await postar('application/x-www-form-urlencoded', `a=${'x'.repeat(400_000)}`);
    expect([grande.status, grande.texto]).toEqual([413, 'Requisição muito grande']);
    // Without ?_data (a browser's own form post) the refusal is the brand's page, saying the same.
    const pagina = await t.app.pedir('h1.localhost', '/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      corpo: '{}',
    });
    expect(pagina.status).toBe(415);
    expect(pagina.texto).toContain('data-testid="pagina-recusado"');
    expect(pagina.texto).toContain('Tipo de conteúdo não suportado: envie um formulário');
  });
});

afterAll(async () => {
  // The server is healthy, no prototype was written, and each brand still answers as itself.
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoAntes);
  expect(({} as Record<string, unknown>).hotsiteId).toBeUndefined();
  const saude = await t.app.pedir('h1.localhost', '/healthz');
  expect(saude.json()).toMatchObject({ status: 'ok' });
  for (const id of [1, 2]) {
    const r = await t.app.pedir(`h${id}.localhost`, '/v1/hotsite/public');
    expect(r.json()).toMatchObject({ id });
  }
  expect((await t.app.pedir('h1.localhost', '/')).status).toBe(200);
});
