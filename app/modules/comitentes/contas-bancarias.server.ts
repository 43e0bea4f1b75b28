import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { booleano, inteiro, inteiroOpcional, textoOpcional } from '~/modules/dominio/campos';
import { cnpjValido, cpfValido, formatarCnpj, formatarCpf, normalizarCnpj } from '~/modules/dominio/documentos-br';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { TIPOS_RECEBIMENTO } from '@db/schema/enums-catalogo';
import { conferirCarteiraDoComitente } from './carteiras.server';
import { type Comitentes, filtroComitentes, MENSAGENS_USUARIO_COMITENTE } from './usuarios-comitente.server';

/*
 * Bank accounts (spec 001 §3 "Bank account" and "Consignor bank account") in the post-sale's
 * `conta_bancaria` table: a row with comitenteId is that seller's account, a row without it is the
 * brand's own. The sale's payment instructions read the seller's account first, then the brand's
 * (app/modules/vendas/vendas.server.ts). Decision 056.
 */

export const MENSAGEM_CONTA_NAO_ENCONTRADA = 'Conta bancária não encontrada';

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroContasSchema = z.object({
  comitenteId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'comitenteId inválido').optional()),
  /** 'marca' = only the brand's own accounts; 'comitentes' = only sellers' accounts. */
  dono: z.preprocess(vazioParaIndefinido, z.enum(['marca', 'comitentes'], { error: 'dono deve ser marca ou comitentes' }).optional()),
  busca: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

const digitos = (min: number, max: number, mensagem: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/[.\-\s]/g, '') : v),
    z.string({ error: mensagem }).regex(new RegExp(`^\\d{${min},${max}}$`), mensagem),
  );

/** The account form and its API body. CPF/CNPJ is stored formatted (000.000.000-00, 00.000.000/0000-00). */
export const contaBancariaSchema = z.object({
  comitenteId: inteiroOpcional(1, ID_MAXIMO, 'Comitente inválido'),
  banco: z.preprocess((v) => v ?? '', textoLivre(100).pipe(z.string().min(1, 'Informe o nome do banco'))),
  codigoBanco: digitos(3, 3, 'Código do banco inválido: use os 3 dígitos (ex.: 001, 237, 341)'),
  agencia: digitos(1, 5, 'Agência inválida: até 5 dígitos'),
  conta: digitos(1, 13, 'Conta inválida: até 13 dígitos, sem o dígito verificador'),
  digito: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: 'Dígito inválido' }).regex(/^[0-9X]{1,2}$/, 'Dígito inválido: 1 ou 2 caracteres (0-9 ou X)'),
  ),
  titular: z.preprocess((v) => v ?? '', textoLivre(150).pipe(z.string().min(1, 'Informe o titular da conta'))),
  cpfCnpj: z.preprocess(
    // Letters kept: a CNPJ may be alphanumeric (documentos-br.ts); a CPF is 11 digits.
    (v) => (typeof v === 'string' ? normalizarCnpj(v) : v),
    z
      .string({ error: 'CPF/CNPJ inválido' })
      .refine((d) => (/^\d{11}$/.test(d) && cpfValido(d)) || (d.length === 14 && cnpjValido(d)), 'CPF/CNPJ inválido')
      // Stored formatted: the sale's payment instructions and documents show it as it is.
      .transform((d) => (d.length === 11 ? formatarCpf(d) : formatarCnpj(d))),
  ),
  chavePix: textoOpcional(77),
  carteira: textoOpcional(20),
  permiteBoleto: booleano,
  recebeLote: booleano,
  recebeReembolso: booleano,
  /** Spec "Consignor bank account" carId, unnId, tipoRecebimento (decision 066): only on a seller's account. */
  carteiraId: inteiroOpcional(1, ID_MAXIMO, 'Carteira inválida'),
  unidadeNegocioId: inteiroOpcional(1, ID_MAXIMO, 'Unidade de negócio inválida'),
  tipoRecebimento: z
    .preprocess(
      (v) => (v === '' || v == null ? null : v),
      z.enum(TIPOS_RECEBIMENTO, { error: 'Tipo de recebimento inválido: use TED, PIX ou Boleto' }).nullable(),
    )
    .optional(),
});

export interface ContaBancaria {
  id: number;
  comitenteId: number | null;
  comitenteNome: string | null;
  banco: string;
  codigoBanco: string;
  agencia: string;
  conta: string;
  digito: string;
  titular: string;
  cpfCnpj: string;
  chavePix: string | null;
  carteira: string | null;
  permiteBoleto: boolean;
  recebeLote: boolean;
  recebeReembolso: boolean;
  tipoRecebimento: string | null;
  carteiraId: number | null;
  carteiraNome: string | null;
  carteiraTipo: string | null;
  unidadeNegocioId: number | null;
  unidadeNegocioNome: string | null;
}

const colunas = sql`cb.id, cb.comitente_id AS "comitenteId", c.nome_site AS "comitenteNome", cb.banco, cb.codigo_banco AS "codigoBanco",
  cb.agencia, cb.conta, cb.digito, cb.titular, cb.cpf_cnpj AS "cpfCnpj", cb.chave_pix AS "chavePix", cb.carteira,
  cb.permite_boleto AS "permiteBoleto", cb.recebe_lote AS "recebeLote", cb.recebe_reembolso AS "recebeReembolso",
  cb.tipo_recebimento AS "tipoRecebimento", cb.carteira_id AS "carteiraId", ca.nome AS "carteiraNome", ca.tipo AS "carteiraTipo",
  cb.unidade_negocio_id AS "unidadeNegocioId", un.nome AS "unidadeNegocioNome"`;
const de = sql`conta_bancaria cb LEFT JOIN comitente c ON c.id = cb.comitente_id AND c.hotsite_id = cb.hotsite_id
  LEFT JOIN carteira ca ON ca.id = cb.carteira_id LEFT JOIN unidade_negocio un ON un.id = cb.unidade_negocio_id`;
const numeroOuNulo = (v: unknown) => (v == null ? null : Number(v));
const normal = (r: ContaBancaria): ContaBancaria => ({
  ...r,
  id: Number(r.id),
  comitenteId: numeroOuNulo(r.comitenteId),
  carteiraId: numeroOuNulo(r.carteiraId),
  unidadeNegocioId: numeroOuNulo(r.unidadeNegocioId),
});

/** Paged, filterable list; a seller user sees only their sellers' accounts (never the brand's). */
export async function listarContas({
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
  const f = filtroContasSchema.parse(filtro);
  const escapar = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const onde = sql.join(
    [
      sql`cb.hotsite_id = ${hotsiteId}`,
      comitentes === 'todos' ? sql`TRUE` : sql`cb.comitente_id IS NOT NULL AND ${filtroComitentes(sql`cb.comitente_id`, comitentes)}`,
      f.comitenteId ? sql`cb.comitente_id = ${f.comitenteId}` : sql`TRUE`,
      f.dono === 'marca' ? sql`cb.comitente_id IS NULL` : f.dono === 'comitentes' ? sql`cb.comitente_id IS NOT NULL` : sql`TRUE`,
      f.busca
        ? sql`(cb.banco ILIKE ${escapar(f.busca)} OR cb.titular ILIKE ${escapar(f.busca)} OR c.nome_site ILIKE ${escapar(f.busca)} OR cb.codigo_banco = ${f.busca})`
        : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${de} WHERE ${onde}`));
  const itens = linhas<ContaBancaria>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE ${onde} ORDER BY c.nome_site NULLS FIRST, cb.banco, cb.id
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

export async function obterConta({ db, hotsiteId, comitentes, id }: { db: Db; hotsiteId: number; comitentes: Comitentes; id: number }) {
  const [r] = linhas<ContaBancaria>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE cb.hotsite_id = ${hotsiteId} AND cb.id = ${id}
       AND ${comitentes === 'todos' ? sql`TRUE` : sql`cb.comitente_id IS NOT NULL AND ${filtroComitentes(sql`cb.comitente_id`, comitentes)}`}`),
  );
  if (!r) throw naoEncontrado(MENSAGEM_CONTA_NAO_ENCONTRADA);
  return normal(r);
}

/** Creates (id null) or changes one of the brand's accounts; the seller must be the brand's. */
export async function salvarConta({ db, hotsiteId, id, entrada }: { db: Db; hotsiteId: number; id: number | null; entrada: unknown }) {
  const e = contaBancariaSchema.parse(entrada);
  const comitenteId = e.comitenteId ?? null;
  if (comitenteId !== null) {
    const [c] = linhas(await db.execute(sql`SELECT 1 FROM comitente WHERE hotsite_id = ${hotsiteId} AND id = ${comitenteId}`));
    if (!c) throw naoEncontrado(MENSAGENS_USUARIO_COMITENTE.comitenteNaoEncontrado);
  }
  if (e.carteiraId) {
    const erro = await conferirCarteiraDoComitente(db, hotsiteId, e.carteiraId, comitenteId);
    if (erro) throw new ErroHttp(400, erro, { carteiraId: [erro] });
  }
  if (e.unidadeNegocioId) {
    const [u] = linhas(await db.execute(sql`SELECT 1 FROM unidade_negocio WHERE hotsite_id = ${hotsiteId} AND id = ${e.unidadeNegocioId}`));
    if (!u) throw new ErroHttp(400, 'Unidade de negócio não encontrada', { unidadeNegocioId: ['Unidade de negócio não encontrada'] });
  }
  const valores = [
    comitenteId,
    e.banco,
    e.codigoBanco,
    e.agencia,
    e.conta,
    e.digito,
    e.titular,
    e.cpfCnpj,
    e.chavePix ?? null,
    e.carteira ?? null,
    e.permiteBoleto,
    e.recebeLote,
    e.recebeReembolso,
    e.carteiraId ?? null,
    e.unidadeNegocioId ?? null,
    e.tipoRecebimento ?? null,
  ] as const;
  if (id === null) {
    const [novo] = linhas<{ id: number }>(
      await db.execute(sql`INSERT INTO conta_bancaria (hotsite_id, comitente_id, banco, codigo_banco, agencia, conta, digito, titular, cpf_cnpj, chave_pix, carteira, permite_boleto,
          recebe_lote, recebe_reembolso, carteira_id, unidade_negocio_id, tipo_recebimento)
        VALUES (${hotsiteId}, ${sql.join(
          valores.map((v) => sql`${v}`),
          sql`, `,
        )}) RETURNING id`),
    );
    return { id: Number(novo.id) };
  }
  const [alterada] = linhas<{ id: number }>(
    await db.execute(sql`UPDATE conta_bancaria SET comitente_id = ${comitenteId}, banco = ${e.banco}, codigo_banco = ${e.codigoBanco},
        agencia = ${e.agencia}, conta = ${e.conta}, digito = ${e.digito}, titular = ${e.titular}, cpf_cnpj = ${e.cpfCnpj},
        chave_pix = ${e.chavePix ?? null}, carteira = ${e.carteira ?? null}, permite_boleto = ${e.permiteBoleto},
        recebe_lote = ${e.recebeLote}, recebe_reembolso = ${e.recebeReembolso}, carteira_id = ${e.carteiraId ?? null},
        unidade_negocio_id = ${e.unidadeNegocioId ?? null}, tipo_recebimento = ${e.tipoRecebimento ?? null}, updated_at = now()
      WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`),
  );
  if (!alterada) throw naoEncontrado(MENSAGEM_CONTA_NAO_ENCONTRADA);
  return { id: Number(alterada.id) };
}

/** Removes one of the brand's accounts. Sales keep their own copy of the account (venda.cabecalho). */
export async function apagarConta({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const r = linhas(await db.execute(sql`DELETE FROM conta_bancaria WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`));
  if (r.length === 0) throw naoEncontrado(MENSAGEM_CONTA_NAO_ENCONTRADA);
  return { mensagem: 'Item apagado com sucesso' };
}

/**
 * Spec 001 "Consignor bank account" (bcoId, comId, carId, unnId, tipoRecebimento, contaBancaria, comitente,
 * carteira, unidadeNegocio): `carteira` is the Wallet; the bank's boleto wallet code is
 * `contaBancaria.carteiraBoleto` (decision 066).
 */
export function comoContaDeComitente(c: ContaBancaria) {
  return {
    bcoId: c.id,
    comId: c.comitenteId,
    carId: c.carteiraId,
    unnId: c.unidadeNegocioId,
    tipoRecebimento: c.tipoRecebimento,
    carteira: c.carteiraId === null ? null : { id: c.carteiraId, nome: c.carteiraNome, tipo: c.carteiraTipo },
    unidadeNegocio: c.unidadeNegocioId === null ? null : { id: c.unidadeNegocioId, nome: c.unidadeNegocioNome },
    comitente: c.comitenteId === null ? null : { id: c.comitenteId, nomeSite: c.comitenteNome },
    contaBancaria: {
      bcoId: c.id,
      banco: c.banco,
      codigoBanco: c.codigoBanco,
      agencia: c.agencia,
      conta: c.conta,
      digito: c.digito,
      titular: c.titular,
      cpfCnpj: c.cpfCnpj,
      chavePix: c.chavePix,
      permiteBoleto: c.permiteBoleto,
      carteiraBoleto: c.carteira,
      recebeLote: c.recebeLote,
      recebeReembolso: c.recebeReembolso,
    },
  };
}
