import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { formatarData, formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import type { Cabecalho } from './consultas.server';
import { favorecidoDaVenda, linhasDoFavorecido } from './favorecido';

/*
 * The "compra registrada" e-mail: what was bought, the total, the deadline and whom to pay (the sale's
 * payee, favorecidoDaVenda, as on the payment page, the PIX payload, the boleto and the statement).
 * Enqueued in the caller's transaction (outbox).
 */

type Linha = Record<string, unknown>;

/** The e-mail's text (pure; the caller reads the sale). */
export function textoDaCompraRegistrada(c: {
  nome: string;
  vendaId: number;
  lotes: string;
  total: number;
  dataPagamento: string;
  cabecalho: Pick<Cabecalho, 'conta'>;
  url: string;
}): string {
  const f = favorecidoDaVenda(c);
  const pagar = f
    ? ['Como pagar:', ...linhasDoFavorecido(f), 'Pague somente a este favorecido e envie o comprovante na página da compra.']
    : ['Os dados para pagamento estão na página da compra.'];
  return [
    `Olá, ${c.nome}.`,
    '',
    `Sua compra ${c.vendaId} foi registrada: ${c.lotes}.`,
    `Total a pagar: ${formatarMoeda(c.total)}, até ${formatarData(c.dataPagamento)}.`,
    '',
    ...pagar,
    '',
    `Acompanhe em ${c.url}`,
  ].join('\n');
}

/** Enqueues the e-mail for the buyer's sale holding `loteId` (nothing when there is none). */
export async function avisarCompraRegistrada(
  db: Db | Tx,
  { hotsiteId, usuarioId, loteId, urlBase }: { hotsiteId: number; usuarioId: number; loteId: number; urlBase: string },
) {
  const [v] = linhas<Linha>(
    await db.execute(sql`
      SELECT v.id, v.total, v.data_pagamento, cabecalho_selado(v.cabecalho, v.hotsite_id) AS cabecalho, u.nome, u.email, h.tipo AS marca_tipo,
             (SELECT string_agg(l.numero || ' (' || l.nome || ')', ', ' ORDER BY l.numero)
                FROM venda_item vi JOIN lote l ON l.id = vi.lote_id
               WHERE vi.venda_id = v.id AND vi.hotsite_id = v.hotsite_id AND vi.ativo) AS lotes
        FROM venda_item i JOIN venda v ON v.id = i.venda_id AND v.hotsite_id = i.hotsite_id
        JOIN usuario u ON u.id = v.usuario_id JOIN hotsite h ON h.id = v.hotsite_id
       WHERE i.lote_id = ${loteId} AND i.hotsite_id = ${hotsiteId} AND i.ativo AND v.usuario_id = ${usuarioId}`),
  );
  if (!v) return null;
  const vendaId = Number(v.id);
  const palavra = v.marca_tipo === 'loja' ? 'anúncio' : 'lote';
  const texto = textoDaCompraRegistrada({
    nome: String(v.nome),
    vendaId,
    lotes: `${palavra} ${String(v.lotes ?? '')}`,
    total: Number(v.total),
    dataPagamento: new Date(v.data_pagamento as string).toISOString(),
    cabecalho: (v.cabecalho ?? {}) as Pick<Cabecalho, 'conta'>,
    url: `${urlBase}/cliente/compras/${vendaId}`,
  });
  await enfileirarEmail({ db, hotsiteId, para: String(v.email), assunto: `Compra ${vendaId} registrada: como pagar`, texto });
  return vendaId;
}
