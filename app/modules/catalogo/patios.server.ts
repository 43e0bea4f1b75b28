import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { lote, patio } from '@db/schema';
import { SITUACOES_LISTAVEIS, slugificar } from './regras';

const colunas = {
  id: patio.id,
  uid: patio.uid,
  nome: patio.nome,
  slug: patio.slug,
  cidade: patio.cidade,
  estado: patio.estado,
  estadoUf: patio.estadoUf,
  endereco: patio.endereco,
  telefone: patio.telefone,
  responsavel: patio.responsavel,
  explicacaoVisitacao: patio.explicacaoVisitacao,
  googleMaps: patio.googleMaps,
  fotos: patio.fotos,
  mapa: patio.mapa,
};

/** Active yards of the brand with their count of lots on sale; optionally of one state and/or city (slug). */
export async function listarPatios({ db, hotsiteId, estadoUf, cidade }: { db: Db; hotsiteId: number; estadoUf?: string; cidade?: string }) {
  const linhas = await db
    .select({
      ...colunas,
      quantidadeLotes: sql<number>`(select count(*)::int from ${lote} where ${lote.patioId} = ${patio.id} and ${lote.hotsiteId} = ${hotsiteId} and ${lote.situacao} in (${sql.join(
        SITUACOES_LISTAVEIS.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    })
    .from(patio)
    .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.ativo, true), estadoUf ? eq(patio.estadoUf, estadoUf.toUpperCase()) : undefined))
    .orderBy(asc(patio.estadoUf), asc(patio.cidade), asc(patio.nome));
  return cidade ? linhas.filter((p) => slugificar(p.cidade) === slugificar(cidade)) : linhas;
}
export type PatioSite = Awaited<ReturnType<typeof listarPatios>>[number];

/** One yard by its URL slug or its exact name. */
export async function patioPorNome({ db, hotsiteId, nome }: { db: Db; hotsiteId: number; nome: string }) {
  const [p] = await db
    .select(colunas)
    .from(patio)
    .where(and(eq(patio.hotsiteId, hotsiteId), or(eq(patio.slug, slugificar(nome)), eq(patio.nome, nome))));
  return p ?? null;
}
