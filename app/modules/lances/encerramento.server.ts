import { sql } from 'drizzle-orm';
import type { CanalDeEnvio } from '@db/schema/notificacoes';
import { aplicarOpcoesDeNotificacao } from '~/modules/notificacoes/opcoes.server';
import { z } from 'zod';
import { centavosSchema } from '~/utils/entrada';
import type { Db, Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { salas, type LoteAoVivoMsg } from '~/realtime/protocol';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';
import { lances } from '~/locales/pt-BR/lances';
import type { Logger } from '~/utils/logger.server';
import { ErroHttp } from '~/utils/errors';
import {
  criarOuAtualizarVenda,
  desvincularLoteCondicional,
  publicarVenda,
  registrarEvento,
  vincularLoteCondicional,
  type VendaTocada,
} from '~/modules/vendas/vendas.server';
import { RESPOSTAS_CONDICIONAL, situacaoAoEncerrar, situacaoAposRespostaCondicional } from './regras';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import { proximoLance } from '~/modules/dominio/dinheiro';

/**
 * Closing: each lot closes exactly once at its end, whatever the number of instances. Every instance
 * runs this job; a run claims due lots with FOR UPDATE SKIP LOCKED (a lot being bid on is skipped and
 * picked up on the next run, with its possibly extended end), decides the situacao, records the
 * closing in lote_encerramento (its primary key forbids a second one) and publishes after commit.
 */
const EM_DISPUTA = sql.raw(SITUACOES_EM_DISPUTA.map((s) => `'${s}'`).join(','));

/**
 * No lot closes while its brand is inside a maintenance window (decision 193): scheduling one moves the
 * lots due inside it past its end, and this holds back any that got there later (an end edited into the
 * window); they close when it ends. The table belongs to the staff's operations (modules/operacoes).
 */
const EM_MANUTENCAO = sql`SELECT 1 FROM manutencao_plataforma m
                           WHERE m.hotsite_id = l.hotsite_id AND m.cancelada_em IS NULL
                             AND m.inicio <= clock_timestamp() AND m.fim > clock_timestamp()`;

/** Closes every due lot it can claim; answers the ids of the lots this call closed. */
export async function encerrarLotesVencidos({ db, hub, limite = 100 }: { db: Db; hub?: Hub; limite?: number }) {
  const fechados = await fecharLotes({ db, limite });
  if (hub) {
    for (const v of fechados.vendas) publicarVenda(hub, v, 'criada');
    for (const f of fechados.saida) await hub.publicar(f.hotsiteId, salas.lote(f.veiUid), { event: 'on-elastic-response', data: f.data });
  }
  return fechados.saida.map((f) => f.data.loteId as number);
}

/**
 * The closing itself, without publishing: the timed job above publishes after its own commit; the
 * auctioneer's hammer runs this inside its transaction (a savepoint) and publishes what it answers
 * (the lot's event, `on-venda-dto` to the winner) after the hammer's commit.
 */
export async function fecharLotes({
  db,
  limite = 100,
  loteId,
}: {
  db: Db | Tx;
  limite?: number;
  /** The auctioneer's hammer (live auctions): this lot, now, whatever its end. */
  loteId?: number;
}): Promise<{ saida: { hotsiteId: number; veiUid: string; data: LoteAoVivoMsg & { loteId: number } }[]; vendas: VendaTocada[] }> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      SELECT l.id, l.hotsite_id, l.leilao_id, l.minimo, l.incremento, l.ultimo_lance_valor, l.ultimo_lance_usuario_id,
             l.valor_comitente, l.sequencia, l.data_fim, v.uid AS vei_uid
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.situacao IN (${EM_DISPUTA}) AND ${
         loteId == null
           ? sql`l.finalizacao_manual = false AND l.data_fim IS NOT NULL AND l.data_fim <= clock_timestamp()
                 AND NOT EXISTS (${EM_MANUTENCAO})`
           : sql`l.id = ${loteId}`
       }
       ORDER BY l.data_fim
       LIMIT ${limite}
         FOR UPDATE OF l SKIP LOCKED`)) as unknown as { rows: Record<string, unknown>[] };
    const saida = [];
    const vendas: VendaTocada[] = [];
    for (const r of rows) {
      const lance = r.ultimo_lance_valor == null ? null : Number(r.ultimo_lance_valor);
      const situacao = situacaoAoEncerrar({ lance, valorComitente: r.valor_comitente == null ? null : Number(r.valor_comitente) });
      const seq = (r.sequencia as number) + 1;
      await tx.execute(sql`UPDATE lote SET situacao = ${situacao}, sequencia = ${seq}, updated_at = now() WHERE id = ${r.id as number}`);
      await tx.execute(sql`INSERT INTO lote_encerramento (lote_id, hotsite_id, situacao, valor, usuario_id)
                           VALUES (${r.id as number}, ${r.hotsite_id as number}, ${situacao}, ${lance}, ${r.ultimo_lance_usuario_id as number | null})`);
      await tx.execute(sql`UPDATE lance_automatico SET situacao = 'Cancelado' WHERE lote_id = ${r.id as number} AND situacao = 'Ativo'`);
      if (r.leilao_id) {
        await tx.execute(sql`UPDATE leilao_lote SET situacao = ${situacao}, arremate_valor = ${lance}
                              WHERE lote_id = ${r.id as number} AND leilao_id = ${r.leilao_id as number}`);
      }
      if (situacao === 'AG_PAGAMENTO' && lance != null && r.ultimo_lance_usuario_id != null) {
        vendas.push(
          await criarOuAtualizarVenda(tx, {
            hotsiteId: r.hotsite_id as number,
            loteId: r.id as number,
            usuarioId: r.ultimo_lance_usuario_id as number,
            valor: lance,
          }),
        );
      }
      if (situacao === 'CONDICIONAL' && lance != null && r.ultimo_lance_usuario_id != null) {
        vendas.push(
          await vincularLoteCondicional(tx, {
            hotsiteId: r.hotsite_id as number,
            loteId: r.id as number,
            usuarioId: r.ultimo_lance_usuario_id as number,
            valor: lance,
          }),
        );
      }
      saida.push({
        hotsiteId: r.hotsite_id as number,
        veiUid: String(r.vei_uid),
        data: {
          loteId: r.id as number,
          veiUid: String(r.vei_uid),
          valor: {
            lance,
            atual: lance ?? Number(r.minimo),
            proximo: proximoLance(lance, Number(r.minimo), Number(r.incremento)),
            incremento: Number(r.incremento),
          },
          dataFim: new Date(r.data_fim as string).toISOString(),
          situacao,
          seq,
        },
      });
    }
    return { saida, vendas };
  });
}

/** Started by server.ts: one run every `intervaloMs` on each instance (runs never overlap locally). */
export function iniciarEncerrador({ db, hub, logger, intervaloMs = 1_000 }: { db: Db; hub: Hub; logger: Logger; intervaloMs?: number }) {
  let parado = false;
  let rodando: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (parado || rodando) return;
    rodando = encerrarLotesVencidos({ db, hub })
      .catch((erro) => {
        if (!parado) logger.warn({ err: erro }, 'falha ao encerrar lotes');
      })
      .finally(() => (rodando = null));
  }, intervaloMs);
  timer.unref();
  return {
    async parar() {
      parado = true;
      clearInterval(timer);
      await rodando;
    },
  };
}

export const respostaCondicionalSchema = z.object({
  resposta: z.enum(RESPOSTAS_CONDICIONAL, 'Resposta deve ser Liberada, Recusada ou Novo valor'),
  novoValor: centavosSchema('Informe o novo valor em centavos').optional(),
});

/**
 * The seller's answer to a conditional sale (spec section 4): Liberada → AG_PAGAMENTO, Recusada →
 * CONDICIONAL_NEGADA, Novo valor → stays CONDICIONAL with the counter-offer recorded. Only a lot in
 * CONDICIONAL takes an answer; watchers get the new situacao.
 */
export async function responderCondicional({
  db,
  hub,
  hotsiteId,
  loteId,
  entrada,
  comitentes,
  respondidoPor = null,
  canaisNotificacao = null,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  loteId: number;
  entrada: unknown;
  /** The call's notification-options: the channels the buyer's notice may use (decision 211). */
  canaisNotificacao?: readonly CanalDeEnvio[] | null;
  /**
   * Whose lots the caller answers for: 'todos' (ADM/SAC) or their sellers (comitentesDoUsuario). Another
   * seller's lot is 'Lote não encontrado', as another brand's, so lot ids cannot be probed (decision 011).
   */
  comitentes: Comitentes;
  /** Name of who answered (spec: the conditional-sale record keeps the respondent's name). */
  respondidoPor?: string | null;
}) {
  const { resposta, novoValor } = respostaCondicionalSchema.parse(entrada);
  if (resposta === 'Novo valor' && novoValor == null) throw new ErroHttp(400, 'Informe o novo valor em centavos');
  const r = await db.transaction(async (tx) => {
    await aplicarOpcoesDeNotificacao(tx, canaisNotificacao);
    const { rows } = (await tx.execute(sql`
      SELECT l.id, l.situacao, l.sequencia, l.leilao_id, l.minimo, l.incremento, l.ultimo_lance_valor, l.data_fim, l.numero, l.nome,
             l.ultimo_lance_usuario_id, v.uid AS vei_uid, u.email AS vencedor_email, u.nome AS vencedor_nome,
             (SELECT h.tipo FROM hotsite h WHERE h.id = l.hotsite_id) AS marca_tipo
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id LEFT JOIN usuario u ON u.id = l.ultimo_lance_usuario_id AND u.hotsite_id = l.hotsite_id
       WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
         FOR UPDATE OF l`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const l = rows[0];
    if (!l) throw new ErroHttp(404, 'Lote não encontrado');
    if (l.situacao !== 'CONDICIONAL') throw new ErroHttp(409, 'Este lote não está aguardando resposta condicional');
    const situacao = situacaoAposRespostaCondicional(resposta);
    const seq = (l.sequencia as number) + 1;
    const registro = JSON.stringify({ resposta, novoValor: novoValor ?? null, data: new Date().toISOString(), respondidoPor });
    await tx.execute(sql`UPDATE lote SET situacao = ${situacao}, sequencia = ${seq}, updated_at = now() WHERE id = ${loteId}`);
    await tx.execute(sql`UPDATE lote_encerramento SET situacao = ${situacao} WHERE lote_id = ${loteId}`);
    if (l.leilao_id) {
      await tx.execute(
        sql`UPDATE leilao_lote SET situacao = ${situacao}, resposta_condicional = ${registro} WHERE lote_id = ${loteId} AND leilao_id = ${l.leilao_id as number}`,
      );
    }
    const lance = l.ultimo_lance_valor == null ? null : Number(l.ultimo_lance_valor);
    // The answer goes into the buyer's purchase history (decision 126), in the brand's wording.
    const tipoMarca = l.marca_tipo === 'loja' ? 'loja' : 'leilao';
    const [vinculo] = (
      (await tx.execute(sql`SELECT venda_id, usuario_id FROM venda_lote_condicional vc JOIN venda v ON v.id = vc.venda_id
                             WHERE vc.lote_id = ${loteId} AND vc.hotsite_id = ${hotsiteId}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    const historico = (vendaId: number) =>
      registrarEvento(tx, {
        hotsiteId,
        vendaId,
        autor: respondidoPor,
        texto: textoDaMarca(
          tipoMarca,
          `historico_condicional.${resposta === 'Liberada' ? 'liberada' : resposta === 'Recusada' ? 'recusada' : 'novo_valor'}`,
          { numero: l.numero, lance: formatarMoeda(lance ?? 0), novo: formatarMoeda(novoValor ?? 0) },
          lances,
        ),
      });
    if (vinculo && resposta !== 'Liberada') await historico(Number(vinculo.venda_id));
    const venda =
      situacao === 'AG_PAGAMENTO' && lance != null && l.ultimo_lance_usuario_id != null
        ? await criarOuAtualizarVenda(tx, { hotsiteId, loteId, usuarioId: l.ultimo_lance_usuario_id as number, valor: lance })
        : situacao === 'CONDICIONAL_NEGADA'
          ? await desvincularLoteCondicional(tx, { hotsiteId, loteId })
          : vinculo
            ? { hotsiteId, usuarioId: Number(vinculo.usuario_id), vendaId: Number(vinculo.venda_id) }
            : null;
    if (resposta === 'Liberada' && venda) await historico(venda.vendaId);
    // The winning bidder hears the answer by e-mail, in the same transaction (outbox).
    if (l.vencedor_email) {
      // In the brand's wording (a loja's winner made an offer on an anúncio).
      const tipo = l.marca_tipo === 'loja' ? 'loja' : 'leilao';
      const opcoes = {
        lote: textoDaMarca(tipo, 'email_condicional.lote', { numero: l.numero, nome: l.nome }, lances),
        lance: formatarMoeda(lance ?? 0),
        novo: formatarMoeda(novoValor ?? 0),
        numero: l.numero,
        resposta: resposta.toLowerCase(),
      };
      const chave = resposta === 'Liberada' ? 'liberada' : resposta === 'Recusada' ? 'recusada' : 'novo_valor';
      const texto = textoDaMarca(tipo, `email_condicional.${chave}`, opcoes, lances);
      await enfileirarEmail({
        db: tx,
        hotsiteId,
        para: String(l.vencedor_email),
        assunto: textoDaMarca(tipo, 'email_condicional.assunto', opcoes, lances),
        texto: `Olá, ${l.vencedor_nome}.\n\n${texto}`,
      });
    }
    return {
      venda,
      veiUid: String(l.vei_uid),
      data: {
        loteId,
        veiUid: String(l.vei_uid),
        valor: {
          lance,
          atual: lance ?? Number(l.minimo),
          proximo: proximoLance(lance, Number(l.minimo), Number(l.incremento)),
          incremento: Number(l.incremento),
        },
        dataFim: l.data_fim ? new Date(l.data_fim as string).toISOString() : null,
        situacao,
        seq,
      },
    };
  });
  await hub?.publicar(hotsiteId, salas.lote(r.veiUid), { event: 'on-elastic-response', data: r.data });
  publicarVenda(hub, r.venda, 'criada');
  return { loteId, situacao: r.data.situacao, resposta, novoValor: novoValor ?? null };
}
