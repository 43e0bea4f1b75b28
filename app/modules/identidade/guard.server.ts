import { eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { usuario, usuarioPapel } from '@db/schema';
import { cookieDeSessao } from '~/utils/cookie-de-sessao.server';
import { ErroHttp } from '~/utils/errors';
import { ACESSO_AREA_ADMIN } from '~/modules/dominio/acessos';
import { rotaDoCadastro2fa, type RegraDeRota } from './regras-de-rota';
import { restricaoDaVitrine, vitrineTemRestricao, type RegrasDaVitrine } from '~/modules/dominio/janelas';
import { ehPapelInterno, MENSAGENS_ACESSO, temAlgumPapel } from '~/modules/dominio/papeis';
import { cadastro2faPendente } from './dois-fatores.server';
import { autenticarToken } from './sessions.server';

/**
 * Who is asking, and may they? Pages carry the session token in an httpOnly cookie; the JSON API and
 * the websocket send it as a bearer token. Both resolve through `autenticarToken`, so a token works only
 * on the brand that issued it.
 */
export interface UsuarioLogado {
  id: number;
  uid: string;
  nome: string;
  email: string;
  /** The brand a client belongs to; null for staff (platform-wide). */
  hotsiteId: number | null;
  papeis: string[];
  interno: boolean;
  /** The account requires 2FA and has not enrolled: the session may only enrol (see `usuarioDoPedido`). */
  cadastro2faPendente: boolean;
}

/**
 * A page sent elsewhere: a plain Fetch 302 with its Location, thrown from a loader or action; Remix
 * answers it as a redirect (a document request) or as its client redirect (a data request).
 */
const redirecionar = (destino: string) => new Response(null, { status: 302, headers: { Location: destino } });

/** A Fetch Request (pages) or a Node/Express request (the JSON API). */
export type Pedido = Request | { headers: Record<string, string | string[] | undefined> };

function cabecalho(pedido: Pedido, nome: string): string | null {
  const h = pedido.headers;
  if (typeof (h as Headers).get === 'function') return (h as Headers).get(nome);
  const v = (h as Record<string, string | string[] | undefined>)[nome];
  return Array.isArray(v) ? v[0] : (v ?? null);
}

/** Bearer token first (API, websocket), else the session cookie (pages). */
export async function tokenDoPedido(pedido: Pedido): Promise<string | null> {
  const auth = cabecalho(pedido, 'authorization');
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  const v: unknown = await cookieDeSessao.parse(cabecalho(pedido, 'cookie'));
  return typeof v === 'string' && v ? v : null;
}

export async function carregarUsuario(db: Db, usuarioId: number): Promise<UsuarioLogado | null> {
  const [u] = await db.select().from(usuario).where(eq(usuario.id, usuarioId));
  if (!u) return null;
  const papeis = (await db.select({ papel: usuarioPapel.papel }).from(usuarioPapel).where(eq(usuarioPapel.usuarioId, u.id))).map(
    (p) => p.papel,
  );
  return {
    id: u.id,
    uid: u.uid,
    nome: u.nome,
    email: u.email,
    hotsiteId: u.hotsiteId,
    papeis,
    interno: papeis.some(ehPapelInterno),
    cadastro2faPendente: cadastro2faPendente(u),
  };
}

/**
 * Per request (server.ts builds one context per HTTP request, shared by the root loader, layouts,
 * the route and its action), the user behind a token is looked up once. The route guard hands each
 * loader a copy of the context that names its route, so the memo lives in `usuariosDoPedido`, a Map
 * the copies share (contexts built by hand, in tests, fall back to one keyed by the object). Keyed by
 * token as well, so a context reused with another token is never answered from the wrong entry. Only
 * reads remember: an action may change the user (name, roles, logout), so it always asks.
 */
const memoPorContexto = new WeakMap<object, Map<string, Promise<UsuarioLogado | null>>>();

/** What the guard reads of the load context (app/context.ts; `rota` is set by the route guard on pages). */
interface ContextoDoGuarda {
  db: Db;
  /** What the guard reads of the brand (the whole `Marca` of the context fits). */
  marca: { id: number } & RegrasDaVitrine;
  usuariosDoPedido?: Map<string, Promise<UsuarioLogado | null>>;
  rota?: { id: string; regra: RegraDeRota | undefined };
}

function memoDoPedido(context: ContextoDoGuarda) {
  if (context.usuariosDoPedido) return context.usuariosDoPedido;
  let memo = memoPorContexto.get(context);
  if (!memo) memoPorContexto.set(context, (memo = new Map()));
  return memo;
}

/**
 * The logged-in user of this request on this brand, or null. Every page and API call learns its user
 * here, so this is where a session that must still enrol in 2FA is refused: it is answered only on the
 * enrolment routes (`ROTAS_DO_CADASTRO_2FA`); a page is sent to /dois-fatores, the API answers 403.
 */
export async function usuarioDoPedido(request: Pedido, context: ContextoDoGuarda): Promise<UsuarioLogado | null> {
  const u = await sessaoDoPedido(request, context);
  if (u?.cadastro2faPendente && !rotaDoCadastro2fa(context.rota?.id)) recusarCadastro2faPendente(request, context);
  return u;
}

/**
 * Pages (the route guard names the route in the context): to the enrolment screen, which comes back here
 * once the code is confirmed. The JSON API: 403 with the reason.
 */
function recusarCadastro2faPendente(request: Pedido, context: ContextoDoGuarda): never {
  if (context.rota && 'url' in request) {
    const url = new URL(request.url);
    url.searchParams.delete('_data');
    throw redirecionar(`/dois-fatores?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
  }
  throw new ErroHttp(403, MENSAGENS_ACESSO.cadastro2faPendente);
}

async function sessaoDoPedido(request: Pedido, context: ContextoDoGuarda): Promise<UsuarioLogado | null> {
  const token = await tokenDoPedido(request);
  if (!token) return null;
  const buscar = () =>
    autenticarToken({ db: context.db, hotsiteId: context.marca.id, token }).then((sessao) =>
      sessao ? carregarUsuario(context.db, sessao.usuarioId) : null,
    );
  const metodo = 'method' in request ? String(request.method).toUpperCase() : 'GET';
  if (metodo !== 'GET' && metodo !== 'HEAD') return buscar();
  const porToken = memoDoPedido(context);
  let usuario = porToken.get(token);
  if (!usuario) {
    usuario = buscar();
    porToken.set(token, usuario);
    // A failed lookup is not remembered: the next caller asks the database again.
    usuario.catch(() => porToken.delete(token));
  }
  return usuario;
}

function paraLogin(request: Request, mensagem: string): never {
  const url = new URL(request.url);
  const destino = `${url.pathname}${url.search}`;
  throw redirecionar(`/login?${new URLSearchParams({ redirectTo: destino, mensagem })}`);
}

/** Pages: logged in, or redirect to /login with the message and the return target. */
export async function exigirLogin(
  request: Request,
  context: ContextoDoGuarda,
  mensagem: string = MENSAGENS_ACESSO.clienteNaoLogado,
): Promise<UsuarioLogado> {
  return (await usuarioDoPedido(request, context)) ?? paraLogin(request, mensagem);
}

/**
 * Pages: a route with a role list needs one of its roles. Not logged in → /login with
 * 'Efetuar login para acessar esta página'; logged in without a role → 403 with the spec's message.
 */
export async function exigirPapel(request: Request, context: ContextoDoGuarda, papeis: readonly string[]): Promise<UsuarioLogado> {
  const u = await exigirLogin(request, context, MENSAGENS_ACESSO.naoLogado);
  if (!temAlgumPapel(u.papeis, papeis)) {
    throw new Response(MENSAGENS_ACESSO.semPapel(papeis), { status: 403, statusText: 'Forbidden' });
  }
  return u;
}

/** JSON API: the same checks, as 401/403 errors with the spec's messages. */
export async function exigirPapelApi(
  request: Pedido,
  context: Pick<ContextoDoGuarda, 'db' | 'marca'>,
  papeis: readonly string[] = [],
): Promise<UsuarioLogado> {
  const u = await usuarioDoPedido(request, context);
  if (!u) throw new ErroHttp(401, MENSAGENS_ACESSO.naoLogado);
  if (!temAlgumPapel(u.papeis, papeis)) throw new ErroHttp(403, MENSAGENS_ACESSO.semPapel(papeis));
  return u;
}

/**
 * Pages: the rule of the route that matched (see `regras-de-rota.ts`). The route guard checked it
 * before the route's code ran; a loader or action calls this for the user it may use. Outside the
 * guard (no route named in the context) nothing is allowed: fail closed.
 */
export async function exigirAcesso(request: Request, context: ContextoDoGuarda): Promise<UsuarioLogado | null> {
  if (!context.rota?.regra) throw new Response(MENSAGENS_ACESSO.semRegra, { status: 403, statusText: 'Forbidden' });
  return verificarRegra(request, context, context.rota.regra);
}

/** Checks one route rule for this request; answers the user (null for a visitor on an open route). */
export async function verificarRegra(request: Request, context: ContextoDoGuarda, regra: RegraDeRota): Promise<UsuarioLogado | null> {
  if (regra === 'livre') return null;
  if (regra === 'vitrine') return verificarVitrine(request, context);
  if (regra === 'cliente') return exigirLogin(request, context, MENSAGENS_ACESSO.clienteNaoLogado);
  return exigirPapel(request, context, regra === 'interno' ? ACESSO_AREA_ADMIN : regra);
}

/**
 * The public site, as the brand allows it: login required to view, and a viewing window. Staff pass,
 * so a brand can be prepared before it opens.
 */
async function verificarVitrine(request: Request, context: ContextoDoGuarda): Promise<UsuarioLogado | null> {
  const { marca } = context;
  // Looked up on an open brand too (once per request, shared with the page's loaders): a session that
  // must enrol in 2FA is sent to do it instead of browsing as its user.
  const u = await usuarioDoPedido(request, context);
  if (!vitrineTemRestricao(marca)) return u;
  const restricao = restricaoDaVitrine(marca, { logado: !!u, interno: !!u?.interno });
  if (restricao === 'antes')
    throw new Response(MENSAGENS_ACESSO.visualizacaoAntes(marca.visualizacaoInicio!), { status: 403, statusText: 'Forbidden' });
  if (restricao === 'depois') throw new Response(MENSAGENS_ACESSO.visualizacaoEncerrada, { status: 403, statusText: 'Forbidden' });
  if (restricao === 'login') paraLogin(request, MENSAGENS_ACESSO.clienteNaoLogado);
  return u;
}

/** JSON API: the same brand rules for the public catalogue, as 401/403 errors. */
export async function exigirVitrineApi(request: Pedido, context: ContextoDoGuarda): Promise<void> {
  const { marca } = context;
  if (!vitrineTemRestricao(marca)) return;
  const u = await usuarioDoPedido(request, context);
  const restricao = restricaoDaVitrine(marca, { logado: !!u, interno: !!u?.interno });
  if (restricao === 'antes') throw new ErroHttp(403, MENSAGENS_ACESSO.visualizacaoAntes(marca.visualizacaoInicio!));
  if (restricao === 'depois') throw new ErroHttp(403, MENSAGENS_ACESSO.visualizacaoEncerrada);
  if (restricao === 'login') throw new ErroHttp(401, MENSAGENS_ACESSO.clienteNaoLogado);
}
