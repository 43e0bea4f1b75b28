import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import type { Logger } from '~/utils/logger.server';
import { enfileirarNotificacoes } from '~/modules/notificacoes/fila.server';
import { lembrarParcelas } from '~/modules/vendas/parcelamento.server';
import { prazosALembrar, prazosDaCompra, prazosDaMarca, type EntradaPrazos } from './prazos';

/*
 * The buyer's deadlines read from the database (decision 231): what `prazosDaCompra` needs for one sale, and
 * the reminders' sweep that queues a notice for each deadline ending within a day, once per sale and
 * deadline (the queue's unique key makes a second sweep a no-op).
 */

interface Linha {
  id: number;
  hotsite_id: number;
  usuario_id: number;
  situacao: string;
  situacao_entrega: string;
  data_pagamento: Date | string;
  fechada_at: Date | string | null;
  entrega_veiculo: string | null;
  valor_diaria: number | string | null;
  prazos_comprador: unknown;
  comprovantes: number | string;
  recalls: string[] | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** One statement for the sales it is given (or every open one), each with its yard, proofs and recalls. */
function consulta(onde: ReturnType<typeof sql>) {
  return sql`
    SELECT v.id, v.hotsite_id, v.usuario_id, v.situacao, v.situacao_entrega, v.data_pagamento, v.fechada_at, v.entrega_veiculo,
           p.valor_diaria, h.prazos_comprador,
           (SELECT count(*)::int FROM comprovante c WHERE c.venda_id = v.id AND c.hotsite_id = v.hotsite_id) AS comprovantes,
           (SELECT array_agg(DISTINCT cv.detalhe) FROM venda_item i JOIN lote l ON l.id = i.lote_id
              JOIN consulta_veiculo cv ON cv.veiculo_id = l.veiculo_id AND cv.hotsite_id = v.hotsite_id
             WHERE i.venda_id = v.id AND cv.item = 'RECALL' AND cv.resultado = 'CONSTA' AND cv.detalhe IS NOT NULL) AS recalls
      FROM venda v
      JOIN hotsite h ON h.id = v.hotsite_id
      LEFT JOIN patio p ON p.id = v.patio_id AND p.hotsite_id = v.hotsite_id
     WHERE ${onde}`;
}

const entrada = (r: Linha): EntradaPrazos => ({
  situacao: r.situacao,
  situacaoEntrega: r.situacao_entrega,
  dataPagamento: iso(r.data_pagamento),
  fechadaAt: r.fechada_at ? iso(r.fechada_at) : null,
  entregaVeiculo: r.entrega_veiculo,
  comprovantesEnviados: Number(r.comprovantes),
  valorDiaria: Number(r.valor_diaria ?? 0),
  recalls: (r.recalls ?? []).filter(Boolean),
  regras: prazosDaMarca(r.prazos_comprador),
});

/** The page's input for one of this brand's sales (the caller already checked the reader may see it). */
export async function entradaDosPrazos({ db, hotsiteId, vendaId }: { db: Db; hotsiteId: number; vendaId: number }) {
  const { rows } = (await db.execute(consulta(sql`v.hotsite_id = ${hotsiteId} AND v.id = ${vendaId}`))) as unknown as { rows: Linha[] };
  return rows[0] ? entrada(rows[0]) : null;
}

/**
 * Queues `prazo-da-compra` for each open sale's deadline ending within 24 hours (all brands, each notice
 * carrying its own brand). Sales paid up to 60 days ago are swept: their pickup and transfer deadlines
 * come after the payment date.
 */
export async function lembrarPrazos({ db, agora = new Date() }: { db: Db; agora?: Date }) {
  const { rows } = (await db.execute(
    consulta(sql`v.situacao IN ('AguardandoPagamento', 'AguardandoValidacao', 'Fechada')
                 AND v.data_pagamento > ${agora.toISOString()}::timestamptz - interval '60 days'`),
  )) as unknown as { rows: Linha[] };
  let enfileiradas = 0;
  for (const r of rows) {
    // The payment date is reminded by the queue's own `prazo-pagamento` (with the amount due): not twice.
    for (const p of prazosALembrar(prazosDaCompra(entrada(r), agora), agora).filter((p) => p.chave !== 'pagamento'))
      enfileiradas += await enfileirarNotificacoes({
        db,
        hotsiteId: r.hotsite_id,
        evento: 'prazo-da-compra',
        usuarioIds: [r.usuario_id],
        chave: `venda:${r.id}:${p.chave}`,
        dados: { vendaId: r.id, prazo: p.chave, ate: p.ate, motivo: p.texto },
      });
  }
  return enfileiradas;
}

/**
 * The sweep on every instance, every 10 minutes (instances racing queue each notice once: the queue's key):
 * the sales' deadlines, then the CPC 895 instalments due soon (decision 288).
 */
export function iniciarLembretesDePrazo({ db, logger, intervaloMs = 600_000 }: { db: Db; logger: Logger; intervaloMs?: number }) {
  let rodando: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (rodando) return;
    rodando = lembrarPrazos({ db })
      .then(() => lembrarParcelas({ db }))
      .then(
        () => undefined,
        (erro: unknown) => logger.warn({ err: erro }, 'falha ao lembrar prazos das compras'),
      )
      .finally(() => {
        rodando = null;
      });
  }, intervaloMs);
  timer.unref();
  return {
    parar: async () => {
      clearInterval(timer);
      await rodando;
    },
  };
}
