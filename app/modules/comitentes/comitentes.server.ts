import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { booleano, inteiro, textoOpcional, urlOpcional } from '~/modules/dominio/campos';
import { cnpjValido, formatarCnpj, normalizarCnpj } from '~/modules/dominio/documentos-br';
import { textoLivre } from '~/utils/entrada';
import { naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { type Comitentes, filtroComitentes, MENSAGENS_USUARIO_COMITENTE } from './usuarios-comitente.server';

/*
 * Sellers (comitentes) of a brand: the back office's list and form (spec 001 §3 "Committent", the
 * columns `comitente` has). Every query filters by hotsiteId; a seller user (decision 011) sees only
 * the sellers they are tied to, through `comitentes` ('todos' for ADM).
 */

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroComitentesSchema = z.object({
  nome: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  grupo: z.preprocess(vazioParaIndefinido, textoLivre(50).optional()),
  ativo: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false'], { error: 'ativo deve ser true ou false' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

const cnpjOpcional = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? normalizarCnpj(v) : null) : v),
    z
      .string({ error: 'CNPJ inválido' })
      .refine(cnpjValido, 'CNPJ inválido')
      .transform(formatarCnpj) // stored formatted, as the seed's sellers and the sale's documents show it
      .nullable(),
  )
  .optional();

/** The seller form and its API body. */
export const comitenteSchema = z.object({
  nomeSite: z.preprocess((v) => v ?? '', textoLivre(200).pipe(z.string().min(1, 'Informe o nome do comitente'))),
  razaoSocial: textoOpcional(200),
  cnpj: cnpjOpcional,
  logomarcaUrl: urlOpcional('Endereço da logomarca inválido'),
  grupo: textoOpcional(50),
  ativo: booleano,
});

export interface ComitenteLinha {
  id: number;
  uid: string;
  nomeSite: string;
  razaoSocial: string | null;
  cnpj: string | null;
  logomarcaUrl: string | null;
  existeLogomarca: boolean;
  grupo: string | null;
  ativo: boolean;
  quantidadeContas: number;
  quantidadeUsuarios: number;
}

const colunas = sql`c.id, c.uid, c.nome_site AS "nomeSite", c.razao_social AS "razaoSocial", c.cnpj,
  c.logomarca_url AS "logomarcaUrl", c.existe_logomarca AS "existeLogomarca", c.grupo, c.ativo,
  (SELECT count(*)::int FROM conta_bancaria cb WHERE cb.hotsite_id = c.hotsite_id AND cb.comitente_id = c.id) AS "quantidadeContas",
  (SELECT count(*)::int FROM usuario_comitente uc WHERE uc.hotsite_id = c.hotsite_id AND uc.comitente_id = c.id) AS "quantidadeUsuarios"`;

const normal = (r: ComitenteLinha): ComitenteLinha => ({
  ...r,
  id: Number(r.id),
  quantidadeContas: Number(r.quantidadeContas),
  quantidadeUsuarios: Number(r.quantidadeUsuarios),
});

/** Paged, filterable list (by name, group, active), alphabetical. */
export async function listarComitentesPaginado({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}) {
  const f = filtroComitentesSchema.parse(filtro);
  const escapar = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const onde = sql.join(
    [
      sql`c.hotsite_id = ${hotsiteId}`,
      filtroComitentes(sql`c.id`, comitentes),
      f.nome ? sql`(c.nome_site ILIKE ${`%${escapar(f.nome)}%`} OR c.razao_social ILIKE ${`%${escapar(f.nome)}%`})` : sql`TRUE`,
      f.grupo ? sql`c.grupo = ${f.grupo}` : sql`TRUE`,
      f.ativo ? sql`c.ativo = ${f.ativo === 'true'}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM comitente c WHERE ${onde}`));
  const itens = linhas<ComitenteLinha>(
    await db.execute(sql`SELECT ${colunas} FROM comitente c WHERE ${onde} ORDER BY c.nome_site, c.id
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** One seller of the brand that the user may see; anything else is 404. */
export async function obterComitente({ db, hotsiteId, comitentes, id }: { db: Db; hotsiteId: number; comitentes: Comitentes; id: number }) {
  const [c] = linhas<ComitenteLinha>(
    await db.execute(
      sql`SELECT ${colunas} FROM comitente c WHERE c.hotsite_id = ${hotsiteId} AND c.id = ${id} AND ${filtroComitentes(sql`c.id`, comitentes)}`,
    ),
  );
  if (!c) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  return normal(c);
}

/** The seller groups in use on the brand (`listar-grupos-comitentes`). */
export async function gruposDeComitentes({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<{ grupo: string }>(
    await db.execute(sql`SELECT DISTINCT grupo FROM comitente WHERE hotsite_id = ${hotsiteId} AND grupo IS NOT NULL ORDER BY grupo`),
  ).map((r) => String(r.grupo));
}

/** Creates a seller (id null) or changes one of the brand's; answers its id. */
export async function salvarComitente({
  db,
  hotsiteId,
  id,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  id: number | null;
  entrada: unknown;
}): Promise<{ id: number; uid: string }> {
  const e = comitenteSchema.parse(entrada);
  const logo = e.logomarcaUrl ?? null;
  if (id === null) {
    const [novo] = linhas<{ id: number; uid: string }>(
      await db.execute(sql`INSERT INTO comitente (hotsite_id, nome_site, razao_social, cnpj, logomarca_url, existe_logomarca, grupo, ativo)
        VALUES (${hotsiteId}, ${e.nomeSite}, ${e.razaoSocial ?? null}, ${e.cnpj ?? null}, ${logo}, ${logo !== null}, ${e.grupo ?? null}, ${e.ativo})
        RETURNING id, uid`),
    );
    return { id: Number(novo.id), uid: String(novo.uid) };
  }
  const [alterado] = linhas<{ id: number; uid: string }>(
    await db.execute(sql`UPDATE comitente SET nome_site = ${e.nomeSite}, razao_social = ${e.razaoSocial ?? null}, cnpj = ${e.cnpj ?? null},
        logomarca_url = ${logo}, existe_logomarca = ${logo !== null}, grupo = ${e.grupo ?? null}, ativo = ${e.ativo},
        updated_at = now()
      WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id, uid`),
  );
  if (!alterado) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  return { id: Number(alterado.id), uid: String(alterado.uid) };
}

/** The users tied to one seller (the seller form's users tab). */
export async function usuariosDoComitente({ db, hotsiteId, comitenteId }: { db: Db; hotsiteId: number; comitenteId: number }) {
  return linhas<{ id: number; uid: string; nome: string; email: string }>(
    await db.execute(sql`SELECT u.id, u.uid, u.nome, u.email FROM usuario_comitente uc JOIN usuario u ON u.id = uc.usuario_id
                          WHERE uc.hotsite_id = ${hotsiteId} AND uc.comitente_id = ${comitenteId} ORDER BY u.nome, u.id`),
  ).map((u) => ({ ...u, id: Number(u.id) }));
}

export const emailDoUsuarioSchema = z.object({
  email: z.email({ error: 'E-mail inválido' }).max(254, 'E-mail inválido'),
});

/** A user to tie by e-mail: platform staff or this brand's own user; another brand's is not found. */
export async function usuarioPorEmail({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const { email } = emailDoUsuarioSchema.parse(entrada);
  const [u] = linhas<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM usuario WHERE lower(email) = lower(${email}) AND (hotsite_id IS NULL OR hotsite_id = ${hotsiteId}) ORDER BY hotsite_id NULLS LAST LIMIT 1`,
    ),
  );
  if (!u) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.usuarioNaoEncontrado);
  return { id: Number(u.id) };
}
