import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { centavosSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { lanceManual } from './disputa';
import { gravar } from './gravador.server';
import { comIdempotencia } from './idempotencia.server';
import { estadoDaDisputa, recusaDoLote, travarLote } from './lote-travado.server';
import { lanceRapido } from './lote-rapido.server';
import { MENSAGENS_LANCE, mensagensDaMarca } from './mensagens.server';
import { publicar } from './publicacao.server';
import { statusDoLance } from './regras';
import type { Recusa, ResultadoDoLance } from './resultado';
import type { ServicoDeLances } from './servico.server';
import type { Licitante } from './tipos';

/**
 * A client's manual bid (POST /v1/lances, the lot page's bid panel). One transaction per request on
 * PostgreSQL: BEGIN → (Idempotency-Key row) → SELECT lot FOR UPDATE (and the database clock) → read the
 * active maxima and the leading bid (a new statement, so it sees everything committed before the lock)
 * → the pure engine (disputa.ts) decides → one statement writes the bids, the lot and the outbid
 * e-mails (gravador.server.ts) → COMMIT → publish to the lot's room. The row lock serialises bids on a
 * lot; bids on other lots run in parallel. A refusal is a result, not an exception, so a covered bid
 * still commits the maxima's answer and an idempotent replay gets the same refusal. A bid without a key
 * on a lot without maxima first tries the batched fast path (lote-rapido.server.ts).
 */
export const lanceInputSchema = z.object({
  loteId: idSchema('loteId inválido'),
  valor: centavosSchema(MENSAGENS_LANCE.valorInvalido),
});

export async function darLance({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  entrada,
  idempotencyKey,
  tipoDaMarca,
}: {
  db: Db;
  /** The per-process batchers of the fast path and of the full engine (createMartelo's, through the context). */
  lances: Pick<ServicoDeLances, 'rapido'> & Partial<Pick<ServicoDeLances, 'fila' | 'maximos'>>;
  hub?: Hub;
  hotsiteId: number;
  licitante: Licitante;
  entrada: unknown;
  idempotencyKey?: string | null;
  /** The brand's type, for the outbid e-mails it sends (oferta/anúncio on a loja). */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<ResultadoDoLance> {
  const email = mensagensDaMarca(tipoDaMarca).emailSuperado;
  const { loteId, valor } = lanceInputSchema.parse(entrada);
  // A lot this instance last saw with maxima goes straight to the engine's group commit: the fast path
  // would only answer 'motor' (decision 084). The hint is only ever about speed: both decide alike.
  const maximos = lances.fila ? lances.maximos : undefined;
  if (!idempotencyKey && !maximos?.tem(hotsiteId, loteId)) {
    const rapida = await lanceRapido(lances.rapido, hotsiteId, licitante, loteId, valor, email);
    if (rapida) {
      publicar(hub, rapida.efeito);
      return rapida.resultado;
    }
    maximos?.marcar(hotsiteId, loteId);
  }
  const { resultado, efeito } = await comIdempotencia<ResultadoDoLance>(
    db,
    { hotsiteId, usuarioId: licitante.id, chave: idempotencyKey, operacao: 'lance', corpo: { loteId, valor }, fila: lances.fila, loteId },
    async (tx) => {
      // Not a lot in dispute (any more): the hint goes (the fast path sends such a lot here anyway).
      const fora = (recusa: Recusa) => (maximos?.desmarcar(hotsiteId, loteId), { resultado: recusa });
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return fora({ tipo: 'lote-nao-encontrado' });
      if (l.somenteBuyNowProposta || l.tipo !== 'Disputa') return fora({ tipo: 'somente-proposta' });
      const motivo = recusaDoLote(l);
      if (motivo) return fora(motivo);
      const estado = await estadoDaDisputa(tx, l);
      if (estado.configuracoes.length > 0) maximos?.marcar(hotsiteId, loteId);
      else maximos?.desmarcar(hotsiteId, loteId);
      const seq = l.sequencia + 1;
      const r = lanceManual(estado, licitante.id, valor, seq);
      if (!r.aceito && r.motivo === 'abaixo') return { resultado: { tipo: 'abaixo', proximo: r.proximo } };
      const { inseridos, efeito } = await gravar(tx, l, r.lances, r.atual, seq, {});
      if (!r.aceito) return { resultado: { tipo: 'coberto', proximo: r.proximo, lote: efeito.evento }, efeito };
      const meu = inseridos.find((x) => x.tipo === 'Manual')!;
      return {
        resultado: {
          tipo: 'aceito',
          lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: meu.tipo, data: meu.data },
          lote: efeito.evento,
          status: statusDoLance({ meuLance: valor, lanceAtual: r.atual.valor, situacao: l.situacao }),
        },
        efeito,
      };
    },
  );
  publicar(hub, efeito);
  return resultado;
}
