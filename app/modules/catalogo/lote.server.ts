import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import {
  comitente,
  leilaoDocumento,
  estadoConservacao,
  frete,
  leilao,
  leiloeiro,
  lote,
  marca,
  patio,
  veiculo,
  veiculoTipo,
} from '@db/schema';
import { nomeSemData } from './regras';
import { calcularValores } from '~/modules/dominio/dinheiro';
import { leilaoVisivelPara } from '~/modules/eventos/convidados.server';

/**
 * The lot page / by-id answer: lot, vehicle, auction, yard, committent, photos, files, values. Null when
 * unknown on this brand, or when its auction is private and `usuarioId` is not its accepted guest.
 */
export async function obterLote(args: { db: Db; hotsiteId: number; id: number; usuarioId?: number | null }) {
  return (await lerLote(args, false))?.lote ?? null;
}

/**
 * The lot page's read: the lot as obterLote gives it and, in the same statement, the hash of its vehicle's
 * latest done inspection (the buyer's report link, issue #13), or null. One statement fewer per view
 * (issue #35).
 */
export async function obterLoteDaPagina(args: { db: Db; hotsiteId: number; id: number; usuarioId?: number | null }) {
  return lerLote(args, true);
}

async function lerLote(
  { db, hotsiteId, id, usuarioId = null }: { db: Db; hotsiteId: number; id: number; usuarioId?: number | null },
  comLaudo: boolean,
) {
  const [linha] = await leituraDoLote(db, comLaudo, usuarioId != null).execute({ hotsiteId, id, usuarioId });
  return linha ? montarLote(linha) : null;
}

type Leitura = ReturnType<typeof consultaDoLote>;
type LeituraPreparada = ReturnType<Leitura['prepare']>;
/**
 * The statement built once per database and variant (with the inspection or not, for a visitor or a
 * login), its values passed per call: drizzle building this select of ~120 columns and nine joins was
 * the largest piece of a lot page's first view that is not the render (issue #35, decision 294).
 */
const PREPARADAS = new WeakMap<Db, Map<string, LeituraPreparada>>();
function leituraDoLote(db: Db, comLaudo: boolean, comUsuario: boolean): LeituraPreparada {
  let doBanco = PREPARADAS.get(db);
  if (!doBanco) PREPARADAS.set(db, (doBanco = new Map()));
  const nome = `martelo_lote${comLaudo ? '_laudo' : ''}${comUsuario ? '_usuario' : ''}`;
  let preparada = doBanco.get(nome);
  if (!preparada) doBanco.set(nome, (preparada = consultaDoLote(db, comLaudo, comUsuario).prepare(nome)));
  return preparada;
}

/** The lot's statement with placeholders: `hotsiteId`, `id` and, for a login, `usuarioId` (a private auction's guest). */
function consultaDoLote(db: Db, comLaudo: boolean, comUsuario: boolean) {
  return db
    .select({
      lote,
      veiculo,
      tipoNome: veiculoTipo.nome,
      marcaNome: marca.nome,
      conservacao: estadoConservacao.nome,
      leilao: {
        id: leilao.id,
        uid: leilao.uid,
        nome: leilao.nome,
        data: leilao.data,
        situacao: leilao.situacao,
        modalidade: leilao.modalidade,
        editalUrl: leilao.editalUrl,
        segundoEntreLotes: leilao.segundoEntreLotes,
      },
      leiloeiro: { nome: leiloeiro.nome, inscricao: leiloeiro.inscricao },
      patio: {
        id: patio.id,
        uid: patio.uid,
        nome: patio.nome,
        slug: patio.slug,
        cidade: patio.cidade,
        estadoUf: patio.estadoUf,
        endereco: patio.endereco,
        telefone: patio.telefone,
        explicacaoVisitacao: patio.explicacaoVisitacao,
        googleMaps: patio.googleMaps,
      },
      comitente: { id: comitente.id, nome: comitente.nomeSite, logo: comitente.logomarcaUrl },
      // Photos, files and the auction's documents in the same statement (one round trip per lot page).
      fotos: sql<{ url: string; descricao: string | null }[]>`coalesce((
        SELECT jsonb_agg(jsonb_build_object('url', f.url, 'descricao', f.descricao) ORDER BY f.ordem)
          FROM lote_foto f WHERE f.hotsite_id = ${lote.hotsiteId} AND f.lote_id = ${lote.id} AND f.aprovada), '[]'::jsonb)`,
      arquivos: sql<{ id: number; url: string; descricao: string }[]>`coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', a.id, 'url', a.url, 'descricao', a.descricao) ORDER BY a.id)
          FROM lote_arquivo a WHERE a.hotsite_id = ${lote.hotsiteId} AND a.lote_id = ${lote.id}), '[]'::jsonb)`,
      // The auction's documents (edital, regulamento...; /admin/documentos-leilao), served by uid.
      documentos: sql<{ uid: string; tipo: (typeof leilaoDocumento.$inferSelect)['tipo']; descricao: string }[]>`coalesce((
        SELECT jsonb_agg(jsonb_build_object('uid', d.uid, 'tipo', d.tipo, 'descricao', d.descricao) ORDER BY d.tipo, d.id)
          FROM leilao_documento d WHERE d.hotsite_id = ${lote.hotsiteId} AND d.leilao_id = ${lote.leilaoId}), '[]'::jsonb)`,
      // The habilitation box's rules link (the lot page hands the auction to caixaDoLote, decision 291).
      regulamentoUid: leilao.regulamentoUid,
      // The lot page's inspection report: the vehicle's latest done inspection (the public page links its report).
      laudo: comLaudo
        ? sql<string | null>`(SELECT v.hash FROM vistoria v
            WHERE v.hotsite_id = ${lote.hotsiteId} AND v.veiculo_id = ${lote.veiculoId} AND v.situacao = 'Realizada'
            ORDER BY v.realizada_at DESC LIMIT 1)`
        : sql<null>`null`,
    })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, lote.veiculoTipoId))
    .leftJoin(marca, eq(marca.id, veiculo.marcaId))
    .leftJoin(estadoConservacao, eq(estadoConservacao.id, veiculo.estadoConservacaoId))
    .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
    .leftJoin(leiloeiro, eq(leiloeiro.id, leilao.leiloeiroId))
    .leftJoin(patio, eq(patio.id, lote.patioId))
    .leftJoin(comitente, eq(comitente.id, lote.comitenteId))
    .where(
      and(
        eq(lote.hotsiteId, sql.placeholder('hotsiteId')),
        eq(lote.id, sql.placeholder('id')),
        leilaoVisivelPara(lote.leilaoId, comUsuario ? sql.placeholder('usuarioId') : null),
      ),
    );
}

function montarLote(linha: Awaited<ReturnType<LeituraPreparada['execute']>>[number]) {
  const { fotos, arquivos, documentos: documentosDoLeilao } = linha;
  // The seller's reserve and internal notes never leave the server.
  const { valorComitente: _reserva, ultimoLanceUsuarioId: _usuario, ...publico } = linha.lote;
  // Private lot info (spec: plate, chassis, ...) stays on the server: the page gets the plate masked
  // and its final digit (which buyers use for the licensing calendar), never the identifiers.
  const {
    observacaoInterna: _obs,
    placa,
    chassi: _chassi,
    renavam: _renavam,
    numeroMotor: _motor,
    numeroMotorTipo: _motorTipo,
    numeroAvisoSinistro: _sinistro,
    ...resto
  } = linha.veiculo;
  const veiculoPublico = {
    ...resto,
    placaMascarada: placa ? `${placa.slice(0, 3)}-****` : null,
    placaFinal: placa ? placa.slice(-1) : null,
  };
  const detalhe = {
    ...publico,
    tipoNome: linha.tipoNome,
    marca: linha.marcaNome,
    veiculo: { ...veiculoPublico, estadoConservacao: linha.conservacao },
    leilao: linha.leilao
      ? {
          ...linha.leilao,
          nomeSemData: nomeSemData(linha.leilao.nome),
          leiloeiro: linha.leiloeiro,
          documentos: documentosDoLeilao.map((d) => ({ tipo: d.tipo, descricao: d.descricao, url: `/leilao-documento/${d.uid}.pdf` })),
        }
      : null,
    patio: linha.patio,
    comitente: linha.comitente,
    fotosUrls: fotos.map((f) => f.url),
    arquivos,
    valor: calcularValores(linha.lote),
  };
  return { lote: detalhe, laudoVistoria: linha.laudo, regulamentoUid: linha.regulamentoUid };
}
export type LoteDetalhe = NonNullable<Awaited<ReturnType<typeof obterLote>>>;

/** The spec's pageviews record (views are written in batches by visualizacoes.server.ts). */
export async function pageviewsDoLote({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const [r] = await db
    .select({ lelUid: lote.uid, veiUid: veiculo.uid, quantidade: lote.visualizacoes, googleMaps: patio.googleMaps })
    .from(lote)
    .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
    .leftJoin(patio, eq(patio.id, lote.patioId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.uid, uid)));
  return r ?? null;
}

/** Freight from both origins to a federative unit's capital (the freight table's destinations). */
export async function freteParaUf({ db, uf }: { db: Db; uf: string }) {
  return db
    .select({
      origemCidade: frete.origemCidade,
      origemUf: frete.origemUf,
      destinoCidade: frete.destinoCidade,
      destinoUf: frete.destinoUf,
      valor: frete.valor,
      prazoDias: frete.prazoDias,
    })
    .from(frete)
    .where(eq(frete.destinoUf, uf.toUpperCase()))
    .orderBy(frete.origemCidade);
}
export async function tabelaDeFrete({ db }: { db: Db }) {
  return db.select().from(frete).orderBy(frete.destinoUf, frete.id);
}
