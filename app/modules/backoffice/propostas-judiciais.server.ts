import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { proposta, usuario, vendaParcela } from '@db/schema';
import type { Hub } from '~/realtime/hub.server';
import { ehJudicial, loteAceitaProposta, ordenarPropostas, propostaValida } from '~/modules/dominio/regras-do-leiloeiro';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { enfileirarNotificacoes } from '~/modules/notificacoes/fila.server';
import { cronogramaCpc895 } from '~/modules/vendas/parcelamento';
import { partesEmSaoPaulo } from '~/modules/vendas/regras';
import { criarOuAtualizarVenda, publicarVenda, registrarEvento, type VendaTocada } from '~/modules/vendas/vendas.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { comoPublicado } from './leiloes.server';
import { linhasParaPublicar } from './lotes.server';
import { publicarLotes } from './publicacao.server';

/*
 * A judicial lot's written proposals ranked for the auctioneer (CPC 895 §§ 7º–8º, decisions 198 and 230):
 * cash first, then the higher value, then the earlier; the same pure ranking the rule's table tests hold.
 * Staff accept one (decision 250): it becomes the lot's sale, the same sale rows a hammer makes, with its
 * down payment and instalments recorded beside it; the other pending proposals are refused, and each
 * proposer is told through the notification queue.
 */
export async function propostasDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  const linhasDoLote = await db
    .select({
      id: proposta.id,
      uid: proposta.uid,
      valor: proposta.valor,
      entrada: proposta.entrada,
      parcelas: proposta.parcelas,
      situacao: proposta.situacao,
      recebidaEm: proposta.createdAt,
      nome: usuario.nome,
    })
    .from(proposta)
    .innerJoin(usuario, eq(usuario.id, proposta.usuarioId))
    .where(and(eq(proposta.hotsiteId, hotsiteId), eq(proposta.loteId, loteId)));
  const comoRegra = linhasDoLote.map((l) => ({
    ...l,
    entrada: l.entrada ?? l.valor,
    parcelas: l.parcelas ?? 0,
    recebidaEm: new Date(l.recebidaEm),
  }));
  return ordenarPropostas(comoRegra).map((p, i) => ({
    posicao: i + 1,
    id: p.id,
    uid: p.uid,
    nome: p.nome,
    valor: p.valor,
    entrada: p.entrada,
    parcelas: p.parcelas,
    aVista: p.entrada >= p.valor,
    situacao: p.situacao,
    recebidaEm: p.recebidaEm.toISOString(),
    regra: propostaValida(p).mensagem,
  }));
}

export const MENSAGENS_PROPOSTA_JUDICIAL = {
  naoEncontrada: 'Proposta não encontrada',
  respondida: 'Esta proposta já foi respondida.',
  vendido: 'O lote já foi vendido: nenhuma outra proposta pode ser aceita.',
  naoJudicial: 'Só lote de leilão judicial vende por proposta do CPC, art. 895.',
  comLances: 'O lote está em disputa e já tem lances: aceite uma proposta só depois do encerramento sem arrematante.',
  aceita: 'Proposta aceita: a venda foi criada e o comprador foi avisado.',
} as const;

export const aceitarPropostaSchema = z.object({ propostaUid: z.uuid(MENSAGENS_PROPOSTA_JUDICIAL.naoEncontrada) });

type Linha = Record<string, unknown>;

const ehViolacaoDeUnicidade = (e: unknown) => {
  for (let atual = e, i = 0; i < 4 && atual && typeof atual === 'object'; i++, atual = (atual as { cause?: unknown }).cause)
    if ((atual as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * Staff accept one written proposal of a judicial lot. One transaction, after the lot's row lock: the
 * proposal is accepted and the lot's other pending ones refused, the lot goes AG_PAGAMENTO, the sale is
 * opened (or joined) by the same `criarOuAtualizarVenda` as a hammer, and its schedule written. Accepts
 * racing on one lot wait on that lock and the later ones find it sold (409); the one-accepted-per-lot index
 * holds it even so.
 */
export async function aceitarPropostaJudicial({
  db,
  hub,
  hotsiteId,
  loteId,
  usuarioId,
  autor,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  loteId: number;
  /** The staff member who accepts (the lot's change log). */
  usuarioId: number;
  autor: string;
  entrada: unknown;
}) {
  const { propostaUid } = aceitarPropostaSchema.parse(entrada);
  let r: { tocada: VendaTocada; publicar: Awaited<ReturnType<typeof linhasParaPublicar>> };
  try {
    r = await db.transaction(async (tx) => {
      const [l] = linhas<Linha>(
        await tx.execute(sql`
          SELECT l.id, l.numero, l.situacao, l.quantidade_lances, l.leilao_id, le.tipo_origem,
                 EXISTS (SELECT 1 FROM venda_item i WHERE i.lote_id = l.id AND i.hotsite_id = l.hotsite_id AND i.ativo) AS vendido
            FROM lote l LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
           WHERE l.id = ${loteId} AND l.hotsite_id = ${hotsiteId}
             FOR UPDATE OF l`),
      );
      if (!l) throw new ErroHttp(404, MENSAGENS_PROPOSTA_JUDICIAL.naoEncontrada);
      // After the lot's lock: every proposal of the lot as the last accept left it.
      const propostas = linhas<Linha>(
        await tx.execute(sql`SELECT id, uid, usuario_id, valor, entrada, parcelas, situacao, created_at FROM proposta
                              WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} ORDER BY id FOR UPDATE`),
      );
      const p = propostas.find((x) => String(x.uid) === propostaUid);
      if (!p) throw new ErroHttp(404, MENSAGENS_PROPOSTA_JUDICIAL.naoEncontrada);
      if (l.vendido === true || propostas.some((x) => x.situacao === 'Aceita'))
        throw new ErroHttp(409, MENSAGENS_PROPOSTA_JUDICIAL.vendido);
      if (p.situacao !== 'Enviada') throw new ErroHttp(409, MENSAGENS_PROPOSTA_JUDICIAL.respondida);
      if (!ehJudicial(l.tipo_origem as string | null)) throw new ErroHttp(409, MENSAGENS_PROPOSTA_JUDICIAL.naoJudicial);
      const situacao = String(l.situacao);
      const aceita = loteAceitaProposta({ situacao, quantidadeLances: Number(l.quantidade_lances) });
      if (aceita === 'situacao')
        throw new ErroHttp(409, `O lote está na situação ${rotuloSituacao(situacao)} e não pode ser vendido por proposta.`);
      if (aceita === 'lances') throw new ErroHttp(409, MENSAGENS_PROPOSTA_JUDICIAL.comLances);
      const valor = Number(p.valor);
      const entradaP = p.entrada == null ? null : Number(p.entrada);
      const parcelas = p.parcelas == null ? null : Number(p.parcelas);
      const regra = propostaValida({ valor, entrada: entradaP ?? valor, parcelas: parcelas ?? 0 });
      if (!regra.ok) throw new ErroHttp(409, regra.mensagem);
      const compradorId = Number(p.usuario_id);

      await tx.execute(sql`UPDATE proposta SET situacao = 'Aceita', updated_at = now() WHERE id = ${Number(p.id)}`);
      const recusadas = linhas<Linha>(
        await tx.execute(sql`UPDATE proposta SET situacao = 'Recusada', updated_at = now()
                              WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} AND situacao = 'Enviada' RETURNING usuario_id`),
      );
      // The accepted proposal enters the lot's bid record like any accepted bid (issue #34, decision 287): a
      // `lance` row of type Proposta at the server's time, chained by the trigger lance_encadear in this
      // transaction, so the ata and the public verification hold it. The lot shows it as its last bid.
      const [seq] = linhas<{ sequencia: number; data: string }>(
        await tx.execute(sql`UPDATE lote SET situacao = 'AG_PAGAMENTO', sequencia = sequencia + 1, ultimo_lance_valor = ${valor},
                                   ultimo_lance_usuario_id = ${compradorId}, ultimo_lance_apelido = apelido_do_usuario(${compradorId}::int),
                                   ultimo_lance_data = now(), quantidade_lances = quantidade_lances + 1, updated_at = now()
                              WHERE id = ${loteId} AND hotsite_id = ${hotsiteId} RETURNING sequencia`),
      );
      await tx.execute(sql`INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, ordem, apelido, data)
                            VALUES (${hotsiteId}, ${loteId}, ${l.leilao_id == null ? null : Number(l.leilao_id)}, ${compradorId}, ${valor},
                                    'Proposta', ${Number(seq.sequencia)}, apelido_do_usuario(${compradorId}::int), now())`);
      if (l.leilao_id != null)
        await tx.execute(sql`UPDATE leilao_lote SET situacao = 'AG_PAGAMENTO', arremate_valor = ${valor}
                              WHERE lote_id = ${loteId} AND leilao_id = ${Number(l.leilao_id)}`);
      // A lot that closed without a winner keeps one closing row: it now names the buyer and the price.
      await tx.execute(sql`UPDATE lote_encerramento SET situacao = 'AG_PAGAMENTO', valor = ${valor}, usuario_id = ${compradorId}
                            WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId}`);

      const tocada = await criarOuAtualizarVenda(tx, { hotsiteId, loteId, usuarioId: compradorId, valor });
      const [v] = linhas<Linha>(await tx.execute(sql`SELECT data_pagamento FROM venda WHERE id = ${tocada.vendaId}`));
      const diaPagamento = partesEmSaoPaulo(new Date(v.data_pagamento as string)).dia;
      const cronograma = cronogramaCpc895({ valor, entrada: entradaP, parcelas, diaPagamento });
      await tx.insert(vendaParcela).values(
        cronograma.map((c) => ({
          hotsiteId,
          vendaId: tocada.vendaId,
          loteId,
          propostaId: Number(p.id),
          numero: c.numero,
          vencimento: c.vencimento,
          valor: c.valor,
        })),
      );
      const resumo = resumoDoCronograma(cronograma);
      await registrarEvento(tx, {
        hotsiteId,
        vendaId: tocada.vendaId,
        texto: `Lote ${String(l.numero)} vendido por proposta (CPC, art. 895) de ${formatarMoeda(valor)}: ${resumo}`,
        autor,
      });
      await registrarAlteracao(tx, {
        hotsiteId,
        usuarioId,
        entidade: 'lote',
        entidadeId: loteId,
        acao: 'alterou',
        detalhes: { situacao: 'AG_PAGAMENTO', propostaAceita: propostaUid, vendaId: tocada.vendaId },
      });
      await enfileirarNotificacoes({
        db: tx,
        hotsiteId,
        evento: 'proposta-aceita',
        usuarioIds: [compradorId],
        loteId,
        chave: `proposta:${propostaUid}`,
        dados: { valor, vendaId: tocada.vendaId, motivo: resumo },
      });
      const outros = [...new Set(recusadas.map((x) => Number(x.usuario_id)))].filter((id) => id !== compradorId);
      await enfileirarNotificacoes({ db: tx, hotsiteId, evento: 'proposta-recusada', usuarioIds: outros, loteId, chave: `lote:${loteId}` });
      return { tocada, publicar: await linhasParaPublicar(tx, hotsiteId, [loteId]) };
    });
  } catch (e) {
    // The one-accepted-per-lot index refused a second acceptance that raced past the lock (another path).
    if (ehViolacaoDeUnicidade(e)) throw new ErroHttp(409, MENSAGENS_PROPOSTA_JUDICIAL.vendido);
    throw e;
  }
  publicarVenda(hub, r.tocada, 'criada');
  await publicarLotes(hub, hotsiteId, r.publicar.map(comoPublicado));
  return { vendaId: r.tocada.vendaId, mensagem: MENSAGENS_PROPOSTA_JUDICIAL.aceita };
}

/** "entrada de R$ 22.500,00 até 01/12/2026 e 30 parcelas mensais de R$ 2.250,00" (or "à vista até ..."). */
export function resumoDoCronograma(c: readonly { numero: number; vencimento: string; valor: number }[]) {
  const data = (d: string) => d.split('-').reverse().join('/');
  const [entrada, ...parcelas] = c;
  if (!parcelas.length) return `à vista, ${formatarMoeda(entrada.valor)} até ${data(entrada.vencimento)}`;
  const valores = [...new Set(parcelas.map((p) => p.valor))].sort((a, b) => b - a).map((v) => formatarMoeda(v));
  return (
    `entrada de ${formatarMoeda(entrada.valor)} até ${data(entrada.vencimento)} e ${parcelas.length} parcela${parcelas.length > 1 ? 's' : ''} ` +
    `mensa${parcelas.length > 1 ? 'is' : 'l'} de ${valores.join(' ou ')}, a primeira em ${data(parcelas[0].vencimento)}`
  );
}
