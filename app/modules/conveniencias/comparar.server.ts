import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import { loteVisitado } from '@db/schema';
import type { Db } from '@db/client.server';
import { obterLote, type LoteDetalhe } from '~/modules/catalogo/lote.server';
import { caminhoDoLote } from '~/modules/catalogo/regras';

/**
 * Compare lots and the last visited lots (issue #33, decisions 225 and 226). Both read lots through
 * `obterLote`, so a lot of a private auction is shown only to its guests and another brand's lot is
 * never found; both keep the order the buyer gave.
 */
export const MAXIMO_COMPARAR = 4;
export const MAXIMO_VISITADOS = 12;

/** "12,34,56": distinct positive lot ids, at most `maximo` (the message says so past it). */
const listaDeIds = (maximo: number, mensagem: string) =>
  z
    .string()
    .max(200, mensagem)
    .transform((texto, ctx) => {
      const partes = texto
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      if (partes.some((p) => !/^\d{1,9}$/.test(p) || Number(p) < 1 || Number(p) > 2_147_483_647)) {
        ctx.addIssue({ code: 'custom', message: 'Lote inválido na lista' });
        return z.NEVER;
      }
      const ids = [...new Set(partes.map(Number))];
      if (ids.length > maximo) {
        ctx.addIssue({ code: 'custom', message: mensagem });
        return z.NEVER;
      }
      return ids;
    });

export const idsParaComparar = listaDeIds(MAXIMO_COMPARAR, `Compare no máximo ${MAXIMO_COMPARAR} lotes de cada vez`);
export const idsVisitados = listaDeIds(MAXIMO_VISITADOS, `No máximo ${MAXIMO_VISITADOS} lotes visitados`);

/** One lot as the comparison and the visited list show it: the page's fields, no private ones. */
function resumo(prefixo: string, l: LoteDetalhe) {
  const v = l.veiculo;
  return {
    id: l.id,
    // The lot page's own canonical path (rota-catalogo's loteCanonico builds it from the same detail).
    caminho: caminhoDoLote(prefixo, l),
    numero: l.numero,
    nome: l.nome,
    foto: l.fotosUrls[0] ?? null,
    situacao: l.situacao,
    leilao: l.leilao?.nomeSemData ?? null,
    tipoNome: l.tipoNome,
    marca: l.marca,
    anoFabricacao: v.anoFabricacao,
    anoModelo: l.anoModelo,
    km: v.km,
    combustivel: v.combustivel,
    cambio: v.cambio,
    cor: v.cor,
    possuiChave: v.possuiChave,
    valorMercado: v.valorMercado,
    fipeValor: v.fipeValor,
    cidade: l.localizacaoCidade,
    uf: l.localizacaoUf,
    patio: l.patio?.nome ?? null,
    dataFim: l.dataFim,
    comissaoPorcentagem: l.comissaoPorcentagem,
    valor: l.valor,
  };
}
export type LoteComparado = ReturnType<typeof resumo>;

/** The lots of `ids`, in that order, that this brand shows this visitor (missing ones are left out). */
export async function lotesParaComparar({
  db,
  hotsiteId,
  usuarioId,
  prefixo,
  ids,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number | null;
  prefixo: string;
  ids: number[];
}): Promise<LoteComparado[]> {
  const lotes = await Promise.all(ids.map((id) => obterLote({ db, hotsiteId, id, usuarioId })));
  return lotes.filter((l): l is LoteDetalhe => l !== null).map((l) => resumo(prefixo, l));
}

/**
 * A client opened a lot: its row moves to now, and only the newest `MAXIMO_VISITADOS` stay. One
 * statement: the DELETE sees the rows as they were before the INSERT, so it keeps the newest
 * `MAXIMO_VISITADOS - 1` others besides this lot.
 */
export async function registrarVisita({
  db,
  hotsiteId,
  usuarioId,
  loteId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  loteId: number;
}) {
  await db.execute(sql`
    WITH novo AS (
      INSERT INTO lote_visitado (hotsite_id, usuario_id, lote_id, visitado_em)
      VALUES (${hotsiteId}, ${usuarioId}, ${loteId}, clock_timestamp())
      ON CONFLICT (usuario_id, lote_id) DO UPDATE SET visitado_em = excluded.visitado_em
      RETURNING lote_id
    )
    DELETE FROM lote_visitado v
     WHERE v.hotsite_id = ${hotsiteId} AND v.usuario_id = ${usuarioId} AND v.lote_id <> ${loteId}
       AND v.lote_id NOT IN (
         SELECT x.lote_id FROM lote_visitado x
          WHERE x.hotsite_id = ${hotsiteId} AND x.usuario_id = ${usuarioId} AND x.lote_id <> ${loteId}
          ORDER BY x.visitado_em DESC LIMIT ${MAXIMO_VISITADOS - 1})`);
}

/** The client's last visited lot ids, newest first. */
export async function idsVisitadosDoCliente({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const linhas = await db
    .select({ loteId: loteVisitado.loteId })
    .from(loteVisitado)
    .where(and(eq(loteVisitado.hotsiteId, hotsiteId), eq(loteVisitado.usuarioId, usuarioId)))
    .orderBy(desc(loteVisitado.visitadoEm))
    .limit(MAXIMO_VISITADOS);
  return linhas.map((l) => l.loteId);
}
