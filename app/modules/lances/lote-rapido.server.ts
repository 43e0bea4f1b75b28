import { sql } from 'drizzle-orm';
import { executarNomeada, type Db } from '@db/client.server';
import { desfechoDoRecibo, novoRecibo } from '@db/recibo.server';
import { bancoIndisponivel } from '~/utils/errors';
import { criarAgrupador } from '~/utils/agrupador.server';
import { formatarMoeda } from '~/utils/format';
import type { ResultadoDoLance } from './resultado';
import type { Efeito, Licitante } from './tipos';
import { statusDoLance } from './regras';
import { proximoLance } from '~/modules/dominio/dinheiro';
import { type MensagensDeLance } from './mensagens.server';

/**
 * The fast path for manual bids on a lot without active maxima (the common case), batched per lot.
 *
 * On a hot lot every bid waits behind the lot's row lock for the previous bid's commit (a WAL flush),
 * and PostgreSQL grants that lock to its waiters in no useful order, so most of 32 concurrent jump
 * bids used to arrive "late" and be refused. Here an instance keeps at most one call per lot in
 * flight: bids that arrive meanwhile wait in arrival order and go together in the next call to
 * lance_manual_lote (migration 0009), which decides them one after the other under one lock and
 * commits them with one flush. An idle lot sees no delay (a bid alone starts its call at once).
 * Every bid is answered only after its call committed; the caller publishes after that.
 */
type Decisao =
  | { r: 'motor' }
  | { r: 'abaixo'; proximo: number }
  | { r: 'aceito'; id: number; uid: string; data: string; seq: number; dataFim: string; anterior: number | null };
interface RespostaDoLote {
  r: 'motor' | 'lote';
  veiUid: string;
  minimo: number;
  incremento: number;
  situacao: string;
  nome: string;
  numero: string;
  resultados: Decisao[];
}
interface Pedido {
  usuarioId: number;
  valor: number;
  /** The outbid e-mail in the lot's brand wording (the same for every request on one lot). */
  email: MensagensDeLance['emailSuperado'];
}

/**
 * Per lot: one call in flight, the bids that arrive meanwhile go in the next one. One per process, built
 * in createMartelo and handed down through the context (pages and the API share it), so "one call per
 * lot in flight" holds per instance.
 */
export const criarLoteRapido = (db: Db) =>
  criarAgrupador(
    async (chave, pedidos: Pedido[]) => {
      const [hotsiteId, loteId] = chave.split(':').map(Number);
      const usuarios = pedidos.map((p) => p.usuarioId);
      const valores = pedidos.map((p) => p.valor);
      // One lot, one brand: every request of a call carries the same e-mail wording.
      const textos = pedidos.map((p) => p.email.texto(formatarMoeda(p.valor)));
      // A named statement (decision 100): its parse and plan are kept per connection, not redone per call.
      // It writes its answer as a receipt in the same statement (decision 113): when the answer is lost on
      // the way back (the connection reset after the server committed), the receipt tells what committed.
      const recibo = novoRecibo();
      const chamar = async () => {
        const [{ r }] = await executarNomeada<{ r: RespostaDoLote }>(
          db,
          'lance_manual_lote',
          // sql.param: one array parameter each (a bare array would be spread into a list).
          sql`WITH c AS MATERIALIZED (
                SELECT lance_manual_lote(${hotsiteId}, ${loteId}, ${sql.param(usuarios)}::int[], ${sql.param(valores)}::bigint[], ${pedidos[0].email.assunto}, ${sql.param(textos)}::text[]) AS r
              ), recibo AS (INSERT INTO recibo_transacao (id, hotsite_id, resposta) SELECT ${recibo}::uuid, ${hotsiteId}, c.r FROM c)
              SELECT r FROM c`,
        );
        return r;
      };
      const lote = await chamar().catch(async (erro: unknown) => {
        if (!bancoIndisponivel(erro)) throw erro;
        const desfecho = await desfechoDoRecibo(db, hotsiteId, recibo);
        if (!desfecho.confirmou) throw erro;
        return desfecho.resposta as RespostaDoLote;
      });
      return pedidos.map((_, i) => ({ lote, decisao: lote.r === 'motor' ? ({ r: 'motor' } as const) : lote.resultados[i] }));
    },
    // Bounds the time one call holds the lot (and one answer waits for the others).
    { maximo: 64 },
  );
export type LoteRapido = ReturnType<typeof criarLoteRapido>;

/**
 * A manual bid through the batched fast path: the result and the effect to publish, or null when the
 * full engine must decide (maxima present, lot not open, unknown lot: exact reasons there).
 */
export async function lanceRapido(
  decidir: LoteRapido,
  hotsiteId: number,
  licitante: Licitante,
  loteId: number,
  valor: number,
  email: MensagensDeLance['emailSuperado'],
): Promise<{ resultado: ResultadoDoLance; efeito: Efeito | null } | null> {
  const { lote, decisao } = await decidir(`${hotsiteId}:${loteId}`, { usuarioId: licitante.id, valor, email });
  if (decisao.r === 'motor') return null;
  if (decisao.r === 'abaixo') return { resultado: { tipo: 'abaixo', proximo: Number(decisao.proximo) }, efeito: null };
  const minimo = Number(lote.minimo);
  const incremento = Number(lote.incremento);
  const evento = {
    loteId,
    veiUid: String(lote.veiUid),
    valor: { lance: valor, atual: valor, proximo: proximoLance(valor, minimo, incremento), incremento },
    dataFim: new Date(decisao.dataFim).toISOString(),
    situacao: lote.situacao,
    seq: decisao.seq,
  };
  const efeito: Efeito = {
    hotsiteId,
    veiUid: evento.veiUid,
    evento,
    superados: decisao.anterior != null && decisao.anterior !== licitante.id ? [decisao.anterior] : [],
    lote: { id: loteId, nome: lote.nome, numero: lote.numero },
  };
  const resultado: ResultadoDoLance = {
    tipo: 'aceito',
    lance: { id: decisao.id, uid: decisao.uid, loteId, valor, tipo: 'Manual', data: new Date(decisao.data).toISOString() },
    lote: evento,
    status: statusDoLance({ meuLance: valor, lanceAtual: valor, situacao: evento.situacao }),
  };
  return { resultado, efeito };
}
