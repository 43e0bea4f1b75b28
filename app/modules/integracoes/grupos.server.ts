import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';

/*
 * Consignor groups as records (spec 001 §3 "Consignor group": id, uid, cogSigla, nome; decision 169). A seller
 * names its group by sigla (`comitente.grupo`, as the sellers' screen and `listar-grupos-comitentes` always
 * did); the record gives the sigla a name and a uid. Changing a sigla carries the brand's sellers along.
 */

export const MENSAGENS_GRUPO = {
  naoEncontrado: 'Grupo de comitentes não encontrado',
  siglaRepetida: 'Já existe um grupo com esta sigla',
} as const;

export const grupoSchema = z.object({
  cogSigla: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    textoLivre(50).pipe(
      z
        .string()
        .min(2, 'Informe a sigla do grupo')
        .regex(/^[A-Z0-9_-]+$/, 'Sigla inválida: use letras sem acento, números, hífen ou sublinhado'),
    ),
  ),
  nome: z.preprocess((v) => v ?? '', textoLivre(80).pipe(z.string().min(2, 'Informe o nome do grupo'))),
});

export interface GrupoDeComitentes {
  id: number;
  uid: string;
  cogSigla: string;
  nome: string;
  quantidadeComitentes: number;
}

const colunas = sql`g.id, g.uid, g.cog_sigla AS "cogSigla", g.nome,
  (SELECT count(*)::int FROM comitente c WHERE c.hotsite_id = g.hotsite_id AND c.grupo = g.cog_sigla) AS "quantidadeComitentes"`;
const normal = (g: GrupoDeComitentes): GrupoDeComitentes => ({
  ...g,
  id: Number(g.id),
  quantidadeComitentes: Number(g.quantidadeComitentes),
});

export async function listarGrupos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<GrupoDeComitentes>(
    await db.execute(sql`SELECT ${colunas} FROM comitente_grupo g WHERE g.hotsite_id = ${hotsiteId} ORDER BY g.nome, g.id`),
  ).map(normal);
}

export async function obterGrupo({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [g] = linhas<GrupoDeComitentes>(
    await db.execute(sql`SELECT ${colunas} FROM comitente_grupo g WHERE g.hotsite_id = ${hotsiteId} AND g.id = ${id}`),
  );
  if (!g) throw naoEncontrado(MENSAGENS_GRUPO.naoEncontrado);
  return normal(g);
}

/** Creates (id null) or changes a group; a new sigla is carried to the sellers that used the old one. */
export async function salvarGrupo({ db, hotsiteId, id, entrada }: { db: Db; hotsiteId: number; id: number | null; entrada: unknown }) {
  const e = grupoSchema.parse(entrada);
  const repetida = () => new ErroHttp(409, MENSAGENS_GRUPO.siglaRepetida, { cogSigla: [MENSAGENS_GRUPO.siglaRepetida] });
  return db.transaction(async (tx) => {
    const [outro] = linhas<{ id: number }>(
      await tx.execute(sql`SELECT id FROM comitente_grupo WHERE hotsite_id = ${hotsiteId} AND cog_sigla = ${e.cogSigla}`),
    );
    if (outro && Number(outro.id) !== id) throw repetida();
    if (id === null) {
      const [novo] = linhas<{ id: number }>(
        await tx.execute(sql`INSERT INTO comitente_grupo (hotsite_id, cog_sigla, nome) VALUES (${hotsiteId}, ${e.cogSigla}, ${e.nome})
                             ON CONFLICT (hotsite_id, cog_sigla) DO NOTHING RETURNING id`),
      );
      if (!novo) throw repetida();
      return { id: Number(novo.id) };
    }
    const [antes] = linhas<{ cog_sigla: string }>(
      await tx.execute(sql`SELECT cog_sigla FROM comitente_grupo WHERE hotsite_id = ${hotsiteId} AND id = ${id} FOR UPDATE`),
    );
    if (!antes) throw naoEncontrado(MENSAGENS_GRUPO.naoEncontrado);
    await tx.execute(sql`UPDATE comitente_grupo SET cog_sigla = ${e.cogSigla}, nome = ${e.nome}, updated_at = now()
                         WHERE hotsite_id = ${hotsiteId} AND id = ${id}`);
    if (antes.cog_sigla !== e.cogSigla) {
      await tx.execute(
        sql`UPDATE comitente SET grupo = ${e.cogSigla}, updated_at = now() WHERE hotsite_id = ${hotsiteId} AND grupo = ${antes.cog_sigla}`,
      );
    }
    return { id };
  });
}
