import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { patio } from '@db/schema';
import { contarLotesPorPatio } from './busca.server';
import { slugificar } from './regras';

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

/**
 * Active yards of the brand with their count of lots on sale; optionally of one state and/or city (slug).
 * The count is the search's (contarLotesPorPatio): the number a yard's own page shows.
 */
export async function listarPatios({ db, hotsiteId, estadoUf, cidade }: { db: Db; hotsiteId: number; estadoUf?: string; cidade?: string }) {
  const [linhas, porPatio] = await Promise.all([
    db
      .select(colunas)
      .from(patio)
      .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.ativo, true), estadoUf ? eq(patio.estadoUf, estadoUf.toUpperCase()) : undefined))
      .orderBy(asc(patio.estadoUf), asc(patio.cidade), asc(patio.nome)),
    contarLotesPorPatio(db, hotsiteId),
  ]);
  const patios = linhas.map((p) => ({ ...p, quantidadeLotes: porPatio.get(p.id) ?? 0 }));
  return cidade ? patios.filter((p) => slugificar(p.cidade) === slugificar(cidade)) : patios;
}

/** One yard by its URL slug or its exact name. */
export async function patioPorNome({ db, hotsiteId, nome }: { db: Db; hotsiteId: number; nome: string }) {
  const [p] = await db
    .select(colunas)
    .from(patio)
    .where(and(eq(patio.hotsiteId, hotsiteId), or(eq(patio.slug, slugificar(nome)), eq(patio.nome, nome))));
  return p ?? null;
}
