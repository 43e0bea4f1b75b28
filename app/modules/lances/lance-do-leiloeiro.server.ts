import type { Tx } from '@db/client.server';
import { lanceManual } from './disputa';
import { gravar } from './gravador.server';
import { estadoDaDisputa, recusaDoLote, travarLote } from './lote-travado.server';
import { proximoLance } from '~/modules/dominio/dinheiro';
import type { ResultadoDoLeiloeiro } from './resultado';
import type { Efeito } from './tipos';

/**
 * A floor bid the auctioneer takes on behalf of the room (live auctions), inside the auctioneer
 * command's transaction: the engine's rules as for a manual bid (next accepted value when no value is
 * given; active maxima answer it), recorded as tipo 'Leiloeiro' under the auctioneer's user, so the
 * lot's bid counts tell floor bids apart. The caller publishes the effect after its commit.
 */
export async function lanceDoLeiloeiro(
  tx: Tx,
  {
    hotsiteId,
    loteId,
    usuarioId,
    valor,
    tipo = 'Leiloeiro',
  }: {
    hotsiteId: number;
    loteId: number;
    usuarioId: number;
    valor?: number;
    /** 'Manual' when staff register a client's bid from /admin/lance-recebido (decision 073). */
    tipo?: 'Leiloeiro' | 'Manual';
  },
): Promise<{ resultado: ResultadoDoLeiloeiro; efeito?: Efeito | null }> {
  const l = await travarLote(tx, hotsiteId, loteId);
  if (!l) return { resultado: { tipo: 'lote-nao-encontrado' } };
  const motivo = recusaDoLote(l);
  if (motivo) return { resultado: motivo };
  const estado = await estadoDaDisputa(tx, l);
  const seq = l.sequencia + 1;
  const r = lanceManual(estado, usuarioId, valor ?? proximoLance(l.ultimoLanceValor, l.minimo, l.incremento), seq);
  if (!r.aceito && r.motivo === 'abaixo') return { resultado: { tipo: 'abaixo', proximo: r.proximo } };
  const lances = r.lances.map((x) => (x.tipo === 'Manual' && x.usuarioId === usuarioId ? { ...x, tipo } : x));
  const { inseridos, efeito } = await gravar(tx, l, lances, r.atual, seq);
  if (!r.aceito) return { resultado: { tipo: 'coberto', proximo: r.proximo, lote: efeito.evento }, efeito };
  const meu = inseridos.find((x) => x.tipo === tipo && Number(x.usuario_id) === usuarioId)!;
  return {
    resultado: {
      tipo: 'registrado',
      lance: { id: meu.id, uid: meu.uid, loteId: l.id, valor: Number(meu.valor), tipo: meu.tipo, data: meu.data },
      lote: efeito.evento,
    },
    efeito,
  };
}
