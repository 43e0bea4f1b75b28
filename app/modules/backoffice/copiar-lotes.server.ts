import '~/utils/zod-pt-br';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { leilao, leilaoLote, lote, loteFoto, veiculo } from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { MENSAGEM_LEILAO_NAO_ENCONTRADO } from './leiloes.server';
import { inserirLote, type LoteValores } from './lotes.server';
import { SITUACOES_COPIAVEIS, SITUACOES_LEILAO_RECEBE_COPIAS } from '~/modules/dominio/situacoes';

/*
 * "Copy lots to the next auction" of the auction form (spec 000 §2; issue #13, decision 068): the lots
 * of an auction that did not sell are offered again in an auction still being prepared, each as a new
 * lot of the same vehicle with the same values, description and photos (the photo files are shared by
 * content hash). The old lot stays as it was: it is the history of the first auction.
 *
 * Idempotent: a lot whose vehicle already has a later lot (copied before, or put in another auction by
 * hand) is skipped, so running it twice, or for two targets, never offers one vehicle twice.
 */

export const MENSAGENS_COPIA = {
  destinoInvalido: 'Escolha o leilão de destino',
  mesmoLeilao: 'O leilão de destino deve ser outro leilão',
  destinoFechado: 'O leilão de destino precisa estar Em loteamento ou Criado',
} as const;

export const copiaSchema = z.object({
  leilaoDestinoId: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: MENSAGENS_COPIA.destinoInvalido })
      .int(MENSAGENS_COPIA.destinoInvalido)
      .min(1, MENSAGENS_COPIA.destinoInvalido)
      .max(2_147_483_647, MENSAGENS_COPIA.destinoInvalido),
  ),
});

/** Auctions that may receive copies (the form's select), other than `exceto`. */
export async function leiloesDestino({ db, hotsiteId, exceto }: { db: Db; hotsiteId: number; exceto: number }) {
  return db
    .select({ id: leilao.id, nome: leilao.nome, situacao: leilao.situacao, data: leilao.data })
    .from(leilao)
    .where(
      and(eq(leilao.hotsiteId, hotsiteId), inArray(leilao.situacao, [...SITUACOES_LEILAO_RECEBE_COPIAS]), sql`${leilao.id} <> ${exceto}`),
    )
    .orderBy(asc(leilao.data))
    .limit(200);
}

/** Lots of an auction that could be copied, with whether each was copied already (GET lotes-para-importacao). */
export async function lotesParaImportacao({ db, hotsiteId, leilaoId }: { db: Db; hotsiteId: number; leilaoId: number }) {
  const [l] = await db
    .select({ id: leilao.id, uid: leilao.uid, nome: leilao.nome })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, leilaoId)));
  if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  const linhas = await db
    .select({
      id: leilaoLote.id,
      uid: leilaoLote.uid,
      situacao: lote.situacao,
      ordemLeilao: leilaoLote.ordemLeilao,
      arremateValor: leilaoLote.arremateValor,
      descricaoVisitacao: lote.descricaoVisitacao,
      quantidadeFotos: lote.quantidadeFotos,
      createdAt: leilaoLote.createdAt,
      loteId: lote.id,
      loteUid: lote.uid,
      numero: lote.numero,
      nome: lote.nome,
      minimo: lote.minimo,
      incremento: lote.incremento,
      veiculoId: veiculo.id,
      veiculoUid: veiculo.uid,
      veiculoNome: veiculo.nome,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      jaCopiado: sql<boolean>`exists (select 1 from ${lote} l2 where l2.veiculo_id = ${lote.veiculoId} and l2.hotsite_id = ${hotsiteId} and l2.id > ${lote.id})`,
    })
    .from(leilaoLote)
    .innerJoin(lote, eq(lote.id, leilaoLote.loteId))
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .where(
      and(
        eq(leilaoLote.hotsiteId, hotsiteId),
        eq(leilaoLote.leilaoId, leilaoId),
        eq(lote.leilaoId, leilaoId),
        inArray(lote.situacao, [...SITUACOES_COPIAVEIS]),
      ),
    )
    .orderBy(asc(leilaoLote.ordemLeilao));
  const fotos = await fotosDosLotes(
    db,
    hotsiteId,
    linhas.map((x) => x.loteId),
  );
  return linhas.map((x) => ({
    id: x.id,
    uid: x.uid,
    situacao: x.situacao,
    ordemLeilao: x.ordemLeilao,
    arremateValor: x.arremateValor,
    descricaoVisitacao: x.descricaoVisitacao,
    quantidadeFotos: x.quantidadeFotos,
    fotosJsonUrls: (fotos.get(x.loteId) ?? []).map((f) => f.url),
    createdAt: x.createdAt.toISOString(),
    jaCopiado: x.jaCopiado,
    leiloes: { id: l.id, uid: l.uid, nome: l.nome },
    lote: { id: x.loteId, uid: x.loteUid, numero: x.numero, nome: x.nome, minimo: x.minimo, incremento: x.incremento },
    veiculos: { id: x.veiculoId, uid: x.veiculoUid, nome: x.veiculoNome, placa: x.placa, chassi: x.chassi },
  }));
}

async function fotosDosLotes(db: Db | Tx, hotsiteId: number, ids: number[]) {
  const mapa = new Map<number, { url: string; urlMiniatura: string | null; descricao: string | null; aprovada: boolean }[]>();
  if (!ids.length) return mapa;
  const fotos = await db
    .select({
      loteId: loteFoto.loteId,
      url: loteFoto.url,
      urlMiniatura: loteFoto.urlMiniatura,
      descricao: loteFoto.descricao,
      aprovada: loteFoto.aprovada,
    })
    .from(loteFoto)
    .where(and(eq(loteFoto.hotsiteId, hotsiteId), inArray(loteFoto.loteId, ids)))
    .orderBy(asc(loteFoto.loteId), asc(loteFoto.ordem), asc(loteFoto.id));
  for (const f of fotos) mapa.set(f.loteId, [...(mapa.get(f.loteId) ?? []), f]);
  return mapa;
}

/** Copies the unsold lots of `leilaoId` into the chosen auction, in one transaction. */
export async function copiarLotesNaoArrematados({
  db,
  hotsiteId,
  usuarioId,
  leilaoId,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
  entrada: unknown;
}) {
  const { leilaoDestinoId } = copiaSchema.parse(entrada);
  if (leilaoDestinoId === leilaoId)
    throw new ErroHttp(400, MENSAGENS_COPIA.mesmoLeilao, { leilaoDestinoId: [MENSAGENS_COPIA.mesmoLeilao] });
  return db.transaction(async (tx) => {
    const [origem] = await tx
      .select({ id: leilao.id })
      .from(leilao)
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, leilaoId)));
    if (!origem) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
    // The target row is locked: two copies at once into one auction run one after the other.
    const [destino] = await tx
      .select({ id: leilao.id, nome: leilao.nome, situacao: leilao.situacao })
      .from(leilao)
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, leilaoDestinoId)))
      .for('update');
    if (!destino) throw new ErroHttp(400, MENSAGEM_LEILAO_NAO_ENCONTRADO, { leilaoDestinoId: [MENSAGEM_LEILAO_NAO_ENCONTRADO] });
    if (!(SITUACOES_LEILAO_RECEBE_COPIAS as readonly string[]).includes(destino.situacao))
      throw new ErroHttp(409, MENSAGENS_COPIA.destinoFechado, { leilaoDestinoId: [MENSAGENS_COPIA.destinoFechado] });

    const candidatos = await tx
      .select()
      .from(lote)
      .innerJoin(leilaoLote, and(eq(leilaoLote.loteId, lote.id), eq(leilaoLote.leilaoId, leilaoId)))
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, leilaoId), inArray(lote.situacao, [...SITUACOES_COPIAVEIS])))
      .orderBy(asc(leilaoLote.ordemLeilao));
    const fotos = await fotosDosLotes(
      tx,
      hotsiteId,
      candidatos.map((c) => c.lote.id),
    );
    let copiados = 0;
    let jaCopiados = 0;
    for (const { lote: o } of candidatos) {
      const [depois] = await tx
        .select({ id: lote.id })
        .from(lote)
        .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.veiculoId, o.veiculoId), gt(lote.id, o.id)))
        .limit(1);
      if (depois) {
        jaCopiados++;
        continue;
      }
      const valores: LoteValores = {
        minimo: o.minimo,
        incremento: o.incremento,
        valorComitente: o.valorComitente,
        compreJa: o.compreJa,
        comissaoPorcentagem: o.comissaoPorcentagem,
        comissaoExtraPorcentagem: o.comissaoExtraPorcentagem,
        comissaoExtraMensagem: o.comissaoExtraMensagem,
        despachante: o.despachante,
        outros: o.outros,
        remocao: o.remocao,
        depositoDeBens: o.depositoDeBens,
        vistoria: o.vistoria,
        tipo: o.tipo,
        descricao: o.descricao,
      };
      const novo = await inserirLote(tx, { hotsiteId, leilaoId: destino.id, veiculoId: o.veiculoId, valores });
      const suas = fotos.get(o.id) ?? [];
      if (suas.length)
        await tx.insert(loteFoto).values(
          suas.map((f, i) => ({
            hotsiteId,
            loteId: novo.id,
            ordem: i + 1,
            url: f.url,
            urlMiniatura: f.urlMiniatura,
            descricao: f.descricao,
            aprovada: f.aprovada,
          })),
        );
      await tx
        .update(lote)
        .set({
          quantidadeFotos: suas.filter((f) => f.aprovada).length,
          video: o.video,
          descricaoVisitacao: o.descricaoVisitacao,
          promocao: o.promocao,
          compreJaPorcentagem: o.compreJaPorcentagem,
          valorProposta: o.valorProposta,
          laudoCautelarResultado: o.laudoCautelarResultado,
          laudoCautelarObservacao: o.laudoCautelarObservacao,
        })
        .where(eq(lote.id, novo.id));
      copiados++;
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: destino.id,
      acao: 'alterou',
      detalhes: { copiaDeLotes: { origem: leilaoId, copiados, jaCopiados } },
    });
    return {
      copiados,
      jaCopiados,
      destino: { id: destino.id, nome: destino.nome },
      mensagem: mensagemDaCopia(copiados, jaCopiados, destino.nome),
    };
  });
}

/** The form's result, in pt-BR. */
export function mensagemDaCopia(copiados: number, jaCopiados: number, destino: string) {
  if (copiados === 0 && jaCopiados === 0) return 'Nenhum lote não arrematado para copiar neste leilão';
  const partes = [];
  if (copiados) partes.push(`${copiados} ${copiados === 1 ? 'lote copiado' : 'lotes copiados'} para "${destino}"`);
  else partes.push(`Nenhum lote copiado para "${destino}"`);
  if (jaCopiados)
    partes.push(
      `${jaCopiados} ${jaCopiados === 1 ? 'lote já tinha sido copiado ou está em outro leilão' : 'lotes já tinham sido copiados ou estão em outro leilão'}`,
    );
  return partes.join('; ');
}
