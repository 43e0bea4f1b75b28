import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { centavosSchema } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { configurarAutomatico } from './disputa';
import { gravar, pendenteDe, proximoIdDeMaximo } from './gravador.server';
import { comIdempotencia } from './idempotencia.server';
import { estadoDaDisputa, lembrarConfiguracao, lidoDe, recusaDoLote, travarLote } from './lote-travado.server';
import { MENSAGENS_LANCE } from './mensagens.server';
import { publicar } from './publicacao.server';
import type { ResultadoDoAutomatico, ResultadoDoCancelamento } from './resultado';
import type { ServicoDeLances } from './servico.server';
import type { Licitante } from './tipos';

/**
 * A client's automatic maximum (POST /v1/lances/automatico, PUT …/{loteId}, DELETE …/{loteId}): saved
 * or changed under the lot's lock, and answered at once by the engine (the maxima bid against each
 * other up to the second highest); cancelling stops the proxy, the bids it placed stand.
 */
export const automaticoInputSchema = z.object({
  loteId: idSchema('loteId inválido'),
  valorMaximo: centavosSchema(MENSAGENS_LANCE.valorInvalido),
});

/** Creates or changes the client's maximum on the lot. */
export async function configurarLanceAutomatico({
  db,
  lances,
  hub,
  hotsiteId,
  licitante,
  entrada,
  idempotencyKey,
}: {
  db: Db;
  /** The lot's group commit (createMartelo's, through the context); without it, a transaction per request. */
  lances?: Partial<Pick<ServicoDeLances, 'fila' | 'maximos'>>;
  hub?: Hub;
  hotsiteId: number;
  licitante: Licitante;
  entrada: unknown;
  idempotencyKey?: string | null;
  /** The brand's type (unused: the outbid e-mail goes through the notification queue, decision 283). */
  tipoDaMarca?: 'leilao' | 'loja';
}): Promise<ResultadoDoAutomatico> {
  const { loteId, valorMaximo } = automaticoInputSchema.parse(entrada);
  const maximos = lances?.maximos;
  const { resultado, efeito } = await comIdempotencia<ResultadoDoAutomatico>(
    db,
    {
      hotsiteId,
      usuarioId: licitante.id,
      chave: idempotencyKey,
      operacao: 'automatico',
      corpo: { loteId, valorMaximo },
      fila: lances?.fila,
      loteId,
    },
    async (tx) => {
      const l = await travarLote(tx, hotsiteId, loteId);
      if (!l) return { resultado: { tipo: 'lote-nao-encontrado' } };
      if (l.somenteBuyNowProposta || l.tipo !== 'Disputa') return { resultado: { tipo: 'somente-proposta' } };
      const motivo = recusaDoLote(l);
      if (motivo) return { resultado: motivo };
      const estado = await estadoDaDisputa(tx, l);
      const seq = l.sequencia + 1;
      const anterior = estado.configuracoes.find((c) => c.usuarioId === licitante.id);
      const r = configurarAutomatico(estado, { id: anterior?.id ?? -1, usuarioId: licitante.id, maximo: valorMaximo, ordem: seq });
      if (!r.aceito) return { resultado: { tipo: 'maximo-abaixo', proximo: r.proximo } };
      let configuracaoId = anterior?.id;
      if (lidoDe(tx, l.id)) {
        // In a batch: written with the bids at its end (see Pendente), a new one's id taken ahead.
        const p = pendenteDe(tx, l);
        configuracaoId ??= await proximoIdDeMaximo(tx, p);
        const x = { usuarioId: licitante.id, valorMaximo, ordem: seq, data: l.agora };
        p.maximos.set(configuracaoId, { novo: !anterior || (p.maximos.get(configuracaoId)?.novo ?? false), ...x });
      } else if (anterior) {
        await tx.execute(
          sql`UPDATE lance_automatico SET valor_maximo = ${valorMaximo}, ordem = ${seq}, updated_at = ${l.agora} WHERE id = ${anterior.id}`,
        );
      } else {
        const [c] = linhas<{ id: number }>(
          await tx.execute(sql`INSERT INTO lance_automatico (hotsite_id, lote_id, usuario_id, valor_maximo, ordem)
                                VALUES (${hotsiteId}, ${l.id}, ${licitante.id}, ${valorMaximo}, ${seq}) RETURNING id`),
        );
        configuracaoId = c.id;
      }
      lembrarConfiguracao(tx, l.id, { id: configuracaoId!, usuarioId: licitante.id, maximo: valorMaximo, ordem: seq });
      // The lot now has a maximum: this instance's manual bids on it go straight to the engine (decision 084).
      maximos?.marcar(hotsiteId, l.id);
      // The engine referred to a new configuration as id -1 until it had one.
      const lances = r.lances.map((x) => (x.configuracaoId === -1 ? { ...x, configuracaoId: configuracaoId! } : x));
      const { efeito } = await gravar(tx, l, lances, r.atual, seq, {});
      return {
        resultado: {
          tipo: 'automatico-salvo',
          lanceAutomatico: { id: configuracaoId!, loteId: l.id, valorMaximo },
          lote: efeito.evento,
          // Spec: when a configuration is saved the status reads "winning" (while it leads).
          status: r.atual?.usuarioId === licitante.id ? 'ganhando' : 'superado',
        },
        efeito,
      };
    },
  );
  publicar(hub, efeito);
  return resultado;
}

/** Stops the client's proxy on the lot; bids already placed stand. */
export async function cancelarLanceAutomatico({
  db,
  hotsiteId,
  usuarioId,
  loteId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  loteId: number;
}): Promise<ResultadoDoCancelamento> {
  return db.transaction(async (tx) => {
    const l = await travarLote(tx, hotsiteId, loteId);
    if (!l) return { tipo: 'lote-nao-encontrado' };
    const r = linhas(
      await tx.execute(sql`UPDATE lance_automatico SET situacao = 'Cancelado', updated_at = now()
                            WHERE lote_id = ${loteId} AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND situacao = 'Ativo' RETURNING id`),
    );
    if (r.length === 0) return { tipo: 'configuracao-nao-encontrada' };
    return { tipo: 'automatico-cancelado' };
  });
}
