import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { transacaoComRecibo } from '@db/recibo.server';
import { linhas } from '~/utils/linhas.server';
import { chaveNovaNoLote, type FilaDoLote } from './fila-do-lote.server';
import { CHAVE_RESPONDIDA, descarregar, pendenteNoLote } from './gravador.server';
import { lidoDe } from './lote-travado.server';
import { mensagensDaMarca } from './mensagens.server';
import { decidirIdempotencia, jsonCanonico } from './regras';
import type { Recusa, Resultado } from './resultado';
import type { Efeito } from './tipos';

/**
 * Idempotency-Key: a bid request's transaction behind its key. The key's row is inserted first (a
 * concurrent request with the same key waits on it); a replay gets the stored first result, the same
 * key with another body is refused ('chave-reutilizada'). The result is stored as data, so a replay is
 * worded and given its status by whoever asks, as the first answer was.
 */

const hashDe = (corpo: unknown) => createHash('sha256').update(jsonCanonico(corpo)).digest('hex');

/** What a use case's transaction body gives back: its result, and what to publish after the commit. */
export interface Feito<R extends Resultado> {
  resultado: R;
  efeito?: Efeito | null;
}

/**
 * Runs `fazer` in a transaction (the lot's group commit when `fila` is given, else one of its own with a
 * receipt, decision 113), behind an optional Idempotency-Key.
 */
export async function comIdempotencia<R extends Resultado>(
  db: Db,
  ctx: {
    hotsiteId: number;
    usuarioId: number;
    chave?: string | null;
    operacao: 'lance' | 'automatico' | 'compre-ja';
    corpo: unknown;
    /** The lot's group commit (fila-do-lote.server.ts); without it, a transaction of its own. */
    fila?: FilaDoLote;
    loteId: number;
  },
  fazer: (tx: Tx) => Promise<Feito<R>>,
): Promise<Feito<R | Recusa>> {
  const chave = ctx.chave?.trim().slice(0, 200) || null;
  const hash = hashDe({ op: ctx.operacao, corpo: ctx.corpo });
  const corpo = async (tx: Tx): Promise<Feito<R | Recusa>> => {
    if (chave) {
      // In a batch of several, the key was inserted with the batch's others before the first body ran.
      const novo =
        chaveNovaNoLote(tx, { hotsiteId: ctx.hotsiteId, usuarioId: ctx.usuarioId, chave }) ??
        linhas(
          await tx.execute(sql`
            INSERT INTO idempotencia (hotsite_id, usuario_id, chave, hash_corpo, status, resposta)
            VALUES (${ctx.hotsiteId}, ${ctx.usuarioId}, ${chave}, ${hash}, 0, '{}'::jsonb)
            ON CONFLICT DO NOTHING RETURNING 1`),
        ).length > 0;
      if (!novo) {
        // The same key earlier in this batch: its answer is among the pending writes.
        await descarregar(tx);
        const [anterior] = linhas<{ hash_corpo: string; status: number; resposta: Record<string, unknown> }>(
          await tx.execute(sql`SELECT hash_corpo, status, resposta FROM idempotencia
                                WHERE hotsite_id = ${ctx.hotsiteId} AND usuario_id = ${ctx.usuarioId} AND chave = ${chave}`),
        );
        const d = decidirIdempotencia(anterior ? { hashCorpo: anterior.hash_corpo, resposta: anterior } : null, hash);
        if (d.tipo === 'repetir') return { resultado: resultadoGuardado(ctx.operacao, d.resposta.status, d.resposta.resposta) as R };
        return { resultado: { tipo: 'chave-reutilizada' } };
      }
    }
    const r = await fazer(tx);
    const p = chave && lidoDe(tx, ctx.loteId) ? pendenteNoLote(tx) : undefined;
    if (chave && p) {
      p.idempotencia.push({ hotsiteId: ctx.hotsiteId, usuarioId: ctx.usuarioId, chave, resposta: JSON.stringify(r.resultado) });
    } else if (chave) {
      await tx.execute(sql`UPDATE idempotencia SET status = ${CHAVE_RESPONDIDA}, resposta = ${JSON.stringify(r.resultado)}::jsonb
                            WHERE hotsite_id = ${ctx.hotsiteId} AND usuario_id = ${ctx.usuarioId} AND chave = ${chave}`);
    }
    return r;
  };
  return ctx.fila
    ? ctx.fila(ctx.hotsiteId, ctx.loteId, corpo, chave ? { hotsiteId: ctx.hotsiteId, usuarioId: ctx.usuarioId, chave, hash } : undefined)
    : transacaoComRecibo(db, ctx.hotsiteId, corpo);
}

/** The fixed refusals by their text (either wording), for the rows stored before results were data. */
const RECUSAS_POR_TEXTO = new Map<string, Recusa['tipo']>(
  (['leilao', 'loja'] as const).flatMap((tipo) => {
    const m = mensagensDaMarca(tipo);
    return [
      [m.loteNaoEncontrado, 'lote-nao-encontrado'],
      [m.somenteProposta, 'somente-proposta'],
      [m.naoIniciado, 'nao-iniciado'],
      [m.encerrado, 'encerrado'],
      [m.semCompreJa, 'sem-compre-ja'],
      [m.compraNaoIniciada, 'compra-nao-iniciada'],
      [m.compraEncerrada, 'compra-encerrada'],
      [m.compraDeOutro, 'compra-de-outro'],
      [m.compraJaFeita, 'compra-ja-feita'],
    ] as [string, Recusa['tipo']][];
  }),
);

/**
 * A stored first result. Rows written before results were data hold the HTTP answer the engine gave
 * then (its status and body); they are read back into the result that answer said, so a client that
 * retries a request across the upgrade still gets its first answer.
 */
export function resultadoGuardado(
  operacao: 'lance' | 'automatico' | 'compre-ja',
  status: number,
  resposta: Record<string, unknown>,
): Resultado {
  if (status === CHAVE_RESPONDIDA) return resposta as unknown as Resultado;
  const c = resposta as Record<string, never>;
  if (status < 400) {
    if (operacao === 'automatico') return { tipo: 'automatico-salvo', lanceAutomatico: c.lanceAutomatico, lote: c.lote, status: c.status };
    if (operacao === 'compre-ja') return { tipo: 'comprado', lance: c.lance, lote: c.lote };
    return { tipo: 'aceito', lance: c.lance, lote: c.lote, status: c.status };
  }
  if (typeof c.proximo === 'number') {
    if (c.lote) return { tipo: 'coberto', proximo: c.proximo, lote: c.lote };
    return { tipo: operacao === 'automatico' ? 'maximo-abaixo' : 'abaixo', proximo: c.proximo };
  }
  const tipo = RECUSAS_POR_TEXTO.get(String(c.mensagem));
  return { tipo: tipo ?? (status === 404 ? 'lote-nao-encontrado' : 'encerrado') } as Recusa;
}
