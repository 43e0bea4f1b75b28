import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { cpfValido, soDigitos } from '~/modules/dominio/documentos-br';
import { ErroHttp } from '~/utils/errors';
import { textoLivre } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';
import { publicarVenda, registrarEvento } from './vendas.server';
import { buscarVenda } from './consultas.server';
import { hashValido } from './documentos';

/*
 * Authorising a third party to pick up (retirada-por-terceiros/{hash}, decision 059): the buyer names a
 * person and their CPF; the printable authorisation opens by its own random hash, its QR code by
 * qrcode/retirada-por-terceiros/{hash}, where the yard checks it (CPF masked there). The buyer or staff
 * may revoke it: the pages then say "Autorização revogada" without the third party's data, the PDF
 * answers 410, and the sale's timeline records who revoked it and when.
 */
type Linha = Record<string, unknown>;

export const MENSAGENS_TERCEIRO = {
  nome: 'Informe o nome completo de quem vai retirar',
  cpf: 'CPF inválido',
  criada: 'Autorização criada. Imprima e entregue a quem vai retirar.',
  encerrada: 'Esta compra não permite autorizar retirada',
  naoEncontrada: 'Autorização não encontrada',
  jaRevogada: 'Esta autorização já foi revogada',
  revogada: 'Autorização revogada. O documento deixou de valer para a retirada.',
} as const;

export const terceiroSchema = z.object({
  nome: textoLivre(120, MENSAGENS_TERCEIRO.nome).pipe(z.string().min(5, MENSAGENS_TERCEIRO.nome)),
  cpf: textoLivre(20, MENSAGENS_TERCEIRO.cpf)
    .refine((v) => cpfValido(v), MENSAGENS_TERCEIRO.cpf)
    .transform(soDigitos),
});

export async function autorizarTerceiro({
  db,
  hotsiteId,
  usuarioId,
  vendaId,
  entrada,
  autor,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  vendaId: number;
  entrada: unknown;
  autor: string;
}) {
  const e = terceiroSchema.parse(entrada);
  const hash = randomBytes(20).toString('hex');
  await db.transaction(async (tx) => {
    const [v] = linhas<Linha>(
      await tx.execute(
        sql`SELECT situacao FROM venda WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId} AND usuario_id = ${usuarioId} FOR UPDATE`,
      ),
    );
    if (!v) throw new ErroHttp(404, 'Venda não encontrada');
    if (v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu') throw new ErroHttp(409, MENSAGENS_TERCEIRO.encerrada);
    await tx.execute(sql`INSERT INTO autorizacao_retirada (hotsite_id, venda_id, hash, nome, cpf)
                          VALUES (${hotsiteId}, ${vendaId}, ${hash}, ${e.nome}, ${e.cpf})`);
    await registrarEvento(tx, { hotsiteId, vendaId, texto: `Retirada autorizada a ${e.nome}`, autor });
  });
  return { mensagem: MENSAGENS_TERCEIRO.criada, hash };
}

/** The buyer's authorisations of one sale (their own page lists them; no page lists hashes to others). */
export async function autorizacoesDaVenda({ db, hotsiteId, vendaId }: { db: Db; hotsiteId: number; vendaId: number }) {
  const r = await db.execute(
    sql`SELECT id, hash, nome, cpf, created_at, revogada_at, revogada_por FROM autorizacao_retirada
         WHERE venda_id = ${vendaId} AND hotsite_id = ${hotsiteId} ORDER BY id`,
  );
  return linhas<Linha>(r).map((a) => ({
    id: Number(a.id),
    hash: String(a.hash),
    nome: String(a.nome),
    cpf: String(a.cpf),
    criada: new Date(a.created_at as string).toISOString(),
    revogada: a.revogada_at ? { em: new Date(a.revogada_at as string).toISOString(), por: String(a.revogada_por ?? '') } : null,
  }));
}

/** An authorisation and its sale by the authorisation's hash; null → 404. */
export async function autorizacaoPorHash({ db, hotsiteId, hash }: { db: Db; hotsiteId: number; hash: string | undefined }) {
  if (!hashValido(hash)) return null;
  const [a] = linhas<Linha>(
    await db.execute(
      sql`SELECT venda_id, nome, cpf, created_at, revogada_at FROM autorizacao_retirada WHERE hash = ${hash} AND hotsite_id = ${hotsiteId}`,
    ),
  );
  if (!a) return null;
  // A revoked authorisation tells only that (and when): no third party, no sale details.
  if (a.revogada_at)
    return {
      hash,
      revogada: true,
      revogadaEm: new Date(a.revogada_at as string).toISOString(),
      criada: new Date(a.created_at as string).toISOString(),
    } as const;
  const venda = await buscarVenda({ db, hotsiteId, leitor: 'equipe', id: Number(a.venda_id) });
  if (!venda) return null;
  return {
    hash,
    revogada: false as const,
    nome: String(a.nome),
    cpf: String(a.cpf),
    criada: new Date(a.created_at as string).toISOString(),
    venda,
  };
}

export const revogarSchema = z.object({
  autorizacao: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: MENSAGENS_TERCEIRO.naoEncontrada })
      .int(MENSAGENS_TERCEIRO.naoEncontrada)
      .min(1, MENSAGENS_TERCEIRO.naoEncontrada)
      .max(2_147_483_647, MENSAGENS_TERCEIRO.naoEncontrada),
  ),
});

/**
 * Revokes one authorisation of a sale: by the buyer (`usuarioId`: only their own sale) or by staff (any
 * sale of the brand). Once: a second revocation is a 409. The timeline records who and when.
 */
export async function revogarAutorizacao({
  db,
  hub,
  hotsiteId,
  vendaId,
  usuarioId,
  entrada,
  autor,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  vendaId: number;
  /** The buyer revoking on their own page; undefined for staff. */
  usuarioId?: number;
  entrada: unknown;
  autor: string;
}) {
  const e = revogarSchema.parse(entrada);
  const tocada = await db.transaction(async (tx) => {
    const [v] = linhas<Linha>(
      await tx.execute(
        sql`SELECT id, usuario_id FROM venda WHERE id = ${vendaId} AND hotsite_id = ${hotsiteId}
             ${usuarioId != null ? sql`AND usuario_id = ${usuarioId}` : sql``} FOR UPDATE`,
      ),
    );
    if (!v) throw new ErroHttp(404, 'Venda não encontrada');
    const [a] = linhas<Linha>(
      await tx.execute(sql`SELECT id, nome, revogada_at FROM autorizacao_retirada
                            WHERE id = ${e.autorizacao} AND venda_id = ${vendaId} AND hotsite_id = ${hotsiteId} FOR UPDATE`),
    );
    if (!a) throw new ErroHttp(404, MENSAGENS_TERCEIRO.naoEncontrada);
    if (a.revogada_at) throw new ErroHttp(409, MENSAGENS_TERCEIRO.jaRevogada);
    await tx.execute(
      sql`UPDATE autorizacao_retirada SET revogada_at = now(), revogada_por = ${autor}, updated_at = now() WHERE id = ${e.autorizacao}`,
    );
    await registrarEvento(tx, { hotsiteId, vendaId, texto: `Autorização de retirada de ${String(a.nome)} revogada por ${autor}`, autor });
    return { hotsiteId, usuarioId: Number(v.usuario_id), vendaId };
  });
  publicarVenda(hub, tocada);
  return { mensagem: MENSAGENS_TERCEIRO.revogada };
}
