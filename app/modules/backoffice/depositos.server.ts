import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { inteiro, textoOpcional } from '~/modules/dominio/campos';
import { comoPublicado, type LinhaLote } from './leiloes.server';
import { atualizarCopiaDosLotes } from './lotes.server';
import { publicarLotes } from './publicacao.server';

/*
 * Deposit of goods (depósito de bens, spec 000 §2 `/admin/deposito-bens/{id?}`, Dev with ADM in §6;
 * decision 067): a good entered one of the brand's yards on a day, delivered by someone, in a stated
 * condition. The newest deposit of a vehicle is where it stands: saving it moves the vehicle to that yard
 * and refreshes the location its lots show (published after commit).
 */

export const MENSAGENS_DEPOSITO = {
  naoEncontrado: 'Depósito não encontrado',
  veiculoNaoEncontrado: 'Veículo não encontrado: informe a placa, o chassi ou o uid de um veículo desta marca',
  patioNaoEncontrado: 'Pátio não encontrado',
  dataFutura: 'A data do depósito não pode ser futura',
} as const;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

/** A calendar day, YYYY-MM-DD, that exists. */
export const diaSchema = (mensagem: string) =>
  z
    .string({ error: mensagem })
    .regex(/^\d{4}-\d{2}-\d{2}$/, mensagem)
    .refine((d) => {
      const t = new Date(`${d}T12:00:00Z`);
      return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d && d >= '2000-01-01' && d <= '2100-12-31';
    }, mensagem);

/** Today in São Paulo, YYYY-MM-DD. */
export const hojeEmSaoPaulo = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' }).format(new Date());

export const depositoSchema = z.object({
  /** Plate, chassis or uid of the brand's vehicle. */
  veiculo: z.preprocess((v) => v ?? '', textoLivre(60).pipe(z.string().min(1, 'Informe a placa, o chassi ou o uid do veículo'))),
  patioId: inteiro(1, ID_MAXIMO, 'Escolha o pátio'),
  data: diaSchema('Informe a data do depósito (AAAA-MM-DD)').refine((d) => d <= hojeEmSaoPaulo(), MENSAGENS_DEPOSITO.dataFutura),
  entreguePor: z.preprocess((v) => v ?? '', textoLivre(150).pipe(z.string().min(2, 'Informe quem entregou o bem'))),
  entreguePorDocumento: textoOpcional(30),
  vaga: textoOpcional(30),
  codigoChave: textoOpcional(30),
  observacao: textoOpcional(2000),
});

export const filtroDepositosSchema = z.object({
  patioId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'patioId inválido').optional()),
  busca: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  de: z.preprocess(vazioParaIndefinido, diaSchema('de: use AAAA-MM-DD').optional()),
  ate: z.preprocess(vazioParaIndefinido, diaSchema('ate: use AAAA-MM-DD').optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

export interface Deposito {
  id: number;
  uid: string;
  veiculoId: number;
  veiculoUid: string;
  veiculoNome: string;
  placa: string | null;
  chassi: string | null;
  patioId: number;
  patioNome: string;
  data: string;
  entreguePor: string;
  entreguePorDocumento: string | null;
  vaga: string | null;
  codigoChave: string | null;
  observacao: string | null;
  criadoPor: string | null;
  createdAt: string;
}

const colunas = sql`d.id, d.uid, d.veiculo_id AS "veiculoId", v.uid AS "veiculoUid", v.nome AS "veiculoNome", v.placa, v.chassi,
  d.patio_id AS "patioId", p.nome AS "patioNome", d.data::text AS data, d.entregue_por AS "entreguePor",
  d.entregue_por_documento AS "entreguePorDocumento", d.vaga, d.codigo_chave AS "codigoChave", d.observacao,
  u.nome AS "criadoPor", d.created_at AS "createdAt"`;
const de = sql`deposito_bem d JOIN veiculo v ON v.id = d.veiculo_id JOIN patio p ON p.id = d.patio_id LEFT JOIN usuario u ON u.id = d.created_by_id`;
const normal = (r: Deposito): Deposito => ({
  ...r,
  id: Number(r.id),
  veiculoId: Number(r.veiculoId),
  patioId: Number(r.patioId),
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listarDepositos({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroDepositosSchema.parse(filtro);
  const termo = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const onde = sql.join(
    [
      sql`d.hotsite_id = ${hotsiteId}`,
      f.patioId ? sql`d.patio_id = ${f.patioId}` : sql`TRUE`,
      termo
        ? sql`(v.nome ILIKE ${termo} OR v.placa ILIKE ${termo} OR v.chassi ILIKE ${termo} OR d.entregue_por ILIKE ${termo})`
        : sql`TRUE`,
      f.de ? sql`d.data >= ${f.de}::date` : sql`TRUE`,
      f.ate ? sql`d.data <= ${f.ate}::date` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM ${de} WHERE ${onde}`));
  const itens = linhas<Deposito>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE ${onde} ORDER BY d.data DESC, d.id DESC
                          LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map(normal);
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

export async function obterDeposito({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const [r] = linhas<Deposito>(await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE d.hotsite_id = ${hotsiteId} AND d.id = ${id}`));
  if (!r) throw naoEncontrado(MENSAGENS_DEPOSITO.naoEncontrado);
  return normal(r);
}

/** Every deposit of one vehicle, newest first (the vehicle form's Pátio tab). */
export async function depositosDoVeiculo({ db, hotsiteId, veiculoId }: { db: Db; hotsiteId: number; veiculoId: number }) {
  return linhas<Deposito>(
    await db.execute(sql`SELECT ${colunas} FROM ${de} WHERE d.hotsite_id = ${hotsiteId} AND d.veiculo_id = ${veiculoId}
                          ORDER BY d.data DESC, d.id DESC`),
  ).map(normal);
}

async function veiculoPorReferencia(tx: Tx, hotsiteId: number, ref: string) {
  const limpo = ref.trim().toUpperCase().replace(/[-\s]/g, '');
  const uid = /^[0-9a-f-]{36}$/i.test(ref.trim()) ? ref.trim().toLowerCase() : null;
  const [v] = linhas<{ id: number }>(
    await tx.execute(sql`SELECT id FROM veiculo WHERE hotsite_id = ${hotsiteId}
                           AND (placa = ${limpo} OR chassi = ${limpo} ${uid ? sql`OR uid = ${uid}::uuid` : sql``})
                         ORDER BY id LIMIT 1`),
  );
  if (!v) throw new ErroHttp(400, MENSAGENS_DEPOSITO.veiculoNaoEncontrado, { veiculo: [MENSAGENS_DEPOSITO.veiculoNaoEncontrado] });
  return Number(v.id);
}

/** Moves the vehicle to the yard of its newest deposit and refreshes its lots' location. */
async function seguirDepositoMaisNovo(tx: Tx, hotsiteId: number, veiculoId: number): Promise<LinhaLote[]> {
  const r = await tx.execute(sql`UPDATE veiculo v SET patio_id = d.patio_id, updated_at = now()
      FROM (SELECT patio_id FROM deposito_bem WHERE hotsite_id = ${hotsiteId} AND veiculo_id = ${veiculoId}
             ORDER BY data DESC, id DESC LIMIT 1) d
     WHERE v.id = ${veiculoId} AND v.patio_id IS DISTINCT FROM d.patio_id RETURNING v.id`);
  return linhas(r).length ? atualizarCopiaDosLotes(tx, hotsiteId, veiculoId) : [];
}

/** Registers (id null) or corrects a deposit. */
export async function salvarDeposito({
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
  id: number | null;
  entrada: unknown;
}) {
  const e = depositoSchema.parse(entrada);
  const r = await db.transaction(async (tx) => {
    const veiculoId = await veiculoPorReferencia(tx, hotsiteId, e.veiculo);
    const [p] = linhas(await tx.execute(sql`SELECT 1 FROM patio WHERE hotsite_id = ${hotsiteId} AND id = ${e.patioId}`));
    if (!p) throw new ErroHttp(400, MENSAGENS_DEPOSITO.patioNaoEncontrado, { patioId: [MENSAGENS_DEPOSITO.patioNaoEncontrado] });
    const campos = [
      e.patioId,
      e.data,
      e.entreguePor,
      e.entreguePorDocumento ?? null,
      e.vaga ?? null,
      e.codigoChave ?? null,
      e.observacao ?? null,
    ] as const;
    let salvo: number;
    let anterior: number | null = null;
    if (id === null) {
      const [novo] = linhas<{ id: number }>(
        await tx.execute(sql`INSERT INTO deposito_bem (hotsite_id, veiculo_id, patio_id, data, entregue_por, entregue_por_documento, vaga, codigo_chave, observacao, created_by_id)
          VALUES (${hotsiteId}, ${veiculoId}, ${sql.join(
            campos.map((c) => sql`${c}`),
            sql`, `,
          )}, ${usuarioId}) RETURNING id`),
      );
      salvo = Number(novo.id);
    } else {
      const [antes] = linhas<{ veiculo_id: number }>(
        await tx.execute(sql`SELECT veiculo_id FROM deposito_bem WHERE hotsite_id = ${hotsiteId} AND id = ${id} FOR UPDATE`),
      );
      if (!antes) throw naoEncontrado(MENSAGENS_DEPOSITO.naoEncontrado);
      anterior = Number(antes.veiculo_id);
      await tx.execute(sql`UPDATE deposito_bem SET veiculo_id = ${veiculoId}, patio_id = ${e.patioId}, data = ${e.data}, entregue_por = ${e.entreguePor},
          entregue_por_documento = ${campos[3]}, vaga = ${campos[4]}, codigo_chave = ${campos[5]}, observacao = ${campos[6]}, updated_at = now()
        WHERE id = ${id}`);
      salvo = id;
    }
    const publicar = await seguirDepositoMaisNovo(tx, hotsiteId, veiculoId);
    if (anterior !== null && anterior !== veiculoId) publicar.push(...(await seguirDepositoMaisNovo(tx, hotsiteId, anterior)));
    return { id: salvo, publicar };
  });
  await publicarLotes(hub, hotsiteId, r.publicar.map(comoPublicado));
  return { id: r.id };
}
