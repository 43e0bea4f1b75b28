import { bannersAtivos } from '~/modules/conteudo/banners.server';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { comitente, leilao, leilaoComitente, leiloeiro, lote, patio, veiculo } from '@db/schema';
import type { SituacaoLote } from '@db/schema/enums-catalogo';
import { buscarLotes, type ServicoDeBusca } from './busca.server';
import { nomeSemData } from './regras';
import { SITUACOES_LEILAO_ATIVO, SITUACOES_LISTAVEIS, SITUACOES_NO_PREGAO } from '~/modules/dominio/situacoes';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';

export const porMesSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'porMes deve estar no formato AAAA-MM')
  .optional();
/** One day of the agenda (AAAA-MM-DD, a São Paulo day), a real date of the calendar. */
export const diaSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'data deve estar no formato AAAA-MM-DD')
  .refine((d) => {
    const [a, m, dia] = d.split('-').map(Number);
    const x = new Date(Date.UTC(a, m - 1, dia));
    return a >= 1900 && x.getUTCFullYear() === a && x.getUTCMonth() === m - 1 && x.getUTCDate() === dia;
  }, 'data inválida')
  .optional();

function inicioDoDiaUtc(agora: Date) {
  return new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth(), agora.getUTCDate()));
}

/**
 * Auctions for the site. Default: the active ones (spec: one of the first four situacoes and dated
 * after the start of today, UTC). `porMes` (AAAA-MM, São Paulo months) lists every auction of that
 * month; `patioNome` keeps the auctions held at that yard.
 */
export async function listarLeiloesSite({
  db,
  hotsiteId,
  porMes,
  patioNome,
  agora = new Date(),
  limite = 1000,
  usuarioId = null,
  dia: diaAsk,
  somenteIds,
}: {
  db: Db;
  hotsiteId: number;
  porMes?: string;
  /** One São Paulo day (AAAA-MM-DD): every auction of that day, whatever its situacao (as a month). */
  dia?: string;
  /** Only these auctions (the agenda's favourites and last-clicked filters); an empty list lists none. */
  somenteIds?: readonly number[];
  patioNome?: string;
  agora?: Date;
  limite?: number;
  /** The viewer: a private auction is listed only to its accepted guests (decision 186). */
  usuarioId?: number | null;
}) {
  const mes = porMesSchema.parse(porMes);
  const dia = diaSchema.parse(diaAsk);
  if (somenteIds && !somenteIds.length) return [];
  let periodo;
  if (dia) {
    // São Paulo has kept UTC-3 all year since 2019: its day starts at 03:00 UTC.
    const [a, m, d] = dia.split('-').map(Number);
    periodo = and(gte(leilao.data, new Date(Date.UTC(a, m - 1, d, 3))), lt(leilao.data, new Date(Date.UTC(a, m - 1, d + 1, 3))));
  } else if (mes) {
    const [a, m] = mes.split('-').map(Number);
    periodo = and(gte(leilao.data, new Date(Date.UTC(a, m - 1, 1, 3))), lt(leilao.data, new Date(Date.UTC(a, m, 1, 3))));
  } else {
    periodo = and(inArray(leilao.situacao, [...SITUACOES_LEILAO_ATIVO]), gte(leilao.data, inicioDoDiaUtc(agora)));
  }
  const linhas = await db
    .select({
      id: leilao.id,
      uid: leilao.uid,
      nome: leilao.nome,
      situacao: leilao.situacao,
      modalidade: leilao.modalidade,
      data: leilao.data,
      local: leilao.local,
      cidade: leilao.cidade,
      estadoUf: leilao.estadoUf,
      segundoEntreLotes: leilao.segundoEntreLotes,
      transmissaoUrl: leilao.transmissaoUrl,
      editalUrl: leilao.editalUrl,
      ordemVisitacaoUrl: leilao.ordemVisitacaoUrl,
      ordemEntradaUrl: leilao.ordemEntradaUrl,
      destaque: leilao.destaque,
      privado: leilao.privado,
      patioSlug: patio.slug,
      leiloeiro: { id: leiloeiro.id, uid: leiloeiro.uid, nome: leiloeiro.nome, inscricao: leiloeiro.inscricao },
      quantidadeLotes: sql<number>`(select count(*)::int from ${lote} where ${lote.leilaoId} = ${leilao.id} and ${lote.hotsiteId} = ${hotsiteId} and ${inArray(lote.situacao, [...SITUACOES_LISTAVEIS])} and (${lote.dataFim} is null or ${lote.dataFim} > now()))`,
    })
    .from(leilao)
    .leftJoin(leiloeiro, eq(leiloeiro.id, leilao.leiloeiroId))
    .leftJoin(patio, eq(patio.id, leilao.patioId))
    .where(
      and(
        eq(leilao.hotsiteId, hotsiteId),
        periodo,
        patioNome ? or(eq(patio.slug, patioNome), eq(patio.nome, patioNome)) : undefined,
        somenteIds ? inArray(leilao.id, [...somenteIds]) : undefined,
        leilaoVisivelPara(leilao.id, usuarioId),
      ),
    )
    .orderBy(asc(leilao.data))
    .limit(limite);
  const logos = await logosDosLeiloes(
    db,
    hotsiteId,
    linhas.map((l) => l.id),
  );
  return linhas.map((l) => ({ ...l, nomeSemData: nomeSemData(l.nome), comitentesLogomarcas: logos.get(l.id) ?? [] }));
}

/** Highlighted lots per auction of the site list (spec 001 §3 `lotesDestaque`). */
export const DESTAQUES_POR_LEILAO = 4;

/**
 * The two live parts of the site list's item (spec 001 §3, decision 261): `loteAoVivoMap`, the lots of a
 * live auction now on the floor (AO_VIVO, DOULHE_UMA, DOULHE_DUAS, or the one the auctioneer called),
 * keyed by vehicle uid as the browser merges live updates; and `lotesDestaque`, up to 4 of the auction's
 * lots on sale, by priority then end (the home highlights' order). Both read by brand; a private
 * auction's lots reach only the guests it was listed to.
 */
export async function comAoVivoEDestaques<L extends { id: number; situacao: string; privado: boolean; quantidadeLotes: number }>({
  db,
  busca,
  hotsiteId,
  leiloes,
  destaques = DESTAQUES_POR_LEILAO,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  leiloes: L[];
  destaques?: number;
}) {
  const aoVivo = leiloes.filter((l) => l.situacao === 'AO_VIVO').map((l) => l.id);
  const [noPregao, porLeilao] = await Promise.all([
    aoVivo.length
      ? db
          .select({
            leilaoId: lote.leilaoId,
            loteId: lote.id,
            veiUid: veiculo.uid,
            numero: lote.numero,
            nome: lote.nome,
            situacao: lote.situacao,
            valorAtual: lote.valorAtual,
            dataFim: lote.dataFim,
            chamado: sql<boolean>`${leilao.loteAtualId} is not distinct from ${lote.id}`,
          })
          .from(lote)
          .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
          .innerJoin(leilao, eq(leilao.id, lote.leilaoId))
          .where(
            and(
              eq(lote.hotsiteId, hotsiteId),
              eq(leilao.hotsiteId, hotsiteId),
              inArray(lote.leilaoId, aoVivo),
              or(inArray(lote.situacao, [...SITUACOES_NO_PREGAO] as SituacaoLote[]), eq(leilao.loteAtualId, lote.id)),
            ),
          )
          .orderBy(asc(lote.leilaoId), asc(lote.id))
      : [],
    Promise.all(
      leiloes.map(async (l) =>
        l.quantidadeLotes > 0 && destaques > 0
          ? (
              await buscarLotes({
                db,
                busca,
                hotsiteId,
                filtros: { leilao: [l.id], categoria: undefined },
                convidadoEm: l.privado ? [l.id] : [],
                ordenacao: [
                  { campo: 'prioridade', tipoOrdenacao: 'desc' },
                  { campo: 'dataFim', tipoOrdenacao: 'asc' },
                ],
                tamanho: destaques,
              })
            ).lotes
          : [],
      ),
    ),
  ]);
  return leiloes.map((l, i) => ({
    ...l,
    loteAoVivoMap: Object.fromEntries(
      noPregao
        .filter((x) => x.leilaoId === l.id)
        .map((x) => [
          x.veiUid,
          {
            loteId: x.loteId,
            veiUid: x.veiUid,
            numero: x.numero,
            nome: x.nome,
            situacao: x.situacao,
            valorAtual: x.valorAtual,
            dataFim: x.dataFim?.toISOString() ?? null,
            chamado: x.chamado,
          },
        ]),
    ),
    lotesDestaque: porLeilao[i],
  }));
}

/** Caixa Econômica Federal: its CNPJ (digits), the bank partner of `lista-site/caixa-economica`. */
export const CNPJ_CAIXA = '00360305000104';

/**
 * The site list of the bank partner (GET /v1/leiloes/lista-site/caixa-economica): the same auctions as
 * `lista-site` (active, or of a month, or of a yard), only those selling goods of Caixa Econômica
 * Federal: a seller of the auction (its logos or its lots) with Caixa's CNPJ or named "Caixa Econômica".
 */
export async function listarLeiloesCaixa(args: Parameters<typeof listarLeiloesSite>[0]) {
  const todos = await listarLeiloesSite(args);
  if (!todos.length) return todos;
  const ids = todos.map((l) => l.id);
  const caixa = and(
    eq(comitente.hotsiteId, args.hotsiteId),
    or(
      sql`regexp_replace(coalesce(${comitente.cnpj}, ''), '\D', '', 'g') = ${CNPJ_CAIXA}`,
      sql`translate(lower(${comitente.nomeSite}), 'ôóõê', 'oooe') like '%caixa economica%'`,
      sql`translate(lower(coalesce(${comitente.razaoSocial}, '')), 'ôóõê', 'oooe') like '%caixa economica%'`,
    ),
  );
  const [porLogo, porLote] = await Promise.all([
    args.db
      .selectDistinct({ id: leilaoComitente.leilaoId })
      .from(leilaoComitente)
      .innerJoin(comitente, eq(comitente.id, leilaoComitente.comitenteId))
      .where(and(eq(leilaoComitente.hotsiteId, args.hotsiteId), inArray(leilaoComitente.leilaoId, ids), caixa)),
    args.db
      .selectDistinct({ id: lote.leilaoId })
      .from(lote)
      .innerJoin(comitente, eq(comitente.id, lote.comitenteId))
      .where(and(eq(lote.hotsiteId, args.hotsiteId), inArray(lote.leilaoId, ids), caixa)),
  ]);
  const daCaixa = new Set([...porLogo, ...porLote].map((r) => r.id));
  return todos.filter((l) => daCaixa.has(l.id));
}

async function logosDosLeiloes(db: Db, hotsiteId: number, ids: number[]) {
  const mapa = new Map<number, { nome: string; logomarcaUrl: string | null }[]>();
  if (!ids.length) return mapa;
  const linhas = await db
    .select({ leilaoId: leilaoComitente.leilaoId, nome: comitente.nomeSite, logomarcaUrl: comitente.logomarcaUrl })
    .from(leilaoComitente)
    .innerJoin(comitente, eq(comitente.id, leilaoComitente.comitenteId))
    .where(and(eq(leilaoComitente.hotsiteId, hotsiteId), inArray(leilaoComitente.leilaoId, ids)));
  for (const l of linhas) mapa.set(l.leilaoId, [...(mapa.get(l.leilaoId) ?? []), { nome: l.nome, logomarcaUrl: l.logomarcaUrl }]);
  return mapa;
}

/** Highlighted lots of one auction (featured first, then by end date). */
export async function destaquesDoLeilao({
  db,
  busca,
  hotsiteId,
  leilaoUid,
  limite = 8,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  leilaoUid: string;
  limite?: number;
}) {
  const [l] = await db
    .select({ id: leilao.id })
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.uid, leilaoUid), leilaoVisivelPara(leilao.id, null)));
  if (!l) return null;
  return destaquesPorId({ db, busca, hotsiteId, leilaoId: l.id, limite });
}

async function destaquesPorId({
  db,
  busca,
  hotsiteId,
  leilaoId,
  limite,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  leilaoId: number;
  limite: number;
}) {
  const { lotes } = await buscarLotes({
    db,
    busca,
    hotsiteId,
    filtros: { leilao: [leilaoId], categoria: undefined },
    ordenacao: [
      { campo: 'prioridade', tipoOrdenacao: 'desc' },
      { campo: 'dataFim', tipoOrdenacao: 'asc' },
    ],
    tamanho: limite,
  });
  return lotes;
}

/** Home highlights: active auctions with lots, dated today or later (optionally only live ones), each with its highlighted lots. */
export async function destaquesPaginaInicial({
  db,
  busca,
  hotsiteId,
  somenteAoVivo = false,
  agora = new Date(),
  leiloesMax = 4,
  lotesPorLeilao = 8,
}: {
  db: Db;
  busca: ServicoDeBusca;
  hotsiteId: number;
  somenteAoVivo?: boolean;
  agora?: Date;
  leiloesMax?: number;
  lotesPorLeilao?: number;
}) {
  const ativos = (await listarLeiloesSite({ db, hotsiteId, agora }))
    .filter((l) => l.quantidadeLotes > 0 && (!somenteAoVivo || l.situacao === 'AO_VIVO'))
    .slice(0, leiloesMax);
  const leiloes = await Promise.all(
    ativos.map(async (l) => ({
      ...l,
      destaques: await destaquesPorId({ db, busca, hotsiteId, leilaoId: l.id, limite: lotesPorLeilao }),
    })),
  );
  return { leiloes };
}

/** Active banners (inside their date window), optionally of one position and/or one auction. */
export type BannerAtivo = Awaited<ReturnType<typeof bannersAtivos>>[number];
