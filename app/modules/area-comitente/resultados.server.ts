import { sql, type SQL } from 'drizzle-orm';
import { exceljs } from '~/utils/bibliotecas.server';
import Papa from 'papaparse';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { nomeSemData } from '~/modules/catalogo/regras';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ErroHttp } from '~/utils/errors';
import { centavosParaDecimal, formatarData } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { atualizarResumo } from './resumo.server';
import { colunasDoGrafico, graficoPorId, graficosDaMarca, type ColunaDeGrafico, type LinhaDeResultado, type TipoDaMarca } from './graficos';

/*
 * The seller's results (#30, decision 163), one row per auction or per month of the auction's date, for
 * the reader's sellers: lots offered and sold, hammer against minimum and against the FIPE stored on the
 * vehicle, days from the hammer to the first approved payment and to the pickup, sold lots whose
 * documents have not arrived, money received (approved payments) and to receive (the rest of the sales'
 * totals). PostgreSQL does the sums on integer centavos, from the (seller, auction) summary kept by
 * resumo.server.ts (decision 199); the charts (graficos.ts) draw these rows.
 */

export const MENSAGENS_RESULTADOS = {
  data: 'Data inválida: use o formato AAAA-MM-DD',
  periodo: 'A data inicial deve ser anterior à final',
  leilao: 'Leilão não encontrado',
  agrupar: 'agrupar deve ser leilao ou mes',
  grafico: 'Gráfico não encontrado',
  formato: 'formato deve ser csv ou xlsx',
  comitente: 'Comitente não encontrado',
} as const;

const vazio = (v: unknown) => (v === '' || v == null ? undefined : v);
const dia = z.preprocess(
  vazio,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS_RESULTADOS.data)
    .refine((d) => {
      const t = Date.parse(`${d}T12:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '1900-01-01' && d <= '2100-12-31';
    }, MENSAGENS_RESULTADOS.data)
    .optional(),
);

/** The results' filter: period (auction date), auction (uid), seller (id, staff report), grouping. */
export const consultaResultados = z
  .object({
    de: dia,
    ate: dia,
    leilao: z.preprocess(vazio, z.uuid({ error: MENSAGENS_RESULTADOS.leilao }).optional()),
    comitente: z.preprocess(
      vazio,
      z
        .string()
        .regex(/^\d{1,9}$/, MENSAGENS_RESULTADOS.comitente)
        .transform(Number)
        .optional(),
    ),
    agrupar: z.preprocess(vazio, z.enum(['leilao', 'mes'], MENSAGENS_RESULTADOS.agrupar).default('leilao')),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: MENSAGENS_RESULTADOS.periodo, path: ['ate'] });
export type ConsultaResultados = z.infer<typeof consultaResultados>;

export const exportacaoSchema = z.object({
  grafico: z.string().refine((g) => graficoPorId(g) != null, MENSAGENS_RESULTADOS.grafico),
  formato: z.enum(['csv', 'xlsx'], MENSAGENS_RESULTADOS.formato),
});

type Linha = Record<string, unknown>;
const n = (v: unknown) => (v == null ? 0 : Number(v));

/** Groups at most (newest first): a chart of more bars reads nothing, and a page reads only their lots. */
const MAXIMO_GRUPOS = 12;
/** Auctions read for the months' grouping (the 12 newest months of them). */
const MAXIMO_LEILOES_POR_MES = 400;

export async function resultadosDoComitente({
  db,
  hotsiteId,
  comitentes,
  consulta,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  consulta: ConsultaResultados;
}): Promise<LinhaDeResultado[]> {
  const q = consulta;
  if (q.comitente != null && comitentes !== 'todos' && !comitentes.includes(q.comitente))
    throw new ErroHttp(404, MENSAGENS_RESULTADOS.comitente);
  let leilaoId: number | null = null;
  if (q.leilao) {
    const [le] = linhas<Linha>(await db.execute(sql`SELECT id FROM leilao WHERE uid = ${q.leilao} AND hotsite_id = ${hotsiteId}`));
    if (!le) throw new ErroHttp(404, MENSAGENS_RESULTADOS.leilao);
    leilaoId = Number(le.id);
  }
  const diaDoLeilao = sql`(le.data AT TIME ZONE 'America/Sao_Paulo')`;
  const grupo: SQL = q.agrupar === 'mes' ? sql`to_char(${diaDoLeilao}, 'YYYY-MM')` : sql`le.uid::text`;
  const rotulo: SQL = q.agrupar === 'mes' ? sql`to_char(${diaDoLeilao}, 'MM/YYYY')` : sql`le.nome`;
  const doLeitor: SQL = sql`r.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`r.comitente_id`, comitentes)}
    ${q.comitente != null ? sql`AND r.comitente_id = ${q.comitente}` : sql``}`;
  // The charts read the (seller, auction) summary (decision 199), brought up to date for the reader's
  // sellers first: the auctions (the newest with a row of the reader), then only their rows.
  await atualizarResumo({ db, hotsiteId, comitentes: q.comitente != null ? [q.comitente] : comitentes });
  // Results are of auctions that have begun (decision 274): one not yet held has none, and read as 0% sold.
  const ondeLeilao: SQL = sql`le.hotsite_id = ${hotsiteId} AND le.data <= now()
    ${leilaoId != null ? sql`AND le.id = ${leilaoId}` : sql``}
    ${q.de ? sql`AND ${diaDoLeilao}::date >= ${q.de}::date` : sql``}
    ${q.ate ? sql`AND ${diaDoLeilao}::date <= ${q.ate}::date` : sql``}
    AND EXISTS (SELECT 1 FROM resumo_comitente_leilao r WHERE r.leilao_id = le.id AND ${doLeitor})`;
  const media = (soma: string, n: string) => sql.raw(`sum(r.${soma}) / nullif(sum(r.${n}), 0)`);
  const rs = linhas<Linha>(
    await db.execute(sql`
      WITH leiloes AS (
        SELECT le.id, le.data, ${grupo} AS grupo, ${rotulo} AS rotulo FROM leilao le
         WHERE ${ondeLeilao} ORDER BY le.data DESC, le.id DESC LIMIT ${q.agrupar === 'mes' ? MAXIMO_LEILOES_POR_MES : MAXIMO_GRUPOS}),
      grupos AS (
        SELECT grupo, max(rotulo) AS rotulo, max(data) AS data FROM leiloes GROUP BY grupo ORDER BY max(data) DESC LIMIT ${MAXIMO_GRUPOS})
      SELECT g.grupo, g.rotulo, g.data, sum(r.ofertados) AS ofertados, sum(r.vendidos) AS vendidos,
             ${media('soma_sobre_minimo', 'n_sobre_minimo')} AS sobre_minimo, ${media('soma_sobre_fipe', 'n_sobre_fipe')} AS sobre_fipe,
             sum(r.documentos_pendentes) AS documentos_pendentes, sum(r.recebido) AS recebido, sum(r.a_receber) AS a_receber,
             ${media('soma_dias_pagamento', 'n_dias_pagamento')} AS dias_pagamento, ${media('soma_dias_retirada', 'n_dias_retirada')} AS dias_retirada
        FROM grupos g
        JOIN leiloes le ON le.grupo = g.grupo
        JOIN resumo_comitente_leilao r ON r.leilao_id = le.id AND ${doLeitor}
       GROUP BY g.grupo, g.rotulo, g.data
       ORDER BY g.data ASC`),
  );
  const umaCasa = (v: unknown) => (v == null ? null : Math.round(Number(v) * 10) / 10);
  return rs.map((r) => {
    const ofertados = n(r.ofertados);
    const vendidos = n(r.vendidos);
    return {
      grupo: String(r.grupo),
      rotulo:
        q.agrupar === 'mes'
          ? String(r.rotulo)
          : `${nomeSemData(String(r.rotulo))} — ${formatarData(new Date(r.data as string).toISOString())}`,
      ofertados,
      vendidos,
      taxaVenda: ofertados ? Math.round((vendidos * 10000) / ofertados) : null,
      arremateSobreMinimo: r.sobre_minimo == null ? null : Math.round(Number(r.sobre_minimo)),
      arremateSobreFipe: r.sobre_fipe == null ? null : Math.round(Number(r.sobre_fipe)),
      diasAtePagamento: umaCasa(r.dias_pagamento),
      diasAteRetirada: umaCasa(r.dias_retirada),
      documentosPendentes: n(r.documentos_pendentes),
      recebido: n(r.recebido),
      aReceber: n(r.a_receber),
    };
  });
}

/** A cell as exported: money and rates as exact decimals (1050.00, 85.50), days with one decimal. */
function valorExportado(c: ColunaDeGrafico, v: unknown): string | number | null {
  if (v == null) return null;
  const x = Number(v);
  if (c.tipo === 'dinheiro') return centavosParaDecimal(x);
  if (c.tipo === 'porcentagem') return (x / 100).toFixed(2);
  return x;
}
const cabecalho = (c: ColunaDeGrafico) =>
  c.tipo === 'dinheiro'
    ? `${c.rotulo} (R$)`
    : c.tipo === 'porcentagem'
      ? `${c.rotulo} (%)`
      : c.tipo === 'dias'
        ? `${c.rotulo} (dias)`
        : c.rotulo;

/** One chart's table as CSV for a pt-BR spreadsheet (`;`, a BOM for Excel, formulas escaped). */
export function graficoEmCsv(
  graficoId: string,
  rs: readonly LinhaDeResultado[],
  rotuloGrupo: string,
  tipo: TipoDaMarca = 'leilao',
): string {
  const g = graficoPorId(graficoId, tipo) ?? graficosDaMarca(tipo)[0];
  const cols = colunasDoGrafico(g);
  const dados = rs.map((r) => [r.rotulo, ...cols.map((c) => String(valorExportado(c, r[c.chave]) ?? ''))]);
  return `\uFEFF${Papa.unparse({ fields: [rotuloGrupo, ...cols.map(cabecalho)], data: dados }, { delimiter: ';', escapeFormulae: true })}`;
}

/** One chart's table as XLSX: numbers as numbers (money in reais, rates in percent). */
export async function graficoEmXlsx(
  graficoId: string,
  rs: readonly LinhaDeResultado[],
  rotuloGrupo: string,
  tipo: TipoDaMarca = 'leilao',
): Promise<Buffer> {
  const g = graficoPorId(graficoId, tipo) ?? graficosDaMarca(tipo)[0];
  const cols = colunasDoGrafico(g);
  const ExcelJS = await exceljs();
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet(g.titulo.slice(0, 31));
  folha.addRow([rotuloGrupo, ...cols.map(cabecalho)]).font = { bold: true };
  for (const r of rs) {
    const valor = (c: ColunaDeGrafico) => {
      const v = valorExportado(c, r[c.chave]);
      return v == null ? null : Number(v);
    };
    folha.addRow([r.rotulo, ...cols.map(valor)]);
  }
  cols.forEach((c, i) => {
    if (c.tipo === 'dinheiro' || c.tipo === 'porcentagem') folha.getColumn(i + 2).numFmt = '#,##0.00';
  });
  return Buffer.from(await livro.xlsx.writeBuffer());
}
