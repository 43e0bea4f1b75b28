import '~/utils/zod-pt-br';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { carteira, comitente, estadoConservacao, leilao, lote, marca, patio, unidadeNegocio, veiculo, veiculoTipo } from '@db/schema';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import type { Hub } from '~/realtime/hub.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import {
  booleano,
  centavosOpcional,
  inteiro,
  inteiroOpcional,
  quantidadeOpcional,
  textoOpcional,
  urlOpcional,
} from '~/modules/dominio/campos';
import { comoPublicado } from './leiloes.server';
import { atualizarCopiaDosLotes } from './lotes.server';
import { publicarLotes } from './publicacao.server';
import { unidadesAtivas } from './unidades-negocio.server';

/*
 * Vehicles (spec 001 §3 "Vehicle", issue #13). A vehicle is one physical good; lots sell it. Staff who
 * run auctions see every vehicle of the brand; a seller user (Interno - Comitente) only the vehicles of
 * the sellers they answer for (decision 011).
 */

export const MENSAGEM_VEICULO_NAO_ENCONTRADO = 'Veículo não encontrado';
const PAPEIS_TODOS_VEICULOS: readonly string[] = [P.ADM, P.SAC, P.LEILAO, P.LEILOEIRO, P.REMOCAO, P.DEV, P.PATIO];

export type Comitentes = readonly number[] | 'todos';
/** The sellers whose vehicles a user may see and edit. */
export async function comitentesVisiveis({
  db,
  hotsiteId,
  usuario,
}: {
  db: Db;
  hotsiteId: number;
  usuario: Pick<UsuarioLogado, 'id' | 'papeis'>;
}): Promise<Comitentes> {
  if (usuario.papeis.some((p) => PAPEIS_TODOS_VEICULOS.includes(p))) return 'todos';
  return comitentesDoUsuario({ db, hotsiteId, usuario });
}

const opcionalRegex = (re: RegExp, mensagem: string, normalizar: (s: string) => string = (s) => s) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? normalizar(v.trim()) : null) : v),
      z.string({ error: mensagem }).regex(re, mensagem).nullable(),
    )
    .optional();

/** Plate (old ABC1234 or Mercosul ABC1D23), chassis (VIN, 17 characters without I, O, Q), renavam. */
export const placaSchema = opcionalRegex(/^[A-Z]{3}\d[A-Z0-9]\d{2}$/, 'Placa inválida: use AAA9999 ou AAA9A99', (s) =>
  s.toUpperCase().replace(/[-\s]/g, ''),
);
export const chassiSchema = opcionalRegex(/^[A-HJ-NPR-Z0-9]{17}$/, 'Chassi inválido: 17 letras e números (sem I, O e Q)', (s) =>
  s.toUpperCase().replace(/\s/g, ''),
);

const anoAtual = new Date().getUTCFullYear();
export const veiculoSchema = z.object({
  nome: textoLivre(200).pipe(z.string().min(2, 'Informe o nome do veículo')),
  modelo: textoLivre(120).pipe(z.string().min(1, 'Informe o modelo')),
  versao: textoOpcional(120),
  veiculoTipoId: inteiro(1, 2_147_483_647, 'Informe o tipo do veículo'),
  marcaId: inteiroOpcional(1, 2_147_483_647, 'Marca inválida'),
  /** By name, as the import gives it: found case-insensitively or created. */
  marcaNome: textoOpcional(80),
  estadoConservacaoId: inteiroOpcional(1, 2_147_483_647, 'Estado de conservação inválido'),
  comitenteId: inteiroOpcional(1, 2_147_483_647, 'Comitente inválido'),
  patioId: inteiroOpcional(1, 2_147_483_647, 'Pátio inválido'),
  /** The seller's wallet and the brand's business unit (spec Vehicle: carteira, unidadeNegocio; decision 066). */
  carteiraId: inteiroOpcional(1, 2_147_483_647, 'Carteira inválida'),
  unidadeNegocioId: inteiroOpcional(1, 2_147_483_647, 'Unidade de negócio inválida'),
  anoFabricacao: inteiroOpcional(1900, anoAtual + 1, `Ano de fabricação deve estar entre 1900 e ${anoAtual + 1}`),
  anoModelo: inteiroOpcional(1900, anoAtual + 2, `Ano do modelo deve estar entre 1900 e ${anoAtual + 2}`),
  cor: textoOpcional(40),
  placa: placaSchema,
  chassi: chassiSchema,
  renavam: opcionalRegex(/^\d{9,11}$/, 'Renavam inválido: 9 a 11 dígitos'),
  numeroMotor: textoOpcional(40),
  possuiChave: z.preprocess((v) => (v === '' || v === undefined ? null : v), booleano.nullable()).optional(),
  km: quantidadeOpcional(0, 9_999_999, 'Km deve estar entre 0 e 9.999.999'),
  combustivel: textoOpcional(20),
  cambio: textoOpcional(30),
  direcao: textoOpcional(30),
  retomada: textoOpcional(80),
  valorMercado: centavosOpcional('Valor de mercado inválido'),
  prazoDocumento: inteiroOpcional(0, 365, 'Prazo do documento deve estar entre 0 e 365 dias úteis'),
  videoUrl: urlOpcional('Endereço do vídeo inválido'),
  laudoUrl: urlOpcional('Endereço do laudo inválido'),
  sinistro: booleano.default(false),
  informacaoComplementar: textoOpcional(5000),
  observacaoInterna: textoOpcional(5000),
  inibirVenda: booleano.default(false),
  vendaDireta: booleano.default(false),
});
export type VeiculoEntrada = z.infer<typeof veiculoSchema>;

export const filtroVeiculosSchema = z.object({
  busca: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(100).optional()),
  situacao: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(30).optional()),
  unidadeNegocioId: z.preprocess((v) => (v === '' ? undefined : v), inteiro(1, 2_147_483_647, 'unidadeNegocioId inválido').optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

const escapar = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const doComitente = (c: Comitentes) => (c === 'todos' ? undefined : c.length ? inArray(veiculo.comitenteId, [...c]) : sql`false`);

/** GET /v1/veiculos/qb and /admin/veiculos: by name, plate or chassis, paged. */
export async function listarVeiculos({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}) {
  const f = filtroVeiculosSchema.parse(filtro);
  const termo = f.busca ? `%${escapar(f.busca)}%` : null;
  const onde = and(
    eq(veiculo.hotsiteId, hotsiteId),
    doComitente(comitentes),
    termo ? or(ilike(veiculo.nome, termo), ilike(veiculo.placa, termo), ilike(veiculo.chassi, termo)) : undefined,
    f.situacao ? eq(veiculo.situacao, f.situacao) : undefined,
    f.unidadeNegocioId ? eq(veiculo.unidadeNegocioId, f.unidadeNegocioId) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(veiculo).where(onde);
  const itens = await db
    .select({
      id: veiculo.id,
      uid: veiculo.uid,
      nome: veiculo.nome,
      situacao: veiculo.situacao,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      anoFabricacao: veiculo.anoFabricacao,
      anoModelo: veiculo.anoModelo,
      tipo: veiculoTipo.nome,
      comitente: comitente.nomeSite,
      patio: patio.nome,
      unidadeNegocio: unidadeNegocio.nome,
      quantidadeLotes: sql<number>`(select count(*)::int from ${lote} l where l.veiculo_id = ${veiculo.id})`,
    })
    .from(veiculo)
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .leftJoin(comitente, eq(comitente.id, veiculo.comitenteId))
    .leftJoin(patio, eq(patio.id, veiculo.patioId))
    .leftJoin(unidadeNegocio, eq(unidadeNegocio.id, veiculo.unidadeNegocioId))
    .where(onde)
    .orderBy(desc(veiculo.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return { itens, total, pagina: f.pagina, porPagina: f.porPagina };
}

/** One vehicle (details tab) with its lots (lots tab). */
export async function obterVeiculo({ db, hotsiteId, comitentes, uid }: { db: Db; hotsiteId: number; comitentes: Comitentes; uid: string }) {
  if (!z.uuid().safeParse(uid).success) throw naoEncontrado(MENSAGEM_VEICULO_NAO_ENCONTRADO);
  const [v] = await db
    .select({ v: veiculo, marcaNome: marca.nome })
    .from(veiculo)
    .leftJoin(marca, eq(marca.id, veiculo.marcaId))
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.uid, uid), doComitente(comitentes)));
  if (!v) throw naoEncontrado(MENSAGEM_VEICULO_NAO_ENCONTRADO);
  const lotes = await db
    .select({
      id: lote.id,
      numero: lote.numero,
      situacao: lote.situacao,
      minimo: lote.minimo,
      valorAtual: lote.valorAtual,
      quantidadeFotos: lote.quantidadeFotos,
      leilaoId: lote.leilaoId,
      leilaoNome: leilao.nome,
      dataFim: lote.dataFim,
    })
    .from(lote)
    .leftJoin(leilao, eq(leilao.id, lote.leilaoId))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.veiculoId, v.v.id)))
    .orderBy(desc(lote.id));
  const { createdAt, updatedAt, fipeDataAtualizacao, observacaoInterna, ...resto } = v.v;
  return {
    ...resto,
    // The staff's internal note is staff's: a seller's user (its own sellers only) never gets it.
    ...(comitentes === 'todos' ? { observacaoInterna } : {}),
    marcaNome: v.marcaNome,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    fipeDataAtualizacao: fipeDataAtualizacao?.toISOString() ?? null,
    lotes: lotes.map((l) => ({ ...l, dataFim: l.dataFim?.toISOString() ?? null })),
  };
}

/** Selects of the vehicle form: types, makes, conservation states, the brand's sellers and yards. */
export async function opcoesDoVeiculo({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const [tipos, marcas, estados, comitentes, patios, carteiras, unidades] = await Promise.all([
    db
      .select({ id: veiculoTipo.id, nome: veiculoTipo.nome })
      .from(veiculoTipo)
      .where(eq(veiculoTipo.ativo, true))
      .orderBy(asc(veiculoTipo.nome)),
    db.select({ id: marca.id, nome: marca.nome }).from(marca).orderBy(asc(marca.nome)),
    db.select({ id: estadoConservacao.id, nome: estadoConservacao.nome }).from(estadoConservacao).orderBy(asc(estadoConservacao.nome)),
    db
      .select({ id: comitente.id, nome: comitente.nomeSite })
      .from(comitente)
      .where(eq(comitente.hotsiteId, hotsiteId))
      .orderBy(asc(comitente.nomeSite)),
    db
      .select({ id: patio.id, nome: patio.nome })
      .from(patio)
      .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.ativo, true)))
      .orderBy(asc(patio.nome)),
    db
      .select({ id: carteira.id, nome: carteira.nome, comitenteId: carteira.comitenteId, comitente: comitente.nomeSite })
      .from(carteira)
      .innerJoin(comitente, eq(comitente.id, carteira.comitenteId))
      .where(and(eq(carteira.hotsiteId, hotsiteId), eq(carteira.status, 'ATIVA')))
      .orderBy(asc(comitente.nomeSite), asc(carteira.prioridade), asc(carteira.nome)),
    unidadesAtivas({ db, hotsiteId }),
  ]);
  return { tipos, marcas, estados, comitentes, patios, carteiras, unidades };
}

/** A make by name (case-insensitive), created when new: makes are platform-wide reference data. */
export async function marcaPorNome(tx: Tx | Db, nome: string): Promise<number> {
  const [m] = await tx
    .select({ id: marca.id })
    .from(marca)
    .where(sql`lower(${marca.nome}) = lower(${nome})`);
  if (m) return m.id;
  const [novo] = await tx.insert(marca).values({ nome }).onConflictDoNothing().returning({ id: marca.id });
  if (novo) return novo.id;
  const [outro] = await tx.select({ id: marca.id }).from(marca).where(eq(marca.nome, nome));
  return outro.id;
}

/** References given by id must exist and, when brand-owned, be this brand's (and this seller user's). */
async function conferirReferencias(tx: Tx | Db, hotsiteId: number, comitentes: Comitentes, e: VeiculoEntrada) {
  const erro = (campo: string, mensagem: string) => new ErroHttp(400, mensagem, { [campo]: [mensagem] });
  const [t] = await tx.select({ id: veiculoTipo.id }).from(veiculoTipo).where(eq(veiculoTipo.id, e.veiculoTipoId));
  if (!t) throw erro('veiculoTipoId', 'Tipo de veículo não encontrado');
  if (e.comitenteId) {
    const [c] = await tx
      .select({ id: comitente.id })
      .from(comitente)
      .where(and(eq(comitente.hotsiteId, hotsiteId), eq(comitente.id, e.comitenteId)));
    if (!c || (comitentes !== 'todos' && !comitentes.includes(c.id))) throw erro('comitenteId', 'Comitente não encontrado');
  } else if (comitentes !== 'todos') throw erro('comitenteId', 'Informe o comitente do veículo');
  if (e.patioId) {
    const [p] = await tx
      .select({ id: patio.id })
      .from(patio)
      .where(and(eq(patio.hotsiteId, hotsiteId), eq(patio.id, e.patioId)));
    if (!p) throw erro('patioId', 'Pátio não encontrado');
  }
  if (e.carteiraId) {
    const [c] = await tx
      .select({ comitenteId: carteira.comitenteId })
      .from(carteira)
      .where(and(eq(carteira.hotsiteId, hotsiteId), eq(carteira.id, e.carteiraId)));
    if (!c) throw erro('carteiraId', 'Carteira não encontrada');
    if (c.comitenteId !== (e.comitenteId ?? null)) throw erro('carteiraId', 'A carteira deve ser do mesmo comitente');
  }
  if (e.unidadeNegocioId) {
    const [u] = await tx
      .select({ id: unidadeNegocio.id })
      .from(unidadeNegocio)
      .where(and(eq(unidadeNegocio.hotsiteId, hotsiteId), eq(unidadeNegocio.id, e.unidadeNegocioId)));
    if (!u) throw erro('unidadeNegocioId', 'Unidade de negócio não encontrada');
  }
  if (e.marcaId) {
    const [m] = await tx.select({ id: marca.id }).from(marca).where(eq(marca.id, e.marcaId));
    if (!m) throw erro('marcaId', 'Marca não encontrada');
  }
  if (e.estadoConservacaoId) {
    const [m] = await tx
      .select({ id: estadoConservacao.id })
      .from(estadoConservacao)
      .where(eq(estadoConservacao.id, e.estadoConservacaoId));
    if (!m) throw erro('estadoConservacaoId', 'Estado de conservação não encontrado');
  }
}

/** Chassis and plate identify a vehicle within a brand (the import matches on them). */
async function conferirDuplicado(tx: Tx | Db, hotsiteId: number, e: VeiculoEntrada, exceto?: number) {
  for (const campo of ['chassi', 'placa'] as const) {
    const valor = e[campo];
    if (!valor) continue;
    const [outro] = await tx
      .select({ uid: veiculo.uid })
      .from(veiculo)
      .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo[campo], valor), exceto ? sql`${veiculo.id} <> ${exceto}` : undefined));
    if (outro) {
      const m = `Já existe um veículo com ${campo === 'chassi' ? 'este chassi' : 'esta placa'}`;
      throw new ErroHttp(409, m, { [campo]: [m] });
    }
  }
}

export async function colunasDoVeiculo(tx: Tx | Db, e: VeiculoEntrada) {
  const marcaId = e.marcaId ?? (e.marcaNome ? await marcaPorNome(tx, e.marcaNome) : null);
  const { marcaNome: _m, ...resto } = e;
  return { ...resto, marcaId };
}

export async function criarVeiculo({
  db,
  hotsiteId,
  usuario,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuario: Pick<UsuarioLogado, 'id' | 'papeis'>;
  entrada: unknown;
}) {
  const e = veiculoSchema.parse(entrada);
  const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario });
  return db.transaction(async (tx) => {
    await conferirReferencias(tx, hotsiteId, comitentes, e);
    await conferirDuplicado(tx, hotsiteId, e);
    const [v] = await tx
      .insert(veiculo)
      .values({ hotsiteId, ...(await colunasDoVeiculo(tx, e)) })
      .returning({ id: veiculo.id, uid: veiculo.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId: usuario.id, entidade: 'veiculo', entidadeId: v.id, acao: 'criou' });
    return v;
  });
}

/** Saves the vehicle and refreshes the search copy on its lots (published after commit). */
export async function alterarVeiculo({
  db,
  hub,
  hotsiteId,
  usuario,
  uid,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuario: Pick<UsuarioLogado, 'id' | 'papeis'>;
  uid: string;
  entrada: unknown;
}) {
  const e = veiculoSchema.parse(entrada);
  if (!z.uuid().safeParse(uid).success) throw naoEncontrado(MENSAGEM_VEICULO_NAO_ENCONTRADO);
  const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario });
  const r = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ id: veiculo.id })
      .from(veiculo)
      .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.uid, uid), doComitente(comitentes)))
      .for('update');
    if (!atual) throw naoEncontrado(MENSAGEM_VEICULO_NAO_ENCONTRADO);
    await conferirReferencias(tx, hotsiteId, comitentes, e);
    await conferirDuplicado(tx, hotsiteId, e, atual.id);
    await tx
      .update(veiculo)
      .set({ ...(await colunasDoVeiculo(tx, e)), updatedAt: new Date() })
      .where(eq(veiculo.id, atual.id));
    const linhas = await atualizarCopiaDosLotes(tx, hotsiteId, atual.id);
    await registrarAlteracao(tx, { hotsiteId, usuarioId: usuario.id, entidade: 'veiculo', entidadeId: atual.id, acao: 'alterou' });
    return { id: atual.id, linhas };
  });
  await publicarLotes(hub, hotsiteId, r.linhas.map(comoPublicado));
  return { id: r.id, uid };
}
