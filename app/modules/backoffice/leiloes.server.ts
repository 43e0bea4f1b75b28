import '~/utils/zod-pt-br';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao, leilaoLote, leiloeiro, lote, patio, SITUACOES_LEILAO, type SituacaoLeilao } from '@db/schema';
import { nomeSemData } from '~/modules/catalogo/regras';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { Hub } from '~/realtime/hub.server';
import { avisarListaDeLeiloes } from '~/modules/eventos/tempo-real.server';
import { dataSchema, textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { booleano, inteiro, inteiroOpcional, pontosBase, quantidade, textoOpcional, urlOpcional } from '~/modules/dominio/campos';
import { publicarLotes, type LotePublicado } from './publicacao.server';
import { efeitoNosLotes, MODALIDADES, transicaoLeilao } from './regras';
import { motivoParaNaoPublicar, verificacoesDoLeilao } from './verificacoes-do-leilao.server';
import { MENSAGENS_VIDEO, urlVideoSchema, VIDEOS_POR_LEILAO } from './videos';

/*
 * Auctions in the back office (spec 001 §3 "Auction full", issue #13). Every query filters by the
 * brand of the request (hotsiteId); staff are platform-wide users who work on the brand whose address
 * they are logged in on.
 */

export const MENSAGEM_LEILAO_NAO_ENCONTRADO = 'Leilão não encontrado';

const cupomSchema = z.object({
  codigo: textoLivre(40).pipe(z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, 'Código de cupom inválido: use letras, números, - ou _')),
  descontoPorcentagem: pontosBase('Desconto do cupom deve estar entre 0 e 100%'),
});

export const localRealizacaoSchema = z.object({
  nome: textoLivre(200),
  endereco: textoOpcional(300),
  cidade: textoOpcional(120),
  telefone: textoOpcional(40),
});

/** The auction form and the API's POST/PUT body (the spec's full auction fields we store). */
export const leilaoSchema = z.object({
  nome: textoLivre(200).pipe(z.string().min(3, 'Informe o nome do leilão')),
  modalidade: z.enum(MODALIDADES, { error: 'Modalidade inválida: Online, Presencial ou Simultâneo' }).default('Online'),
  tipoOrigem: textoOpcional(60),
  dia: dataSchema({ mensagem: 'Informe a data e hora do leilão' }),
  editalUrl: urlOpcional('Endereço do edital inválido'),
  porcentagemComissao: pontosBase('Comissão deve estar entre 0 e 100%').default(500),
  transmissaoSubdominio: z
    .preprocess(
      (v) => (typeof v === 'string' && !v.trim() ? null : v),
      textoLivre(63)
        .pipe(z.string().regex(/^[a-z0-9-]+$/, 'Subdomínio de transmissão: letras minúsculas, números e hífen'))
        .nullable(),
    )
    .optional(),
  intervaloEntreLotesSegundos: quantidade(1, 86_400, 'Intervalo entre lotes deve estar entre 1 e 86.400 segundos').default(120),
  pontoCorteParaIncrementoPosLancesSegundos: quantidade(0, 86_400, 'Ponto de corte deve estar entre 0 e 86.400 segundos').default(60),
  incrementoAposLancesSegundos: quantidade(0, 86_400, 'Incremento após lances deve estar entre 0 e 86.400 segundos').default(60),
  validarSucata: booleano.default(false),
  letId: inteiroOpcional(1, 2_147_483_647, 'Código do leilão na integração (LET) inválido'),
  texId: inteiroOpcional(1, 2_147_483_647, 'Código do texto na integração (TEX) inválido'),
  regulamentoUid: z
    .preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), z.uuid('Código do regulamento inválido').nullable())
    .optional(),
  local: textoOpcional(200),
  cidade: textoOpcional(120),
  estadoUf: z
    .preprocess(
      (v) => (typeof v === 'string' && !v.trim() ? null : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'UF inválida')
        .nullable(),
    )
    .optional(),
  patioId: inteiroOpcional(1, 2_147_483_647, 'Pátio inválido'),
  leiloeiroId: inteiroOpcional(1, 2_147_483_647, 'Leiloeiro inválido'),
  localRealizacao: localRealizacaoSchema.nullable().optional(),
  cupons: z.array(cupomSchema).max(50, 'No máximo 50 cupons').default([]),
  // Optional: the form leaves the list to /admin/leilao-url-videos; the API may still send it whole.
  videos: z.array(urlVideoSchema).max(VIDEOS_POR_LEILAO, MENSAGENS_VIDEO.muitos).optional(),
  destaque: booleano.default(false),
  /** Judicial auctions: when the notice was published (CPC 887 § 1º, checked before "Publicar"; decision 229). */
  editalPublicadoEm: z
    .preprocess(
      (v) => (typeof v === 'string' && !v.trim() ? null : v),
      dataSchema({ mensagem: 'Data de publicação do edital inválida' }).nullable(),
    )
    .optional(),
});
export type LeilaoEntrada = z.infer<typeof leilaoSchema>;

export const situacaoLeilaoSchema = z.object({
  situacao: z.enum(SITUACOES_LEILAO, { error: `Situação inválida: ${SITUACOES_LEILAO.join(', ')}` }),
});

export const filtroLeiloesSchema = z.object({
  nome: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(100).optional()),
  situacao: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SITUACOES_LEILAO, { error: 'Situação inválida' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

/** Paged, filterable list (newest first) with each auction's lot count. */
export async function listarLeiloes({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroLeiloesSchema.parse(filtro);
  const onde = and(
    eq(leilao.hotsiteId, hotsiteId),
    f.nome ? ilike(leilao.nome, `%${f.nome.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.situacao ? eq(leilao.situacao, f.situacao) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(leilao).where(onde);
  const itens = await db
    .select({
      id: leilao.id,
      uid: leilao.uid,
      nome: leilao.nome,
      situacao: leilao.situacao,
      modalidade: leilao.modalidade,
      data: leilao.data,
      cidade: leilao.cidade,
      // Qualified by hand: in a one-table select drizzle writes ${leilao.id} as a bare "id", which inside this
      // subquery would be the link's own id (every count came out 0).
      quantidadeLotes: sql<number>`(select count(*)::int from ${leilaoLote} ll where ll.leilao_id = "leilao"."id")`,
    })
    .from(leilao)
    .where(onde)
    .orderBy(desc(leilao.data), desc(leilao.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { itens, total, pagina: f.pagina, porPagina: f.porPagina };
}

/** The full auction (spec "Auction full"), with its lot links in auction order. */
export async function obterLeilao({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [l] = await db
    .select()
    .from(leilao)
    .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, id)));
  if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  const leiloesLotes = await db
    .select({
      id: leilaoLote.id,
      uid: leilaoLote.uid,
      situacao: lote.situacao,
      ordemLeilao: leilaoLote.ordemLeilao,
      arremateValor: leilaoLote.arremateValor,
      loteId: lote.id,
      numero: lote.numero,
      nome: lote.nome,
      minimo: lote.minimo,
      quantidadeFotos: lote.quantidadeFotos,
      createdAt: leilaoLote.createdAt,
    })
    .from(leilaoLote)
    .innerJoin(lote, eq(lote.id, leilaoLote.loteId))
    .where(and(eq(leilaoLote.hotsiteId, hotsiteId), eq(leilaoLote.leilaoId, id)))
    .orderBy(asc(leilaoLote.ordemLeilao));
  return {
    id: l.id,
    uid: l.uid,
    letId: l.letId,
    texId: l.texId,
    lrlId: l.lrlId,
    regulamentoUid: l.regulamentoUid,
    nome: l.nome,
    nomeSemData: nomeSemData(l.nome),
    situacao: l.situacao,
    modalidade: l.modalidade,
    tipoOrigem: l.tipoOrigem,
    editalUrl: l.editalUrl,
    editalPublicadoEm: l.editalPublicadoEm?.toISOString() ?? null,
    dia: l.data.toISOString(),
    porcentagemComissao: l.porcentagemComissao,
    transmissaoSubdominio: l.transmissaoSubdominio,
    intervaloEntreLotesSegundos: l.intervaloEntreLotesSegundos,
    pontoCorteParaIncrementoPosLancesSegundos: l.pontoCorteParaIncrementoPosLancesSegundos,
    incrementoAposLancesSegundos: l.incrementoAposLancesSegundos,
    validarSucata: l.validarSucata,
    local: l.local,
    cidade: l.cidade,
    estadoUf: l.estadoUf,
    patioId: l.patioId,
    leiloeiroId: l.leiloeiroId,
    destaque: l.destaque,
    localRealizacao: l.localRealizacao as z.infer<typeof localRealizacaoSchema> | null,
    cupons: l.cupons,
    videos: l.videos,
    leiloesLotes: leiloesLotes.map((x) => ({ ...x, createdAt: x.createdAt.toISOString() })),
  };
}

/** The auction a lot currently belongs to (GET /v1/leiloes/by-lote/{id}). */
export async function leilaoDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  const [r] = await db
    .select({ leilaoId: lote.leilaoId })
    .from(lote)
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, loteId)));
  if (!r) throw naoEncontrado('Lote não encontrado');
  if (!r.leilaoId) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
  return obterLeilao({ db, hotsiteId, id: r.leilaoId });
}

/** A yard or an auctioneer given by id must be this brand's. */
async function conferirReferencias(db: Db, hotsiteId: number, e: LeilaoEntrada) {
  if (e.patioId) {
    const [p] = await db
      .select({ id: patio.id })
      .from(patio)
      .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.id, e.patioId)));
    if (!p) throw new ErroHttp(400, 'Pátio não encontrado', { patioId: ['Pátio não encontrado'] });
  }
  if (e.leiloeiroId) {
    const [p] = await db
      .select({ id: leiloeiro.id })
      .from(leiloeiro)
      .where(and(eq(leiloeiro.hotsiteId, hotsiteId), eq(leiloeiro.id, e.leiloeiroId)));
    if (!p) throw new ErroHttp(400, 'Leiloeiro não encontrado', { leiloeiroId: ['Leiloeiro não encontrado'] });
  }
}

function colunas(e: LeilaoEntrada) {
  return {
    nome: e.nome,
    modalidade: e.modalidade,
    tipoOrigem: e.tipoOrigem ?? null,
    data: e.dia,
    editalUrl: e.editalUrl ?? null,
    porcentagemComissao: e.porcentagemComissao,
    transmissaoSubdominio: e.transmissaoSubdominio ?? null,
    intervaloEntreLotesSegundos: e.intervaloEntreLotesSegundos,
    segundoEntreLotes: e.intervaloEntreLotesSegundos,
    pontoCorteParaIncrementoPosLancesSegundos: e.pontoCorteParaIncrementoPosLancesSegundos,
    incrementoAposLancesSegundos: e.incrementoAposLancesSegundos,
    validarSucata: e.validarSucata,
    letId: e.letId ?? null,
    texId: e.texId ?? null,
    regulamentoUid: e.regulamentoUid ?? null,
    local: e.local ?? null,
    cidade: e.cidade ?? null,
    estadoUf: e.estadoUf ?? null,
    patioId: e.patioId ?? null,
    leiloeiroId: e.leiloeiroId ?? null,
    localRealizacao: e.localRealizacao ?? null,
    cupons: e.cupons,
    ...(e.videos ? { videos: [...new Set(e.videos)] } : {}),
    destaque: e.destaque,
    ...(e.editalPublicadoEm !== undefined ? { editalPublicadoEm: e.editalPublicadoEm } : {}),
  };
}

/** New auction: always EM_LOTEAMENTO (lots are added, then it is released). */
export async function criarLeilao({
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
  const e = leilaoSchema.parse(entrada);
  await conferirReferencias(db, hotsiteId, e);
  return db.transaction(async (tx) => {
    const [l] = await tx
      .insert(leilao)
      .values({ hotsiteId, ...colunas(e), situacao: 'EM_LOTEAMENTO' })
      .returning({ id: leilao.id, uid: leilao.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'leilao', entidadeId: l.id, acao: 'criou' });
    return l;
  });
}

/**
 * Saves the auction's fields. Its lots not yet bid on follow a new date or interval (each closes at
 * the auction's start plus its position times the interval), and every lot of the auction is marked
 * changed so the search index and lot pages show the new auction data at once.
 */
export async function alterarLeilao({
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
  const e = leilaoSchema.parse(entrada);
  await conferirReferencias(db, hotsiteId, e);
  const publicados = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ id: leilao.id })
      .from(leilao)
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, id)))
      .for('update');
    if (!atual) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
    await tx
      .update(leilao)
      .set({ ...colunas(e), updatedAt: new Date() })
      .where(eq(leilao.id, id));
    const { rows } = (await tx.execute(sql`
      UPDATE lote l
         SET data_fim = CASE WHEN l.quantidade_lances = 0 AND l.situacao IN ('CADASTRADO', 'PENDENTE', 'LIBERADO_LEILAO')
                             THEN ${e.dia.toISOString()}::timestamptz + make_interval(secs => ll.ordem_leilao * ${e.intervaloEntreLotesSegundos})
                             ELSE l.data_fim END,
             sequencia = l.sequencia + 1
        FROM leilao_lote ll, veiculo v
       WHERE ll.lote_id = l.id AND ll.leilao_id = ${id} AND l.leilao_id = ${id} AND l.hotsite_id = ${hotsiteId} AND v.id = l.veiculo_id
      RETURNING l.id, v.uid AS vei_uid, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia`)) as unknown as {
      rows: LinhaLote[];
    };
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'leilao', entidadeId: id, acao: 'alterou' });
    return rows.map(comoPublicado);
  });
  await publicarLotes(hub, hotsiteId, publicados);
  await avisarListaDeLeiloes({ db, hub, hotsiteId, leilaoId: id, motivo: 'alterado' });
  return { id };
}

export interface LinhaLote {
  id: number;
  vei_uid: string;
  situacao: string;
  data_fim: string | Date | null;
  minimo: string | number;
  incremento: string | number;
  ultimo_lance_valor: string | number | null;
  sequencia: number;
}
export const comoPublicado = (r: LinhaLote): LotePublicado => ({
  loteId: r.id,
  veiUid: r.vei_uid,
  situacao: r.situacao,
  dataFim: r.data_fim ? new Date(r.data_fim).toISOString() : null,
  minimo: Number(r.minimo),
  incremento: Number(r.incremento),
  lance: r.ultimo_lance_valor == null ? null : Number(r.ultimo_lance_valor),
  seq: r.sequencia,
});

/**
 * Moves the auction along its flow (regras.ts) and, in the same transaction, its lots: release puts
 * the registered lots on the site (closing at start + position × interval). Published after commit.
 */
export async function mudarSituacaoLeilao({
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
  const { situacao: para } = situacaoLeilaoSchema.parse(entrada);
  const publicados = await db.transaction(async (tx) => {
    const [l] = await tx
      .select({ situacao: leilao.situacao, data: leilao.data, intervalo: leilao.intervaloEntreLotesSegundos })
      .from(leilao)
      .where(and(eq(leilao.hotsiteId, hotsiteId), eq(leilao.id, id)))
      .for('update');
    if (!l) throw naoEncontrado(MENSAGEM_LEILAO_NAO_ENCONTRADO);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(lote)
      .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.leilaoId, id), sql`${lote.situacao} <> 'LOTE_CANCELADO'`));
    const decisao = transicaoLeilao({ de: l.situacao as SituacaoLeilao, para, quantidadeLotes: n });
    if (!decisao.ok) throw new ErroHttp(409, decisao.mensagem);
    // Publishing (release, or going live without one) passes the auctioneer's rules first, read under the row
    // lock so an edit cannot slip between the check and the release (decision 229).
    if (para === 'PRONTO' || (para === 'AO_VIVO' && l.situacao !== 'PRONTO')) {
      const motivo = motivoParaNaoPublicar(await verificacoesDoLeilao({ db: tx, hotsiteId, id }));
      if (motivo) throw new ErroHttp(409, motivo);
    }
    await tx.update(leilao).set({ situacao: para, updatedAt: new Date() }).where(eq(leilao.id, id));
    const efeito = efeitoNosLotes(para);
    let linhas: LinhaLote[] = [];
    if (efeito) {
      const de = sql.join(
        efeito.de.map((s) => sql`${s}`),
        sql`, `,
      );
      const { rows } = (await tx.execute(sql`
        UPDATE lote l
           SET situacao = ${efeito.para},
               data_inicio = CASE WHEN ${efeito.para} = 'LIBERADO_LEILAO' THEN coalesce(l.data_inicio, now()) ELSE l.data_inicio END,
               data_fim = CASE WHEN ${efeito.para} = 'LIBERADO_LEILAO' AND l.quantidade_lances = 0
                               THEN greatest(${l.data.toISOString()}::timestamptz + make_interval(secs => ll.ordem_leilao * ${l.intervalo}), now() + interval '1 minute')
                               ELSE l.data_fim END,
               sequencia = l.sequencia + 1
          FROM leilao_lote ll, veiculo v
         WHERE ll.lote_id = l.id AND ll.leilao_id = ${id} AND l.leilao_id = ${id} AND l.hotsite_id = ${hotsiteId} AND v.id = l.veiculo_id
           AND l.situacao IN (${de}) ${efeito.semLances ? sql`AND l.quantidade_lances = 0` : sql``}
        RETURNING l.id, v.uid AS vei_uid, l.situacao, l.data_fim, l.minimo, l.incremento, l.ultimo_lance_valor, l.sequencia`)) as unknown as {
        rows: LinhaLote[];
      };
      linhas = rows;
      await tx.execute(sql`
        UPDATE leilao_lote ll SET situacao = l.situacao FROM lote l
         WHERE ll.lote_id = l.id AND ll.leilao_id = ${id} AND ll.hotsite_id = ${hotsiteId}`);
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'leilao',
      entidadeId: id,
      acao: 'alterou',
      detalhes: { situacao: para },
    });
    return linhas.map(comoPublicado);
  });
  await publicarLotes(hub, hotsiteId, publicados);
  await avisarListaDeLeiloes({ db, hub, hotsiteId, leilaoId: id, motivo: 'situacao' });
  return { id, situacao: para, lotesAlterados: publicados.length };
}

/** Active yards of the brand (selects of the auction and vehicle forms). */
export async function patiosAtivos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({ id: patio.id, uid: patio.uid, nome: patio.nome, cidade: patio.cidade, estadoUf: patio.estadoUf })
    .from(patio)
    .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.ativo, true)))
    .orderBy(asc(patio.nome));
}

export async function leiloeirosDaMarca({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({ id: leiloeiro.id, nome: leiloeiro.nome })
    .from(leiloeiro)
    .where(eq(leiloeiro.hotsiteId, hotsiteId))
    .orderBy(asc(leiloeiro.nome));
}
