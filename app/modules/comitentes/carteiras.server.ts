import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { TIPOS_CARTEIRA } from '@db/schema/enums-catalogo';
import { inteiro, textoOpcional } from '~/modules/dominio/campos';
import { UFS_SIGLAS } from '~/modules/dominio/ufs';
import { textoLivre } from '~/utils/entrada';
import { naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { type Comitentes, filtroComitentes, MENSAGENS_USUARIO_COMITENTE } from './usuarios-comitente.server';

/*
 * Wallets (carteira, spec 001 §3 "Wallet"; decision 066): a seller's portfolio of goods. A wallet belongs
 * to one seller of the brand; the seller's bank accounts and vehicles point at one. ADM keeps them in the
 * seller's page; `GET /v1/carteira` lists them (a seller user only their own sellers').
 */

export const MENSAGEM_CARTEIRA_NAO_ENCONTRADA = 'Carteira não encontrada';

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroCarteirasSchema = z.object({
  comitenteId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'comitenteId inválido').optional()),
  status: z.preprocess(vazioParaIndefinido, z.enum(['ATIVA', 'INATIVA'], { error: 'status deve ser ATIVA ou INATIVA' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

const ufOpcional = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? v.trim().toUpperCase() : null) : (v ?? null)),
    z
      .string({ error: 'UF inválida' })
      .refine((s) => UFS_SIGLAS.has(s), 'UF inválida')
      .nullable(),
  )
  .optional();

export const carteiraSchema = z.object({
  comitenteId: inteiro(1, ID_MAXIMO, 'Escolha o comitente'),
  nome: z.preprocess((v) => v ?? '', textoLivre(120).pipe(z.string().min(2, 'Informe o nome da carteira'))),
  tipo: z.enum(TIPOS_CARTEIRA, { error: `Tipo de carteira inválido: use ${TIPOS_CARTEIRA.join(', ')}` }),
  prioridade: z.preprocess((v) => (v === '' || v == null ? 0 : v), inteiro(0, 999, 'Prioridade deve estar entre 0 e 999')),
  infoCompl: textoOpcional(500),
  status: z.preprocess((v) => (v === '' || v == null ? 'ATIVA' : v), z.enum(['ATIVA', 'INATIVA'], { error: 'Situação inválida' })),
  logradouro: textoOpcional(150),
  numero: textoOpcional(20),
  bairro: textoOpcional(80),
  cidade: textoOpcional(80),
  estadoUf: ufOpcional,
  cep: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? v.replace(/\D/g, '') : null) : (v ?? null)),
      z
        .string({ error: 'CEP inválido: 8 dígitos' })
        .regex(/^\d{8}$/, 'CEP inválido: 8 dígitos')
        .nullable(),
    )
    .optional(),
});

/** The spec's Wallet (id, prioridade, tipo, nome, infoCompl, status) with its seller and inline address. */
export interface Carteira {
  id: number;
  comId: number;
  comitente: { id: number; nomeSite: string };
  nome: string;
  tipo: string;
  prioridade: number;
  infoCompl: string | null;
  status: 'ATIVA' | 'INATIVA';
  endereco: Record<string, string | null> | null;
}

type Linha = Omit<Carteira, 'comitente'> & { comitenteNome: string };
const colunas = sql`ca.id, ca.comitente_id AS "comId", c.nome_site AS "comitenteNome", ca.nome, ca.tipo, ca.prioridade,
  ca.info_compl AS "infoCompl", ca.status, ca.endereco`;
const de = sql`carteira ca JOIN comitente c ON c.id = ca.comitente_id AND c.hotsite_id = ca.hotsite_id`;
const normal = ({ comitenteNome, ...r }: Linha): Carteira => ({
  ...r,
  id: Number(r.id),
  comId: Number(r.comId),
  prioridade: Number(r.prioridade),
  comitente: { id: Number(r.comId), nomeSite: comitenteNome },
});

/** Paged list, lower prioridade first; a seller user sees only their sellers' wallets. */
export async function listarCarteiras({
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
  const f = filtroCarteirasSchema.parse(filtro);
  const onde = sql.join(
    [
      sql`ca.hotsite_id = ${hotsiteId}`,
      filtroComitentes(sql`ca.comitente_id`, comitentes),
      f.comitenteId ? sql`ca.comitente_id = ${f.comitenteId}` : sql`TRUE`,
      f.status ? sql`ca.status = ${f.status}` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${de} WHERE ${onde}`));
  const itens = linhas<Linha>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE ${onde} ORDER BY ca.prioridade, c.nome_site, ca.nome, ca.id
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** Creates (id null) or changes a wallet of one of the brand's sellers (ADM). */
export async function salvarCarteira({ db, hotsiteId, id, entrada }: { db: Db; hotsiteId: number; id: number | null; entrada: unknown }) {
  const e = carteiraSchema.parse(entrada);
  const [c] = linhas(await db.execute(sql`SELECT 1 FROM comitente WHERE hotsite_id = ${hotsiteId} AND id = ${e.comitenteId}`));
  if (!c) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  const partes = { logradouro: e.logradouro, numero: e.numero, bairro: e.bairro, cidade: e.cidade, estadoUf: e.estadoUf, cep: e.cep };
  const endereco = Object.values(partes).some((v) => v) ? JSON.stringify(partes) : null;
  if (id === null) {
    const [novo] = linhas<{ id: number }>(
      await db.execute(sql`INSERT INTO carteira (hotsite_id, comitente_id, nome, tipo, prioridade, info_compl, status, endereco)
        VALUES (${hotsiteId}, ${e.comitenteId}, ${e.nome}, ${e.tipo}, ${e.prioridade}, ${e.infoCompl ?? null}, ${e.status}, ${endereco}::jsonb)
        RETURNING id`),
    );
    return { id: Number(novo.id) };
  }
  const [alterada] = linhas<{ id: number }>(
    await db.execute(sql`UPDATE carteira SET nome = ${e.nome}, tipo = ${e.tipo}, prioridade = ${e.prioridade}, info_compl = ${e.infoCompl ?? null},
        status = ${e.status}, endereco = ${endereco}::jsonb, updated_at = now()
      WHERE hotsite_id = ${hotsiteId} AND id = ${id} AND comitente_id = ${e.comitenteId} RETURNING id`),
  );
  if (!alterada) throw naoEncontrado(MENSAGEM_CARTEIRA_NAO_ENCONTRADA);
  return { id: Number(alterada.id) };
}

/** Removes a wallet; its vehicles and accounts keep existing without one (ON DELETE SET NULL). */
export async function apagarCarteira({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const r = linhas(await db.execute(sql`DELETE FROM carteira WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`));
  if (r.length === 0) throw naoEncontrado(MENSAGEM_CARTEIRA_NAO_ENCONTRADA);
  return { mensagem: 'Item apagado com sucesso' };
}

/** A wallet id given with a seller must be one of that seller's wallets (vehicle form, account form). */
export async function conferirCarteiraDoComitente(db: Db, hotsiteId: number, carteiraId: number, comitenteId: number | null) {
  const [c] = linhas<{ comitente_id: number }>(
    await db.execute(sql`SELECT comitente_id FROM carteira WHERE hotsite_id = ${hotsiteId} AND id = ${carteiraId}`),
  );
  if (!c) return 'Carteira não encontrada';
  if (comitenteId === null || Number(c.comitente_id) !== comitenteId) return 'A carteira deve ser do mesmo comitente';
  return null;
}
