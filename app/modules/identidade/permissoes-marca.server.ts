import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { hotsiteAlteracao, usuarioHotsite } from '@db/schema';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { ErroHttp } from '~/utils/errors';

/** Roles that may open the brand editor at all; MKT is then limited per brand. */
export const PAPEIS_EDITORES = [PAPEIS_INTERNOS.ADM, PAPEIS_INTERNOS.MKT] as const;

export const MENSAGEM_MARCA_NAO_ATRIBUIDA = 'Você não tem permissão para editar esta marca';

export const ehAdm = (u: Pick<UsuarioLogado, 'papeis'>) => u.papeis.includes(PAPEIS_INTERNOS.ADM);

/** Interno - ADM edits every brand; Interno - MKT only the brands assigned to them (usuario_hotsite). */
export async function podeEditarHotsite({ db, usuario, hotsiteId }: { db: Db; usuario: UsuarioLogado; hotsiteId: number }) {
  if (ehAdm(usuario)) return true;
  if (!usuario.papeis.includes(PAPEIS_INTERNOS.MKT)) return false;
  const [linha] = await db
    .select({ u: usuarioHotsite.usuarioId })
    .from(usuarioHotsite)
    .where(and(eq(usuarioHotsite.usuarioId, usuario.id), eq(usuarioHotsite.hotsiteId, hotsiteId)));
  return Boolean(linha);
}

/** Same check as an error: 403 with a pt-BR message. */
export async function exigirEdicaoHotsite(args: { db: Db; usuario: UsuarioLogado; hotsiteId: number }) {
  if (!(await podeEditarHotsite(args))) throw new ErroHttp(403, MENSAGEM_MARCA_NAO_ATRIBUIDA);
}

/** The ids a user may edit, or 'todas' for an ADM. */
export async function hotsitesEditaveis({ db, usuario }: { db: Db; usuario: UsuarioLogado }): Promise<number[] | 'todas'> {
  if (ehAdm(usuario)) return 'todas';
  if (!usuario.papeis.includes(PAPEIS_INTERNOS.MKT)) return [];
  const linhas = await db.select({ id: usuarioHotsite.hotsiteId }).from(usuarioHotsite).where(eq(usuarioHotsite.usuarioId, usuario.id));
  return linhas.map((l) => l.id);
}

export type Acao = 'criou' | 'alterou' | 'apagou' | 'duplicou' | 'prioridade' | 'atribuiu' | 'removeu';

/** One audit row per change, written in the same transaction as the change. */
export async function registrarAlteracao(
  tx: Tx | Db,
  r: { hotsiteId: number; usuarioId: number | null; entidade: string; entidadeId?: number | null; acao: Acao; detalhes?: unknown },
) {
  await tx.insert(hotsiteAlteracao).values({
    hotsiteId: r.hotsiteId,
    usuarioId: r.usuarioId,
    entidade: r.entidade,
    entidadeId: r.entidadeId ?? null,
    acao: r.acao,
    detalhes: r.detalhes ?? null,
  });
}
