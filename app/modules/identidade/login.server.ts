import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { refreshToken, sessao, tentativaLogin, tokenUsoUnico, usuario, usuarioPapel } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { ACESSOS } from '~/modules/dominio/acessos';
import { devolverTentativa, exigirTentativa, LIMITES, registrarTentativa, reservarTentativa, zerarTentativas } from './limite.server';
import { ehPapelInterno, temAlgumPapel } from '~/modules/dominio/papeis';
import { hashDeReferencia, verificarSenha } from './senha.server';
import { aceitarCodigo2fa } from './dois-fatores.server';
import { criarSessao, hashToken } from './sessions.server';
import { loginPorHashSchema, loginSchema, loginTokenUsoUnicoSchema } from './validacao';

export const MENSAGENS_LOGIN = {
  credenciais: 'E-mail ou senha inválidos',
  bloqueado: 'Usuário bloqueado. Entre em contato com o atendimento.',
  codigoNecessario: 'Informe o código de autenticação de dois fatores',
  codigoInvalido: 'Código de autenticação inválido',
  twoFactorBloqueado: 'Autenticação em dois fatores bloqueada. Entre em contato com o atendimento para liberar o recadastramento.',
  tokenInvalido: 'Token inválido',
  hashInvalido: 'Link de acesso inválido ou expirado',
  somenteInterno: 'Acesso restrito a usuários internos',
  usoUnicoCom2fa: 'Usuários com autenticação em dois fatores devem entrar pela página de login',
} as const;

/** Durations: pages and API tokens; refresh tokens live longer when the user asked to stay logged in. */
export const DURACOES = {
  sessaoMs: 8 * 60 * 60 * 1000,
  sessaoManterLogadoMs: 30 * 24 * 60 * 60 * 1000,
  tokenApiMs: 60 * 60 * 1000,
  refreshMs: 12 * 60 * 60 * 1000,
  refreshManterLogadoMs: 30 * 24 * 60 * 60 * 1000,
  hashLoginMs: 10 * 60 * 1000,
};
/** Consecutive wrong 2FA codes that block two-factor login until staff with the 2FA-unblock role clears it. */
export const MAX_FALHAS_2FA = LIMITES.codigo2fa.tentativas;

export interface ResultadoLogin {
  id: number;
  nome: string;
  token: string;
  refreshToken: string;
  twoFactorHabilitado: boolean;
  twoFactorObrigatorio: boolean;
  twoFactorBloqueado: boolean;
  roles: string[];
  dataFimToken: string;
}

interface Origem {
  ip: string;
  userAgent?: string | null;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Staff (hotsiteId null) log in on any brand; a client only on the brand it signed up on. */
async function buscarPorEmail(db: Db, hotsiteId: number, email: string) {
  const [u] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.email, email), or(isNull(usuario.hotsiteId), eq(usuario.hotsiteId, hotsiteId))))
    .orderBy(usuario.hotsiteId) // a brand's client before a staff account with the same e-mail
    .limit(1);
  return u ?? null;
}

async function papeisDe(db: Db, usuarioId: number) {
  return (await db.select({ papel: usuarioPapel.papel }).from(usuarioPapel).where(eq(usuarioPapel.usuarioId, usuarioId))).map(
    (p) => p.papel,
  );
}

/** Opens a session and a refresh-token family for a user who has proven who they are. */
async function abrirSessao(
  db: Db,
  u: typeof usuario.$inferSelect,
  hotsiteId: number,
  manterLogado: boolean,
  origem: Origem,
  duracaoMs: number,
): Promise<ResultadoLogin & { expiraEm: Date }> {
  const familia = randomUUID();
  const { token, expiraEm } = await criarSessao({ db, usuarioId: u.id, hotsiteId, duracaoMs });
  await db
    .update(sessao)
    .set({ familia, ip: origem.ip, userAgent: origem.userAgent?.slice(0, 300) ?? null })
    .where(eq(sessao.tokenHash, hashToken(token)));
  const refresh = await emitirRefresh(db, { hotsiteId, usuarioId: u.id, familia, manterLogado, tokenSessao: token });
  return {
    id: u.id,
    nome: u.nome,
    token,
    refreshToken: refresh,
    twoFactorHabilitado: u.twoFactorHabilitado,
    twoFactorObrigatorio: u.twoFactorObrigatorio,
    twoFactorBloqueado: u.twoFactorBloqueado,
    roles: await papeisDe(db, u.id),
    dataFimToken: expiraEm.toISOString(),
    expiraEm,
  };
}

async function emitirRefresh(
  db: Db,
  r: { hotsiteId: number; usuarioId: number; familia: string; manterLogado: boolean; tokenSessao: string },
): Promise<string> {
  const valor = randomBytes(32).toString('base64url');
  const [s] = await db
    .select({ id: sessao.id })
    .from(sessao)
    .where(eq(sessao.tokenHash, hashToken(r.tokenSessao)));
  await db.insert(refreshToken).values({
    hotsiteId: r.hotsiteId,
    usuarioId: r.usuarioId,
    sessaoId: s?.id ?? null,
    familia: r.familia,
    tokenHash: sha(valor),
    manterLogado: r.manterLogado,
    expiraEm: new Date(Date.now() + (r.manterLogado ? DURACOES.refreshManterLogadoMs : DURACOES.refreshMs)),
  });
  return valor;
}

/**
 * E-mail + password (+ TOTP code when two-factor is enabled). Every refusal is a 4xx in pt-BR; every
 * attempt is recorded, which feeds the rate limit and the "last logins" list.
 * `canal`: 'api' issues a short token (renewed by refresh), 'pagina' a cookie-length session.
 */
export async function efetuarLogin({
  db,
  hotsiteId,
  entrada,
  origem,
  canal = 'api',
  somenteInterno = false,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  origem: Origem;
  canal?: 'api' | 'pagina';
  somenteInterno?: boolean;
}): Promise<ResultadoLogin & { expiraEm: Date; manterLogado: boolean }> {
  const { email, senha, manterLogado, twoFactorcode } = loginSchema.parse(entrada);
  // Counted before argon2 runs (decision 106): of any number of concurrent guesses, at most the limit are checked.
  await reservarLogin(db, origem.ip, email);
  const tentativa = (sucesso: boolean, usuarioId: number | null, motivo?: string) =>
    registrarTentativa(db, { hotsiteId, usuarioId, email, ip: origem.ip, userAgent: origem.userAgent, sucesso, motivo });

  const u = await buscarPorEmail(db, hotsiteId, email);
  const senhaOk = await verificarSenha(u?.senhaHash ?? (await hashDeReferencia()), senha);
  if (!u || !senhaOk) {
    await tentativa(false, u?.id ?? null, 'senha');
    throw new ErroHttp(401, MENSAGENS_LOGIN.credenciais);
  }
  if (u.bloqueado) {
    await tentativa(false, u.id, 'bloqueado');
    throw new ErroHttp(403, u.motivoBloqueio ? `${MENSAGENS_LOGIN.bloqueado} Motivo: ${u.motivoBloqueio}` : MENSAGENS_LOGIN.bloqueado);
  }
  const papeis = await papeisDe(db, u.id);
  if (somenteInterno && !papeis.some(ehPapelInterno)) {
    await tentativa(false, u.id, 'nao-interno');
    throw new ErroHttp(403, MENSAGENS_LOGIN.somenteInterno);
  }
  if (u.twoFactorHabilitado) {
    if (u.twoFactorBloqueado) {
      await tentativa(false, u.id, '2fa-bloqueado');
      throw new ErroHttp(403, MENSAGENS_LOGIN.twoFactorBloqueado, { twoFactorcode: [MENSAGENS_LOGIN.twoFactorBloqueado] });
    }
    if (!twoFactorcode) {
      // The right password without a code is the form's first step, not a guess: its attempts go back.
      await liberarLogin(db, origem.ip, email, false);
      throw new ErroHttp(401, MENSAGENS_LOGIN.codigoNecessario, { twoFactorcode: [MENSAGENS_LOGIN.codigoNecessario] });
    }
    await verificarCodigo2fa(db, u, twoFactorcode, () => tentativa(false, u.id, '2fa'));
  }
  await tentativa(true, u.id);
  await liberarLogin(db, origem.ip, email, true);
  const duracao = canal === 'api' ? DURACOES.tokenApiMs : manterLogado ? DURACOES.sessaoManterLogadoMs : DURACOES.sessaoMs;
  return { ...(await abrirSessao(db, u, hotsiteId, manterLogado, origem, duracao)), manterLogado };
}

/** One login attempt counted against the address and the account, or 429 (the spec's text) past either limit. */
async function reservarLogin(db: Db, ip: string, email: string) {
  await exigirTentativa(db, { limite: 'loginPorIp', chave: ip });
  await exigirTentativa(db, { limite: 'loginPorConta', chave: email });
}

/** A login that proved the password: the address gets its attempt back; a full success ends the account's run. */
async function liberarLogin(db: Db, ip: string, email: string, sucesso: boolean) {
  await devolverTentativa(db, { limite: 'loginPorIp', chave: ip });
  if (sucesso) await zerarTentativas(db, { limite: 'loginPorConta', chave: email });
  else await devolverTentativa(db, { limite: 'loginPorConta', chave: email });
}

/**
 * A TOTP code at login. The attempt is counted first; the MAX_FALHAS_2FA-th consecutive wrong code blocks
 * two-factor login until staff with the 2FA-unblock role clears it, and no code is checked past it.
 * Accepting is one conditional update ("a newer step than the last accepted one"), so a code is used once.
 */
async function verificarCodigo2fa(db: Db, u: typeof usuario.$inferSelect, codigo: string, falhou: () => Promise<void>) {
  const reserva = await reservarTentativa(db, { limite: 'codigo2fa', chave: String(u.id) });
  const bloquear = () => db.update(usuario).set({ twoFactorBloqueado: true }).where(eq(usuario.id, u.id));
  if (!reserva.permitida) {
    await falhou();
    await bloquear();
    throw new ErroHttp(403, MENSAGENS_LOGIN.twoFactorBloqueado, { twoFactorcode: [MENSAGENS_LOGIN.twoFactorBloqueado] });
  }
  const aceito = await aceitarCodigo2fa({ db, usuarioId: u.id, segredo: u.twoFactorSegredo, codigo });
  if (!aceito) {
    await falhou();
    if (reserva.n >= MAX_FALHAS_2FA) await bloquear();
    throw new ErroHttp(401, MENSAGENS_LOGIN.codigoInvalido, { twoFactorcode: [MENSAGENS_LOGIN.codigoInvalido] });
  }
  await zerarTentativas(db, { limite: 'codigo2fa', chave: String(u.id) });
}

/**
 * Refresh-token rotation. The presented token is consumed with a conditional update; if it had already
 * been used (stolen and replayed, or replayed by the thief after the owner), the whole family and its
 * sessions are revoked and both parties must log in again.
 */
export async function renovarToken({ db, hotsiteId, refreshToken: valor }: { db: Db; hotsiteId: number; refreshToken: unknown }) {
  if (typeof valor !== 'string' || valor.length < 20 || valor.length > 200) throw new ErroHttp(401, MENSAGENS_LOGIN.tokenInvalido);
  const [rt] = await db
    .select()
    .from(refreshToken)
    .where(and(eq(refreshToken.tokenHash, sha(valor)), eq(refreshToken.hotsiteId, hotsiteId)));
  if (!rt || rt.revogadoEm || rt.expiraEm <= new Date()) throw new ErroHttp(401, MENSAGENS_LOGIN.tokenInvalido);
  const consumido = await db
    .update(refreshToken)
    .set({ usadoEm: new Date() })
    .where(and(eq(refreshToken.id, rt.id), isNull(refreshToken.usadoEm)))
    .returning({ id: refreshToken.id });
  if (consumido.length === 0) {
    await revogarFamilia(db, rt.familia);
    throw new ErroHttp(401, MENSAGENS_LOGIN.tokenInvalido);
  }
  const [u] = await db.select().from(usuario).where(eq(usuario.id, rt.usuarioId));
  if (!u || u.bloqueado) throw new ErroHttp(401, MENSAGENS_LOGIN.tokenInvalido);
  // The session the old refresh token belonged to ends; the new one continues the family.
  if (rt.sessaoId) await db.update(sessao).set({ revogadaEm: new Date() }).where(eq(sessao.id, rt.sessaoId));
  const { token, expiraEm } = await criarSessao({ db, usuarioId: u.id, hotsiteId, duracaoMs: DURACOES.tokenApiMs });
  await db
    .update(sessao)
    .set({ familia: rt.familia })
    .where(eq(sessao.tokenHash, hashToken(token)));
  const novo = await emitirRefresh(db, {
    hotsiteId,
    usuarioId: u.id,
    familia: rt.familia,
    manterLogado: rt.manterLogado,
    tokenSessao: token,
  });
  return { token, refreshToken: novo, dataFimToken: expiraEm.toISOString() };
}

async function revogarFamilia(db: Db, familia: string) {
  const agora = new Date();
  await db
    .update(refreshToken)
    .set({ revogadoEm: agora })
    .where(and(eq(refreshToken.familia, familia), isNull(refreshToken.revogadoEm)));
  await db
    .update(sessao)
    .set({ revogadaEm: agora })
    .where(and(eq(sessao.familia, familia), isNull(sessao.revogadaEm)));
}

/** Where ended sessions are announced: the hub closes their open websockets on every instance. */
export type AvisoDeSessoes = Pick<Hub, 'sessoesEncerradas'>;

/** Logout: the session and its refresh family end. Unknown tokens are fine (already logged out). */
export async function efetuarLogout({
  db,
  hub,
  hotsiteId,
  token,
}: {
  db: Db;
  hub: AvisoDeSessoes;
  hotsiteId: number;
  token: string | null;
}) {
  if (!token) return;
  const [s] = await db
    .update(sessao)
    .set({ revogadaEm: new Date() })
    .where(and(eq(sessao.tokenHash, hashToken(token)), eq(sessao.hotsiteId, hotsiteId)))
    .returning({ familia: sessao.familia, usuarioId: sessao.usuarioId });
  if (s?.familia) await revogarFamilia(db, s.familia);
  if (s) await hub.sessoesEncerradas(s.usuarioId);
}

/** Ends every session of a user (password change, block), and their open websockets. */
export async function revogarSessoesDoUsuario(db: Db, usuarioId: number, hub: AvisoDeSessoes) {
  const agora = new Date();
  await db
    .update(sessao)
    .set({ revogadaEm: agora })
    .where(and(eq(sessao.usuarioId, usuarioId), isNull(sessao.revogadaEm)));
  await db
    .update(refreshToken)
    .set({ revogadoEm: agora })
    .where(and(eq(refreshToken.usuarioId, usuarioId), isNull(refreshToken.revogadoEm)));
  await hub.sessoesEncerradas(usuarioId);
}

/** A single-use, expiring login link (/admin-auth/{hash}); answers the secret once. */
export async function criarHashLogin({
  db,
  hotsiteId,
  usuarioId,
  criadoPor,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  criadoPor?: number | null;
}) {
  const hash = randomBytes(24).toString('base64url');
  const expiraEm = new Date(Date.now() + DURACOES.hashLoginMs);
  await db
    .insert(tokenUsoUnico)
    .values({ hotsiteId, usuarioId, tipo: 'login', tokenHash: sha(hash), expiraEm, criadoPor: criadoPor ?? null });
  return { hash, expiraEm: expiraEm.toISOString() };
}

/** A single-use secret of a kind on this brand, neither used nor expired. */
const tokenVivo = ({ hotsiteId, tipo, valor }: { hotsiteId: number; tipo: 'login' | 'redefinir-senha'; valor: string }) =>
  and(
    eq(tokenUsoUnico.tokenHash, sha(valor)),
    eq(tokenUsoUnico.hotsiteId, hotsiteId),
    eq(tokenUsoUnico.tipo, tipo),
    isNull(tokenUsoUnico.usadoEm),
    gt(tokenUsoUnico.expiraEm, new Date()),
  );

/** Consumes a single-use secret of a kind, atomically; answers the user id or throws 401. */
export async function consumirTokenUsoUnico({
  db,
  hotsiteId,
  tipo,
  valor,
  mensagem = MENSAGENS_LOGIN.hashInvalido,
}: {
  db: Db;
  hotsiteId: number;
  tipo: 'login' | 'redefinir-senha';
  valor: unknown;
  mensagem?: string;
}): Promise<number> {
  if (typeof valor !== 'string' || valor.length < 20 || valor.length > 200) throw new ErroHttp(401, mensagem);
  const [t] = await db
    .update(tokenUsoUnico)
    .set({ usadoEm: new Date() })
    .where(tokenVivo({ hotsiteId, tipo, valor }))
    .returning({ usuarioId: tokenUsoUnico.usuarioId });
  if (!t) throw new ErroHttp(401, mensagem);
  return t.usuarioId;
}

/** The user a live single-use secret belongs to, without spending it (the link asks for a code first). */
async function donoDoTokenUsoUnico({ db, hotsiteId, tipo, valor }: { db: Db; hotsiteId: number; tipo: 'login'; valor: unknown }) {
  if (typeof valor !== 'string' || valor.length < 20 || valor.length > 200) return null;
  const [t] = await db.select({ usuarioId: tokenUsoUnico.usuarioId }).from(tokenUsoUnico).where(tokenVivo({ hotsiteId, tipo, valor }));
  return t?.usuarioId ?? null;
}

/**
 * POST /v1/usuario/hash/efetuar-login and /admin-auth/{hash}. A link stands in for the password, never
 * for the second factor: a user with 2FA must also send `twoFactorcode`. Without it the link is kept
 * (the page asks for the code); with a wrong one it is spent, so each link is worth one guess.
 */
export async function loginPorHash({
  db,
  hotsiteId,
  hash,
  entrada = {},
  origem,
  canal = 'api',
}: {
  db: Db;
  hotsiteId: number;
  hash: unknown;
  /** The form or JSON body: `twoFactorcode`. */
  entrada?: unknown;
  origem: Origem;
  canal?: 'api' | 'pagina';
}) {
  const { twoFactorcode } = loginPorHashSchema.parse(entrada);
  const dono = await donoDoTokenUsoUnico({ db, hotsiteId, tipo: 'login', valor: hash });
  const [u] = dono
    ? await db
        .select()
        .from(usuario)
        .where(and(eq(usuario.id, dono), or(isNull(usuario.hotsiteId), eq(usuario.hotsiteId, hotsiteId))))
    : [];
  if (!u || u.bloqueado) throw new ErroHttp(401, MENSAGENS_LOGIN.hashInvalido);
  if (u.twoFactorHabilitado) {
    if (u.twoFactorBloqueado) throw new ErroHttp(403, MENSAGENS_LOGIN.twoFactorBloqueado);
    if (!twoFactorcode) throw new ErroHttp(401, MENSAGENS_LOGIN.codigoNecessario, { twoFactorcode: [MENSAGENS_LOGIN.codigoNecessario] });
  }
  await consumirTokenUsoUnico({ db, hotsiteId, tipo: 'login', valor: hash });
  // The same count as the login form's codes: the fifth wrong code in a row blocks 2FA (decision 106).
  if (u.twoFactorHabilitado)
    await verificarCodigo2fa(db, u, twoFactorcode ?? '', () =>
      registrarTentativa(db, {
        hotsiteId,
        usuarioId: u.id,
        email: u.email,
        ip: origem.ip,
        userAgent: origem.userAgent,
        sucesso: false,
        motivo: '2fa',
      }),
    );
  await registrarTentativa(db, {
    hotsiteId,
    usuarioId: u.id,
    email: u.email,
    ip: origem.ip,
    userAgent: origem.userAgent,
    sucesso: true,
    motivo: 'hash',
  });
  return abrirSessao(db, u, hotsiteId, false, origem, canal === 'api' ? DURACOES.tokenApiMs : DURACOES.sessaoMs);
}

/**
 * POST /v1/usuario/efetuar-login-token-uso-unico (nomeUsuario, senha): checks the password and answers
 * a single-use login hash, for handing a login to another app. Refused for two-factor users, whom it
 * would let skip the code.
 */
export async function loginTokenUsoUnico({
  db,
  hotsiteId,
  entrada,
  origem,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  origem: Origem;
}) {
  const { nomeUsuario, senha } = loginTokenUsoUnicoSchema.parse(entrada);
  await reservarLogin(db, origem.ip, nomeUsuario);
  const u = await buscarPorEmail(db, hotsiteId, nomeUsuario);
  const ok = await verificarSenha(u?.senhaHash ?? (await hashDeReferencia()), senha);
  await registrarTentativa(db, {
    hotsiteId,
    usuarioId: u?.id ?? null,
    email: nomeUsuario,
    ip: origem.ip,
    userAgent: origem.userAgent,
    sucesso: !!u && ok,
    motivo: 'token-uso-unico',
  });
  if (!u || !ok) throw new ErroHttp(401, MENSAGENS_LOGIN.credenciais);
  await liberarLogin(db, origem.ip, nomeUsuario, true);
  if (u.bloqueado) throw new ErroHttp(403, MENSAGENS_LOGIN.bloqueado);
  if (u.twoFactorHabilitado) throw new ErroHttp(403, MENSAGENS_LOGIN.usoUnicoCom2fa);
  return criarHashLogin({ db, hotsiteId, usuarioId: u.id });
}

/** GET /v1/usuario/rotas: every route of the access table this user may open. */
export function rotasDoUsuario(papeis: readonly string[]): string[] {
  return Object.entries(ACESSOS)
    .filter(([, acesso]) => acesso === 'cliente' || temAlgumPapel(papeis, acesso))
    .map(([rota]) => rota)
    .sort();
}

/** Last successful logins of a user (client area, staff user screen). */
export function ultimosLogins({ db, usuarioId, limite = 10 }: { db: Db; usuarioId: number; limite?: number }) {
  return db
    .select({
      data: tentativaLogin.createdAt,
      ip: tentativaLogin.ip,
      userAgent: tentativaLogin.userAgent,
      hotsiteId: tentativaLogin.hotsiteId,
    })
    .from(tentativaLogin)
    .where(and(eq(tentativaLogin.usuarioId, usuarioId), eq(tentativaLogin.sucesso, true)))
    .orderBy(desc(tentativaLogin.id))
    .limit(limite);
}
