import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { consultaVeiculo, detranItem, leilao, leilaoQuemPaga, lote, patio, veiculo, type QuemPaga } from '@db/schema';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { linhasDaResposta } from '~/modules/consultas/historico.server';
import { historicoSimulado } from '~/modules/consultas/provedores.server';

/*
 * Demo checks (issue #31): the checked history of the first 60 lots on the site of each brand, as the
 * simulator answers them, with the sources a real check names per item; most checked a day or two ago, every
 * fifth over a week ago (stale), every seventh failed on its last try. Each auction's terms on debts, and
 * the detran items of the first auction. Idempotent: skipped for a brand that already has checks.
 */

const DIA = 24 * 60 * 60 * 1000;
const FONTES = {
  IPVA: (uf: string) => `Sefaz-${uf}`,
  MULTAS: (uf: string) => `Detran-${uf}`,
  LICENCIAMENTO: (uf: string) => `Detran-${uf}`,
  ALIENACAO: () => 'SNG (B3)',
  BLOQUEIO_JUDICIAL: () => 'Renajud (CNJ)',
  RECALL: () => 'Senatran',
  MONTA: () => 'Detran (sinistro)',
  VEICULO_LEILAO: () => 'Base de leilões',
} as const;

/** Insurer salvage: the insurer clears what it owed; bank repossessions: the buyer pays the year's licensing. */
const TERMOS: QuemPaga[] = [
  { IPVA: 'COMITENTE', MULTAS: 'COMITENTE', LICENCIAMENTO: 'ARREMATANTE', ALIENACAO: 'COMITENTE' },
  { IPVA: 'ARREMATANTE', MULTAS: 'COMITENTE', LICENCIAMENTO: 'ARREMATANTE', ALIENACAO: 'COMITENTE' },
];

export async function seedConsultas(db: Db, hotsiteId: number) {
  const [{ n }] = await db.select({ n: count() }).from(consultaVeiculo).where(eq(consultaVeiculo.hotsiteId, hotsiteId));
  if (n > 0) return;
  const lotes = await db
    .select({ veiculoId: veiculo.id, placa: veiculo.placa, chassi: veiculo.chassi, renavam: veiculo.renavam, uf: patio.estadoUf })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .leftJoin(patio, eq(patio.id, lote.patioId))
    .where(and(eq(lote.hotsiteId, hotsiteId), inArray(lote.situacao, [...SITUACOES_LISTAVEIS])))
    .orderBy(asc(lote.id))
    .limit(60);
  const agora = Date.now();
  const linhas = lotes.flatMap((l, i) => {
    const uf = l.uf ?? 'SP';
    const consultadoAt = new Date(agora - (i % 5 === 4 ? 9 : 1 + (i % 2)) * DIA - i * 37 * 60 * 1000);
    const falhou = i % 7 === 6;
    return linhasDaResposta(historicoSimulado(l)).map((r) => ({
      ...r,
      hotsiteId,
      veiculoId: l.veiculoId,
      fonte: FONTES[r.item](uf),
      ...(falhou
        ? {
            resultado: 'FALHOU' as const,
            valor: null,
            detalhe: null,
            consultadoAt: new Date(agora - 2 * 60 * 60 * 1000),
            ultimoSucessoAt: consultadoAt,
          }
        : { consultadoAt, ultimoSucessoAt: consultadoAt }),
    }));
  });
  if (linhas.length) await db.insert(consultaVeiculo).values(linhas).onConflictDoNothing();

  const leiloes = await db.select({ id: leilao.id }).from(leilao).where(eq(leilao.hotsiteId, hotsiteId)).orderBy(asc(leilao.id));
  if (leiloes.length) {
    await db
      .insert(leilaoQuemPaga)
      .values(leiloes.map((l, i) => ({ hotsiteId, leilaoId: l.id, itens: TERMOS[i % TERMOS.length] })))
      .onConflictDoNothing();
  }

  // The first auction's vehicles as the detran import brought them: most registered, one refused, two waiting.
  const primeiro = leiloes[0];
  if (!primeiro) return;
  const doLeilao = await db
    .select({
      loteId: lote.id,
      veiculoId: veiculo.id,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      renavam: veiculo.renavam,
      nome: lote.nome,
      ano: veiculo.anoModelo,
      cor: veiculo.cor,
      minimo: lote.minimo,
    })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, primeiro.id)))
    .orderBy(asc(lote.id))
    .limit(12);
  const importacao = crypto.randomUUID();
  const condicoes = ['Conservado', 'Conservado', 'Sucata aproveitável', 'Conservado', 'Sucata aproveitável com motor inservível'];
  const itens = doLeilao
    .filter((v) => v.chassi)
    .map((v, i) => ({
      hotsiteId,
      leilaoId: primeiro.id,
      loteId: v.loteId,
      veiculoId: v.veiculoId,
      detranImportacaoUid: importacao,
      ordemVisualizacao: i + 1,
      placa: v.placa,
      chassi: v.chassi!,
      renavan: v.renavam,
      modelo: v.nome,
      ano: v.ano,
      cor: v.cor,
      condicao: condicoes[i % condicoes.length],
      valorUnitarioInicial: v.minimo,
      createdBy: 'Importação Detran',
      ...(i >= doLeilao.length - 2
        ? {}
        : i === 3
          ? {
              cadastroDetranOK: false,
              cadastroDetranData: new Date(agora - DIA),
              cadastroDetranResponse: 'Detran: Renavam não confere com o chassi',
            }
          : {
              cadastroDetranOK: true,
              cadastroDetranData: new Date(agora - DIA),
              cadastroDetranResponse: 'Detran: Item cadastrado no leilão',
            }),
    }));
  if (itens.length) await db.insert(detranItem).values(itens).onConflictDoNothing();
}
