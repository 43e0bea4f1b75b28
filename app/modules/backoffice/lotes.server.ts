import '~/utils/zod-pt-br';
import { and, asc, count, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import {
  leilao,
  leilaoLote,
  lote,
  marca,
  patio,
  SITUACOES_LOTE,
  TIPOS_NEGOCIACAO,
  veiculo,
  veiculoTipo,
  type SituacaoLote,
} from '@db/schema';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import type { Hub } from '~/realtime/hub.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import {
  booleano,
  centavosOpcional,
  centavosOuZero,
  centavosPositivos,
  inteiro,
  pontosBase,
  quantidadeOpcional,
  textoOpcional,
} from '~/modules/dominio/campos';
import { comoPublicado, MENSAGEM_LEILAO_NAO_ENCONTRADO, type LinhaLote } from './leiloes.server';
import { publicarLotes } from './publicacao.server';
import { podeAlterarMinimoIncremento, transicaoLote } from './regras';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';
import { SITUACOES_LEILAO_ATIVO } from '~/modules/dominio/situacoes';

/*
 * Lots of an auction in the back office (issue #13). A lot sells one vehicle in one auction; its
 * search columns are copied from the vehicle and its yard when saved (the catalogue scans one table).
 * Every write bumps the lot's sequence and publishes its new state after commit; the lote_alteracao
 * trigger feeds the search index of every instance.
 */

export const MENSAGEM_LOTE_NAO_ENCONTRADO = 'Lote não encontrado';

/** The lot form / API body: values in centavos, percentages in basis points. */
export const loteValoresSchema = z
  .object({
    minimo: centavosPositivos('Informe o valor mínimo'),
    incremento: centavosPositivos('Informe o incremento'),
    valorComitente: centavosOpcional('Valor do comitente inválido'),
    compreJa: centavosOpcional('Valor do Compre Já inválido'),
    comissaoPorcentagem: pontosBase('Comissão deve estar entre 0 e 100%').default(500),
    comissaoExtraPorcentagem: pontosBase('Comissão extra deve estar entre 0 e 100%').default(0),
    comissaoExtraMensagem: textoOpcional(200),
    despachante: centavosOuZero('Taxa de despachante inválida').default(0),
    outros: centavosOuZero('Outras taxas inválidas').default(0),
    remocao: centavosOuZero('Taxa de remoção inválida').default(0),
    depositoDeBens: centavosOuZero('Taxa de depósito de bens inválida').default(0),
    vistoria: centavosOuZero('Taxa de vistoria inválida').default(0),
    ordem: quantidadeOpcional(1, 100_000, 'Posição no leilão deve estar entre 1 e 100.000'),
    tipo: z.enum(TIPOS_NEGOCIACAO, { error: 'Modo de venda inválido: Disputa, Proposta ou Compre Já' }).default('Disputa'),
    descricao: textoOpcional(5000),
    /** Judicial lots (CPC 891 and 896, decision 229): left as they are when absent. */
    avaliacao: centavosOpcional('Valor de avaliação inválido'),
    minimoDoJuiz: centavosOpcional('Mínimo fixado pelo juiz inválido'),
    bemDeIncapaz: booleano.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'Compre Já' && !v.compreJa)
      ctx.addIssue({ code: 'custom', path: ['compreJa'], message: 'Informe o valor do Compre Já' });
    if (v.compreJa && v.compreJa < v.minimo)
      ctx.addIssue({ code: 'custom', path: ['compreJa'], message: 'O Compre Já não pode ser menor que o mínimo' });
  });
export type LoteValores = z.infer<typeof loteValoresSchema>;

export const novoLoteSchema = z.intersection(z.object({ veiculoUid: z.uuid('Veículo inválido') }), loteValoresSchema);

export const situacaoLoteSchema = z.object({
  situacao: z.enum(SITUACOES_LOTE, { error: 'Situação inválida' }),
  motivo: textoOpcional(500),
});

export const filtroLotesSchema = z.object({
  leilaoId: z.preprocess((v) => (v === '' ? undefined : v), inteiro(1, 2_147_483_647, 'Leilão inválido').optional()),
  situacao: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SITUACOES_LOTE, { error: 'Situação inválida' }).optional()),
  busca: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(100).optional()),
  /** `hoje`: lots open to bids that close today (Brasília time), the /admin home's count. */
  encerra: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['hoje'], { error: 'Encerramento inválido' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

const escapar = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lots by auction and situation (and plate, chassis or name), in auction order. */
export async function listarLotes({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroLotesSchema.parse(filtro);
  const onde = and(
    eq(lote.hotsiteId, hotsiteId),
    f.leilaoId ? eq(lote.leilaoId, f.leilaoId) : undefined,
    f.situacao ? eq(lote.situacao, f.situacao) : undefined,
    f.encerra === 'hoje'
      ? and(
          inArray(lote.situacao, [...SITUACOES_LISTAVEIS]),
          sql`(${lote.dataFim} AT TIME ZONE 'America/Sao_Paulo')::date = (now() AT TIME ZONE 'America/Sao_Paulo')::date`,
        )
      : undefined,
    f.busca
      ? or(
          ilike(lote.nome, `%${escapar(f.busca)}%`),
          ilike(veiculo.placa, `%${escapar(f.busca)}%`),
          ilike(veiculo.chassi, `%${escapar(f.busca)}%`),
        )
      : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(lote).innerJoin(veiculo, eq(veiculo.id, lote.veiculoId)).where(onde);
  const itens = await db
    .select({
      id: lote.id,
      uid: lote.uid,
      numero: lote.numero,
      nome: lote.nome,
      situacao: lote.situacao,
      tipo: lote.tipo,
      minimo: lote.minimo,
      incremento: lote.incremento,
      valorAtual: lote.valorAtual,
      quantidadeLances: lote.quantidadeLances,
      quantidadeFotos: lote.quantidadeFotos,
      dataFim: lote.dataFim,
      leilaoId: lote.leilaoId,
      leilaoNome: leilao.nome,
      veiculoUid: veiculo.uid,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
    })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
    .where(onde)
    .orderBy(desc(lote.leilaoId), asc(lote.numero), asc(lote.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { itens, total, pagina: f.pagina, porPagina: f.porPagina };
}

/** One lot with its private fields (seller value), for the lot form and the API. */
export async function obterLote({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [r] = await db
    .select({
      lote,
      veiculoUid: veiculo.uid,
      veiculoNome: veiculo.nome,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      leilaoNome: leilao.nome,
      leilaoSituacao: leilao.situacao,
      ordem: leilaoLote.ordemLeilao,
    })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
    .leftJoin(leilaoLote, and(eq(leilaoLote.loteId, lote.id), eq(leilaoLote.leilaoId, lote.leilaoId)))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, id)));
  if (!r) throw naoEncontrado(MENSAGEM_LOTE_NAO_ENCONTRADO);
  const l = r.lote;
  return {
    id: l.id,
    uid: l.uid,
    leilaoId: l.leilaoId,
    leilaoNome: r.leilaoNome,
    leilaoSituacao: r.leilaoSituacao,
    veiculoUid: r.veiculoUid,
    veiculoNome: r.veiculoNome,
    placa: r.placa,
    chassi: r.chassi,
    numero: l.numero,
    ordem: r.ordem,
    nome: l.nome,
    situacao: l.situacao,
    tipo: l.tipo,
    descricao: l.descricao,
    motivoCancelamento: l.motivoCancelamento,
    carimbos: l.carimbos,
    minimo: l.minimo,
    incremento: l.incremento,
    valorComitente: l.valorComitente,
    compreJa: l.compreJa,
    comissaoPorcentagem: l.comissaoPorcentagem,
    comissaoExtraPorcentagem: l.comissaoExtraPorcentagem,
    comissaoExtraMensagem: l.comissaoExtraMensagem,
    despachante: l.despachante,
    outros: l.outros,
    remocao: l.remocao,
    depositoDeBens: l.depositoDeBens,
    vistoria: l.vistoria,
    avaliacao: l.avaliacao,
    minimoDoJuiz: l.minimoDoJuiz,
    bemDeIncapaz: l.bemDeIncapaz,
    quantidadeLances: l.quantidadeLances,
    quantidadeFotos: l.quantidadeFotos,
    dataInicio: l.dataInicio?.toISOString() ?? null,
    dataFim: l.dataFim?.toISOString() ?? null,
  };
}

/** The lot's copy of its vehicle and yard (search columns). */
async function copiaDoVeiculo(tx: Tx | Db, hotsiteId: number, veiculoId: number) {
  const [v] = await tx
    .select({
      id: veiculo.id,
      nome: veiculo.nome,
      modelo: veiculo.modelo,
      anoModelo: veiculo.anoModelo,
      combustivel: veiculo.combustivel,
      cor: veiculo.cor,
      retomada: veiculo.retomada,
      km: veiculo.km,
      comitenteId: veiculo.comitenteId,
      patioId: veiculo.patioId,
      veiculoTipoId: veiculo.veiculoTipoId,
      categoria: veiculoTipo.categoria,
      marcaNome: marca.nome,
      cidade: patio.cidade,
      uf: patio.estadoUf,
    })
    .from(veiculo)
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .leftJoin(marca, eq(marca.id, veiculo.marcaId))
    .leftJoin(patio, eq(patio.id, veiculo.patioId))
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.id, veiculoId)));
  if (!v) throw naoEncontrado('Veículo não encontrado');
  return {
    nome: v.nome,
    comitenteId: v.comitenteId,
    patioId: v.patioId,
    categoria: v.categoria,
    veiculoTipoId: v.veiculoTipoId,
    marcaNome: v.marcaNome,
    modelo: v.modelo,
    anoModelo: v.anoModelo,
    combustivel: v.combustivel,
    cor: v.cor,
    retomada: v.retomada,
    km: v.km,
    localizacaoCidade: v.cidade,
    localizacaoUf: v.uf,
    localizacaoExterna: !v.patioId,
  };
}

/** Refreshes the search copy on every open lot of a vehicle (after the vehicle was saved). */
export async function atualizarCopiaDosLotes(tx: Tx | Db, hotsiteId: number, veiculoId: number): Promise<LinhaLote[]> {
  const copia = await copiaDoVeiculo(tx, hotsiteId, veiculoId);
  const { nome: _nome, comitenteId: _c, ...busca } = copia;
  const ids = await tx
    .update(lote)
    .set({ ...busca, sequencia: sql`${lote.sequencia} + 1` })
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.veiculoId, veiculoId)))
    .returning({ id: lote.id });
  return linhasParaPublicar(
    tx,
    hotsiteId,
    ids.map((i) => i.id),
  );
}

export async function linhasParaPublicar(tx: Tx | Db, hotsiteId: number, ids: number[]): Promise<LinhaLote[]> {
  if (!ids.length) return [];
  const { rows } = (await tx.execute(sql`
    SELECT l.id, v.uid AS vei_uid, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia
      FROM lote l JOIN veiculo v ON v.id = l.veiculo_id
     WHERE l.hotsite_id = ${hotsiteId} AND l.id IN (${sql.join(
       ids.map((i) => sql`${i}`),
       sql`, `,
     )})`)) as unknown as { rows: LinhaLote[] };
  return rows;
}

const colunasDeValor = (v: LoteValores) => ({
  minimo: v.minimo,
  incremento: v.incremento,
  valorComitente: v.valorComitente ?? null,
  compreJa: v.compreJa ?? null,
  comissaoPorcentagem: v.comissaoPorcentagem,
  comissaoExtraPorcentagem: v.comissaoExtraPorcentagem,
  comissaoExtraMensagem: v.comissaoExtraMensagem ?? null,
  despachante: v.despachante,
  outros: v.outros,
  remocao: v.remocao,
  depositoDeBens: v.depositoDeBens,
  vistoria: v.vistoria,
  tipo: v.tipo,
  somenteBuyNowProposta: v.tipo !== 'Disputa',
  ...(v.descricao !== undefined ? { descricao: v.descricao } : {}),
  ...(v.avaliacao !== undefined ? { avaliacao: v.avaliacao } : {}),
  ...(v.minimoDoJuiz !== undefined ? { minimoDoJuiz: v.minimoDoJuiz } : {}),
  ...(v.bemDeIncapaz !== undefined ? { bemDeIncapaz: v.bemDeIncapaz } : {}),
});

/**
 * A lot for a vehicle in an auction, inside a transaction the caller owns (the import reuses it).
 * A lot joins a released auction released; otherwise it waits as CADASTRADO for the release.
 */
export async function inserirLote(
  tx: Tx,
  {
    hotsiteId,
    leilaoId,
    veiculoId,
    valores,
  }: {
    hotsiteId: number;
    leilaoId: number;
    veiculoId: number;
    valores: LoteValores;
  },
) {
  const [l] = await tx
    .select({ situacao: leilao.situacao, data: leilao.data, intervalo: leilao.intervaloEntreLotesSegundos })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, leilaoId)));
  if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  if (!SITUACOES_LEILAO_ATIVO.includes(l.situacao)) throw new ErroHttp(409, 'Leilão encerrado ou cancelado não recebe lotes');
  const copia = await copiaDoVeiculo(tx, hotsiteId, veiculoId);
  const [{ ultima }] = await tx
    .select({ ultima: max(leilaoLote.ordemLeilao) })
    .from(leilaoLote)
    .where(eq(leilaoLote.leilaoId, leilaoId));
  const ordem = valores.ordem ?? (ultima ?? 0) + 1;
  const liberado = l.situacao === 'PRONTO' || l.situacao === 'AO_VIVO';
  const agora = new Date();
  const fim = new Date(Math.max(l.data.getTime() + ordem * l.intervalo * 1000, agora.getTime() + 60_000));
  const situacao: SituacaoLote = liberado ? 'LIBERADO_LEILAO' : 'CADASTRADO';
  const [novo] = await tx
    .insert(lote)
    .values({
      hotsiteId,
      veiculoId,
      leilaoId,
      ...copia,
      ...colunasDeValor(valores),
      situacao,
      numero: String(ordem).padStart(3, '0'),
      dataInicio: liberado ? agora : null,
      dataFim: fim,
    })
    .returning({ id: lote.id, uid: lote.uid });
  await tx.insert(leilaoLote).values({ hotsiteId, leilaoId, loteId: novo.id, situacao, ordemLeilao: ordem });
  return { ...novo, ordem, situacao };
}

/** POST /v1/leiloes/{id}/lotes and the "new lot" form: a lot for one of the brand's vehicles. */
export async function criarLote({
  db,
  hub,
  hotsiteId,
  usuarioId,
  leilaoId,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  leilaoId: number;
  entrada: unknown;
}) {
  const e = novoLoteSchema.parse(entrada);
  const r = await db.transaction(async (tx) => {
    const [v] = await tx
      .select({ id: veiculo.id })
      .from(veiculo)
      .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.uid, e.veiculoUid)));
    if (!v) throw new ErroHttp(400, 'Veículo não encontrado', { veiculoUid: ['Veículo não encontrado'] });
    const [jaNoLeilao] = await tx
      .select({ id: lote.id })
      .from(lote)
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.veiculoId, v.id), eq(lote.leilaoId, leilaoId)));
    if (jaNoLeilao) throw new ErroHttp(409, `Este veículo já está no lote ${jaNoLeilao.id} deste leilão`);
    const novo = await inserirLote(tx, { hotsiteId, leilaoId, veiculoId: v.id, valores: e });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'lote', entidadeId: novo.id, acao: 'criou' });
    return { novo, linhas: await linhasParaPublicar(tx, hotsiteId, [novo.id]) };
  });
  await publicarLotes(hub, hotsiteId, r.linhas.map(comoPublicado));
  return { id: r.novo.id, uid: r.novo.uid, numero: String(r.novo.ordem).padStart(3, '0'), situacao: r.novo.situacao };
}

/**
 * Saves the lot's values. Minimum and increment of a released lot change only with the role
 * "Alteração de Minimos e Incremento" (regras.ts); a new position renumbers the lot.
 */
export async function alterarLote({
  db,
  hub,
  hotsiteId,
  usuario,
  id,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuario: Pick<UsuarioLogado, 'id' | 'papeis'>;
  id: number;
  entrada: unknown;
}) {
  const e = loteValoresSchema.parse(entrada);
  const linhas = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ situacao: lote.situacao, minimo: lote.minimo, incremento: lote.incremento, leilaoId: lote.leilaoId })
      .from(lote)
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, id)))
      .for('update');
    if (!atual) throw naoEncontrado(MENSAGEM_LOTE_NAO_ENCONTRADO);
    const decisao = podeAlterarMinimoIncremento({
      situacao: atual.situacao,
      mudou: atual.minimo !== e.minimo || atual.incremento !== e.incremento,
      temPapel: usuario.papeis.includes(PAPEIS_INTERNOS.MINIMOS_INCREMENTO),
    });
    if (!decisao.ok) throw new ErroHttp(403, decisao.mensagem);
    const numero = e.ordem ? { numero: String(e.ordem).padStart(3, '0') } : {};
    await tx
      .update(lote)
      .set({ ...colunasDeValor(e), ...numero, sequencia: sql`${lote.sequencia} + 1` })
      .where(eq(lote.id, id));
    if (e.ordem && atual.leilaoId)
      await tx
        .update(leilaoLote)
        .set({ ordemLeilao: e.ordem })
        .where(and(eq(leilaoLote.loteId, id), eq(leilaoLote.leilaoId, atual.leilaoId)));
    await registrarAlteracao(tx, { hotsiteId, usuarioId: usuario.id, entidade: 'lote', entidadeId: id, acao: 'alterou' });
    return linhasParaPublicar(tx, hotsiteId, [id]);
  });
  await publicarLotes(hub, hotsiteId, linhas.map(comoPublicado));
  return { id };
}

/** Situation by hand (regras.ts); cancelling needs a reason, kept on the lot. */
export async function mudarSituacaoLote({
  db,
  hub,
  hotsiteId,
  usuarioId,
  id,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  id: number;
  entrada: unknown;
}) {
  const { situacao: para, motivo } = situacaoLoteSchema.parse(entrada);
  const linhas = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ situacao: lote.situacao, quantidadeLances: lote.quantidadeLances, leilaoId: lote.leilaoId, dataFim: lote.dataFim })
      .from(lote)
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, id)))
      .for('update');
    if (!atual) throw naoEncontrado(MENSAGEM_LOTE_NAO_ENCONTRADO);
    const decisao = transicaoLote({ de: atual.situacao, para, quantidadeLances: atual.quantidadeLances, motivo });
    if (!decisao.ok) throw new ErroHttp(409, decisao.mensagem);
    const liberando = para === 'LIBERADO_LEILAO' || para === 'REPASSE';
    await tx
      .update(lote)
      .set({
        situacao: para,
        motivoCancelamento: para === 'LOTE_CANCELADO' ? motivo : null,
        sequencia: sql`${lote.sequencia} + 1`,
        ...(liberando && (!atual.dataFim || atual.dataFim.getTime() < Date.now() + 60_000)
          ? { dataInicio: new Date(), dataFim: new Date(Date.now() + 24 * 3_600_000) }
          : {}),
      })
      .where(eq(lote.id, id));
    if (atual.leilaoId)
      await tx
        .update(leilaoLote)
        .set({ situacao: para })
        .where(and(eq(leilaoLote.loteId, id), eq(leilaoLote.leilaoId, atual.leilaoId)));
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'lote',
      entidadeId: id,
      acao: 'alterou',
      detalhes: { situacao: para, motivo: motivo ?? null },
    });
    return linhasParaPublicar(tx, hotsiteId, [id]);
  });
  await publicarLotes(hub, hotsiteId, linhas.map(comoPublicado));
  return { id, situacao: para };
}
