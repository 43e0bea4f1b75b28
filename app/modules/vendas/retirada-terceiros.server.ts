import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { cpfValido, soDigitos } from '~/modules/identidade/documentos-br';
import { ErroHttp } from '~/utils/errors';
import { textoLivre } from '~/utils/entrada';
import { linhas } from '~/utils/linhas.server';
import { registrarEvento } from './vendas.server';
import { buscarVenda } from './consultas.server';
import { hashValido } from './documentos.server';

/*
 * Authorising a third party to pick up (retirada-por-terceiros/{hash}, decision 059): the buyer names a
 * person and their CPF; the printable authorisation opens by its own random hash, its QR code by
 * qrcode/retirada-por-terceiros/{hash}, where the yard checks it (CPF masked there).
 */
type Linha = Record<string, unknown>;

export const MENSAGENS_TERCEIRO = {
  nome: 'Informe o nome completo de quem vai retirar',
  cpf: 'CPF inválido',
  criada: 'Autorização criada. Imprima e entregue a quem vai retirar.',
  encerrada: 'Esta compra não permite autorizar retirada',
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
    sql`SELECT hash, nome, cpf, created_at FROM autorizacao_retirada WHERE venda_id = ${vendaId} AND hotsite_id = ${hotsiteId} ORDER BY id`,
  );
  return linhas<Linha>(r).map((a) => ({
    hash: String(a.hash),
    nome: String(a.nome),
    cpf: String(a.cpf),
    criada: new Date(a.created_at as string).toISOString(),
  }));
}

/** An authorisation and its sale by the authorisation's hash; null → 404. */
export async function autorizacaoPorHash({ db, hotsiteId, hash }: { db: Db; hotsiteId: number; hash: string | undefined }) {
  if (!hashValido(hash)) return null;
  const [a] = linhas<Linha>(
    await db.execute(
      sql`SELECT venda_id, nome, cpf, created_at FROM autorizacao_retirada WHERE hash = ${hash} AND hotsite_id = ${hotsiteId}`,
    ),
  );
  if (!a) return null;
  const venda = await buscarVenda({ db, hotsiteId, leitor: 'equipe', id: Number(a.venda_id) });
  if (!venda) return null;
  return { hash, nome: String(a.nome), cpf: String(a.cpf), criada: new Date(a.created_at as string).toISOString(), venda };
}
