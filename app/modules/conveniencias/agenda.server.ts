import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { comAoVivoEDestaques, diaSchema, listarLeiloesSite, porMesSchema } from '~/modules/catalogo/leiloes.server';
import type { ServicoDeBusca } from '~/modules/catalogo/busca.server';
import { linhas } from '~/utils/linhas.server';

/**
 * The agenda's filters (spec 001 §7 "Auction agenda list … filter params (quadro, data, favoritos,
 * ultimosClicados)"; issue #33, decision 260), the same in the page's address and the API's query, so a
 * filtered agenda works without JavaScript and can be shared:
 * - `mes` (AAAA-MM) or `data` (AAAA-MM-DD): every auction of that month or day; neither: the upcoming ones;
 * - `favoritos`: only auctions holding a lot of the client's favourite vehicles;
 * - `ultimosClicados`: only auctions holding a lot the client opened lately (the last visited lots);
 * - `quadro`: the board, each auction with its highlighted lots (`lotesDestaque`).
 */
const booleano = (campo: string) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '' || v === false || v === 'false' || v === '0') return false;
      if (v === true || v === 'true' || v === '1' || v === 'on') return true;
      ctx.addIssue({ code: 'custom', message: `${campo} deve ser true ou false` });
      return z.NEVER;
    });
const filtrosAgendaSchema = z
  .object({
    mes: porMesSchema.or(z.literal('').transform(() => undefined)),
    data: diaSchema.or(z.literal('').transform(() => undefined)),
    quadro: booleano('quadro'),
    favoritos: booleano('favoritos'),
    ultimosClicados: booleano('ultimosClicados'),
  })
  .refine((f) => !(f.mes && f.data), { message: 'Escolha um mês ou um dia, não os dois', path: ['data'] });
export type FiltrosAgenda = z.infer<typeof filtrosAgendaSchema>;

/** The filters of a query (the page's address or the API's), each key's first value; a safeParse result. */
export const lerFiltrosAgenda = (valor: (chave: string) => string | undefined) =>
  filtrosAgendaSchema.safeParse(Object.fromEntries(['mes', 'data', 'quadro', 'favoritos', 'ultimosClicados'].map((k) => [k, valor(k)])));

export const MENSAGEM_AGENDA_SEM_LOGIN = 'Entre na sua conta para filtrar a agenda pelos seus favoritos ou pelos lotes que abriu';

/** Why a filter of the client's own lots cannot run: nobody of this brand is logged in. */
export const precisaEntrar = (f: FiltrosAgenda, usuarioId: number | null) => usuarioId === null && (f.favoritos || f.ultimosClicados);

/** The auctions (ids) holding a lot of the client's favourite vehicles, or of the lots they opened lately, on this brand. */
async function leiloesDoCliente(db: Db, hotsiteId: number, usuarioId: number, f: FiltrosAgenda): Promise<number[] | undefined> {
  const consultas: Promise<number[]>[] = [];
  const ids = (rs: unknown) => linhas<{ leilao_id: number }>(rs).map((r) => Number(r.leilao_id));
  if (f.favoritos)
    consultas.push(
      db
        .execute(
          sql`SELECT DISTINCT l.leilao_id FROM favorito f
                JOIN veiculo v ON v.uid = f.vei_uid AND v.hotsite_id = ${hotsiteId}
                JOIN lote l ON l.veiculo_id = v.id AND l.hotsite_id = ${hotsiteId}
               WHERE f.hotsite_id = ${hotsiteId} AND f.usuario_id = ${usuarioId} AND l.leilao_id IS NOT NULL`,
        )
        .then(ids),
    );
  if (f.ultimosClicados)
    consultas.push(
      db
        .execute(
          sql`SELECT DISTINCT l.leilao_id FROM lote_visitado lv
                JOIN lote l ON l.id = lv.lote_id AND l.hotsite_id = ${hotsiteId}
               WHERE lv.hotsite_id = ${hotsiteId} AND lv.usuario_id = ${usuarioId} AND l.leilao_id IS NOT NULL`,
        )
        .then(ids),
    );
  if (!consultas.length) return undefined;
  // Both filters at once: the auctions that pass both.
  const [primeira, ...outras] = await Promise.all(consultas);
  return primeira.filter((id) => outras.every((o) => o.includes(id)));
}

/**
 * The agenda under its filters. `favoritos` / `ultimosClicados` without a client list nothing (the page
 * asks to log in, the API answers 401 before calling). Each item carries `loteAoVivoMap` and
 * `lotesDestaque` (the highlights are searched only when `comDestaques`: the API always, the page on the board).
 */
export async function agendaDeLeiloes({
  db,
  busca,
  hotsiteId,
  usuarioId,
  filtros,
  patioNome,
  comDestaques,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  usuarioId: number | null;
  filtros: FiltrosAgenda;
  patioNome?: string;
  comDestaques: boolean;
}) {
  const somenteIds =
    filtros.favoritos || filtros.ultimosClicados
      ? usuarioId === null
        ? []
        : await leiloesDoCliente(db, hotsiteId, usuarioId, filtros)
      : undefined;
  const leiloes = await listarLeiloesSite({ db, hotsiteId, porMes: filtros.mes, dia: filtros.data, somenteIds, usuarioId, patioNome });
  return comAoVivoEDestaques({ db, busca, hotsiteId, leiloes, destaques: comDestaques ? undefined : 0 });
}
