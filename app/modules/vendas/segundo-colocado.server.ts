import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { enfileirarEmail } from '~/modules/outbox/outbox.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { criarOuAtualizarVenda, publicarVenda, registrarEvento, type VendaTocada } from './vendas.server';
import { prazoDaOferta, ROTULO_OFERTA, segundoColocado, situacaoDaOferta, type SituacaoOferta } from './segundo-colocado';

/*
 * The runner-up offer (decision 058). When staff record that a client gave up, each lot of that sale is
 * offered once to its second-highest distinct bidder at their own highest bid, for 48 hours. Accepting
 * opens (or joins) a sale through the same `criarOuAtualizarVenda` as a hammer; declining or letting it
 * lapse leaves the lot CLIENTE_DESISTIU. Both clients hear by e-mail (outbox); staff see it on the sale.
 */
type Linha = Record<string, unknown>;

export const MENSAGENS_OFERTA = {
  naoEncontrada: 'Oferta não encontrada',
  encerrada: 'Esta oferta não está mais disponível',
  aceita: 'Oferta aceita. A compra foi criada em Minhas compras.',
  recusada: 'Oferta recusada',
} as const;

/** Inside the desistência's transaction: one offer per lot of the abandoned sale that has a runner-up. */
export async function oferecerAoSegundoColocado(
  tx: Tx,
  {
    hotsiteId,
    vendaId,
    desistenteId,
    urlBase,
    agora = new Date(),
  }: { hotsiteId: number; vendaId: number; desistenteId: number; urlBase: string; agora?: Date },
): Promise<number> {
  const itens = linhas<Linha>(
    await tx.execute(sql`SELECT i.lote_id, l.numero, l.nome FROM venda_item i JOIN lote l ON l.id = i.lote_id
                          WHERE i.venda_id = ${vendaId} AND i.hotsite_id = ${hotsiteId} AND i.ativo ORDER BY l.numero`),
  );
  let oferecidas = 0;
  for (const item of itens) {
    const loteId = Number(item.lote_id);
    const lances = linhas<Linha>(
      await tx.execute(sql`SELECT usuario_id, valor, ordem FROM lance
                            WHERE lote_id = ${loteId} AND hotsite_id = ${hotsiteId} AND situacao <> 'Cancelado' AND tipo <> 'Leiloeiro'`),
    );
    const segundo = segundoColocado(
      lances.map((l) => ({ usuarioId: Number(l.usuario_id), valor: Number(l.valor), ordem: Number(l.ordem) })),
      desistenteId,
    );
    if (!segundo) {
      await registrarEvento(tx, { hotsiteId, vendaId, texto: `Lote ${item.numero}: sem segundo colocado para oferecer` });
      continue;
    }
    const prazo = prazoDaOferta(agora);
    const [criada] = linhas<Linha>(
      await tx.execute(sql`INSERT INTO oferta_segundo_colocado (hotsite_id, lote_id, venda_origem_id, usuario_id, valor, prazo)
                            VALUES (${hotsiteId}, ${loteId}, ${vendaId}, ${segundo.usuarioId}, ${segundo.valor}, ${prazo.toISOString()})
                            ON CONFLICT (lote_id) DO NOTHING RETURNING id`),
    );
    if (!criada) continue;
    oferecidas++;
    const [u] = linhas<Linha>(await tx.execute(sql`SELECT nome, email FROM usuario WHERE id = ${segundo.usuarioId}`));
    await registrarEvento(tx, {
      hotsiteId,
      vendaId,
      texto: `Lote ${item.numero} oferecido ao segundo colocado (${u.nome}) por ${formatarMoeda(segundo.valor)} até ${formatarDataHora(prazo)}`,
    });
    await enfileirarEmail({
      db: tx,
      hotsiteId,
      para: String(u.email),
      assunto: `O lote ${item.numero} pode ser seu`,
      texto:
        `Olá, ${u.nome}.\n\nO arrematante do lote ${item.numero} (${item.nome}) desistiu da compra. Como segundo colocado, ` +
        `você pode comprá-lo pelo seu maior lance, ${formatarMoeda(segundo.valor)}, até ${formatarDataHora(prazo)}.\n\n` +
        `Responda em ${urlBase}/cliente/compras`,
    });
  }
  return oferecidas;
}

export interface OfertaDto {
  uid: string;
  loteId: number;
  loteNumero: number;
  loteNome: string;
  valor: number;
  prazo: string;
  situacao: SituacaoOferta;
  situacaoRotulo: string;
  tom: (typeof ROTULO_OFERTA)[SituacaoOferta]['tom'];
  vendaOrigemId: number;
  vendaId: number | null;
  cliente: string;
  respondidaAt: string | null;
}

function paraDto(o: Linha, agora: Date): OfertaDto {
  const situacao = situacaoDaOferta({ situacao: o.situacao as SituacaoOferta, prazo: new Date(o.prazo as string) }, agora);
  return {
    uid: String(o.uid),
    loteId: Number(o.lote_id),
    loteNumero: Number(o.numero),
    loteNome: String(o.nome),
    valor: Number(o.valor),
    prazo: new Date(o.prazo as string).toISOString(),
    situacao,
    situacaoRotulo: ROTULO_OFERTA[situacao].rotulo,
    tom: ROTULO_OFERTA[situacao].tom,
    vendaOrigemId: Number(o.venda_origem_id),
    vendaId: o.venda_id == null ? null : Number(o.venda_id),
    cliente: String(o.cliente),
    respondidaAt: o.respondida_at ? new Date(o.respondida_at as string).toISOString() : null,
  };
}

const SELECT_OFERTA = sql`SELECT o.*, l.numero, l.nome, u.nome AS cliente FROM oferta_segundo_colocado o
  JOIN lote l ON l.id = o.lote_id JOIN usuario u ON u.id = o.usuario_id`;

/** The client's offers, newest first (pending ones are what /cliente/compras shows on top). */
export async function ofertasDoCliente({
  db,
  hotsiteId,
  usuarioId,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  agora?: Date;
}) {
  const r = await db.execute(
    sql`${SELECT_OFERTA} WHERE o.hotsite_id = ${hotsiteId} AND o.usuario_id = ${usuarioId} ORDER BY o.id DESC LIMIT 20`,
  );
  return linhas<Linha>(r).map((o) => paraDto(o, agora));
}

/** Staff: the offers born from this sale's desistência or that created this sale. */
export async function ofertasDaVenda({
  db,
  hotsiteId,
  vendaId,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  vendaId: number;
  agora?: Date;
}) {
  const r = await db.execute(
    sql`${SELECT_OFERTA} WHERE o.hotsite_id = ${hotsiteId} AND (o.venda_origem_id = ${vendaId} OR o.venda_id = ${vendaId}) ORDER BY o.id`,
  );
  return linhas<Linha>(r).map((o) => paraDto(o, agora));
}

export const respostaOfertaSchema = z.object({
  ofertaUid: z.uuid(MENSAGENS_OFERTA.naoEncontrada),
  resposta: z.enum(['aceitar', 'recusar'], 'Resposta deve ser aceitar ou recusar'),
});

/** The runner-up accepts (a sale for them, the lot AG_PAGAMENTO again) or declines, before the deadline. */
export async function responderOferta({
  db,
  hub,
  hotsiteId,
  usuarioId,
  entrada,
  urlBase,
  agora = new Date(),
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  entrada: unknown;
  urlBase: string;
  agora?: Date;
}) {
  const e = respostaOfertaSchema.parse(entrada);
  const r = await db.transaction(async (tx) => {
    const [o] = linhas<Linha>(
      await tx.execute(
        sql`${SELECT_OFERTA} WHERE o.uid = ${e.ofertaUid} AND o.hotsite_id = ${hotsiteId} AND o.usuario_id = ${usuarioId} FOR UPDATE OF o`,
      ),
    );
    if (!o) throw new ErroHttp(404, MENSAGENS_OFERTA.naoEncontrada);
    const oferta = paraDto(o, agora);
    if (oferta.situacao !== 'Pendente') {
      if (oferta.situacao === 'Expirada' && o.situacao === 'Pendente')
        await tx.execute(sql`UPDATE oferta_segundo_colocado SET situacao = 'Expirada', updated_at = now() WHERE id = ${Number(o.id)}`);
      return { erro: true as const };
    }
    const [u] = linhas<Linha>(await tx.execute(sql`SELECT nome, email FROM usuario WHERE id = ${usuarioId}`));
    let tocada: VendaTocada | null = null;
    if (e.resposta === 'aceitar') {
      // The abandoned item stays in the old sale's history but no longer holds the lot.
      await tx.execute(sql`UPDATE venda_item SET ativo = false WHERE lote_id = ${oferta.loteId} AND hotsite_id = ${hotsiteId} AND ativo`);
      const [lance] = linhas<Linha>(
        await tx.execute(sql`SELECT apelido, cidade FROM lance WHERE lote_id = ${oferta.loteId} AND usuario_id = ${usuarioId} AND valor = ${oferta.valor}
                              ORDER BY ordem LIMIT 1`),
      );
      await tx.execute(sql`UPDATE lote SET situacao = 'AG_PAGAMENTO', ultimo_lance_valor = ${oferta.valor}, ultimo_lance_usuario_id = ${usuarioId},
                            ultimo_lance_apelido = coalesce(${(lance?.apelido as string | undefined) ?? null}, ultimo_lance_apelido),
                            ultimo_lance_cidade = ${(lance?.cidade as string | undefined) ?? null}, updated_at = now()
                            WHERE id = ${oferta.loteId} AND hotsite_id = ${hotsiteId}`);
      tocada = await criarOuAtualizarVenda(tx, { hotsiteId, loteId: oferta.loteId, usuarioId, valor: oferta.valor });
      await registrarEvento(tx, { hotsiteId, vendaId: tocada.vendaId, texto: `Lote ${oferta.loteNumero} comprado como segundo colocado` });
    }
    await tx.execute(sql`UPDATE oferta_segundo_colocado SET situacao = ${e.resposta === 'aceitar' ? 'Aceita' : 'Recusada'},
                          venda_id = ${tocada?.vendaId ?? null}, respondida_at = now(), updated_at = now() WHERE id = ${Number(o.id)}`);
    await registrarEvento(tx, {
      hotsiteId,
      vendaId: oferta.vendaOrigemId,
      texto: `Segundo colocado ${e.resposta === 'aceitar' ? `aceitou o lote ${oferta.loteNumero} (venda ${tocada?.vendaId})` : `recusou o lote ${oferta.loteNumero}`}`,
      autor: String(u.nome),
    });
    await enfileirarEmail({
      db: tx,
      hotsiteId,
      para: String(u.email),
      assunto: e.resposta === 'aceitar' ? `Compra do lote ${oferta.loteNumero} confirmada` : `Oferta do lote ${oferta.loteNumero} recusada`,
      texto:
        e.resposta === 'aceitar'
          ? `Olá, ${u.nome}.\n\nVocê aceitou o lote ${oferta.loteNumero} por ${formatarMoeda(oferta.valor)}. Veja como pagar em ${urlBase}/cliente/compras/${tocada?.vendaId}`
          : `Olá, ${u.nome}.\n\nRegistramos que você recusou a oferta do lote ${oferta.loteNumero}.`,
    });
    return { erro: false as const, tocada };
  });
  if (r.erro) throw new ErroHttp(409, MENSAGENS_OFERTA.encerrada);
  publicarVenda(hub, r.tocada);
  return { mensagem: e.resposta === 'aceitar' ? MENSAGENS_OFERTA.aceita : MENSAGENS_OFERTA.recusada, vendaId: r.tocada?.vendaId ?? null };
}
