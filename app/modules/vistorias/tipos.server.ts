import '~/utils/zod-pt-br';
import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { CATEGORIAS_VEICULO, tipoVistoria, usuario, vistoria } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { booleano, inteiro, textoOpcional, urlOpcional } from '~/modules/dominio/campos';

/*
 * Inspection types (spec 001 §3 "Inspection type"; §7 GET /{v}/tipo-vistoria/find/qb, find/{uid},
 * DELETE del/{uid}; the writes as REST in the same style). A type's categories, items and options are
 * one document (decision 064). Scoped by the brand.
 */

export const MENSAGEM_TIPO_NAO_ENCONTRADO = 'Tipo de vistoria não encontrado';

const itemSchema = z.object({
  nome: textoLivre(120).pipe(z.string().min(1, 'Informe o nome do item')),
  tipo: z.enum(['OPCAO', 'TEXTO'], { error: 'Tipo do item inválido: use OPCAO ou TEXTO' }).default('OPCAO'),
  obrigatorio: booleano.default(false),
  opcoes: z
    .array(textoLivre(60).pipe(z.string().min(1, 'Opção vazia')), { error: 'Opções inválidas' })
    .max(20, 'No máximo 20 opções por item')
    .default([]),
  exemploUrl: urlOpcional('Endereço do exemplo inválido').transform((v) => v ?? null),
  ordem: inteiro(0, 999, 'Ordem deve estar entre 0 e 999').optional(),
});
const categoriaSchema = z.object({
  nome: textoLivre(120).pipe(z.string().min(1, 'Informe o nome da categoria')),
  ordem: inteiro(0, 999, 'Ordem deve estar entre 0 e 999').optional(),
  itens: z.array(itemSchema, { error: 'Itens inválidos' }).max(100, 'No máximo 100 itens por categoria').default([]),
});

export const tipoVistoriaSchema = z
  .object({
    nome: textoLivre(120).pipe(z.string().min(2, 'Informe o nome do tipo de vistoria')),
    ativo: booleano.default(true),
    disponibilizarParaTipos: z
      .array(z.enum(CATEGORIAS_VEICULO, { error: 'Categoria de veículo inválida' }), { error: 'Categorias inválidas' })
      .default([]),
    categorias: z.array(categoriaSchema, { error: 'Categorias inválidas' }).max(50, 'No máximo 50 categorias').default([]),
  })
  .superRefine((t, ctx) => {
    t.categorias.forEach((c, ci) =>
      c.itens.forEach((i, ii) => {
        if (i.tipo === 'OPCAO' && i.opcoes.length < 2)
          ctx.addIssue({
            code: 'custom',
            path: ['categorias', ci, 'itens', ii, 'opcoes'],
            message: `Informe ao menos duas opções para o item "${i.nome}"`,
          });
      }),
    );
  })
  // Order is the position on the form unless given.
  .transform((t) => ({
    ...t,
    categorias: t.categorias.map((c, ci) => ({
      nome: c.nome,
      ordem: c.ordem ?? ci + 1,
      itens: c.itens.map((i, ii) => ({ ...i, opcoes: i.tipo === 'OPCAO' ? i.opcoes : [], ordem: i.ordem ?? ii + 1 })),
    })),
  }));

export const filtroTiposSchema = z.object({
  nome: textoOpcional(100),
  ativo: z.preprocess((v) => (v === '' ? undefined : v), booleano.optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

const escapar = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const uidValido = (uid: string) => z.uuid().safeParse(uid).success;

/** GET /v1/tipo-vistoria/find/qb: the brand's types, paged. */
export async function listarTiposVistoria({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroTiposSchema.parse(filtro);
  const onde = and(
    eq(tipoVistoria.hotsiteId, hotsiteId),
    f.nome ? ilike(tipoVistoria.nome, `%${escapar(f.nome)}%`) : undefined,
    f.ativo === undefined ? undefined : eq(tipoVistoria.ativo, f.ativo),
  );
  const [{ total }] = await db.select({ total: count() }).from(tipoVistoria).where(onde);
  const linhas = await db
    .select({ t: tipoVistoria, updatedByCliente: usuario.nome })
    .from(tipoVistoria)
    .leftJoin(usuario, eq(usuario.id, tipoVistoria.updatedByClienteId))
    .where(onde)
    .orderBy(desc(tipoVistoria.ativo), asc(tipoVistoria.nome))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { itens: linhas.map((l) => comoTipo(l.t, l.updatedByCliente)), total, pagina: f.pagina, porPagina: f.porPagina };
}

function comoTipo(t: typeof tipoVistoria.$inferSelect, updatedByCliente: string | null) {
  return {
    id: t.id,
    uid: t.uid,
    nome: t.nome,
    podeEditar: t.podeEditar,
    disponibilizarParaTipos: t.disponibilizarParaTipos,
    ativo: t.ativo,
    categorias: t.categorias,
    updatedAt: t.updatedAt.toISOString(),
    updatedByCliente,
  };
}

/** GET /v1/tipo-vistoria/find/{uid}. */
export async function obterTipoVistoria({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  if (!uidValido(uid)) throw naoEncontrado(MENSAGEM_TIPO_NAO_ENCONTRADO);
  const [l] = await db
    .select({ t: tipoVistoria, updatedByCliente: usuario.nome })
    .from(tipoVistoria)
    .leftJoin(usuario, eq(usuario.id, tipoVistoria.updatedByClienteId))
    .where(and(eq(tipoVistoria.hotsiteId, hotsiteId), eq(tipoVistoria.uid, uid)));
  if (!l) throw naoEncontrado(MENSAGEM_TIPO_NAO_ENCONTRADO);
  return comoTipo(l.t, l.updatedByCliente);
}

export async function criarTipoVistoria({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const e = tipoVistoriaSchema.parse(entrada);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(tipoVistoria)
      .values({ hotsiteId, ...e, updatedByClienteId: usuarioId })
      .returning({ id: tipoVistoria.id, uid: tipoVistoria.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'tipo_vistoria', entidadeId: t.id, acao: 'criou' });
    return t;
  });
}

async function tipoEditavel(db: Db, hotsiteId: number, uid: string) {
  if (!uidValido(uid)) throw naoEncontrado(MENSAGEM_TIPO_NAO_ENCONTRADO);
  const [t] = await db
    .select({ id: tipoVistoria.id, podeEditar: tipoVistoria.podeEditar })
    .from(tipoVistoria)
    .where(and(eq(tipoVistoria.hotsiteId, hotsiteId), eq(tipoVistoria.uid, uid)));
  if (!t) throw naoEncontrado(MENSAGEM_TIPO_NAO_ENCONTRADO);
  if (!t.podeEditar) throw new ErroHttp(409, 'Este tipo de vistoria não pode ser editado');
  return t;
}

export async function alterarTipoVistoria({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid: string;
  entrada: unknown;
}) {
  const e = tipoVistoriaSchema.parse(entrada);
  const t = await tipoEditavel(db, hotsiteId, uid);
  await db.transaction(async (tx) => {
    await tx
      .update(tipoVistoria)
      .set({ ...e, updatedByClienteId: usuarioId, updatedAt: new Date() })
      .where(eq(tipoVistoria.id, t.id));
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'tipo_vistoria', entidadeId: t.id, acao: 'alterou' });
  });
  return obterTipoVistoria({ db, hotsiteId, uid });
}

/** DELETE /v1/tipo-vistoria/del/{uid}: a type already used by an inspection is deactivated instead (409). */
export async function apagarTipoVistoria({ db, hotsiteId, usuarioId, uid }: { db: Db; hotsiteId: number; usuarioId: number; uid: string }) {
  const t = await tipoEditavel(db, hotsiteId, uid);
  const [{ n }] = await db.select({ n: count() }).from(vistoria).where(eq(vistoria.tipoVistoriaId, t.id));
  if (n > 0) throw new ErroHttp(409, 'Tipo de vistoria já usado em vistorias: desative-o em vez de excluir');
  await db.transaction(async (tx) => {
    await tx.delete(tipoVistoria).where(eq(tipoVistoria.id, t.id));
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'tipo_vistoria', entidadeId: t.id, acao: 'apagou' });
  });
  return { uid };
}

/** The active types offered for a vehicle category (the inspection form's select). */
export async function tiposParaCategoria({ db, hotsiteId, categoria }: { db: Db; hotsiteId: number; categoria: string | null }) {
  const tipos = await db
    .select({ id: tipoVistoria.id, nome: tipoVistoria.nome, para: tipoVistoria.disponibilizarParaTipos })
    .from(tipoVistoria)
    .where(and(eq(tipoVistoria.hotsiteId, hotsiteId), eq(tipoVistoria.ativo, true)))
    .orderBy(asc(tipoVistoria.nome));
  return tipos.filter((t) => !t.para.length || (categoria !== null && t.para.includes(categoria))).map(({ id, nome }) => ({ id, nome }));
}
