import { sql, type SQL } from 'drizzle-orm';
import { exceljs } from '~/utils/bibliotecas.server';
import Papa from 'papaparse';
import type { Db } from '@db/client.server';
import { nomeSemData } from '~/modules/catalogo/regras';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ErroHttp } from '~/utils/errors';
import { centavosParaDecimal, formatarData } from '~/utils/format';
import { linhas } from '~/utils/linhas.server';
import { buscarVenda } from './consultas.server';
import { meiosDePagamento } from './meios.server';
import { documentoParaOLeitor } from './documentos';
import { vendasDoDocumento } from './nota.server';
import { SITUACAO_VENDA, type FiltroVenda, type SituacaoVenda, type Tom } from './regras';
import { grupoDoLote } from './documentos';

/*
 * Staff views over one auction's sales (decision 071): the boletos (/admin/boletos, Comitente + ADM; a
 * seller user only its sellers' sales), the report (/admin/relatorios, Acerto, SAC, ADM) with its CSV
 * and XLSX export, and the auction's notes (nota-leilao). Money stays integer centavos: sums are done
 * by PostgreSQL on integers and written out as decimal text.
 */
type Linha = Record<string, unknown>;
const n = (v: unknown) => (v == null ? 0 : Number(v));

export const MENSAGENS_RELATORIO = { leilaoNaoEncontrado: 'Leilão não encontrado' } as const;

export interface LeilaoComVendas {
  id: number;
  uid: string;
  nome: string;
  data: string;
  vendas: number;
}

const dosComitentes = (comitentes: Comitentes): SQL => filtroComitentes(sql`v.comitente_id`, comitentes);

/** The brand's auctions that have sales (those the reader may see), newest first: the pickers. */
export async function leiloesComVendas({ db, hotsiteId, comitentes = 'todos' }: { db: Db; hotsiteId: number; comitentes?: Comitentes }) {
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT le.id, le.uid, le.nome, le.data, count(v.id) AS vendas
        FROM leilao le JOIN venda v ON v.leilao_id = le.id AND v.hotsite_id = le.hotsite_id
       WHERE le.hotsite_id = ${hotsiteId} AND ${dosComitentes(comitentes)}
       GROUP BY le.id ORDER BY le.data DESC, le.id DESC LIMIT 100`),
  );
  return rs.map((r): LeilaoComVendas => ({
    id: Number(r.id),
    uid: String(r.uid),
    nome: String(r.nome),
    data: new Date(r.data as string).toISOString(),
    vendas: n(r.vendas),
  }));
}

/** One auction of the brand by uid or numeric id; 404 otherwise. */
export async function leilaoDaMarca({ db, hotsiteId, chave }: { db: Db; hotsiteId: number; chave: string | number }) {
  const porId = typeof chave === 'number' ? chave : /^\d{1,9}$/.test(chave) ? Number(chave) : null;
  const porUid = typeof chave === 'string' && /^[0-9a-f-]{36}$/i.test(chave) ? chave : null;
  if (porId == null && porUid == null) throw new ErroHttp(404, MENSAGENS_RELATORIO.leilaoNaoEncontrado);
  const [r] = linhas<Linha>(
    await db.execute(sql`SELECT id, uid, nome, data, leiloeiro_id FROM leilao
                          WHERE hotsite_id = ${hotsiteId} AND ${porId != null ? sql`id = ${porId}` : sql`uid = ${porUid}`}`),
  );
  if (!r) throw new ErroHttp(404, MENSAGENS_RELATORIO.leilaoNaoEncontrado);
  return { id: Number(r.id), uid: String(r.uid), nome: nomeSemData(String(r.nome)), data: new Date(r.data as string).toISOString() };
}

// ---------------------------------------------------------------------------------------------------
// Boletos

export interface LinhaBoleto {
  vendaId: number;
  cliente: string;
  lotes: string;
  comitente: string | null;
  situacao: SituacaoVenda;
  situacaoRotulo: string;
  tom: Tom;
  total: number;
  /** What the boleto charges: the sale's remaining balance (0 → nothing to charge). */
  valor: number;
  linhaDigitavel: string | null;
  codigoBarras: string | null;
  barrasSvg: string | null;
  vencimento: string | null;
  /** Em aberto (a boleto for the remaining), Pago (nothing remains), Sem boleto (the account issues none). */
  boleto: 'Em aberto' | 'Pago' | 'Sem boleto';
}

/**
 * The boletos of an auction's sales, 30 a page: for each sale, the FEBRABAN boleto of what remains
 * (meios.server.ts), with its line, value and due date. Filtered by sale situation and by client
 * name or sale id; a seller user sees only its sellers' sales.
 */
export async function boletosDoLeilao({
  db,
  hotsiteId,
  leilaoId,
  comitentes,
  filtro = null,
  busca = null,
  pagina = 1,
  porPagina = 30,
  vendaId = null,
}: {
  db: Db;
  hotsiteId: number;
  leilaoId: number;
  comitentes: Comitentes;
  filtro?: FiltroVenda | null;
  busca?: string | null;
  pagina?: number;
  porPagina?: number;
  vendaId?: number | null;
}) {
  const onde = sql`v.hotsite_id = ${hotsiteId} AND v.leilao_id = ${leilaoId} AND ${dosComitentes(comitentes)}
    ${filtro ? sql`AND v.situacao = ${filtro}` : sql``}
    ${vendaId ? sql`AND v.id = ${vendaId}` : sql``}
    ${busca ? sql`AND (u.nome ILIKE ${`%${busca}%`} OR v.id::text = ${busca})` : sql``}`;
  const [ids, contagem] = await Promise.all([
    db.execute(sql`SELECT v.id FROM venda v JOIN usuario u ON u.id = v.usuario_id WHERE ${onde}
                    ORDER BY v.id DESC LIMIT ${porPagina} OFFSET ${(pagina - 1) * porPagina}`),
    db.execute(sql`SELECT count(*) AS n FROM venda v JOIN usuario u ON u.id = v.usuario_id WHERE ${onde}`),
  ]);
  const boletos: LinhaBoleto[] = [];
  for (const { id } of linhas<Linha>(ids)) {
    const v = await buscarVenda({ db, hotsiteId, leitor: 'equipe', id: Number(id) });
    if (!v) continue;
    const encerrada = v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu';
    const m = encerrada ? null : await meiosDePagamento(v);
    boletos.push({
      vendaId: v.id,
      cliente: v.cliente.nome,
      lotes: v.lotes,
      comitente: v.comitente,
      situacao: v.situacao,
      situacaoRotulo: v.situacaoRotulo,
      tom: v.tom,
      total: v.totais.total,
      valor: m?.valor ?? 0,
      linhaDigitavel: m?.boleto?.linhaDigitavel ?? null,
      codigoBarras: m?.boleto?.codigoBarras ?? null,
      barrasSvg: m?.boleto?.barrasSvg ?? null,
      vencimento: m?.boleto?.vencimento ?? null,
      boleto: m?.boleto ? 'Em aberto' : (m?.valor ?? 0) <= 0 && !encerrada ? 'Pago' : 'Sem boleto',
    });
  }
  return { boletos, total: n(linhas<Linha>(contagem)[0]?.n) };
}

// ---------------------------------------------------------------------------------------------------
// Report

export interface LinhaDoRelatorio {
  venda: number;
  cliente: string;
  email: string;
  lotes: string;
  comitente: string;
  situacao: string;
  arremate: number;
  comissao: number;
  taxas: number;
  desconto: number;
  total: number;
  dataPagamento: string;
}

export interface Relatorio {
  leilao: { id: number; uid: string; nome: string; data: string };
  porSituacao: { situacao: SituacaoVenda; rotulo: string; vendas: number; total: number }[];
  /** Sales that count (not cancelled nor given up). */
  totais: { vendas: number; arremate: number; comissao: number; taxas: number; desconto: number; total: number };
  lotes: { total: number; vendidos: number; naoVendidos: number; condicionais: number; emAndamento: number };
  linhas: LinhaDoRelatorio[];
}

export async function relatorioDoLeilao({ db, hotsiteId, leilao }: { db: Db; hotsiteId: number; leilao: string | number }) {
  const le = await leilaoDaMarca({ db, hotsiteId, chave: leilao });
  const [situacoes, lotes, rs] = await Promise.all([
    db.execute(sql`SELECT situacao, count(*) AS n, coalesce(sum(total), 0) AS total FROM venda
                    WHERE hotsite_id = ${hotsiteId} AND leilao_id = ${le.id} GROUP BY situacao`),
    db.execute(sql`SELECT situacao, count(*) AS n FROM lote WHERE hotsite_id = ${hotsiteId} AND leilao_id = ${le.id} GROUP BY situacao`),
    db.execute(sql`
      SELECT v.id, v.situacao, v.arremate, v.valor_comissao, v.valor_desconto, v.total, v.data_pagamento, v.cabecalho,
             u.nome AS cliente, u.email,
             (SELECT string_agg(l.numero, ', ' ORDER BY l.numero) FROM venda_item i JOIN lote l ON l.id = i.lote_id
               WHERE i.venda_id = v.id AND i.ativo) AS lotes
        FROM venda v JOIN usuario u ON u.id = v.usuario_id
       WHERE v.hotsite_id = ${hotsiteId} AND v.leilao_id = ${le.id} ORDER BY v.id`),
  ]);
  const porSit = new Map(linhas<Linha>(situacoes).map((r) => [String(r.situacao), r]));
  const porSituacao = (Object.keys(SITUACAO_VENDA) as SituacaoVenda[]).map((s) => ({
    situacao: s,
    rotulo: SITUACAO_VENDA[s].rotulo,
    vendas: n(porSit.get(s)?.n),
    total: n(porSit.get(s)?.total),
  }));
  const contagem = { total: 0, vendidos: 0, naoVendidos: 0, condicionais: 0, emAndamento: 0 };
  for (const r of linhas<Linha>(lotes)) {
    contagem[grupoDoLote(String(r.situacao))] += n(r.n);
    contagem.total += n(r.n);
  }
  const linhasR = linhas<Linha>(rs).map((r): LinhaDoRelatorio => ({
    venda: Number(r.id),
    cliente: String(r.cliente),
    email: String(r.email),
    lotes: String(r.lotes ?? ''),
    comitente: String((r.cabecalho as { comitente?: string } | null)?.comitente ?? ''),
    situacao: SITUACAO_VENDA[r.situacao as SituacaoVenda].rotulo,
    arremate: n(r.arremate),
    comissao: n(r.valor_comissao),
    taxas: n(r.total) - n(r.arremate) - n(r.valor_comissao),
    desconto: n(r.valor_desconto),
    total: n(r.total) - n(r.valor_desconto),
    dataPagamento: new Date(r.data_pagamento as string).toISOString(),
  }));
  const contam = linhas<Linha>(rs)
    .map((r, i) => ({ r, l: linhasR[i] }))
    .filter(({ r }) => r.situacao !== 'Cancelada' && r.situacao !== 'ClienteDesistiu')
    .map(({ l }) => l);
  const soma = (k: 'arremate' | 'comissao' | 'taxas' | 'desconto' | 'total') => contam.reduce((a, l) => a + l[k], 0);
  const relatorio: Relatorio = {
    leilao: le,
    porSituacao,
    totais: {
      vendas: contam.length,
      arremate: soma('arremate'),
      comissao: soma('comissao'),
      taxas: soma('taxas'),
      desconto: soma('desconto'),
      total: soma('total'),
    },
    lotes: contagem,
    linhas: linhasR,
  };
  return relatorio;
}

const CABECALHO_EXPORTACAO = [
  'Venda',
  'Cliente',
  'E-mail',
  'Lotes',
  'Comitente',
  'Situação',
  'Arremate',
  'Comissão',
  'Taxas',
  'Desconto',
  'Total',
  'Pagamento até',
] as const;

/** CSV for a spreadsheet in pt-BR: `;` between fields, money as exact decimal text (1050.00). */
export function relatorioEmCsv(r: Relatorio): string {
  const dados = r.linhas.map((l) => [
    String(l.venda),
    l.cliente,
    l.email,
    l.lotes,
    l.comitente,
    l.situacao,
    centavosParaDecimal(l.arremate),
    centavosParaDecimal(l.comissao),
    centavosParaDecimal(l.taxas),
    centavosParaDecimal(l.desconto),
    centavosParaDecimal(l.total),
    formatarData(l.dataPagamento),
  ]);
  // A leading BOM so Excel reads UTF-8; formula-looking cells are quoted by escapeFormulae.
  return `\uFEFF${Papa.unparse({ fields: [...CABECALHO_EXPORTACAO], data: dados }, { delimiter: ';', escapeFormulae: true })}`;
}

/** XLSX: one sheet of sales and one of totals; money cells in reais with two decimals. */
export async function relatorioEmXlsx(r: Relatorio): Promise<Buffer> {
  const ExcelJS = await exceljs();
  const livro = new ExcelJS.Workbook();
  const vendas = livro.addWorksheet('Vendas');
  vendas.addRow([...CABECALHO_EXPORTACAO]).font = { bold: true };
  // Centavos / 100 is the nearest double to the exact amount; the cell format shows it exactly.
  const reais = (c: number) => Number(centavosParaDecimal(c));
  for (const l of r.linhas)
    vendas.addRow([
      l.venda,
      l.cliente,
      l.email,
      l.lotes,
      l.comitente,
      l.situacao,
      reais(l.arremate),
      reais(l.comissao),
      reais(l.taxas),
      reais(l.desconto),
      reais(l.total),
      formatarData(l.dataPagamento),
    ]);
  for (const c of [7, 8, 9, 10, 11]) vendas.getColumn(c).numFmt = '#,##0.00';
  const totais = livro.addWorksheet('Totais');
  totais.addRow(['Leilão', r.leilao.nome]);
  totais.addRow(['Vendas', r.totais.vendas]);
  totais.addRow(['Arremate', reais(r.totais.arremate)]);
  totais.addRow(['Comissão', reais(r.totais.comissao)]);
  totais.addRow(['Taxas', reais(r.totais.taxas)]);
  totais.addRow(['Desconto', reais(r.totais.desconto)]);
  totais.addRow(['Total', reais(r.totais.total)]);
  totais.addRow(['Lotes vendidos', r.lotes.vendidos]);
  totais.addRow(['Lotes não vendidos', r.lotes.naoVendidos]);
  totais.addRow(['Lotes em condicional', r.lotes.condicionais]);
  totais.addRow(['Lotes em andamento', r.lotes.emAndamento]);
  totais.getColumn(2).numFmt = '#,##0.00';
  return Buffer.from(await livro.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------------
// nota-leilao

/** The notes of an auction's sales that have one (not cancelled nor given up), narrowed by seller and auctioneer. */
export async function notasDoLeilao({
  db,
  hotsiteId,
  leiId,
  comId = null,
  leoId = null,
  comitentes,
}: {
  db: Db;
  hotsiteId: number;
  leiId: number;
  comId?: number | null;
  leoId?: number | null;
  comitentes: Comitentes;
}) {
  const leilao = await leilaoDaMarca({ db, hotsiteId, chave: leiId });
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT v.id FROM venda v JOIN leilao le ON le.id = v.leilao_id
       WHERE v.hotsite_id = ${hotsiteId} AND v.leilao_id = ${leilao.id} AND ${dosComitentes(comitentes)}
         AND v.situacao NOT IN ('Cancelada', 'ClienteDesistiu')
         ${comId ? sql`AND v.comitente_id = ${comId}` : sql``}
         ${leoId ? sql`AND le.leiloeiro_id = ${leoId}` : sql``}
       ORDER BY v.id LIMIT 200`),
  );
  // No page lists hashes (decision 048): the notes go out without theirs.
  // Staff and the sellers' users read the notes whole (decision 109).
  const vendas = (await vendasDoDocumento({ db, hotsiteId, ids: rs.map((r) => Number(r.id)) })).map((doc) => {
    const { hashQrcode: _h, ...v } = documentoParaOLeitor(doc, 'completa');
    void _h;
    return v;
  });
  const totais = vendas.reduce(
    (a, v) => ({
      arremate: a.arremate + v.arremate,
      comissao: a.comissao + v.valorComissao,
      taxas: a.taxas + (v.total - v.arremate - v.valorComissao),
      total: a.total + v.liquido,
    }),
    { arremate: 0, comissao: 0, taxas: 0, total: 0 },
  );
  return { leilao, vendas, totais };
}
