import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { type Comitentes, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { textoLivre } from '~/utils/entrada';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { inteiro } from '~/modules/dominio/campos';
import { SITUACOES_ESTOQUE, type SituacaoEstoque } from './estoque-rotulos';

/*
 * The stock (`/admin/estoque`, spec 000 §2; Comitente + ADM in §6; decision 067): vehicles standing in one
 * of the brand's yards, each with its stock situation, derived from its lots and sales:
 *   VENDIDO    an active sale item holds one of its lots, or a lot is in a paid/awaiting-payment state;
 *   EM_LEILAO  a lot is in an auction not yet executed or cancelled, and still in the running;
 *   DISPONIVEL otherwise: in the yard, free to be put in an auction or sold directly.
 * The screen opens on DISPONIVEL (the stock proper). A seller user sees only their sellers' vehicles.
 */

/** Lot situations that mean the good is sold (or being paid for). */
const LOTE_VENDIDO = ['AG_PAGAMENTO', 'PAGO', 'PAGO_CARTAO', 'PARCIAL_CARTAO', 'BOLETO', 'BUY_NOW', 'RECOMPRA'];
/** Lot situations out of the running: the lot no longer holds the vehicle in its auction. */
const LOTE_FORA = [
  'NAO_ARREMATADO',
  'CANCELADO_NO_LEILAO',
  'LOTE_CANCELADO',
  'RETIRADO',
  'CLIENTE_DESISTIU',
  'CONDICIONAL_NEGADA',
  'NEGADA_CONDICIONAL',
];

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);
const idOpcional = (m: string) => z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, m).optional());

export const filtroEstoqueSchema = z.object({
  patioId: idOpcional('patioId inválido'),
  comitenteId: idOpcional('comitenteId inválido'),
  veiculoTipoId: idOpcional('veiculoTipoId inválido'),
  /** 'TODAS' lists every vehicle in a yard whatever its situation. */
  situacao: z.preprocess(
    (v) => (v === '' || v === undefined ? 'DISPONIVEL' : v),
    z.enum([...SITUACOES_ESTOQUE, 'TODAS'], { error: 'situacao deve ser DISPONIVEL, EM_LEILAO, VENDIDO ou TODAS' }),
  ),
  busca: z.preprocess(vazioParaIndefinido, textoLivre(100).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

const lista = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** The stock situation of vehicle `v`, as SQL. */
const situacaoSql = sql`CASE
  WHEN EXISTS (SELECT 1 FROM lote l WHERE l.veiculo_id = v.id
                 AND (l.situacao IN (${lista(LOTE_VENDIDO)})
                      OR EXISTS (SELECT 1 FROM venda_item vi WHERE vi.lote_id = l.id AND vi.ativo))) THEN 'VENDIDO'
  WHEN EXISTS (SELECT 1 FROM lote l JOIN leilao le ON le.id = l.leilao_id WHERE l.veiculo_id = v.id
                 AND le.situacao NOT IN ('EXECUTADO', 'CANCELADO') AND l.situacao NOT IN (${lista(LOTE_FORA)})) THEN 'EM_LEILAO'
  ELSE 'DISPONIVEL' END`;

export interface ItemEstoque {
  id: number;
  uid: string;
  nome: string;
  placa: string | null;
  chassi: string | null;
  anoModelo: number | null;
  tipo: string;
  comitente: string | null;
  patioId: number;
  patio: string;
  unidadeNegocio: string | null;
  situacao: SituacaoEstoque;
  /** Day of the last deposit in the yard (deposito_bem), if one was registered. */
  entrada: string | null;
  valorMercado: number | null;
}

export async function listarEstoque({
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
  const f = filtroEstoqueSchema.parse(filtro);
  const termo = f.busca ? `%${f.busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const onde = sql.join(
    [
      sql`v.hotsite_id = ${hotsiteId}`,
      sql`v.patio_id IS NOT NULL`,
      comitentes === 'todos' ? sql`TRUE` : sql`v.comitente_id IS NOT NULL AND ${filtroComitentes(sql`v.comitente_id`, comitentes)}`,
      f.patioId ? sql`v.patio_id = ${f.patioId}` : sql`TRUE`,
      f.comitenteId ? sql`v.comitente_id = ${f.comitenteId}` : sql`TRUE`,
      f.veiculoTipoId ? sql`v.veiculo_tipo_id = ${f.veiculoTipoId}` : sql`TRUE`,
      termo ? sql`(v.nome ILIKE ${termo} OR v.placa ILIKE ${termo} OR v.chassi ILIKE ${termo})` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const base = sql`SELECT v.*, ${situacaoSql} AS situacao_estoque FROM veiculo v WHERE ${onde}`;
  const filtrada = f.situacao === 'TODAS' ? sql`TRUE` : sql`e.situacao_estoque = ${f.situacao}`;
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM (${base}) e WHERE ${filtrada}`));
  const itens = linhas<ItemEstoque>(
    await db.execute(sql`
      SELECT e.id, e.uid, e.nome, e.placa, e.chassi, e.ano_modelo AS "anoModelo", t.nome AS tipo, c.nome_site AS comitente,
             e.patio_id AS "patioId", p.nome AS patio, un.nome AS "unidadeNegocio", e.situacao_estoque AS situacao,
             (SELECT max(d.data)::text FROM deposito_bem d WHERE d.veiculo_id = e.id AND d.patio_id = e.patio_id) AS entrada,
             e.valor_mercado AS "valorMercado"
        FROM (${base}) e
        JOIN veiculo_tipo t ON t.id = e.veiculo_tipo_id
        JOIN patio p ON p.id = e.patio_id
        LEFT JOIN comitente c ON c.id = e.comitente_id
        LEFT JOIN unidade_negocio un ON un.id = e.unidade_negocio_id
       WHERE ${filtrada}
       ORDER BY p.nome, e.id DESC
       LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map((r) => ({
    ...r,
    id: Number(r.id),
    patioId: Number(r.patioId),
    valorMercado: r.valorMercado == null ? null : Number(r.valorMercado),
  }));
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina, situacao: f.situacao };
}
