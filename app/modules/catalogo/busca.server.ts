import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { comitente, grupoCliente, leilao, lote, loteFoto, loteGrupoCliente, patio, veiculo, veiculoTipo } from '@db/schema';
import { CAMPOS_FACETA, type CampoFaceta } from './busca-url';
import { ORDENACAO_PADRAO, type Filtros, type Ordenacao } from './filtros';
import { chaveDeBusca, criarCacheDeBusca, type CacheDeBusca } from './cache-busca.server';
import { CacheDeCards, type OpcoesCacheDeCards } from './cache-cards';
import { AlteracoesDeLotes } from './alteracoes-de-lotes';
import { criarContadorDeVisualizacoes, type ContadorDeVisualizacoes } from './visualizacoes.server';
import {
  VALOR_DO_CARD,
  consultarIndice,
  criarIndiceDeBusca,
  indiceAtende,
  type ContagensFacetas,
  type IndiceDeBusca,
} from './indice-busca.server';
import { linhas } from '~/utils/linhas.server';
import { CATEGORIAS_FORA_DO_PADRAO, FOTOS_POR_CARD, TAMANHO_PAGINA, nomeSemData } from './regras';
import { SITUACOES_LISTAVEIS } from '~/modules/dominio/situacoes';

/*
 * Faceted lot search. The public (listable) search runs on the in-memory index of each brand
 * (indice-busca.server.ts): the page of ids, the total and the facet counts in one pass, then the 30
 * cards are read live from PostgreSQL. Searches for other lot states (staff views) run in SQL over the
 * `lote` table alone (its search columns are copies of the vehicle's): one index range scan for the
 * list and one GROUPING SETS scan for the facets. The SQL path is also the reference the index is
 * tested against. Every query is scoped by hotsiteId.
 */

type Condicao = SQL | undefined;

/** One SQL condition per filter field, so a facet can leave its own field out. */
function condicoes(hotsiteId: number, f: Filtros, convidadoEm: readonly number[] = []): Record<string, Condicao> {
  const c: Record<string, Condicao> = {};
  c.hotsite = eq(lote.hotsiteId, hotsiteId);
  // Exclusive events (decision 186): a private auction's lots only for its accepted guests.
  c.privado = sql`NOT EXISTS (SELECT 1 FROM leilao lp WHERE lp.id = ${lote.leilaoId} AND lp.privado${
    convidadoEm.length ? sql` AND lp.id <> ALL(${`{${convidadoEm.join(',')}}`}::int[])` : sql``
  })`;
  c.situacao = inArray(lote.situacao, (f.situacao?.length ? f.situacao : SITUACOES_LISTAVEIS) as (typeof SITUACOES_LISTAVEIS)[number][]);
  // The public lists (the index's searches) leave out lots whose end has passed: they take no bid.
  if (indiceAtende(f)) c.aberto = or(isNull(lote.dataFim), gt(lote.dataFim, sql`now()`));
  c.categoria = f.categoria?.length ? inArray(lote.categoria, f.categoria) : notInArray(lote.categoria, [...CATEGORIAS_FORA_DO_PADRAO]);
  if (f.tipoId?.length) c.tipoId = inArray(lote.veiculoTipoId, f.tipoId);
  if (f.marca?.length) c.marca = inArray(lote.marcaNome, f.marca);
  if (f.modelo?.length) c.modelo = inArray(lote.modelo, f.modelo);
  if (f.uf?.length)
    c.uf = inArray(
      lote.localizacaoUf,
      f.uf.map((u) => u.toUpperCase()),
    );
  if (f.cidade?.length) c.cidade = inArray(lote.localizacaoCidade, f.cidade);
  if (f.leilao?.length) c.leilao = inArray(lote.leilaoId, f.leilao);
  if (f.promocao?.length) c.promocao = inArray(lote.promocao, f.promocao);
  if (f.combustivel?.length) c.combustivel = inArray(lote.combustivel, f.combustivel);
  if (f.cor?.length) c.cor = inArray(lote.cor, f.cor);
  if (f.retomada?.length) c.retomada = inArray(lote.retomada, f.retomada);
  if (f.comitente?.length) c.comitente = inArray(lote.comitenteId, f.comitente);
  if (f.patio?.length) c.patio = inArray(lote.patioId, f.patio);
  c.anoModelo = and(
    f.anoMin !== undefined ? gte(lote.anoModelo, f.anoMin) : undefined,
    f.anoMax !== undefined ? lte(lote.anoModelo, f.anoMax) : undefined,
  );
  c.valor = and(
    f.valorMin !== undefined ? gte(VALOR_DO_CARD, f.valorMin) : undefined,
    f.valorMax !== undefined ? lte(VALOR_DO_CARD, f.valorMax) : undefined,
  );
  c.km = and(f.kmMin !== undefined ? gte(lote.km, f.kmMin) : undefined, f.kmMax !== undefined ? lte(lote.km, f.kmMax) : undefined);
  if (f.destaque) c.destaque = eq(lote.destaque, true);
  if (f.texto) {
    const termo = `%${f.texto.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    c.texto = or(ilike(lote.nome, termo), ilike(lote.numero, f.texto));
  }
  return c;
}
const juntar = (c: Record<string, Condicao>, exceto?: string) =>
  and(
    ...Object.entries(c)
      .filter(([k]) => k !== exceto)
      .map(([, v]) => v),
  );

/** The lot's position in its current auction (leilao_lote.ordem_leilao); null for a lot without one. */
const POSICAO_LEILAO = sql<
  number | null
>`(select ll.ordem_leilao from leilao_lote ll where ll.lote_id = ${lote.id} and ll.leilao_id = ${lote.leilaoId})`;
/** The index keeps no auction position: a search ordered by it runs in SQL (search by auction, decision 262). */
const soEmSql = (ordenacao: Ordenacao[]) => ordenacao.some((o) => o.campo === 'posicaoLeilao');

const COLUNA_ORDEM = {
  dataFim: lote.dataFim,
  valor: VALOR_DO_CARD,
  anoModelo: lote.anoModelo,
  km: lote.km,
  dataInicio: lote.dataInicio,
  prioridade: lote.prioridade,
  id: lote.id,
  posicaoLeilao: POSICAO_LEILAO,
} as const;

const NAO_NULAS = new Set(['valor', 'prioridade', 'id']);
/** Tie-break on id in the direction of the first key (keeps the index order usable). */
const o0 = (ordenacao: Ordenacao[]) =>
  ordenacao[0]?.tipoOrdenacao === 'desc' && NAO_NULAS.has(ordenacao[0].campo) ? desc(lote.id) : asc(lote.id);

/** The card's fields (spec "Lot search result", light card with 4 photos). */
const colunasCard = {
  id: lote.id,
  uid: lote.uid,
  situacao: lote.situacao,
  nome: lote.nome,
  numero: lote.numero,
  tipo: lote.tipo,
  tipoId: lote.veiculoTipoId,
  tipoNome: veiculoTipo.nome,
  categoria: lote.categoria,
  marcaNome: lote.marcaNome,
  modelo: lote.modelo,
  anoModelo: lote.anoModelo,
  anoFabricacao: veiculo.anoFabricacao,
  km: lote.km,
  combustivel: lote.combustivel,
  cor: lote.cor,
  cambio: veiculo.cambio,
  direcao: veiculo.direcao,
  possuiChave: veiculo.possuiChave,
  retomada: lote.retomada,
  valorMercado: veiculo.valorMercado,
  prazoDocumento: veiculo.prazoDocumento,
  localizacaoCidade: lote.localizacaoCidade,
  localizacaoUf: lote.localizacaoUf,
  localizacaoExterna: lote.localizacaoExterna,
  patioNome: patio.nome,
  patioSlug: patio.slug,
  dataInicio: lote.dataInicio,
  dataFim: lote.dataFim,
  destaque: lote.destaque,
  somenteBuyNowProposta: lote.somenteBuyNowProposta,
  minimo: lote.minimo,
  incremento: lote.incremento,
  compreJa: lote.compreJa,
  valorAtual: lote.valorAtual,
  ultimoLanceValor: lote.ultimoLanceValor,
  ultimoLanceApelido: lote.ultimoLanceApelido,
  quantidadeLances: lote.quantidadeLances,
  quantidadeFotos: lote.quantidadeFotos,
  leilaoId: lote.leilaoId,
  leilaoUid: leilao.uid,
  leilaoNome: leilao.nome,
  leilaoData: leilao.data,
  leilaoSituacao: leilao.situacao,
  comitenteNome: comitente.nomeSite,
  comitenteLogo: comitente.logomarcaUrl,
  carimbos: lote.carimbos,
  posicaoLeilao: POSICAO_LEILAO,
  // The rest of the spec's search result (the API's lot, app/api/lote.server.ts); pages keep paraCard.
  veiculoUid: veiculo.uid,
  video: lote.video,
  finalizacaoManual: lote.finalizacaoManual,
  transmissaoNaPista: lote.transmissaoNaPista,
  recebeIncrementoTempo: lote.recebeIncrementoTempo,
  prioridade: lote.prioridade,
  blackCar10: lote.blackCar10,
  sorteioFinalAno: lote.sorteioFinalAno,
  dataAlteracao: lote.updatedAt,
  laudoCautelarResultado: lote.laudoCautelarResultado,
  laudoCautelarObservacao: lote.laudoCautelarObservacao,
  comissaoPorcentagem: lote.comissaoPorcentagem,
  comissaoExtraPorcentagem: lote.comissaoExtraPorcentagem,
  comissaoExtraMensagem: lote.comissaoExtraMensagem,
  despachante: lote.despachante,
  outros: lote.outros,
  remocao: lote.remocao,
  depositoDeBens: lote.depositoDeBens,
  vistoria: lote.vistoria,
  compreJaPorcentagem: lote.compreJaPorcentagem,
  valorProposta: lote.valorProposta,
  ultimoLanceCidade: lote.ultimoLanceCidade,
  ultimoLanceData: lote.ultimoLanceData,
  leilaoModalidade: leilao.modalidade,
  patioId: patio.id,
  patioUid: patio.uid,
  patioCidade: patio.cidade,
  patioEstadoUf: patio.estadoUf,
  comitenteId: lote.comitenteId,
};

export type LoteCard = CardDoLote;

/**
 * The search's per-process state: the in-memory index and the count cache. Built once in createMartelo
 * (pages and the JSON API reach the same one through the context); a module of its own would exist
 * once per bundle that imports it.
 */
export interface ServicoDeBusca {
  indice: IndiceDeBusca;
  cache: CacheDeBusca;
  /** The index searches' cards, invalidated by the index's change feed. */
  cards: CacheDeCards<CardDoLote>;
  /** The lots the change feed named, for the visitors' kept lot pages (decision 244). */
  lotes: AlteracoesDeLotes;
  /** How long a search waits for its brand's first index load before answering from SQL instead. */
  esperaPelaCargaMs: number;
  /** Lot page views, tallied per instance and written in batches (visualizacoes.server.ts). */
  visualizacoes: ContadorDeVisualizacoes;
  /**
   * When the request these searches serve arrived (performance.now()), set on the request's copy of
   * the service (server.ts): a page's searches then share one read of the change feed.
   */
  desde?: number;
  /**
   * Set on the request's copy while a visitor's page that may be kept is rendered
   * (paginas-de-visitante.server.ts): every search lowers `ate` to until when its answer stands by the
   * clock alone (ResultadoIndice.ate); one answered in SQL cannot say, and sets it to -Infinity.
   */
  validade?: { ate: number; buscas: number };
}
/** Records until when a search's answer stands (see ServicoDeBusca.validade). */
function datar(busca: ServicoDeBusca, ate: number) {
  if (!busca.validade) return;
  busca.validade.ate = Math.min(busca.validade.ate, ate);
  busca.validade.buscas++;
}
export function criarServicoDeBusca(
  db: Db,
  {
    esperaPelaCargaMs = 250,
    cards = {} as OpcoesCacheDeCards,
    aoFalharVisualizacoes,
    lotesPorCarga,
  }: {
    esperaPelaCargaMs?: number;
    cards?: OpcoesCacheDeCards;
    aoFalharVisualizacoes?: (erro: unknown, lotes: number) => void;
    /** Lots per statement of a brand's index load (decision 298). */
    lotesPorCarga?: number;
  } = {},
): ServicoDeBusca {
  const cacheDeCards = new CacheDeCards<CardDoLote>(cards);
  const lotes = new AlteracoesDeLotes();
  return {
    visualizacoes: criarContadorDeVisualizacoes(db, { aoFalhar: aoFalharVisualizacoes }),
    indice: criarIndiceDeBusca(
      db,
      {
        aoAlterar: (ids) => {
          cacheDeCards.invalidar(ids);
          lotes.invalidar(ids);
        },
        aoRecomecar: () => {
          cacheDeCards.limpar();
          lotes.recomecar();
        },
      },
      lotesPorCarga,
    ),
    cache: criarCacheDeBusca(),
    cards: cacheDeCards,
    lotes,
    esperaPelaCargaMs,
  };
}

/** The index answers when it can hold the filters, was not bypassed, and the brand's index is (or soon gets) loaded. */
const peloIndice = async (busca: ServicoDeBusca, hotsiteId: number, filtros: Filtros, sqlForcado?: boolean) =>
  indiceAtende(filtros) && !sqlForcado && (await busca.indice.prontaEm(hotsiteId, busca.esperaPelaCargaMs));

export interface BuscarLotesArgs {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  filtros?: Filtros;
  ordenacao?: Ordenacao[];
  /** Offset = (page - 1) × size. */
  de?: number;
  tamanho?: number;
  /** SQL path only: read the total from the short-lived count cache; false = always count. */
  usarCache?: boolean;
  /** Run in SQL even when the index could answer (the index's equivalence test). */
  sqlForcado?: boolean;
  /**
   * The private auctions the viewer is an accepted guest of (eventos/leiloesDoConvidado). A search of
   * one of them runs in SQL, uncached (the index and the shared caches hold public lots only).
   */
  convidadoEm?: readonly number[];
}

/** The search asks for a private auction this viewer is a guest of: SQL, no shared cache. */
const buscaDeConvidado = (filtros: Filtros, convidadoEm: readonly number[] = []) =>
  convidadoEm.length > 0 && !!filtros.leilao?.some((id) => convidadoEm.includes(id));

/**
 * Lots on sale per yard, under the same conditions as the search (a yard's page lists
 * `buscarLotes({ filtros: { patio: [id] } })`), so /patios and the yard's page give the same number.
 */
export async function contarLotesPorPatio(db: Db, hotsiteId: number): Promise<Map<number, number>> {
  const rs = await db
    .select({ patioId: lote.patioId, quantidade: sql<number>`count(*)::int` })
    .from(lote)
    .where(juntar(condicoes(hotsiteId, {})))
    .groupBy(lote.patioId);
  return new Map(rs.filter((r) => r.patioId != null).map((r) => [r.patioId!, Number(r.quantidade)]));
}

/** One page of lots (cards with their first 4 photos) and the total. */
export async function buscarLotes({
  db,
  busca,
  hotsiteId,
  filtros = {},
  ordenacao = [ORDENACAO_PADRAO],
  de = 0,
  tamanho = TAMANHO_PAGINA,
  usarCache: usarCacheAsk = true,
  sqlForcado: sqlForcadoAsk = false,
  convidadoEm: convidadoAsk = [],
}: BuscarLotesArgs) {
  const deConvidado = buscaDeConvidado(filtros, convidadoAsk);
  const convidadoEm = deConvidado ? convidadoAsk : [];
  const usarCache = usarCacheAsk && !deConvidado;
  const sqlForcado = sqlForcadoAsk || deConvidado || soEmSql(ordenacao);
  let ids: { id: number }[];
  let total: number;
  let cards: CacheDeCards<CardDoLote> | undefined;
  if (await peloIndice(busca, hotsiteId, filtros, sqlForcado)) {
    const r = await consultarIndice(busca.indice, hotsiteId, filtros, { ordenacao, de, tamanho, comFacetas: false, desde: busca.desde });
    ids = r.ids.map((id) => ({ id }));
    total = r.total;
    cards = busca.cards;
    datar(busca, r.ate);
  } else {
    datar(busca, -Infinity);
    const onde = juntar(condicoes(hotsiteId, filtros, convidadoEm));
    // NOT NULL columns sort without a nulls clause, so a descending order can scan its index backwards.
    const ordem = [
      ...ordenacao.map((o) => {
        const col = COLUNA_ORDEM[o.campo];
        if (NAO_NULAS.has(o.campo)) return o.tipoOrdenacao === 'desc' ? desc(col) : asc(col);
        return o.tipoOrdenacao === 'desc' ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
      }),
      o0(ordenacao),
    ];
    // Order and page on the lot table alone (an index range scan), then join the 30 rows it keeps.
    const paginaIds = db
      .select({ id: lote.id })
      .from(lote)
      .where(onde)
      .orderBy(...ordem)
      .limit(tamanho)
      .offset(de);
    const contar = () =>
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(lote)
        .where(onde);
    [ids, [{ total }]] = await Promise.all([
      paginaIds,
      usarCache ? busca.cache.emCache(chaveDeBusca(hotsiteId, 'total', filtros), contar) : contar(),
    ]);
  }
  return {
    total,
    lotes: await lotesDosIds(
      db,
      hotsiteId,
      ids.map((r) => r.id),
      cards,
    ),
  };
}

/**
 * The list page's search: the page of lots, the total and the facet counts. On the index it is one
 * scan and one freshness read for all three, and the cards, their photos and the facets' names are
 * read in parallel (a page no longer waits for a second freshness read of its own facet call).
 */
export async function buscarComFacetas(args: BuscarLotesArgs) {
  const { db, busca, hotsiteId, filtros = {}, ordenacao = [ORDENACAO_PADRAO], de = 0, tamanho = TAMANHO_PAGINA } = args;
  const deConvidado = buscaDeConvidado(filtros, args.convidadoEm);
  if (deConvidado || !(await peloIndice(busca, hotsiteId, filtros, args.sqlForcado || soEmSql(ordenacao)))) {
    // While the brand's index loads, both halves go to SQL (sqlForcado), so cards and facets agree.
    const sqlForcado = true;
    const [r, facetas] = await Promise.all([
      buscarLotes({ ...args, sqlForcado }),
      facetasDaBusca({
        db,
        busca,
        hotsiteId,
        filtros,
        usarCache: args.usarCache && !deConvidado,
        sqlForcado,
        convidadoEm: deConvidado ? args.convidadoEm : [],
      }),
    ]);
    return { ...r, facetas };
  }
  const r = await consultarIndice(busca.indice, hotsiteId, filtros, { ordenacao, de, tamanho, comFacetas: true, desde: busca.desde });
  datar(busca, r.ate);
  const [lotes, facetas] = await Promise.all([
    lotesDosIds(db, hotsiteId, r.ids, busca.cards),
    nomearFacetas(db, hotsiteId, r.facetas!, busca.indice.nomes(hotsiteId)),
  ]);
  return { total: r.total, lotes, facetas };
}

/** The cards of these lot ids (with their first 4 photos), read from the database, in no set order. */
async function lerCards(db: Db, hotsiteId: number, ids: number[]) {
  // The cards, their photos and their client groups in parallel: all need only the page's ids.
  const [cards, fotos, grupos] = await Promise.all([
    ids.length
      ? db
          .select(colunasCard)
          .from(lote)
          .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
          .innerJoin(veiculoTipo, eq(veiculoTipo.id, lote.veiculoTipoId))
          .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
          .leftJoin(patio, eq(patio.id, lote.patioId))
          .leftJoin(comitente, eq(comitente.id, lote.comitenteId))
          .where(and(eq(lote.hotsiteId, hotsiteId), inArray(lote.id, ids)))
      : [],
    fotosDosLotes(db, hotsiteId, ids, FOTOS_POR_CARD),
    gruposDosLotes(db, hotsiteId, ids),
  ]);
  return cards.map((l) => ({
    ...l,
    leilaoNomeSemData: l.leilaoNome ? nomeSemData(l.leilaoNome) : null,
    fotosUrls: fotos.get(l.id) ?? [],
    gruposCliente: grupos.get(l.id) ?? SEM_GRUPOS,
  }));
}

/** A lot open to every client: one shared frozen empty list, so cached cards cost nothing for it. */
const SEM_GRUPOS: readonly { uid: string; nome: string }[] = Object.freeze([]);

/**
 * The client groups these lots are restricted to (spec 001 search result `gruposCliente`; decisions 269
 * and 278), by name. Read with the card, never kept in the index: the card cache drops a card when the
 * change feed names its lot, and migration 0057 makes a lot's groups (tying, untying, a group renamed
 * or deleted) name it there.
 */
async function gruposDosLotes(db: Db, hotsiteId: number, ids: number[]) {
  const mapa = new Map<number, { uid: string; nome: string }[]>();
  if (!ids.length) return mapa;
  const r = await db
    .select({ loteId: loteGrupoCliente.loteId, uid: grupoCliente.uid, nome: grupoCliente.nome })
    .from(loteGrupoCliente)
    .innerJoin(grupoCliente, and(eq(grupoCliente.id, loteGrupoCliente.grupoId), eq(grupoCliente.hotsiteId, hotsiteId)))
    .where(and(eq(loteGrupoCliente.hotsiteId, hotsiteId), inArray(loteGrupoCliente.loteId, ids)))
    .orderBy(loteGrupoCliente.loteId, grupoCliente.nome);
  for (const g of r) mapa.set(g.loteId, [...(mapa.get(g.loteId) ?? []), { uid: g.uid, nome: g.nome }]);
  return mapa;
}
export type CardDoLote = Awaited<ReturnType<typeof lerCards>>[number];

/**
 * The cards of these lot ids, in the ids' order. With the instance's card cache (index searches only:
 * they have just read the change feed that invalidates it), only the cards it lacks are read.
 */
async function lotesDosIds(db: Db, hotsiteId: number, ids: number[], cache?: CacheDeCards<CardDoLote>): Promise<CardDoLote[]> {
  const posicao = new Map(ids.map((id, i) => [id, i]));
  if (!cache) return (await lerCards(db, hotsiteId, ids)).sort((a, b) => posicao.get(a.id)! - posicao.get(b.id)!);
  const achados: CardDoLote[] = [];
  const faltam: number[] = [];
  for (const id of ids) {
    const c = cache.obter(hotsiteId, id);
    if (c) achados.push(c);
    else faltam.push(id);
  }
  if (faltam.length) {
    const marca = cache.marca();
    const lidos = await lerCards(db, hotsiteId, faltam);
    cache.guardar(marca, hotsiteId, lidos);
    achados.push(...lidos);
  }
  return achados.sort((a, b) => posicao.get(a.id)! - posicao.get(b.id)!);
}

export async function fotosDosLotes(db: Db, hotsiteId: number, ids: number[], limite?: number) {
  const mapa = new Map<number, string[]>();
  if (!ids.length) return mapa;
  const linhas = await db
    .select({ loteId: loteFoto.loteId, url: loteFoto.url })
    .from(loteFoto)
    .where(
      and(
        eq(loteFoto.hotsiteId, hotsiteId),
        inArray(loteFoto.loteId, ids),
        eq(loteFoto.aprovada, true),
        limite ? lte(loteFoto.ordem, limite) : undefined,
      ),
    )
    .orderBy(loteFoto.loteId, loteFoto.ordem);
  for (const f of linhas) mapa.set(f.loteId, [...(mapa.get(f.loteId) ?? []), f.url]);
  return mapa;
}

const COLUNA_FACETA: Record<CampoFaceta, SQL> = {
  categoria: sql`${lote.categoria}`,
  marca: sql`${lote.marcaNome}`,
  modelo: sql`${lote.modelo}`,
  uf: sql`${lote.localizacaoUf}`,
  cidade: sql`${lote.localizacaoCidade}`,
  combustivel: sql`${lote.combustivel}`,
  cor: sql`${lote.cor}`,
  retomada: sql`${lote.retomada}`,
  comitente: sql`${lote.comitenteId}::text`,
  leilao: sql`${lote.leilaoId}::text`,
  promocao: sql`${lote.promocao}`,
  anoModelo: sql`${lote.anoModelo}::text`,
};
/** Facet field → the filter key(s) that restrict it (left out when counting that facet). */
const FILTRO_DA_FACETA: Record<CampoFaceta, string> = {
  categoria: 'categoria',
  marca: 'marca',
  modelo: 'modelo',
  uf: 'uf',
  cidade: 'cidade',
  combustivel: 'combustivel',
  cor: 'cor',
  retomada: 'retomada',
  comitente: 'comitente',
  leilao: 'leilao',
  promocao: 'promocao',
  anoModelo: 'anoModelo',
};

export interface ValorFaceta {
  valor: string;
  rotulo: string;
  quantidade: number;
}
export type Facetas = Record<CampoFaceta, ValorFaceta[]>;

async function contar(db: Db, onde: SQL | undefined, campos: readonly CampoFaceta[]) {
  // Every facet selected: nothing is left to count under all filters (and `grouping sets ()` is no SQL).
  if (!campos.length) return new Map<CampoFaceta, { valor: string; quantidade: number }[]>();
  const cols = campos.map((c) => COLUNA_FACETA[c]);
  const sets = sql.join(
    cols.map((c) => sql`(${c})`),
    sql`, `,
  );
  const selecao = sql.join(
    campos.map((c, i) => sql`${cols[i]} as ${sql.raw(`"f${i}"`)}, grouping(${cols[i]}) as ${sql.raw(`"g${i}"`)}`),
    sql`, `,
  );
  const r = await db.execute<Record<string, string | number | null>>(
    sql`select ${selecao}, count(*)::int as n from ${lote} where ${onde ?? sql`true`} group by grouping sets (${sets})`,
  );
  const saida = new Map<CampoFaceta, { valor: string; quantidade: number }[]>();
  for (const linha of r.rows) {
    const i = campos.findIndex((_, k) => Number(linha[`g${k}`]) === 0);
    if (i < 0) continue;
    const valor = linha[`f${i}`];
    if (valor === null || valor === undefined) continue;
    const lista = saida.get(campos[i]) ?? [];
    lista.push({ valor: String(valor), quantidade: Number(linha.n) });
    saida.set(campos[i], lista);
  }
  return saida;
}

/**
 * Facet counts. Fields without a selection are counted in one GROUPING SETS scan under every filter;
 * a field with a selection is counted without its own filter, so its other values stay selectable.
 */
export async function facetasDaBusca(args: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  filtros?: Filtros;
  usarCache?: boolean;
  sqlForcado?: boolean;
  convidadoEm?: readonly number[];
}): Promise<Facetas> {
  const { db, busca, hotsiteId, filtros = {} } = args;
  const convidadoEm = buscaDeConvidado(filtros, args.convidadoEm) ? (args.convidadoEm ?? []) : [];
  if (!convidadoEm.length && (await peloIndice(busca, hotsiteId, filtros, args.sqlForcado))) {
    const r = await consultarIndice(busca.indice, hotsiteId, filtros, {
      ordenacao: [ORDENACAO_PADRAO],
      de: 0,
      tamanho: 0,
      comFacetas: true,
      desde: busca.desde,
    });
    datar(busca, r.ate);
    return nomearFacetas(db, hotsiteId, r.facetas!, busca.indice.nomes(hotsiteId));
  }
  datar(busca, -Infinity);
  if (args.usarCache === false || convidadoEm.length)
    return nomearFacetas(db, hotsiteId, await contarFacetasSql(db, hotsiteId, filtros, convidadoEm));
  return busca.cache.emCache(chaveDeBusca(hotsiteId, 'facetas', filtros), async () =>
    nomearFacetas(db, hotsiteId, await contarFacetasSql(db, hotsiteId, filtros)),
  );
}

async function contarFacetasSql(
  db: Db,
  hotsiteId: number,
  filtros: Filtros,
  convidadoEm: readonly number[] = [],
): Promise<ContagensFacetas> {
  const c = condicoes(hotsiteId, filtros, convidadoEm);
  const selecionado = (campo: CampoFaceta) =>
    campo === 'anoModelo'
      ? filtros.anoMin !== undefined || filtros.anoMax !== undefined
      : !!(filtros[campo as keyof Filtros] as unknown[] | undefined)?.length;
  const ativos = CAMPOS_FACETA.filter(selecionado);
  const livres = CAMPOS_FACETA.filter((campo) => !ativos.includes(campo));
  const resultados = await Promise.all([
    contar(db, juntar(c), livres),
    ...ativos.map((campo) => {
      const semEle = { ...c };
      delete semEle[FILTRO_DA_FACETA[campo]];
      // Without a category selection the default list still omits equipment and real estate.
      if (campo === 'categoria') semEle.categoria = undefined;
      return contar(db, juntar(semEle), [campo]);
    }),
  ]);
  const brutas: ContagensFacetas = new Map();
  for (const r of resultados) for (const [k, v] of r) brutas.set(k, v);
  return brutas;
}

/** pt-BR alphabetical order; one collator (`localeCompare(x, 'pt-BR')` looks one up on every call). */
const ORDEM_PT_BR = new Intl.Collator('pt-BR');

/** Labels for the counted values (auction and committent names) and the display order. */
async function nomearFacetas(
  db: Db,
  hotsiteId: number,
  brutas: ContagensFacetas,
  conhecidos?: { leilao: Map<string, string>; comitente: Map<string, string> },
): Promise<Facetas> {
  // Names for id facets (auctions, committents): the index's, read with its rows; SQL for the rest.
  const nomes = { leilao: new Map<string, string>(), comitente: new Map<string, string>() };
  const faltam = (campo: 'leilao' | 'comitente') =>
    (brutas.get(campo) ?? []).flatMap((v) => {
      const nome = conhecidos?.[campo].get(v.valor);
      if (nome === undefined) return [Number(v.valor)];
      nomes[campo].set(v.valor, campo === 'leilao' ? nomeSemData(nome) : nome);
      return [];
    });
  const idsLeilao = faltam('leilao');
  const idsComitente = faltam('comitente');
  // Both kinds of names in one round trip (every list page asks).
  const partes: SQL[] = [];
  if (idsLeilao.length)
    partes.push(
      sql`SELECT 'leilao' AS campo, ${leilao.id} AS id, ${leilao.nome} AS nome FROM ${leilao} WHERE ${and(eq(leilao.hotsiteId, hotsiteId), inArray(leilao.id, idsLeilao))}`,
    );
  if (idsComitente.length)
    partes.push(
      sql`SELECT 'comitente' AS campo, ${comitente.id} AS id, ${comitente.nomeSite} AS nome FROM ${comitente} WHERE ${and(eq(comitente.hotsiteId, hotsiteId), inArray(comitente.id, idsComitente))}`,
    );
  const encontrados = partes.length
    ? linhas<{ campo: 'leilao' | 'comitente'; id: number; nome: string }>(await db.execute(sql.join(partes, sql` UNION ALL `)))
    : [];
  for (const e of encontrados) nomes[e.campo].set(String(e.id), e.campo === 'leilao' ? nomeSemData(e.nome) : e.nome);
  const facetas = {} as Facetas;
  for (const campo of CAMPOS_FACETA) {
    const lista = (brutas.get(campo) ?? []).map((v) => ({
      ...v,
      rotulo: (nomes as Record<string, Map<string, string>>)[campo]?.get(v.valor) ?? v.valor,
    }));
    lista.sort(
      campo === 'anoModelo'
        ? (a, b) => Number(b.valor) - Number(a.valor)
        : (a, b) => b.quantidade - a.quantidade || ORDEM_PT_BR.compare(a.rotulo, b.rotulo),
    );
    facetas[campo] = lista;
  }
  return facetas;
}
