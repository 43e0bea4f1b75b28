import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { inteiro } from '~/modules/dominio/campos';
import { textoLivre } from '~/utils/entrada';
import { contagemDaMarca } from '~/utils/i18n';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/*
 * Integration tags (spec 001 §3 "Integration tag": uid, nome, chave, integradora; screens
 * `/admin/comitente-integracao-tags` and `/admin/comitente-integracao-tag/{id?}`, ADM alone). A tag is the
 * integrator's code (`chave`) for a kind of vehicle or event, named for people (`nome`); one chave per
 * integrator on a brand. Vehicles are classified by tags (`classificacao.server.ts`).
 */

export const MENSAGENS_TAG = {
  naoEncontrada: 'Tag de integração não encontrada',
  chaveRepetida: 'Já existe uma tag com esta chave para a integradora',
  emUso: (n: number) => `A tag classifica ${contagemDaMarca('leilao', 'n_veiculos', n)}: retire a classificação antes de apagar`,
} as const;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const integradoraSchema = z.enum(INTEGRADORAS, { error: `Integradora inválida: use ${INTEGRADORAS.join(', ')}` });

export const filtroTagsSchema = z.object({
  nome: z.preprocess(vazioParaIndefinido, textoLivre(80).optional()),
  integradora: z.preprocess(vazioParaIndefinido, integradoraSchema.optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

export const tagSchema = z.object({
  nome: z.preprocess((v) => v ?? '', textoLivre(80).pipe(z.string().min(2, 'Informe o nome da tag'))),
  chave: z.preprocess(
    (v) => v ?? '',
    textoLivre(60).pipe(
      z
        .string()
        .min(1, 'Informe a chave da tag')
        .regex(/^[\w.:-]+$/, 'Chave inválida: use letras, números, ponto, hífen, dois-pontos ou sublinhado'),
    ),
  ),
  integradora: integradoraSchema,
});

/** The spec's Integration tag, with the count of vehicles it classifies. */
export interface TagIntegracao {
  id: number;
  uid: string;
  nome: string;
  chave: string;
  integradora: (typeof INTEGRADORAS)[number];
  quantidadeVeiculos: number;
}

const colunas = sql`t.id, t.uid, t.nome, t.chave, t.integradora,
  (SELECT count(*)::int FROM comitente_integracao_veiculo_tag vt WHERE vt.hotsite_id = t.hotsite_id AND vt.tag_id = t.id) AS "quantidadeVeiculos"`;
const normal = (r: TagIntegracao): TagIntegracao => ({ ...r, id: Number(r.id), quantidadeVeiculos: Number(r.quantidadeVeiculos) });

export async function listarTags({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroTagsSchema.parse(filtro);
  const onde = sql.join(
    [
      sql`t.hotsite_id = ${hotsiteId}`,
      f.nome ? sql`(t.nome ILIKE ${`%${f.nome}%`} OR t.chave ILIKE ${`%${f.nome}%`})` : sql`TRUE`,
      f.integradora ? sql`t.integradora = ${f.integradora}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM comitente_integracao_tag t WHERE ${onde}`),
  );
  const itens = linhas<TagIntegracao>(
    await db.execute(sql`SELECT ${colunas} FROM comitente_integracao_tag t WHERE ${onde}
                         ORDER BY t.integradora, t.nome, t.id LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** Every tag of the brand, for pickers (classification screen). */
export async function todasAsTags({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<TagIntegracao>(
    await db.execute(
      sql`SELECT ${colunas} FROM comitente_integracao_tag t WHERE t.hotsite_id = ${hotsiteId} ORDER BY t.integradora, t.nome, t.id`,
    ),
  ).map(normal);
}

export async function obterTag({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [t] = linhas<TagIntegracao>(
    await db.execute(sql`SELECT ${colunas} FROM comitente_integracao_tag t WHERE t.hotsite_id = ${hotsiteId} AND t.id = ${id}`),
  );
  if (!t) throw naoEncontrado(MENSAGENS_TAG.naoEncontrada);
  return normal(t);
}

const chaveRepetida = () => new ErroHttp(409, MENSAGENS_TAG.chaveRepetida, { chave: [MENSAGENS_TAG.chaveRepetida] });

/** Creates (id null) or changes a tag; a chave already used by another tag of the integrator → 409. */
export async function salvarTag({ db, hotsiteId, id, entrada }: { db: Db; hotsiteId: number; id: number | null; entrada: unknown }) {
  const e = tagSchema.parse(entrada);
  const [outra] = linhas<{ id: number }>(
    await db.execute(sql`SELECT id FROM comitente_integracao_tag
                         WHERE hotsite_id = ${hotsiteId} AND integradora = ${e.integradora} AND chave = ${e.chave}`),
  );
  if (outra && Number(outra.id) !== id) throw chaveRepetida();
  try {
    if (id === null) {
      const [nova] = linhas<{ id: number; uid: string }>(
        await db.execute(sql`INSERT INTO comitente_integracao_tag (hotsite_id, nome, chave, integradora)
                             VALUES (${hotsiteId}, ${e.nome}, ${e.chave}, ${e.integradora}) RETURNING id, uid`),
      );
      return { id: Number(nova.id), uid: String(nova.uid) };
    }
    const [alterada] = linhas<{ id: number; uid: string }>(
      await db.execute(sql`UPDATE comitente_integracao_tag SET nome = ${e.nome}, chave = ${e.chave}, integradora = ${e.integradora},
                           updated_at = now() WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id, uid`),
    );
    if (!alterada) throw naoEncontrado(MENSAGENS_TAG.naoEncontrada);
    return { id: Number(alterada.id), uid: String(alterada.uid) };
  } catch (erro) {
    // Two saves of the same chave at once: the unique constraint decides, answered as the check above.
    if ((erro as { code?: string }).code === '23505' || (erro as { cause?: { code?: string } }).cause?.code === '23505')
      throw chaveRepetida();
    throw erro;
  }
}

/** Removes a tag that classifies no vehicle (409 otherwise, so a classification is never lost by accident). */
export async function apagarTag({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const t = await obterTag({ db, hotsiteId, id });
  if (t.quantidadeVeiculos > 0) throw new ErroHttp(409, MENSAGENS_TAG.emUso(t.quantidadeVeiculos));
  await db.execute(sql`DELETE FROM comitente_integracao_tag WHERE hotsite_id = ${hotsiteId} AND id = ${id}`);
  return { mensagem: 'Item apagado com sucesso' };
}

export const idTagSchema = inteiro(1, ID_MAXIMO, 'Tag inválida');
