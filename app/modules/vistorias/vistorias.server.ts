import '~/utils/zod-pt-br';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import {
  SITUACOES_VISTORIA,
  comitente,
  marca,
  patio,
  tipoVistoria,
  usuario,
  veiculo,
  veiculoTipo,
  vistoria,
  type CategoriaVistoria,
  type EquipamentosVistoria,
} from '@db/schema';
import { inteiro, inteiroOpcional, quantidadeOpcional, textoOpcional } from '~/modules/dominio/campos';
import { MENSAGEM_VEICULO_NAO_ENCONTRADO } from '~/modules/backoffice/veiculos.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import {
  CONDICOES_PNEU,
  EQUIPAMENTOS,
  MAXIMO_EIXOS,
  MENSAGEM_VISTORIA_FECHADA,
  RESPOSTAS_EQUIPAMENTO,
  grupoDaCategoria,
  pendenciasParaRealizar,
  podeMudarSituacao,
  posicoesDosPneus,
} from './regras';
import { MENSAGEM_TIPO_NAO_ENCONTRADO } from './tipos.server';

/*
 * Inspections of a vehicle (spec 001 §3 "Inspection"; screens /admin/vistorias, /admin/vistoria/{uid?};
 * the buyer's report laudo-vistoria/{hash}; decision 064). Created Aguardando with a copy of its type's
 * categories; answered while Aguardando; Realizada (everything required answered, every tyre rated) or
 * Cancelada (with a reason) close it. Realizada writes its tyres and equipment on the vehicle's details,
 * which the lot page shows. Every query is scoped by the brand.
 */

export const MENSAGEM_VISTORIA_NAO_ENCONTRADA = 'Vistoria não encontrada';

export const filtroVistoriasSchema = z.object({
  situacao: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SITUACOES_VISTORIA, { error: 'Situação inválida: use Aguardando, Realizada ou Cancelada' }).optional(),
  ),
  /** Plate or chassis (part of it). */
  busca: textoOpcional(40),
  veiculoUid: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'Veículo inválido' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

export const novaVistoriaSchema = z
  .object({
    veiculoUid: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: 'Veículo inválido' }).optional()),
    /** Plate or chassis, as the staff types it on the form. */
    placaOuChassi: textoOpcional(20),
    tipoVistoriaId: inteiro(1, 2_147_483_647, 'Escolha o tipo de vistoria'),
    vistoriador: textoOpcional(120),
  })
  .refine((v) => v.veiculoUid || v.placaOuChassi, { message: 'Informe a placa ou o chassi do veículo', path: ['placaOuChassi'] });

const pneuSchema = z.object({
  posicao: textoLivre(40),
  condicao: z.enum(CONDICOES_PNEU, { error: 'Condição do pneu inválida: use BOM, MEIA-VIDA ou TROCA' }),
});
const respostaEquipamento = z.preprocess(
  (v) => (v === '' ? null : v),
  z.enum(RESPOSTAS_EQUIPAMENTO, { error: 'Resposta inválida: use Sim, Sim - não funciona ou Não' }).nullable().optional(),
);
export const respostasVistoriaSchema = z.object({
  vistoriador: textoOpcional(120),
  observacao: textoOpcional(5000),
  /** "{categoria}.{item}" (positions, from 0, in the inspection's categorias) → the answer. */
  respostas: z.record(z.string().regex(/^\d{1,3}\.\d{1,3}$/, 'Item inválido'), z.string().max(2000, 'Resposta longa demais')).default({}),
  equipamentos: z
    .object({
      quilometragem: quantidadeOpcional(0, 9_999_999, 'Km deve estar entre 0 e 9.999.999'),
      eixos: inteiroOpcional(2, MAXIMO_EIXOS, `Eixos deve estar entre 2 e ${MAXIMO_EIXOS}`),
      bateria: respostaEquipamento,
      chaveReserva: respostaEquipamento,
      manualProprietario: respostaEquipamento,
      pneus: z
        .array(pneuSchema, { error: 'Pneus inválidos' })
        .max(MAXIMO_EIXOS * 2 + 1)
        .default([]),
      itens: z.record(textoLivre(60), respostaEquipamento).default({}),
    })
    .optional(),
});

export const situacaoVistoriaSchema = z
  .object({
    situacao: z.enum(['Realizada', 'Cancelada'], { error: 'Situação inválida: use Realizada ou Cancelada' }),
    motivo: textoOpcional(500),
  })
  .refine((s) => s.situacao !== 'Cancelada' || s.motivo, { message: 'Informe o motivo do cancelamento', path: ['motivo'] });

const uidValido = (uid: string | undefined): uid is string => !!uid && z.uuid().safeParse(uid).success;
const escapar = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /v1/vistorias/qb and /admin/vistorias: by state and plate/chassis, newest first. */
export async function listarVistorias({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroVistoriasSchema.parse(filtro);
  const termo = f.busca ? `%${escapar(f.busca.replace(/[-\s]/g, ''))}%` : null;
  const onde = and(
    eq(vistoria.hotsiteId, hotsiteId),
    f.situacao ? eq(vistoria.situacao, f.situacao) : undefined,
    f.veiculoUid ? eq(veiculo.uid, f.veiculoUid) : undefined,
    termo ? or(ilike(veiculo.placa, termo), ilike(veiculo.chassi, termo)) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(vistoria).innerJoin(veiculo, eq(veiculo.id, vistoria.veiculoId)).where(onde);
  const itens = await db
    .select({
      id: vistoria.id,
      uid: vistoria.uid,
      situacao: vistoria.situacao,
      tipo: tipoVistoria.nome,
      vistoriador: vistoria.vistoriador,
      hash: vistoria.hash,
      veiculoUid: veiculo.uid,
      veiculoNome: veiculo.nome,
      placa: veiculo.placa,
      chassi: veiculo.chassi,
      createdAt: vistoria.createdAt,
      realizadaAt: vistoria.realizadaAt,
    })
    .from(vistoria)
    .innerJoin(veiculo, eq(veiculo.id, vistoria.veiculoId))
    .innerJoin(tipoVistoria, eq(tipoVistoria.id, vistoria.tipoVistoriaId))
    .where(onde)
    .orderBy(desc(vistoria.id))
    .limit(f.porPagina)
    .offset((f.pagina - 1) * f.porPagina);
  return {
    itens: itens.map((v) => ({
      ...v,
      // The report link exists once the inspection is done.
      hash: v.situacao === 'Realizada' ? v.hash : null,
      createdAt: v.createdAt.toISOString(),
      realizadaAt: v.realizadaAt?.toISOString() ?? null,
    })),
    total,
    pagina: f.pagina,
    porPagina: f.porPagina,
  };
}

const colunasVeiculo = {
  id: veiculo.id,
  uid: veiculo.uid,
  nome: veiculo.nome,
  modelo: veiculo.modelo,
  versao: veiculo.versao,
  marca: marca.nome,
  tipo: veiculoTipo.nome,
  categoria: veiculoTipo.categoria,
  placa: veiculo.placa,
  chassi: veiculo.chassi,
  renavam: veiculo.renavam,
  anoFabricacao: veiculo.anoFabricacao,
  anoModelo: veiculo.anoModelo,
  cor: veiculo.cor,
  km: veiculo.km,
  combustivel: veiculo.combustivel,
  comitente: comitente.nomeSite,
  patio: patio.nome,
};

async function buscar(db: Db, hotsiteId: number, por: 'uid' | 'hash', valor: string) {
  const [l] = await db
    .select({ v: vistoria, tipo: tipoVistoria.nome, veiculo: colunasVeiculo, criadaPor: usuario.nome })
    .from(vistoria)
    .innerJoin(tipoVistoria, eq(tipoVistoria.id, vistoria.tipoVistoriaId))
    .innerJoin(veiculo, eq(veiculo.id, vistoria.veiculoId))
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .leftJoin(marca, eq(marca.id, veiculo.marcaId))
    .leftJoin(comitente, eq(comitente.id, veiculo.comitenteId))
    .leftJoin(patio, eq(patio.id, veiculo.patioId))
    .leftJoin(usuario, eq(usuario.id, vistoria.createdById))
    .where(and(eq(vistoria.hotsiteId, hotsiteId), por === 'uid' ? eq(vistoria.uid, valor) : eq(vistoria.hash, valor)));
  if (!l) return null;
  const { v } = l;
  const grupo = grupoDaCategoria(l.veiculo.categoria);
  return {
    id: v.id,
    uid: v.uid,
    tipo: l.tipo,
    tipoVistoriaId: v.tipoVistoriaId,
    situacao: v.situacao,
    /** The spec's `status` beside `situacao`: the same state. */
    status: v.situacao,
    inspector: v.vistoriador,
    vistoriador: v.vistoriador,
    hash: v.hash,
    categorias: [...v.categorias].sort((a, b) => a.ordem - b.ordem),
    equipamentos: v.equipamentos,
    grupoEquipamentos: grupo,
    observacao: v.observacao,
    motivoCancelamento: v.motivoCancelamento,
    veiculo: l.veiculo,
    remocao: null,
    estadia: null,
    criadaPor: l.criadaPor,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
    realizadaAt: v.realizadaAt?.toISOString() ?? null,
    canceladaAt: v.canceladaAt?.toISOString() ?? null,
  };
}

/** GET /v1/vistorias/{uid} and the inspection form. */
export async function obterVistoria({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string | undefined }) {
  const v = uidValido(uid) ? await buscar(db, hotsiteId, 'uid', uid) : null;
  if (!v) throw naoEncontrado(MENSAGEM_VISTORIA_NAO_ENCONTRADA);
  return v;
}

/** laudo-vistoria/{hash}: a done inspection of this brand only; null otherwise (the page answers 404). */
export async function laudoPorHash({ db, hotsiteId, hash }: { db: Db; hotsiteId: number; hash: string | undefined }) {
  if (!hash || !/^[0-9a-f]{40}$/.test(hash)) return null;
  const v = await buscar(db, hotsiteId, 'hash', hash);
  return v && v.situacao === 'Realizada' ? v : null;
}

/** A vehicle of this brand by uid, else by plate or chassis. */
async function veiculoDaVistoria(db: Db, hotsiteId: number, e: z.infer<typeof novaVistoriaSchema>) {
  const chave = e.placaOuChassi?.toUpperCase().replace(/[-\s]/g, '');
  const [v] = await db
    .select({ id: veiculo.id, categoria: veiculoTipo.categoria })
    .from(veiculo)
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .where(
      and(
        eq(veiculo.hotsiteId, hotsiteId),
        e.veiculoUid ? eq(veiculo.uid, e.veiculoUid) : or(eq(veiculo.placa, chave ?? ''), eq(veiculo.chassi, chave ?? '')),
      ),
    )
    .orderBy(desc(veiculo.id))
    .limit(1);
  if (!v) throw new ErroHttp(404, MENSAGEM_VEICULO_NAO_ENCONTRADO, { placaOuChassi: [MENSAGEM_VEICULO_NAO_ENCONTRADO] });
  return v;
}

/** POST /v1/vistorias and the new-inspection form: Aguardando, with its type's categories copied. */
export async function criarVistoria({
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
  const e = novaVistoriaSchema.parse(entrada);
  const v = await veiculoDaVistoria(db, hotsiteId, e);
  const [t] = await db
    .select({ id: tipoVistoria.id, categorias: tipoVistoria.categorias, ativo: tipoVistoria.ativo })
    .from(tipoVistoria)
    .where(and(eq(tipoVistoria.hotsiteId, hotsiteId), eq(tipoVistoria.id, e.tipoVistoriaId)));
  if (!t || !t.ativo) throw new ErroHttp(404, MENSAGEM_TIPO_NAO_ENCONTRADO, { tipoVistoriaId: [MENSAGEM_TIPO_NAO_ENCONTRADO] });
  return db.transaction(async (tx) => {
    const [nova] = await tx
      .insert(vistoria)
      .values({
        hotsiteId,
        veiculoId: v.id,
        tipoVistoriaId: t.id,
        hash: randomBytes(20).toString('hex'),
        vistoriador: e.vistoriador ?? null,
        categorias: t.categorias.map((c) => ({ ...c, itens: c.itens.map((i) => ({ ...i, resposta: null, marcacoes: [] })) })),
        createdById: usuarioId,
        updatedById: usuarioId,
      })
      .returning({ id: vistoria.id, uid: vistoria.uid });
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'vistoria', entidadeId: nova.id, acao: 'criou' });
    return nova;
  });
}

/** Answers into the inspection's copy of the categories; an OPCAO answer must be one of its options. */
function aplicarRespostas(categorias: CategoriaVistoria[], respostas: Record<string, string>): CategoriaVistoria[] {
  const copia = categorias.map((c) => ({ ...c, itens: c.itens.map((i) => ({ ...i })) }));
  for (const [chave, bruta] of Object.entries(respostas)) {
    const [ci, ii] = chave.split('.').map(Number);
    const item = copia[ci]?.itens[ii];
    if (!item) throw new ErroHttp(400, `Item inválido: ${chave}`, { respostas: [`Item inválido: ${chave}`] });
    const resposta = bruta.trim() || null;
    if (resposta && item.tipo === 'OPCAO' && !item.opcoes.includes(resposta)) {
      const m = `Resposta inválida para "${item.nome}": use ${item.opcoes.join(', ')}`;
      throw new ErroHttp(400, m, { [`resposta.${chave}`]: [m] });
    }
    item.resposta = resposta;
  }
  return copia;
}

/** Tyres and equipment against the vehicle's group: known positions and items only. */
function conferirEquipamentos(
  grupo: EquipamentosVistoria['tipo'],
  e: NonNullable<z.infer<typeof respostasVistoriaSchema>['equipamentos']>,
): EquipamentosVistoria {
  const eixos = grupo === 'pesado' ? (e.eixos ?? 2) : undefined;
  const posicoes = posicoesDosPneus(grupo, eixos);
  const pneus = e.pneus.filter((p) => p.condicao);
  // A position of an axle beyond the count (the count just lowered) is dropped; an unknown one refused.
  const conhecidas = posicoesDosPneus(grupo, grupo === 'pesado' ? MAXIMO_EIXOS : undefined);
  for (const p of pneus)
    if (!conhecidas.includes(p.posicao)) {
      const m = `Posição de pneu inválida: ${p.posicao}`;
      throw new ErroHttp(400, m, { pneus: [m] });
    }
  const itens: Record<string, string> = {};
  for (const [nome, resposta] of Object.entries(e.itens)) {
    if (!EQUIPAMENTOS[grupo].includes(nome)) {
      const m = `Equipamento inválido: ${nome}`;
      throw new ErroHttp(400, m, { itens: [m] });
    }
    if (resposta) itens[nome] = resposta;
  }
  return {
    tipo: grupo,
    quilometragem: e.quilometragem ?? null,
    ...(eixos ? { eixos } : {}),
    bateria: e.bateria ?? null,
    chaveReserva: grupo === 'leve' ? (e.chaveReserva ?? null) : null,
    manualProprietario: grupo === 'leve' ? (e.manualProprietario ?? null) : null,
    pneus: posicoes.flatMap((posicao) => pneus.filter((p) => p.posicao === posicao).slice(-1)),
    itens,
  };
}

async function vistoriaAberta(db: Db, hotsiteId: number, uid: string | undefined) {
  const v = await obterVistoria({ db, hotsiteId, uid });
  if (v.situacao !== 'Aguardando') throw new ErroHttp(409, MENSAGEM_VISTORIA_FECHADA[v.situacao]);
  return v;
}

/** PUT /v1/vistorias/{uid} and the form's "Salvar": answers, tyres, equipment, notes (Aguardando only). */
export async function responderVistoria({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid: string | undefined;
  entrada: unknown;
}) {
  const e = respostasVistoriaSchema.parse(entrada);
  const v = await vistoriaAberta(db, hotsiteId, uid);
  const categorias = aplicarRespostas(v.categorias, e.respostas);
  const equipamentos = e.equipamentos ? conferirEquipamentos(v.grupoEquipamentos, e.equipamentos) : v.equipamentos;
  await db.transaction(async (tx) => {
    await tx
      .update(vistoria)
      .set({
        categorias,
        equipamentos,
        ...(e.vistoriador !== undefined ? { vistoriador: e.vistoriador } : {}),
        ...(e.observacao !== undefined ? { observacao: e.observacao } : {}),
        updatedById: usuarioId,
        updatedAt: new Date(),
      })
      .where(and(eq(vistoria.id, v.id), eq(vistoria.situacao, 'Aguardando')));
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'vistoria', entidadeId: v.id, acao: 'alterou' });
  });
  return obterVistoria({ db, hotsiteId, uid });
}

/**
 * PUT /v1/vistorias/{uid}/situacao: Aguardando → Realizada (nothing pending; its tyres and equipment become
 * the vehicle's details) or Cancelada (with a reason). The row is locked so two clicks cannot both pass.
 */
export async function mudarSituacaoVistoria({
  db,
  hotsiteId,
  usuarioId,
  uid,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  uid: string | undefined;
  entrada: unknown;
}) {
  const e = situacaoVistoriaSchema.parse(entrada);
  const v = await obterVistoria({ db, hotsiteId, uid });
  await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ situacao: vistoria.situacao, categorias: vistoria.categorias, equipamentos: vistoria.equipamentos })
      .from(vistoria)
      .where(eq(vistoria.id, v.id))
      .for('update');
    if (!podeMudarSituacao(atual.situacao, e.situacao)) {
      const m = atual.situacao === 'Aguardando' ? 'Situação inválida' : MENSAGEM_VISTORIA_FECHADA[atual.situacao];
      throw new ErroHttp(409, m);
    }
    if (e.situacao === 'Realizada') {
      const faltam = pendenciasParaRealizar(atual.categorias, atual.equipamentos);
      if (faltam.length) throw new ErroHttp(400, faltam[0], { situacao: faltam });
      await tx
        .update(vistoria)
        .set({ situacao: 'Realizada', realizadaAt: new Date(), updatedById: usuarioId, updatedAt: new Date() })
        .where(eq(vistoria.id, v.id));
      await tx.update(veiculo).set({ itensDetalhados: atual.equipamentos, updatedAt: new Date() }).where(eq(veiculo.id, v.veiculo.id));
    } else {
      await tx
        .update(vistoria)
        .set({
          situacao: 'Cancelada',
          canceladaAt: new Date(),
          motivoCancelamento: e.motivo ?? null,
          updatedById: usuarioId,
          updatedAt: new Date(),
        })
        .where(eq(vistoria.id, v.id));
    }
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'vistoria',
      entidadeId: v.id,
      acao: 'alterou',
      detalhes: { situacao: e.situacao, motivo: e.motivo ?? null },
    });
  });
  return obterVistoria({ db, hotsiteId, uid });
}

/** The vehicle a new inspection is opened for (from its form's ?veiculo=uid), with its category. */
export async function veiculoParaVistoria({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string | null }) {
  if (!uidValido(uid ?? undefined)) return null;
  const [v] = await db
    .select({ uid: veiculo.uid, nome: veiculo.nome, placa: veiculo.placa, chassi: veiculo.chassi, categoria: veiculoTipo.categoria })
    .from(veiculo)
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, veiculo.veiculoTipoId))
    .where(and(eq(veiculo.hotsiteId, hotsiteId), eq(veiculo.uid, uid!)));
  return v ?? null;
}
