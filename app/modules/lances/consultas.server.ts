import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { centavosSchema, paginacaoSchema, textoLivre } from '~/utils/entrada';
import { idSchema } from '~/utils/id';
import type { Db } from '@db/client.server';
import { ErroHttp } from '~/utils/errors';
import { ABAS_MEUS_LANCES, autorPublico, statusDoLance, type StatusLance } from './regras';
import { proximoLance } from '~/modules/dominio/dinheiro';
import { mensagensDaMarca, MENSAGENS_LANCE } from './mensagens.server';
import { linhas, numeroOuNulo as n } from '~/utils/linhas.server';
import { formatarTelefone } from '~/modules/dominio/documentos-br';
import { exigirTentativa } from '~/modules/identidade/limite.server';
import { SITUACOES_DISPONIVEIS } from '~/modules/dominio/situacoes';
import { ehJudicial, propostaValida } from '~/modules/dominio/regras-do-leiloeiro';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';
import { totaisDaVenda, type FormaPagamento, type SituacaoPagamento } from '~/modules/vendas/regras';

/** Winning-bids history window (spec section 9). */
export const JANELA_VENCEDORES_DIAS = 7;

export interface MeuLance {
  loteId: number;
  veiUid: string;
  leilaoId: number | null;
  leilaoNome: string | null;
  nome: string;
  numero: string;
  situacao: string;
  dataFim: string | null;
  valor: number;
  lanceAtual: number | null;
  proximo: number;
  qtdLancesEnviados: number;
  tipoLance: string;
  data: string;
  valorMaximoAutomatico: number | null;
  ganhandoPerdendo: StatusLance;
}

/**
 * The client's bids, one entry per lot: own highest non-cancelled bid against the lot's current bid
 * gives `ganhandoPerdendo` (spec section 4). Also the active automatic maximum for maintenance.
 */
export async function meusLances({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }): Promise<MeuLance[]> {
  const rs = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT l.id AS lote_id, v.uid AS vei_uid, l.leilao_id, le.nome AS leilao_nome, l.nome, l.numero, l.situacao, l.data_fim,
             l.ultimo_lance_valor, l.minimo, l.incremento, m.valor, m.qtd, m.tipo, m.data,
             (SELECT valor_maximo FROM lance_automatico a WHERE a.lote_id = l.id AND a.usuario_id = ${usuarioId} AND a.situacao = 'Ativo') AS maximo
        FROM (SELECT lote_id, max(valor) AS valor, count(*) AS qtd, max(data) AS data,
                     (array_agg(tipo ORDER BY valor DESC))[1] AS tipo
                FROM lance WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND situacao <> 'Cancelado'
               GROUP BY lote_id) m
        JOIN lote l ON l.id = m.lote_id AND l.hotsite_id = ${hotsiteId}
        JOIN veiculo v ON v.id = l.veiculo_id
        LEFT JOIN leilao le ON le.id = l.leilao_id
       ORDER BY m.data DESC`),
  );
  return rs.map((r) => {
    const valor = Number(r.valor);
    const lanceAtual = n(r.ultimo_lance_valor);
    return {
      loteId: r.lote_id as number,
      veiUid: String(r.vei_uid),
      leilaoId: r.leilao_id as number | null,
      leilaoNome: (r.leilao_nome as string | null) ?? null,
      nome: r.nome as string,
      numero: r.numero as string,
      situacao: r.situacao as string,
      dataFim: r.data_fim ? new Date(r.data_fim as string).toISOString() : null,
      valor,
      lanceAtual,
      proximo: proximoLance(lanceAtual, Number(r.minimo), Number(r.incremento)),
      qtdLancesEnviados: Number(r.qtd),
      tipoLance: r.tipo as string,
      data: new Date(r.data as string).toISOString(),
      valorMaximoAutomatico: n(r.maximo),
      ganhandoPerdendo: statusDoLance({ meuLance: valor, lanceAtual, situacao: r.situacao as string }),
    };
  });
}

export type AbaMeusLances = keyof typeof ABAS_MEUS_LANCES;
export const filtrarPorAba = (lances: MeuLance[], aba: AbaMeusLances) => {
  const s = ABAS_MEUS_LANCES[aba] as readonly StatusLance[] | null;
  return s ? lances.filter((l) => s.includes(l.ganhandoPerdendo)) : lances;
};

/** Query of the paged my-bids call (decision 284): page, page size (≤ 50) and the my-bids page's tab. */
export const meusLancesPaginaSchema = paginacaoSchema({ porPaginaMaximo: 50, porPaginaPadrao: 20 }).extend({
  aba: z.enum(Object.keys(ABAS_MEUS_LANCES) as [AbaMeusLances, ...AbaMeusLances[]], 'Filtro de lances inválido').default('todos'),
});

/**
 * GET /v1/cliente/meus-lances?pagina=&porPagina=&aba= (spec 001 §7 "my bids by page and filter", path not
 * shown; decision 284): the same items as meus-lances-rapido, newest bid first, filtered by the my-bids
 * page's tab and cut to the page; `total` is the filter's count (the answer's X-Total-Count header).
 * The tab is derived per lot (the client against the lot's current bid), so the filter runs on the
 * client's lots, which are one row per lot they bid on.
 */
export async function meusLancesPaginados({
  db,
  hotsiteId,
  usuarioId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
}) {
  const { pagina, porPagina, aba } = meusLancesPaginaSchema.parse(entrada);
  const todos = filtrarPorAba(await meusLances({ db, hotsiteId, usuarioId }), aba);
  return { total: todos.length, pagina, porPagina, itens: todos.slice((pagina - 1) * porPagina, pagina * porPagina) };
}

/**
 * GET /v1/cliente/meus-lances-vencedores/{id}: lots won (closed) in the last 7 days; {id} is an auction id,
 * 0 for all. Each carries the winning bid fields of spec 001 §3 (decision 284), read from our own rows:
 * the winning bid's chain hash (decision 196), the sale it went into (uid, QR hash, situation), its
 * payment totals (vendas/regras.ts totaisDaVenda) and deadline, the documents' shipping, the yard pickup
 * booking, the vehicle's removal and yard stay, and the conditional answer. All scoped to the brand and
 * to this client (the sale must be theirs too).
 */
export async function meusLancesVencedores({
  db,
  hotsiteId,
  usuarioId,
  leilaoId,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
}) {
  const rs = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT e.lote_id, l.situacao AS situacao_lote, e.valor, e.encerrado_em, l.nome, l.numero, l.leilao_id, v.uid AS vei_uid, l.tipo AS tipo_negociacao,
             mb.id AS lance_id, mb.tipo AS tipo_lance, mb.hash AS lance_hash,
             vd.id AS venda_id, vd.uid AS venda_uid, vd.hash_qrcode, vd.situacao AS venda_situacao, vd.data_pagamento, vd.total AS venda_total,
             vd.valor_desconto, vd.metodo_entrega, vd.valor_sedex, vd.situacao_entrega, vd.agendado_horario, vd.entrega_veiculo,
             (SELECT coalesce(sum(vi2.valor_recibo), 0) FROM venda_item vi2 WHERE vi2.venda_id = vd.id AND vi2.ativo) AS recibos,
             pa.nome AS patio_nome,
             es.situacao AS estadia_situacao, es.dia_fim AS estadia_dia_fim,
             re.situacao AS remocao_situacao, re.dia_fim_previsto AS remocao_previsao, re.dia_fim_real AS remocao_chegada,
             (SELECT max(ev.data) FROM venda_evento ev WHERE ev.venda_id = vd.id AND ev.texto LIKE 'Retirada no pátio%') AS agendamento_pedido,
             ll.resposta_condicional
        FROM lote_encerramento e
        JOIN lote l ON l.id = e.lote_id AND l.hotsite_id = ${hotsiteId}
        JOIN veiculo v ON v.id = l.veiculo_id
        LEFT JOIN LATERAL (SELECT id, tipo, hash FROM lance
                            WHERE lote_id = e.lote_id AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND situacao <> 'Cancelado'
                            ORDER BY valor DESC, id DESC LIMIT 1) mb ON true
        LEFT JOIN venda_item vi ON vi.lote_id = e.lote_id AND vi.ativo AND vi.hotsite_id = ${hotsiteId}
        LEFT JOIN venda vd ON vd.id = vi.venda_id AND vd.usuario_id = ${usuarioId} AND vd.hotsite_id = ${hotsiteId}
        LEFT JOIN patio pa ON pa.id = vd.patio_id AND pa.hotsite_id = ${hotsiteId}
        LEFT JOIN LATERAL (SELECT situacao, dia_fim FROM estadia WHERE veiculo_id = l.veiculo_id AND hotsite_id = ${hotsiteId}
                            ORDER BY id DESC LIMIT 1) es ON true
        LEFT JOIN LATERAL (SELECT situacao, dia_fim_previsto, dia_fim_real FROM remocao WHERE veiculo_id = l.veiculo_id AND hotsite_id = ${hotsiteId}
                            ORDER BY id DESC LIMIT 1) re ON true
        LEFT JOIN leilao_lote ll ON ll.lote_id = e.lote_id AND ll.leilao_id = l.leilao_id
       WHERE e.usuario_id = ${usuarioId} AND e.hotsite_id = ${hotsiteId}
         AND e.encerrado_em >= now() - make_interval(days => ${JANELA_VENCEDORES_DIAS})
         AND (${leilaoId} = 0 OR l.leilao_id = ${leilaoId})
       ORDER BY e.encerrado_em DESC`),
  );
  const vendaIds = [...new Set(rs.map((r) => r.venda_id).filter((x) => x != null))] as number[];
  const pagamentos = vendaIds.length
    ? linhas<{ venda_id: number; tipo: FormaPagamento; valor: string | number; situacao: SituacaoPagamento }>(
        await db.execute(sql`SELECT venda_id, tipo, valor, situacao FROM pagamento
                              WHERE hotsite_id = ${hotsiteId} AND venda_id IN (${sql.join(
                                vendaIds.map((id) => sql`${id}`),
                                sql`, `,
                              )})`),
      )
    : [];
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  const dia = (v: unknown) => (v == null ? null : String(v).slice(0, 10));
  return rs.map((r) => {
    const vendaId = r.venda_id == null ? null : Number(r.venda_id);
    const totais =
      vendaId == null
        ? null
        : totaisDaVenda({
            total: Number(r.venda_total),
            desconto: Number(r.valor_desconto),
            recibosItens: Number(r.recibos),
            pagamentos: pagamentos
              .filter((p) => Number(p.venda_id) === vendaId)
              .map((p) => ({ tipo: p.tipo, valor: Number(p.valor), situacao: p.situacao })),
          });
    return {
      lanceId: (r.lance_id as number | null) ?? null,
      loteId: r.lote_id as number,
      veiUid: String(r.vei_uid),
      nome: r.nome,
      numero: r.numero,
      situacaoLote: r.situacao_lote,
      tipoLance: r.tipo_lance ?? null,
      tipoNegociacao: r.tipo_negociacao,
      valor: n(r.valor),
      data: new Date(r.encerrado_em as string).toISOString(),
      hash: (r.lance_hash as string | null) ?? null,
      vendaUid: r.venda_uid == null ? null : String(r.venda_uid),
      hashQrcode: (r.hash_qrcode as string | null) ?? null,
      situacaoVenda: (r.venda_situacao as string | null) ?? null,
      pagamento: totais && {
        dataLimite: iso(r.data_pagamento)!,
        total: totais.total,
        aprovado: totais.aprovado,
        aguardandoValidacao: totais.aguardandoValidacao,
        restante: Math.max(0, totais.restante),
      },
      envio:
        vendaId == null
          ? null
          : {
              metodoEnvio: (r.metodo_entrega as string | null) ?? null,
              valorSedex: Number(r.valor_sedex),
              situacao: String(r.situacao_entrega),
              entregaVeiculo: (r.entrega_veiculo as string | null) ?? null,
            },
      agendamento:
        r.agendado_horario == null
          ? null
          : {
              dataHorario: iso(r.agendado_horario)!,
              dataSolicitacao: iso(r.agendamento_pedido),
              situacao: String(r.situacao_entrega),
              patio: (r.patio_nome as string | null) ?? null,
            },
      remocao:
        r.remocao_situacao == null
          ? null
          : { situacao: String(r.remocao_situacao), previsao: dia(r.remocao_previsao), chegada: dia(r.remocao_chegada) },
      estadia: r.estadia_situacao == null ? null : { situacao: String(r.estadia_situacao), diaFim: dia(r.estadia_dia_fim) },
      respostaCondicional: (r.resposta_condicional as string | null) ?? null,
    };
  });
}

/**
 * The lot's current bid as the public sees who gave it (regras.ts autorPublico): a LATERAL join on the
 * highest non-cancelled bid, giving `lider_tipo` and `lider_apelido`. The lot's own snapshot nickname is
 * the fallback for a lot whose bids are not rows (the demo seed's snapshots).
 */
export const liderDoLoteSql = (lote: SQL, hotsiteId: number) =>
  sql`LEFT JOIN LATERAL (SELECT tipo AS lider_tipo, apelido AS lider_apelido FROM lance
                          WHERE lote_id = ${lote} AND hotsite_id = ${hotsiteId} AND situacao <> 'Cancelado'
                          ORDER BY valor DESC, id DESC LIMIT 1) lider ON true`;
export const liderPublico = (r: Record<string, unknown>) =>
  r.lider_tipo == null
    ? { apelido: (r.ultimo_lance_apelido as string | null) ?? null, lanceDePista: false }
    : autorPublico({ tipo: r.lider_tipo as string, apelido: r.lider_apelido as string | null });

/** Bid history of a lot for the lot page: nickname and city only (a floor bid: neither), newest first. */
export async function historicoDeLances({
  db,
  hotsiteId,
  loteId,
  limite = 20,
}: {
  db: Db;
  hotsiteId: number;
  loteId: number;
  limite?: number;
}) {
  const rs = linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT id, valor, tipo, apelido, cidade, data FROM lance
                          WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} AND situacao = 'Recebido'
                          ORDER BY id DESC LIMIT ${limite}`),
  );
  return rs.map((r) => {
    const autor = autorPublico({ tipo: r.tipo as string, apelido: r.apelido as string });
    return {
      id: r.id as number,
      valor: Number(r.valor),
      tipo: r.tipo as string,
      ...autor,
      cidade: autor.lanceDePista ? null : ((r.cidade as string) ?? null),
      data: new Date(r.data as string).toISOString(),
    };
  });
}

export const propostaSchema = z.object({
  loteId: idSchema('loteId inválido'),
  valor: centavosSchema(MENSAGENS_LANCE.valorInvalido),
  telefone: textoLivre(30, 'Informe um telefone válido').pipe(z.string().min(8, 'Informe um telefone válido')),
  email: textoLivre(200, 'Informe um e-mail válido').pipe(z.email('Informe um e-mail válido')),
  /** CPC 895 (judicial lots only, decision 230): down payment in centavos and monthly instalments; absent = cash. */
  entrada: centavosSchema('Entrada inválida').optional(),
  parcelas: z
    .number({ error: 'Número de parcelas inválido' })
    .int('Número de parcelas inválido')
    .min(1, 'Número de parcelas inválido')
    .max(30, 'Proposta parcelada (CPC, art. 895, § 1º): o restante pode ser parcelado em até 30 meses.')
    .optional(),
});

const MENSAGEM_SO_JUDICIAL = 'Proposta parcelada (CPC, art. 895) só é aceita em lote de leilão judicial.';

/** POST /v1/propostas: only lots sold by buy-now or proposal take proposals; recorded for the seller's answer. */
export async function enviarProposta({
  db,
  hotsiteId,
  usuarioId,
  entrada,
  tipo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  tipo?: 'leilao' | 'loja';
}) {
  const m = mensagensDaMarca(tipo);
  const p = propostaSchema.parse(entrada);
  const [l] = linhas<{
    somente: boolean;
    tipo: string;
    situacao: string;
    encerrado: boolean;
    tipo_origem: string | null;
    do_grupo: boolean;
  }>(
    await db.execute(
      sql`SELECT l.somente_buy_now_proposta AS somente, l.tipo, l.situacao, coalesce(l.data_fim <= now(), false) AS encerrado, le.tipo_origem,
                 -- A lot restricted to client groups takes proposals only from their members, as it takes bids (decision 269).
                 (NOT EXISTS (SELECT 1 FROM lote_grupo_cliente lg WHERE lg.lote_id = l.id)
                  OR EXISTS (SELECT 1 FROM lote_grupo_cliente lg JOIN grupo_cliente_membro gm ON gm.grupo_id = lg.grupo_id
                              WHERE lg.lote_id = l.id AND gm.usuario_id = ${usuarioId})) AS do_grupo
            FROM lote l LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
           WHERE l.id = ${p.loteId} AND l.hotsite_id = ${hotsiteId}`,
    ),
  );
  if (!l) throw new ErroHttp(404, m.loteNaoEncontrado);
  if (!l.do_grupo) throw new ErroHttp(403, m.foraDoGrupo);
  // A judicial lot takes written proposals, cash or in instalments (CPC 895); others only in buy-now or proposal mode.
  const judicial = ehJudicial(l.tipo_origem);
  if (!judicial && !l.somente && l.tipo !== 'Proposta') throw new ErroHttp(409, m.semProposta);
  const parcelada = p.entrada !== undefined || p.parcelas !== undefined;
  if (parcelada && !judicial) throw new ErroHttp(409, MENSAGEM_SO_JUDICIAL);
  if (parcelada) {
    const regra = propostaValida({ valor: p.valor, entrada: p.entrada ?? 0, parcelas: p.parcelas ?? 0 });
    if (!regra.ok) throw new ErroHttp(400, regra.mensagem);
  }
  // A down payment of the whole value is a cash proposal.
  const aPrazo = parcelada && (p.entrada ?? 0) < p.valor;
  if (!SITUACOES_DISPONIVEIS.includes(l.situacao)) throw new ErroHttp(409, m.naoDisponivel);
  // Past its end a lot takes no proposal either (regras.ts faseDoLote).
  if (l.encerrado) throw new ErroHttp(409, m.encerrado);
  // A few proposals per lot an hour (LIMITES.propostaPorLote), counted before the insert (decision 106).
  await exigirTentativa(db, { limite: 'propostaPorLote', chave: `${hotsiteId}:${usuarioId}:${p.loteId}`, hotsiteId }, m.muitasPropostas);
  const [r] = linhas<{ id: number; uid: string; created_at: string }>(
    await db.execute(sql`INSERT INTO proposta (hotsite_id, lote_id, usuario_id, valor, telefone, email, entrada, parcelas)
                          VALUES (${hotsiteId}, ${p.loteId}, ${usuarioId}, ${p.valor}, ${p.telefone}, ${p.email.toLowerCase()},
                                  ${aPrazo ? p.entrada! : null}, ${aPrazo ? p.parcelas! : null})
                          RETURNING id, uid, created_at`),
  );
  return {
    id: r.id,
    uid: r.uid,
    loteId: p.loteId,
    valor: p.valor,
    situacao: 'Enviada',
    data: new Date(r.created_at).toISOString(),
    mensagem: 'Proposta enviada com sucesso',
  };
}

/** GET /{v}/leilao/lotes/buscar-ultimas-proposta: the client's last proposals, newest first. */
export async function ultimasPropostas({
  db,
  hotsiteId,
  usuarioId,
  limite = 20,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  limite?: number;
}) {
  const rs = linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT p.id, p.uid, p.lote_id, p.valor, p.situacao, p.created_at, l.nome, l.numero, v.uid AS vei_uid
                           FROM proposta p JOIN lote l ON l.id = p.lote_id JOIN veiculo v ON v.id = l.veiculo_id
                          WHERE p.usuario_id = ${usuarioId} AND p.hotsite_id = ${hotsiteId}
                          ORDER BY p.id DESC LIMIT ${limite}`),
  );
  return rs.map((r) => ({
    id: r.id,
    uid: r.uid,
    loteId: r.lote_id,
    veiUid: String(r.vei_uid),
    nome: r.nome,
    numero: r.numero,
    valor: Number(r.valor),
    situacao: r.situacao,
    data: new Date(r.created_at as string).toISOString(),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The latest sequence number of each watched lot of the brand, by vehicle uid (the hub's beat,
 * decision 117): the same lot estadoDoLote answers for that uid (its newest), so a client that
 * refetches after the beat gets at least that number. Room names that are no uuid have no lot.
 */
export async function sequenciasDosLotes({
  db,
  hotsiteId,
  veiUids,
}: {
  db: Db;
  hotsiteId: number;
  veiUids: string[];
}): Promise<Map<string, number>> {
  const validos = veiUids.filter((u) => UUID.test(u));
  if (!validos.length) return new Map();
  const rs = linhas<{ uid: string; sequencia: number }>(
    await db.execute(sql`
      SELECT DISTINCT ON (v.uid) v.uid::text AS uid, l.sequencia
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
       WHERE l.hotsite_id = ${hotsiteId} AND v.uid = ANY(${sql.param(validos.map((u) => u.toLowerCase()))}::uuid[])
       ORDER BY v.uid, l.id DESC`),
  );
  const porUid = new Map(rs.map((r) => [r.uid, Number(r.sequencia)]));
  const saida = new Map<string, number>();
  for (const u of validos) {
    const seq = porUid.get(u.toLowerCase());
    if (seq !== undefined) saida.set(u, seq);
  }
  return saida;
}

/**
 * The lot's bidding state by vehicle uid: what the realtime client refetches after a gap or a
 * reconnect, and what the lot page's bid panel starts from. Same shape as the on-elastic-response part.
 * With a viewer (`usuarioId`), also their own standing (`meu`), read in the same statement as the lot,
 * so its status pairs their own highest bid with the current bid of the same sequence (decision 119).
 */
export async function estadoDoLote(args: { db: Db; hotsiteId: number; veiUid: string; usuarioId?: number | null }) {
  const {
    dataInicio: _inicio,
    encerradoEm: _encerrado,
    vendidoAoUsuario: _meu,
    favorito: _favorito,
    ...estado
  } = await estadoEPainel(args);
  return estado;
}

/** The lot's state with what only its page shows (start, real close, the reader's favourite), in one statement. */
async function estadoEPainel({
  db,
  hotsiteId,
  veiUid,
  usuarioId = null,
}: {
  db: Db;
  hotsiteId: number;
  veiUid: string;
  usuarioId?: number | null;
}) {
  if (!UUID.test(veiUid)) throw new ErroHttp(400, 'veiUid inválido');
  const [r] = linhas<Record<string, unknown>>(
    await db.execute(sql`
      SELECT l.id, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia, l.quantidade_lances,
             l.compre_ja, l.somente_buy_now_proposta, l.tipo, l.comissao_porcentagem, l.comissao_extra_porcentagem,
             l.comissao_extra_mensagem, l.despachante, l.outros, l.remocao, l.deposito_de_bens, l.vistoria, l.nome, l.numero,
             l.ultimo_lance_apelido, lider.lider_tipo, lider.lider_apelido,
             l.data_inicio, enc.encerrado_em, enc.usuario_id AS comprador,
             (SELECT le.tipo_origem FROM leilao le WHERE le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id) AS tipo_origem${
               usuarioId != null
                 ? sql`,
             (SELECT max(valor) FROM lance WHERE lote_id = l.id AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}
                 AND situacao <> 'Cancelado') AS meu_valor,
             (SELECT valor_maximo FROM lance_automatico WHERE lote_id = l.id AND usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId}
                 AND situacao = 'Ativo') AS meu_maximo,
             EXISTS (SELECT 1 FROM favorito WHERE usuario_id = ${usuarioId} AND hotsite_id = ${hotsiteId} AND vei_uid = v.uid) AS favorito`
                 : sql``
             }
        FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
        LEFT JOIN lote_encerramento enc ON enc.lote_id = l.id AND enc.hotsite_id = l.hotsite_id
        ${liderDoLoteSql(sql`l.id`, hotsiteId)}
       WHERE v.uid = ${veiUid} AND l.hotsite_id = ${hotsiteId}
         -- A private auction's lot: found only by its accepted guests (decision 186).
         AND ${leilaoVisivelPara(sql`l.leilao_id`, usuarioId)}
       ORDER BY l.id DESC LIMIT 1`),
  );
  if (!r) throw new ErroHttp(404, MENSAGENS_LANCE.loteNaoEncontrado);
  const lance = n(r.ultimo_lance_valor);
  const minimo = Number(r.minimo);
  const incremento = Number(r.incremento);
  const situacao = r.situacao as string;
  const meuLance = n(r.meu_valor);
  return {
    loteId: r.id as number,
    veiUid,
    nome: r.nome as string,
    numero: r.numero as string,
    valor: { lance, atual: lance ?? minimo, proximo: proximoLance(lance, minimo, incremento), incremento, minimo },
    dataFim: r.data_fim ? new Date(r.data_fim as string).toISOString() : null,
    situacao,
    seq: r.sequencia as number,
    quantidadeLances: r.quantidade_lances as number,
    /** Who gave the current bid, as every watcher sees it (a floor bid: lanceDePista, no name). */
    ...liderPublico(r),
    compreJa: n(r.compre_ja),
    somenteBuyNowProposta: (r.somente_buy_now_proposta as boolean) || r.tipo !== 'Disputa',
    /** A judicial auction's lot takes written proposals, cash or in instalments, whatever its sale mode (CPC 895). */
    judicial: ehJudicial(r.tipo_origem as string | null),
    taxas: {
      comissaoPorcentagem: r.comissao_porcentagem as number,
      comissaoExtraPorcentagem: r.comissao_extra_porcentagem as number,
      comissaoExtraMensagem: (r.comissao_extra_mensagem as string | null) ?? null,
      despachante: Number(r.despachante),
      outros: Number(r.outros),
      remocao: Number(r.remocao),
      depositoDeBens: Number(r.deposito_de_bens),
      vistoria: Number(r.vistoria),
    },
    historico: await historicoDeLances({ db, hotsiteId, loteId: r.id as number }),
    /** When it opened, and when and to whom it was really sold (read with the state: the lot panel shows them). */
    dataInicio: r.data_inicio ? new Date(r.data_inicio as string).toISOString() : null,
    encerradoEm: r.encerrado_em ? new Date(r.encerrado_em as string).toISOString() : null,
    /** The client reading is the one it was sold to (buy-now or the winning bid). */
    vendidoAoUsuario: usuarioId != null && r.comprador != null && Number(r.comprador) === usuarioId,
    favorito: r.favorito === true,
    meu:
      usuarioId != null
        ? {
            valor: meuLance,
            maximoAutomatico: n(r.meu_maximo),
            status: statusDoLance({ meuLance, lanceAtual: lance, situacao }),
          }
        : null,
  };
}

/** The lot's Compre Já value now (null: none, or no such lot of the brand); the page checks the confirmed one against it. */
export async function valorDoCompreJa({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  if (!Number.isSafeInteger(loteId) || loteId <= 0 || loteId > 2_147_483_647) return null;
  const [r] = linhas<{ compre_ja: string | number | null }>(
    await db.execute(sql`SELECT compre_ja FROM lote WHERE id = ${loteId} AND hotsite_id = ${hotsiteId}`),
  );
  return r?.compre_ja == null ? null : Number(r.compre_ja);
}

/** Everything the bid panel shows for a lot (pages call this from their loader). */
export async function painelDoLote({
  db,
  hotsiteId,
  veiUid,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  veiUid: string;
  usuarioId: number | null;
}) {
  const estado = await estadoEPainel({ db, hotsiteId, veiUid, usuarioId });
  const meu = estado.meu ?? { valor: null, maximoAutomatico: null, status: 'nao-esta-participando' as StatusLance };
  // When and to whom the lot was really sold (a Compre Já closes it before its end): the panel says so
  // instead of "Encerrado em" the scheduled end. Read with the state, in its statement.
  const { dataInicio, encerradoEm, vendidoAoUsuario, favorito, ...resto } = estado;
  // A lot that takes proposals: the form starts with the client's own e-mail and phone (editable).
  const [contato] =
    usuarioId && (estado.somenteBuyNowProposta || estado.judicial)
      ? linhas<{ email: string; telefone: string | null }>(
          await db.execute(sql`SELECT u.email, c.telefone FROM usuario u
                                 LEFT JOIN cliente c ON c.usuario_id = u.id AND c.hotsite_id = ${hotsiteId}
                                WHERE u.id = ${usuarioId}`),
        )
      : [];
  return {
    ...resto,
    dataInicio,
    encerramento: encerradoEm
      ? {
          em: encerradoEm,
          meu: vendidoAoUsuario,
        }
      : null,
    // The server's clock when the page was made: the panel decides "ended" from it before the browser ticks.
    agora: Date.now(),
    meu,
    logado: usuarioId != null,
    contato: contato ? { email: contato.email, telefone: contato.telefone ? formatarTelefone(contato.telefone) : '' } : null,
    favorito,
  };
}
export type PainelDoLote = Awaited<ReturnType<typeof painelDoLote>>;
