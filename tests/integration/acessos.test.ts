import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuario, usuarioPapel } from '@db/schema';
import { ACESSOS, type Acesso } from '~/modules/dominio/acessos';
import { verificarRegra } from '~/modules/identidade/guard.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { MENSAGENS_ACESSO, PAPEIS_INTERNOS, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { buscarMarcaPorChave } from '~/modules/hotsites/hotsites.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { criarBancoDeTeste } from '../db';

/**
 * The spec's access table (section 6), walked against the guard: for every route, a visitor is sent to
 * /login with the right message and the return target, every listed role gets in, and every other role
 * gets the 403 naming the roles.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let contexto: { db: typeof banco.db; marca: Marca };
const cookiePorPapel = new Map<string, string>();
const TODOS = [...Object.values(PAPEIS_INTERNOS), PAPEL_CLIENTE];

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  contexto = { db: banco.db, marca: (await buscarMarcaPorChave({ db: banco.db, chave: { tipo: 'id', id: 1 } }))! };
  for (const [i, papel] of TODOS.entries()) {
    const cliente = papel === PAPEL_CLIENTE;
    const [u] = await banco.db
      .insert(usuario)
      .values({ email: `papel-${i}@tabela.test`, nome: papel, hotsiteId: cliente ? 1 : null })
      .returning();
    await banco.db.insert(usuarioPapel).values({ usuarioId: u.id, papel });
    const { token, expiraEm } = await criarSessao({ db: banco.db, usuarioId: u.id, hotsiteId: 1 });
    cookiePorPapel.set(papel, (await cookieDeLogin(token, expiraEm, false)).split(';')[0]);
  }
});
afterAll(() => banco?.descartar());

const pedir = (caminho: string, papel?: string, acesso: Acesso = 'cliente') =>
  verificarRegra(
    new Request(`http://h1.localhost${caminho}`, { headers: papel ? { cookie: cookiePorPapel.get(papel)! } : {} }),
    contexto,
    acesso === 'cliente' ? 'cliente' : acesso,
  ).then(
    (u) => ({ u, erro: null as Response | null }),
    (erro: Response) => ({ u: null, erro }),
  );

describe.each(Object.entries(ACESSOS))('%s', (rota, acesso) => {
  const caminho = `${rota}/qualquer-coisa?aba=1`;

  it('sends a visitor to /login with the spec message and the return target', async () => {
    const { erro } = await pedir(caminho, undefined, acesso);
    expect(erro?.status).toBe(302);
    const destino = new URL(erro!.headers.get('location')!, 'http://x');
    expect(destino.pathname).toBe('/login');
    expect(destino.searchParams.get('redirectTo')).toBe(caminho);
    expect(destino.searchParams.get('mensagem')).toBe(
      acesso === 'cliente' ? MENSAGENS_ACESSO.clienteNaoLogado : MENSAGENS_ACESSO.naoLogado,
    );
  });

  it.each(TODOS)('with role %s', async (papel) => {
    const { u, erro } = await pedir(caminho, papel, acesso);
    const permitido = acesso === 'cliente' || acesso.includes(papel);
    if (permitido) {
      expect(erro).toBeNull();
      expect(u?.papeis).toEqual([papel]);
    } else {
      expect(erro?.status).toBe(403);
      await expect(erro!.text()).resolves.toBe(MENSAGENS_ACESSO.semPapel(acesso as readonly string[]));
    }
  });
});

describe('open routes', () => {
  it('livre and vitrine need no login on a brand that does not ask for it', async () => {
    for (const regra of ['livre', 'vitrine'] as const) {
      await expect(verificarRegra(new Request('http://h1.localhost/'), contexto, regra)).resolves.toBeNull();
    }
  });
});
