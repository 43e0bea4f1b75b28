import { sql, type SQL } from 'drizzle-orm';
import { exceljs } from '~/utils/bibliotecas.server';
import Papa from 'papaparse';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { nomeSemData } from '~/modules/catalogo/regras';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ErroHttp } from '~/utils/errors';
import { centavosParaDecimal, formatarData } from '~/utils/format';
import { idValido } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { SITUACOES_CONDICIONAL, SITUACOES_NAO_ARREMATADO, SITUACOES_ARREMATADO } from '~/modules/dominio/situacoes';

/*
 * Consignor reports (/admin/relatorios-comitente, Comitente + ADM; decision 079): per seller and auction,
 * the lots offered / sold / conditional / unsold, the hammer (arremate) of the sold lots in the sales that
 * count, the auctioneer's commission on them, the discounts granted and the seller's net (arremate −
 * desconto). A seller user reads only the sellers it is tied to. Sums are done by PostgreSQL on integer
 * centavos.
 */
type Linha = Record<string, unknown>;
const n = (v: unknown) => (v == null ? 0 : Number(v));

export const MENSAGENS_RELATORIO_COMITENTE = {
  comitenteAlheio: 'Você não tem acesso aos relatórios deste comitente',
  comitenteNaoEncontrado: 'Comitente não encontrado',
  leilaoNaoEncontrado: 'Leilão não encontrado',
  data: 'Data inválida: use o formato AAAA-MM-DD',
  periodo: 'A data inicial deve ser anterior à final',
  pagina: 'Página inválida',
  formato: 'formato deve ser csv ou xlsx',
} as const;

const vazio = (v: unknown) => (v === '' || v == null ? undefined : v);
const dia = z.preprocess(
  vazio,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS_RELATORIO_COMITENTE.data)
    .refine((d) => {
      const t = Date.parse(`${d}T12:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d && d >= '1900-01-01' && d <= '2100-12-31';
    }, MENSAGENS_RELATORIO_COMITENTE.data)
    .optional(),
);
const id = (mensagem: string) =>
  z.preprocess(
    vazio,
    z
      .string()
      .regex(/^\d{1,10}$/, mensagem)
      .transform(Number)
      .refine(idValido, mensagem)
      .optional(),
  );

/** The page's and the export's query: auction, seller, auction-date window, page. */
export const consultaRelatorioComitente = z
  .object({
    leilao: id(MENSAGENS_RELATORIO_COMITENTE.leilaoNaoEncontrado),
    comitente: id(MENSAGENS_RELATORIO_COMITENTE.comitenteNaoEncontrado),
    de: dia,
    ate: dia,
    pagina: z.preprocess(
      vazio,
      z
        .string()
        .regex(/^\d{1,5}$/, MENSAGENS_RELATORIO_COMITENTE.pagina)
        .transform(Number)
        .refine((p) => p >= 1 && p <= 10_000, MENSAGENS_RELATORIO_COMITENTE.pagina)
        .optional(),
    ),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: MENSAGENS_RELATORIO_COMITENTE.periodo, path: ['ate'] });
export type ConsultaRelatorioComitente = z.infer<typeof consultaRelatorioComitente>;

export interface LinhaRelatorioComitente {
  comitente: { id: number; nome: string };
  leilao: { id: number; uid: string; nome: string; data: string };
  ofertados: number;
  vendidos: number;
  condicionais: number;
  naoVendidos: number;
  arremate: number;
  comissao: number;
  desconto: number;
  liquido: number;
}
export type TotaisRelatorioComitente = Omit<LinhaRelatorioComitente, 'comitente' | 'leilao'>;

const lista = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
/** Sales that count: not cancelled nor given up (as /admin/relatorios). */
const VENDA_CONTA = sql`v.situacao NOT IN ('Cancelada', 'ClienteDesistiu')`;

/**
 * The report: one row per (seller, auction) with lots of that seller in that auction, newest auction
 * first, `porPagina` rows a page (0 = all, for the export), and the totals of every row that matches.
 * A seller filter outside the reader's sellers is a 403; one that is not the brand's a 404.
 */
export async function relatorioDeComitentes({
  db,
  hotsiteId,
  comitentes,
  consulta,
  porPagina = 30,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  consulta: ConsultaRelatorioComitente;
  porPagina?: number;
}) {
  const q = consulta;
  if (q.comitente != null) {
    if (comitentes !== 'todos' && !comitentes.includes(q.comitente)) throw new ErroHttp(403, MENSAGENS_RELATORIO_COMITENTE.comitenteAlheio);
    const [c] = linhas<Linha>(await db.execute(sql`SELECT id FROM comitente WHERE id = ${q.comitente} AND hotsite_id = ${hotsiteId}`));
    if (!c) throw new ErroHttp(404, MENSAGENS_RELATORIO_COMITENTE.comitenteNaoEncontrado);
  }
  if (q.leilao != null) {
    const [le] = linhas<Linha>(await db.execute(sql`SELECT id FROM leilao WHERE id = ${q.leilao} AND hotsite_id = ${hotsiteId}`));
    if (!le) throw new ErroHttp(404, MENSAGENS_RELATORIO_COMITENTE.leilaoNaoEncontrado);
  }
  // Auction dates are instants; the window is whole São Paulo days.
  const diaDoLeilao = sql`(le.data AT TIME ZONE 'America/Sao_Paulo')::date`;
  const onde: SQL = sql`l.hotsite_id = ${hotsiteId} AND l.comitente_id IS NOT NULL AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
    ${q.comitente != null ? sql`AND l.comitente_id = ${q.comitente}` : sql``}
    ${q.leilao != null ? sql`AND l.leilao_id = ${q.leilao}` : sql``}
    ${q.de ? sql`AND ${diaDoLeilao} >= ${q.de}::date` : sql``}
    ${q.ate ? sql`AND ${diaDoLeilao} <= ${q.ate}::date` : sql``}`;
  const grupos = sql`
    WITH lotes AS (
      SELECT l.comitente_id, l.leilao_id, count(*) AS ofertados,
             count(*) FILTER (WHERE l.situacao IN (${lista(SITUACOES_ARREMATADO)})) AS vendidos,
             count(*) FILTER (WHERE l.situacao IN (${lista(SITUACOES_CONDICIONAL)})) AS condicionais,
             count(*) FILTER (WHERE l.situacao IN (${lista(SITUACOES_NAO_ARREMATADO)})) AS nao_vendidos
        FROM lote l JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
       WHERE ${onde}
       GROUP BY l.comitente_id, l.leilao_id),
    dinheiro AS (
      SELECT l.comitente_id, l.leilao_id, sum(i.valor) AS arremate, sum(i.comissao) AS comissao
        FROM venda_item i JOIN venda v ON v.id = i.venda_id AND v.hotsite_id = i.hotsite_id JOIN lote l ON l.id = i.lote_id
       WHERE i.hotsite_id = ${hotsiteId} AND i.ativo AND ${VENDA_CONTA}
       GROUP BY l.comitente_id, l.leilao_id),
    descontos AS (
      SELECT v.comitente_id, v.leilao_id, sum(v.valor_desconto) AS desconto
        FROM venda v WHERE v.hotsite_id = ${hotsiteId} AND ${VENDA_CONTA}
       GROUP BY v.comitente_id, v.leilao_id),
    grupos AS (
      SELECT g.*, coalesce(d.arremate, 0) AS arremate, coalesce(d.comissao, 0) AS comissao, coalesce(ds.desconto, 0) AS desconto
        FROM lotes g
        LEFT JOIN dinheiro d ON d.comitente_id = g.comitente_id AND d.leilao_id = g.leilao_id
        LEFT JOIN descontos ds ON ds.comitente_id = g.comitente_id AND ds.leilao_id = g.leilao_id)`;
  const [rs, soma] = await Promise.all([
    db.execute(sql`${grupos}
      SELECT g.*, c.nome_site, le.uid AS leilao_uid, le.nome AS leilao_nome, le.data AS leilao_data
        FROM grupos g JOIN comitente c ON c.id = g.comitente_id JOIN leilao le ON le.id = g.leilao_id
       ORDER BY le.data DESC, le.id DESC, c.nome_site, c.id
       ${porPagina > 0 ? sql`LIMIT ${porPagina} OFFSET ${((q.pagina ?? 1) - 1) * porPagina}` : sql``}`),
    db.execute(sql`${grupos}
      SELECT count(*) AS linhas, coalesce(sum(ofertados), 0) AS ofertados, coalesce(sum(vendidos), 0) AS vendidos,
             coalesce(sum(condicionais), 0) AS condicionais, coalesce(sum(nao_vendidos), 0) AS nao_vendidos,
             coalesce(sum(arremate), 0) AS arremate, coalesce(sum(comissao), 0) AS comissao, coalesce(sum(desconto), 0) AS desconto
        FROM grupos`),
  ]);
  const linhasR = linhas<Linha>(rs).map((r): LinhaRelatorioComitente => ({
    comitente: { id: Number(r.comitente_id), nome: String(r.nome_site) },
    leilao: {
      id: Number(r.leilao_id),
      uid: String(r.leilao_uid),
      nome: nomeSemData(String(r.leilao_nome)),
      data: new Date(r.leilao_data as string).toISOString(),
    },
    ofertados: n(r.ofertados),
    vendidos: n(r.vendidos),
    condicionais: n(r.condicionais),
    naoVendidos: n(r.nao_vendidos),
    arremate: n(r.arremate),
    comissao: n(r.comissao),
    desconto: n(r.desconto),
    liquido: n(r.arremate) - n(r.desconto),
  }));
  const s = linhas<Linha>(soma)[0] ?? {};
  const totais: TotaisRelatorioComitente = {
    ofertados: n(s.ofertados),
    vendidos: n(s.vendidos),
    condicionais: n(s.condicionais),
    naoVendidos: n(s.nao_vendidos),
    arremate: n(s.arremate),
    comissao: n(s.comissao),
    desconto: n(s.desconto),
    liquido: n(s.arremate) - n(s.desconto),
  };
  const quantidade = n(s.linhas);
  return {
    linhas: linhasR,
    totais,
    quantidade,
    pagina: q.pagina ?? 1,
    paginas: porPagina > 0 ? Math.max(1, Math.ceil(quantidade / porPagina)) : 1,
  };
}
export type RelatorioDeComitentes = Awaited<ReturnType<typeof relatorioDeComitentes>>;

/** The pickers: the reader's sellers and the auctions where they have lots (newest first, 200 at most). */
export async function opcoesDoRelatorioComitente({ db, hotsiteId, comitentes }: { db: Db; hotsiteId: number; comitentes: Comitentes }) {
  const [cs, ls] = await Promise.all([
    db.execute(sql`SELECT c.id, c.nome_site FROM comitente c
                    WHERE c.hotsite_id = ${hotsiteId} AND ${filtroComitentes(sql`c.id`, comitentes)} ORDER BY c.nome_site, c.id`),
    db.execute(sql`SELECT le.id, le.nome, le.data FROM leilao le
                    WHERE le.hotsite_id = ${hotsiteId}
                      AND EXISTS (SELECT 1 FROM lote l WHERE l.leilao_id = le.id AND l.hotsite_id = le.hotsite_id
                                     AND l.comitente_id IS NOT NULL AND ${filtroComitentes(sql`l.comitente_id`, comitentes)})
                    ORDER BY le.data DESC, le.id DESC LIMIT 200`),
  ]);
  return {
    comitentes: linhas<Linha>(cs).map((r) => ({ id: Number(r.id), nome: String(r.nome_site) })),
    leiloes: linhas<Linha>(ls).map((r) => ({
      id: Number(r.id),
      nome: nomeSemData(String(r.nome)),
      data: new Date(r.data as string).toISOString(),
    })),
  };
}

const CABECALHO = [
  'Comitente',
  'Leilão',
  'Data do leilão',
  'Lotes ofertados',
  'Vendidos',
  'Em condicional',
  'Não vendidos',
  'Arremate',
  'Comissão',
  'Desconto',
  'Líquido do comitente',
] as const;

const celulas = (l: LinhaRelatorioComitente) => [
  l.comitente.nome,
  l.leilao.nome,
  formatarData(l.leilao.data),
  l.ofertados,
  l.vendidos,
  l.condicionais,
  l.naoVendidos,
];

/** CSV for a pt-BR spreadsheet: `;` between fields, money as exact decimal text (1050.00), a BOM for Excel. */
export function relatorioComitenteEmCsv(r: RelatorioDeComitentes): string {
  const dados = r.linhas.map((l) => [
    ...celulas(l).map(String),
    centavosParaDecimal(l.arremate),
    centavosParaDecimal(l.comissao),
    centavosParaDecimal(l.desconto),
    centavosParaDecimal(l.liquido),
  ]);
  return `\uFEFF${Papa.unparse({ fields: [...CABECALHO], data: dados }, { delimiter: ';', escapeFormulae: true })}`;
}

/** XLSX: the rows, then a Total row; money in reais with two decimals. */
export async function relatorioComitenteEmXlsx(r: RelatorioDeComitentes): Promise<Buffer> {
  const ExcelJS = await exceljs();
  const livro = new ExcelJS.Workbook();
  const folha = livro.addWorksheet('Comitentes');
  folha.addRow([...CABECALHO]).font = { bold: true };
  const reais = (c: number) => Number(centavosParaDecimal(c));
  for (const l of r.linhas) folha.addRow([...celulas(l), reais(l.arremate), reais(l.comissao), reais(l.desconto), reais(l.liquido)]);
  const t = r.totais;
  folha.addRow([
    'Total',
    '',
    '',
    t.ofertados,
    t.vendidos,
    t.condicionais,
    t.naoVendidos,
    reais(t.arremate),
    reais(t.comissao),
    reais(t.desconto),
    reais(t.liquido),
  ]).font = { bold: true };
  for (const c of [8, 9, 10, 11]) folha.getColumn(c).numFmt = '#,##0.00';
  return Buffer.from(await livro.xlsx.writeBuffer());
}
