import { and, eq } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { proposta, usuario } from '@db/schema';
import { ordenarPropostas, propostaValida } from '~/modules/dominio/regras-do-leiloeiro';

/*
 * A judicial lot's written proposals ranked for the auctioneer (CPC 895 §§ 7º–8º, decisions 198 and 230):
 * cash first, then the higher value, then the earlier; the same pure ranking the rule's table tests hold.
 */
export async function propostasDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  const linhas = await db
    .select({
      id: proposta.id,
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
  const comoRegra = linhas.map((l) => ({
    ...l,
    entrada: l.entrada ?? l.valor,
    parcelas: l.parcelas ?? 0,
    recebidaEm: new Date(l.recebidaEm),
  }));
  return ordenarPropostas(comoRegra).map((p, i) => ({
    posicao: i + 1,
    id: p.id,
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
