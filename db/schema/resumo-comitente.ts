import { bigint, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instante } from './columns';
import { hotsite } from './hotsites';
import { comitente, leilao } from './catalogo';

/*
 * The seller's results summary (#30, decision 199; migration 0041): one row per (seller, auction) with the
 * sums behind the result charts, computed by app/modules/area-comitente/resumo.server.ts from the pairs the
 * triggers noted as changed (resumo_comitente_pendente). Averages are kept as a sum and a count so months
 * and periods add up exactly; money in centavos.
 */
export const resumoComitenteLeilao = pgTable(
  'resumo_comitente_leilao',
  {
    hotsiteId: integer()
      .notNull()
      .references(() => hotsite.id, { onDelete: 'cascade' }),
    comitenteId: integer()
      .notNull()
      .references(() => comitente.id, { onDelete: 'cascade' }),
    leilaoId: integer()
      .notNull()
      .references(() => leilao.id, { onDelete: 'cascade' }),
    ofertados: integer().notNull(),
    vendidos: integer().notNull(),
    somaSobreMinimo: numeric().notNull(),
    nSobreMinimo: integer().notNull(),
    somaSobreFipe: numeric().notNull(),
    nSobreFipe: integer().notNull(),
    documentosPendentes: integer().notNull(),
    recebido: bigint({ mode: 'number' }).notNull(),
    aReceber: bigint({ mode: 'number' }).notNull(),
    somaDiasPagamento: numeric().notNull(),
    nDiasPagamento: integer().notNull(),
    somaDiasRetirada: numeric().notNull(),
    nDiasRetirada: integer().notNull(),
    calculadoEm: instante().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.hotsiteId, t.comitenteId, t.leilaoId] }),
    index('resumo_comitente_leilao_leilao_idx').on(t.hotsiteId, t.leilaoId),
  ],
);

/** The (seller, auction) pairs changed since their summary row was computed: appended by triggers, emptied by readers. */
export const resumoComitentePendente = pgTable(
  'resumo_comitente_pendente',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    hotsiteId: integer().notNull(),
    comitenteId: integer().notNull(),
    leilaoId: integer().notNull(),
  },
  (t) => [index('resumo_comitente_pendente_idx').on(t.hotsiteId, t.comitenteId)],
);
