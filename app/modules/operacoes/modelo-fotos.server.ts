import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { lote, loteFoto, modeloFoto, veiculoTipo } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { chaveDaPosicao, lerPosicoes, POSICAO_TAMANHO_MAXIMO, posicoesFaltando } from './modelo-fotos';

/** The brand's photo model of every active vehicle type (an empty list where none was saved). */
export async function listarModelos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const linhas = await db
    .select({ veiculoTipoId: veiculoTipo.id, nome: veiculoTipo.nome, categoria: veiculoTipo.categoria, posicoes: modeloFoto.posicoes })
    .from(veiculoTipo)
    .leftJoin(modeloFoto, and(eq(modeloFoto.veiculoTipoId, veiculoTipo.id), eq(modeloFoto.hotsiteId, hotsiteId)))
    .where(eq(veiculoTipo.ativo, true))
    .orderBy(asc(veiculoTipo.categoria), asc(veiculoTipo.nome));
  return linhas.map((l) => ({ ...l, posicoes: l.posicoes ?? [] }));
}

const salvarSchema = z.object({
  veiculoTipoId: idSchema('Tipo de veículo inválido'),
  posicoes: z.string('Informe as fotos obrigatórias').max(5_000, 'Texto longo demais'),
});

/** Saves a vehicle type's model on this brand (one row per brand and type; an empty list requires nothing). */
export async function salvarModelo({
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
  const e = salvarSchema.safeParse(entrada);
  if (!e.success) throw new ErroHttp(400, e.error.issues[0]?.message ?? 'Dados inválidos');
  const lidas = lerPosicoes(e.data.posicoes);
  if (!lidas.ok) throw new ErroHttp(400, lidas.mensagem);
  const [tipo] = await db
    .select({ id: veiculoTipo.id, nome: veiculoTipo.nome })
    .from(veiculoTipo)
    .where(eq(veiculoTipo.id, e.data.veiculoTipoId));
  if (!tipo) throw new ErroHttp(404, 'Tipo de veículo não encontrado');
  await db
    .insert(modeloFoto)
    .values({ hotsiteId, veiculoTipoId: tipo.id, posicoes: lidas.posicoes, atualizadoPorId: usuarioId })
    .onConflictDoUpdate({
      target: [modeloFoto.hotsiteId, modeloFoto.veiculoTipoId],
      set: { posicoes: lidas.posicoes, atualizadoPorId: usuarioId, updatedAt: sql`now()` },
    });
  return { tipo: tipo.nome, posicoes: lidas.posicoes };
}

/** The model of the lot's vehicle type and the shots its photos do not name yet (the upload shows them). */
export async function fotosObrigatoriasDoLote({ db, hotsiteId, loteId }: { db: Db; hotsiteId: number; loteId: number }) {
  const [l] = await db
    .select({ tipo: veiculoTipo.nome, posicoes: modeloFoto.posicoes })
    .from(lote)
    .innerJoin(veiculoTipo, eq(veiculoTipo.id, lote.veiculoTipoId))
    .leftJoin(modeloFoto, and(eq(modeloFoto.veiculoTipoId, lote.veiculoTipoId), eq(modeloFoto.hotsiteId, hotsiteId)))
    .where(and(eq(lote.hotsiteId, hotsiteId), eq(lote.id, loteId)));
  if (!l) throw new ErroHttp(404, 'Lote não encontrado');
  const posicoes = l.posicoes ?? [];
  const fotos = await db
    .select({ descricao: loteFoto.descricao })
    .from(loteFoto)
    .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(loteFoto.loteId, loteId)));
  return {
    tipo: l.tipo,
    posicoes,
    faltando: posicoesFaltando(
      posicoes,
      fotos.map((f) => f.descricao),
    ),
  };
}

const posicaoSchema = z.object({
  fotoId: idSchema('Foto inválida'),
  posicao: z.string('Escolha a foto obrigatória').max(POSICAO_TAMANHO_MAXIMO, 'Escolha a foto obrigatória'),
});

/**
 * Names which of the model's shots a photo is (or none, with an empty name). Only a shot of the lot's model
 * is accepted, so the upload's count cannot be fooled by a typo.
 */
export async function nomearFoto({ db, hotsiteId, loteId, entrada }: { db: Db; hotsiteId: number; loteId: number; entrada: unknown }) {
  const e = posicaoSchema.safeParse(entrada);
  if (!e.success) throw new ErroHttp(400, e.error.issues[0]?.message ?? 'Dados inválidos');
  const { posicoes } = await fotosObrigatoriasDoLote({ db, hotsiteId, loteId });
  const nome = e.data.posicao.trim();
  const posicao = nome ? posicoes.find((p) => chaveDaPosicao(p) === chaveDaPosicao(nome)) : null;
  if (nome && !posicao) throw new ErroHttp(400, `"${nome}" não é uma foto obrigatória do modelo deste tipo de veículo`);
  const feitas = await db
    .update(loteFoto)
    .set({ descricao: posicao })
    .where(and(eq(loteFoto.hotsiteId, hotsiteId), eq(loteFoto.loteId, loteId), eq(loteFoto.id, e.data.fotoId)))
    .returning({ id: loteFoto.id });
  if (feitas.length === 0) throw new ErroHttp(404, 'Foto não encontrada');
  return fotosObrigatoriasDoLote({ db, hotsiteId, loteId });
}
