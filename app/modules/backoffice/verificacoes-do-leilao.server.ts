import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.server';
import { hotsite, leilao, leilaoLote, leiloeiro, lote } from '@db/schema';
import { ehJudicial, podePublicar, verificarLeilao, type Verificacao } from '~/modules/dominio/regras-do-leiloeiro';
import { naoEncontrado } from '~/utils/errors';

/*
 * The auctioneer's rules of one auction (decisions 198 and 229): its stored data read in one place and
 * handed to the pure `verificarLeilao`, so the list beside "Publicar" and the server's refusal are the same
 * checks. Called inside the release's transaction (after its row lock) and by the auction screen's loader.
 */

export async function verificacoesDoLeilao({ db, hotsiteId, id }: { db: Db | Tx; hotsiteId: number; id: number }): Promise<Verificacao[]> {
  const [l] = await db
    .select({
      data: leilao.data,
      uf: leilao.estadoUf,
      tipoOrigem: leilao.tipoOrigem,
      comissao: leilao.porcentagemComissao,
      editalPublicadoEm: leilao.editalPublicadoEm,
      leiloeiroNome: leiloeiro.nome,
      leiloeiroInscricao: leiloeiro.inscricao,
      tipoMarca: hotsite.tipo,
      datasSemLeilao: hotsite.datasSemLeilao,
    })
    .from(leilao)
    .innerJoin(hotsite, eq(hotsite.id, leilao.hotsiteId))
    .leftJoin(leiloeiro, and(eq(leiloeiro.id, leilao.leiloeiroId), eq(leiloeiro.hotsiteId, hotsiteId)))
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, id)));
  if (!l) throw naoEncontrado('Leilão não encontrado');
  const judicial = ehJudicial(l.tipoOrigem);
  const lotes = judicial
    ? await db
        .select({
          numero: lote.numero,
          minimo: lote.minimo,
          avaliacao: lote.avaliacao,
          minimoDoJuiz: lote.minimoDoJuiz,
          incapaz: lote.bemDeIncapaz,
        })
        .from(leilaoLote)
        .innerJoin(lote, eq(lote.id, leilaoLote.loteId))
        .where(and(eq(leilaoLote.hotsiteId, hotsiteId), eq(leilaoLote.leilaoId, id), ne(lote.situacao, 'LOTE_CANCELADO')))
        .orderBy(asc(leilaoLote.ordemLeilao))
    : [];
  return verificarLeilao({
    data: l.data,
    uf: l.uf,
    datasDaMarca: Array.isArray(l.datasSemLeilao) ? l.datasSemLeilao.filter((d) => typeof d === 'string') : [],
    tipoMarca: l.tipoMarca,
    comissaoPontosBase: l.comissao,
    leiloeiro: l.leiloeiroNome != null ? { nome: l.leiloeiroNome, inscricao: l.leiloeiroInscricao ?? '' } : null,
    judicial,
    editalPublicadoEm: l.editalPublicadoEm,
    lotes,
  });
}

/** The refusal's text: the first failing rule names itself and its article; the count says if more fail. */
export function motivoParaNaoPublicar(checks: readonly Verificacao[]): string | null {
  if (podePublicar(checks)) return null;
  const falhas = checks.filter((c) => !c.ok);
  const mais =
    falhas.length > 1
      ? ` (e mais ${falhas.length - 1} regra${falhas.length > 2 ? 's' : ''} não atendida${falhas.length > 2 ? 's' : ''})`
      : '';
  return `Leilão não pode ser publicado: ${falhas[0].mensagem}${mais}`;
}
