import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { bloqueioAcesso, bloqueioTentativa, TIPOS_BLOQUEIO, usuario } from '@db/schema';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { dataSchema, textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { criarVerificador, valorCanonico, type RegraDeBloqueio } from './casar-bloqueio';

const m = operacoes.bloqueio;

/**
 * The brand's blocks as a matcher, kept in the brand cache (decision 192): a login or a bid asks a Map
 * and a few address checks, never the database; creating or removing a block publishes
 * `hotsite-alterado`, which drops the entry on every instance. Expired blocks stop matching by
 * themselves (the matcher compares each expiry with the time asked).
 */
function verificadorDaMarca({ db, hotsites, hotsiteId }: { db: Db; hotsites: HotsiteCache; hotsiteId: number }) {
  return hotsites.daMarca('bloqueios', hotsiteId, async () => {
    const regras: RegraDeBloqueio[] = await db
      .select({ id: bloqueioAcesso.id, tipo: bloqueioAcesso.tipo, valor: bloqueioAcesso.valor, expiraEm: bloqueioAcesso.expiraEm })
      .from(bloqueioAcesso)
      .where(eq(bloqueioAcesso.hotsiteId, hotsiteId));
    return criarVerificador(regras);
  });
}

/** What our clients send to name their device: the `X-Dispositivo` header (apps, API) or the `dispositivo` cookie. */
export function dispositivoDoPedido(cabecalho: (nome: string) => string | null | undefined): string | null {
  const direto = cabecalho('x-dispositivo');
  if (direto) return direto.slice(0, 128);
  const cookie = /(?:^|;\s*)dispositivo=([^;]{1,128})/.exec(cabecalho('cookie') ?? '');
  return cookie ? decodeURIComponent(cookie[1]!) : null;
}

/**
 * Refuses (403, pt-BR) a login or bid from a blocked address, range or device of this brand and records
 * the attempt for staff. Called by the login and bid entry points of the pages and the API, before the
 * use case runs.
 */
export async function recusarSeBloqueado({
  db,
  hotsites,
  hotsiteId,
  ip,
  dispositivo,
  acao,
  email,
}: {
  db: Db;
  hotsites: HotsiteCache;
  hotsiteId: number;
  ip: string;
  dispositivo: string | null;
  acao: 'login' | 'lance';
  email?: string | null;
}) {
  const verificar = await verificadorDaMarca({ db, hotsites, hotsiteId });
  const regra = verificar({ ip, dispositivo }, new Date());
  if (!regra) return;
  await db.insert(bloqueioTentativa).values({
    hotsiteId,
    bloqueioId: regra.id,
    acao,
    ip: ip.slice(0, 64),
    dispositivo: dispositivo?.slice(0, 128) ?? null,
    email: typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) || null : null,
  });
  throw new ErroHttp(403, m.recusado);
}

export const bloqueioSchema = z
  .object({
    tipo: z.enum(TIPOS_BLOQUEIO, 'Escolha o tipo: endereço, faixa ou dispositivo'),
    valor: textoLivre(160),
    motivo: textoLivre(300).pipe(z.string().min(3, 'Informe o motivo do bloqueio')),
    expiraEm: z.preprocess((v) => (v === '' ? undefined : v), dataSchema({ mensagem: 'Data de expiração inválida' }).optional()),
  })
  .transform((e, ctx) => {
    const valor = valorCanonico(e.tipo, e.valor);
    if (!valor) {
      const mensagem = e.tipo === 'ip' ? m.ipInvalido : e.tipo === 'faixa' ? m.faixaInvalida : m.dispositivoInvalido;
      ctx.addIssue({ code: 'custom', message: mensagem, path: ['valor'] });
      return z.NEVER;
    }
    return { ...e, valor };
  });

export async function criarBloqueio({
  db,
  hotsites,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsites: HotsiteCache;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const e = bloqueioSchema.parse(entrada);
  if (e.expiraEm && e.expiraEm <= new Date()) throw new ErroHttp(400, m.expiraNoPassado, { expiraEm: [m.expiraNoPassado] });
  const [novo] = await db
    .insert(bloqueioAcesso)
    .values({ hotsiteId, tipo: e.tipo, valor: e.valor, motivo: e.motivo, expiraEm: e.expiraEm ?? null, criadoPorId: usuarioId })
    .onConflictDoNothing()
    .returning({ id: bloqueioAcesso.id });
  if (!novo) throw new ErroHttp(409, m.duplicado, { valor: [m.duplicado] });
  await hotsites.hotsiteAlterado(hotsiteId);
  return novo;
}

export async function removerBloqueio({ db, hotsites, hotsiteId, id }: { db: Db; hotsites: HotsiteCache; hotsiteId: number; id: unknown }) {
  const bid = idSchema(m.naoEncontrado).parse(id);
  const apagados = await db
    .delete(bloqueioAcesso)
    .where(and(eq(bloqueioAcesso.id, bid), eq(bloqueioAcesso.hotsiteId, hotsiteId)))
    .returning({ id: bloqueioAcesso.id });
  if (!apagados.length) throw new ErroHttp(404, m.naoEncontrado);
  await hotsites.hotsiteAlterado(hotsiteId);
}

export async function listarBloqueios({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({
      id: bloqueioAcesso.id,
      tipo: bloqueioAcesso.tipo,
      valor: bloqueioAcesso.valor,
      motivo: bloqueioAcesso.motivo,
      expiraEm: bloqueioAcesso.expiraEm,
      createdAt: bloqueioAcesso.createdAt,
      criadoPor: usuario.nome,
    })
    .from(bloqueioAcesso)
    .leftJoin(usuario, eq(usuario.id, bloqueioAcesso.criadoPorId))
    .where(eq(bloqueioAcesso.hotsiteId, hotsiteId))
    .orderBy(desc(bloqueioAcesso.createdAt))
    .limit(500);
}

/** The latest refused attempts, newest first, with the block that refused them. */
export async function listarTentativas({ db, hotsiteId, limite = 100 }: { db: Db; hotsiteId: number; limite?: number }) {
  return db
    .select({
      id: bloqueioTentativa.id,
      acao: bloqueioTentativa.acao,
      ip: bloqueioTentativa.ip,
      dispositivo: bloqueioTentativa.dispositivo,
      email: bloqueioTentativa.email,
      createdAt: bloqueioTentativa.createdAt,
      bloqueio: bloqueioAcesso.valor,
    })
    .from(bloqueioTentativa)
    .leftJoin(bloqueioAcesso, eq(bloqueioAcesso.id, bloqueioTentativa.bloqueioId))
    .where(eq(bloqueioTentativa.hotsiteId, hotsiteId))
    .orderBy(desc(bloqueioTentativa.createdAt), desc(bloqueioTentativa.id))
    .limit(limite);
}
