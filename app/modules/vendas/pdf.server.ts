import type PDFDocument from 'pdfkit';
import { pdfkit, qrcode } from '~/utils/bibliotecas.server';
import { vendas as textosDeVendas, type TextoDoDocumento } from '~/locales/pt-BR/vendas';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';
import type { VendaDto } from './consultas.server';
import type { CabecalhoDocumento, VendaDaConsulta, VendaVista } from './nota.server';
import type { notasDoLeilao } from './relatorios.server';

type NotasDoLeilao = Awaited<ReturnType<typeof notasDoLeilao>>;

/*
 * The purchase documents as PDF downloads (pdfkit): the arrematação receipt, the third-party pickup
 * authorisation and the purchase note (the statement's is in documentos.server.ts). Each ends with the
 * QR code of its verification page, drawn from a PNG of the brand's address (decision 048).
 */
type Doc = InstanceType<typeof PDFDocument>;
type Tipo = 'leilao' | 'loja';

/** The brand's wording for its documents: a shop reads Comprador, Anúncio, Taxa de intermediação. */
export const textoDoDocumento =
  (tipo: Tipo): TextoDoDocumento =>
  (chave, opcoes) =>
    textoDaMarca(tipo, chave, opcoes, textosDeVendas);

/** The verification QR code as a PNG for pdfkit. */
export const qrPng = async (url: string) => (await qrcode()).toBuffer(url, { margin: 2, width: 240, errorCorrectionLevel: 'M' });

export async function emPdf(
  titulo: string,
  marca: string,
  desenhar: (doc: Doc) => void,
  opcoes: { layout?: 'portrait' | 'landscape' } = {},
): Promise<Buffer> {
  const Pdf = await pdfkit();
  return new Promise((resolve, reject) => {
    const doc = new Pdf({ size: 'A4', margin: 48, layout: opcoes.layout ?? 'portrait', info: { Title: titulo, Author: marca } });
    const partes: Buffer[] = [];
    doc.on('data', (p: Buffer) => partes.push(p));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    desenhar(doc);
    doc.end();
  });
}

function rodape(doc: Doc, png: Buffer, url: string) {
  doc.moveDown();
  doc.image(png, { width: 120 });
  doc.fontSize(8).fillColor('#444').text(`Verifique a autenticidade: ${url}`).fillColor('#000');
}

const taxas = (i: VendaDto['itens'][number]) => i.despachante + i.outros + i.remocao + i.depositoDeBens + i.vistoria;

export function linhasDoCabecalho(
  doc: Doc,
  c: Pick<CabecalhoDocumento, 'leilao' | 'leilaoData' | 'leiloeiro' | 'comitente' | 'comitenteCnpj'>,
  t: TextoDoDocumento,
) {
  if (c.leilao) doc.text(`${t('vendas.leilao')}: ${c.leilao}${c.leilaoData ? ` — ${formatarData(c.leilaoData)}` : ''}`);
  if (c.leiloeiro) doc.text(`${t('vendas.leiloeiro')}: ${c.leiloeiro.nome} (${c.leiloeiro.inscricao})`);
  if (c.comitente) doc.text(`${t('vendas.comitente')}: ${c.comitente}${c.comitenteCnpj ? ` — CNPJ ${c.comitenteCnpj}` : ''}`);
}

/** comprovante-arrematacao/{hash}.pdf: one page per lot, as the printable page. */
export function comprovanteEmPdf(
  v: VendaVista,
  itens: VendaVista['itens'],
  { marca, qr, url, tipo }: { marca: string; qr: Buffer; url: string; tipo: Tipo },
): Promise<Buffer> {
  const t = textoDoDocumento(tipo);
  const titulo = t('vendas.comprovante_arrematacao');
  return emPdf(`${titulo} — compra ${v.id}`, marca, (doc) => {
    itens.forEach((i, n) => {
      if (n > 0) doc.addPage();
      doc.fontSize(18).text(titulo);
      doc.fontSize(10).fillColor('#444').text(`${marca} · Compra ${v.id} · ${v.situacaoRotulo}`).fillColor('#000');
      doc
        .moveDown()
        .fontSize(13)
        .text(`${t('vendas.lote')} ${i.numero} · ${i.nome}`);
      doc.moveDown(0.5).fontSize(10);
      doc.text(`${t('vendas.arrematante')}: ${v.cliente.nome}`);
      linhasDoCabecalho(doc, v.cabecalho, t);
      doc.text(`${t('vendas.arremate')}: ${formatarMoeda(i.valor)}`);
      doc.text(`${t('vendas.comissao')}: ${formatarMoeda(i.comissao)}`);
      doc.text(`Taxas: ${formatarMoeda(taxas(i))}`);
      doc.text(`${t('vendas.total_do_lote')}: ${formatarMoeda(i.total)}`);
      doc.text(`Pagamento até: ${formatarData(v.dataPagamento)}`);
      rodape(doc, qr, url);
    });
  });
}

/** retirada-por-terceiros/{hash}.pdf: the authorisation the person brings to the yard. */
export function retiradaEmPdf(
  a: { nome: string; cpf: string; criada: string; venda: VendaDto },
  { marca, qr, url, tipo }: { marca: string; qr: Buffer; url: string; tipo: Tipo },
): Promise<Buffer> {
  const v = a.venda;
  const t = textoDoDocumento(tipo);
  return emPdf('Autorização de retirada por terceiros', marca, (doc) => {
    doc.fontSize(18).text('Autorização de retirada por terceiros');
    doc.fontSize(10).fillColor('#444').text(`${marca} · Compra ${v.id}`).fillColor('#000');
    doc.moveDown();
    linhasDoCabecalho(doc, v.cabecalho, t);
    doc.moveDown();
    doc.fontSize(11).text(t('vendas.autorizo', { nome: v.cliente.nome, compra: v.id, autorizado: a.nome, cpf: a.cpf }));
    doc.moveDown(0.5).fontSize(10);
    for (const i of v.itens.filter((x) => x.ativo)) doc.text(`• ${t('vendas.lote')} ${i.numero} · ${i.nome}`);
    doc.moveDown();
    if (v.patio) doc.text(`Pátio: ${v.patio.nome}${v.agendadoHorario ? ` · agendado para ${formatarDataHora(v.agendadoHorario)}` : ''}`);
    doc.text(`Autorização emitida em ${formatarData(a.criada)}. Quem retira apresenta um documento com foto e este papel.`);
    doc.moveDown(3).text('_______________________________________');
    doc.text(v.cliente.nome);
    rodape(doc, qr, url);
  });
}

/** One sale's note on the current page (nota/{hash}.pdf draws one, nota-leilao one per page). */
function desenharNota(doc: Doc, v: VendaDaConsulta, marca: string, t: TextoDoDocumento) {
  doc.fontSize(18).text(`${t('vendas.notaDeVenda')} nº ${v.numeroNota}`);
  doc
    .fontSize(10)
    .fillColor('#444')
    .text(`${marca} · emitida em ${formatarData(v.createdAt)} · ${v.situacaoRotulo}`)
    .fillColor('#000');
  doc.moveDown();
  linhasDoCabecalho(doc, v.cabecalho, t);
  doc.moveDown(0.5);
  doc.text(`${t('vendas.arrematante')}: ${v.arrematante.nome}${v.arrematante.documento ? ` — ${v.arrematante.documento}` : ''}`);
  if (v.arrematante.endereco) doc.text(`Endereço: ${v.arrematante.endereco}`);
  doc.moveDown().fontSize(12).text(t('vendas.lotes'));
  doc.fontSize(10);
  for (const i of v.itens.filter((x) => x.ativo)) {
    doc.text(`${t('vendas.lote')} ${i.numero} · ${i.nome}`);
    doc
      .fillColor('#444')
      .text(
        `${t('vendas.arremate')} ${formatarMoeda(i.valor)} · ${t('vendas.comissaoDoLeiloeiro')} ${formatarMoeda(i.comissao)} · Taxas ${formatarMoeda(taxas(i))} · Total ${formatarMoeda(i.total)}`,
      )
      .fillColor('#000');
  }
  doc.moveDown().fontSize(12).text('Totais');
  doc.fontSize(10);
  doc.text(`${t('vendas.arremate')}: ${formatarMoeda(v.arremate)}`);
  doc.text(`${t('vendas.comissaoDoLeiloeiro')}: ${formatarMoeda(v.valorComissao)}`);
  doc.text(`Taxas: ${formatarMoeda(v.total - v.arremate - v.valorComissao)}`);
  if (v.valorDesconto > 0) doc.text(`Desconto: ${formatarMoeda(v.valorDesconto)}`);
  doc.text(`Total da nota: ${formatarMoeda(v.liquido)}`);
}

export function notaEmPdf(
  v: VendaVista,
  { marca, qr, url, tipo }: { marca: string; qr: Buffer; url: string; tipo: Tipo },
): Promise<Buffer> {
  const t = textoDoDocumento(tipo);
  return emPdf(`${t('vendas.notaDeVenda')} nº ${v.numeroNota}`, marca, (doc) => {
    desenharNota(doc, v, marca, t);
    rodape(doc, qr, url);
  });
}

/** nota-leilao.pdf: the auction's totals, then each of its notes on a page of its own (no hash, as the page). */
export function notasDoLeilaoEmPdf(notas: NotasDoLeilao, { marca, tipo }: { marca: string; tipo: Tipo }): Promise<Buffer> {
  const t = textoDoDocumento(tipo);
  return emPdf(`${t('vendas.notasDoLeilao')} ${notas.leilao.nome}`, marca, (doc) => {
    doc.fontSize(18).text(`${t('vendas.notasDoLeilao')}: ${notas.leilao.nome}`);
    doc
      .fontSize(10)
      .fillColor('#444')
      .text(`${marca} · ${formatarData(notas.leilao.data)} · ${notas.vendas.length} ${notas.vendas.length === 1 ? 'nota' : 'notas'}`)
      .fillColor('#000');
    doc.moveDown();
    doc.text(`${t('vendas.arremate')}: ${formatarMoeda(notas.totais.arremate)}`);
    doc.text(`${t('vendas.comissaoDoLeiloeiro')}: ${formatarMoeda(notas.totais.comissao)}`);
    doc.text(`Taxas: ${formatarMoeda(notas.totais.taxas)}`);
    doc.text(`Total: ${formatarMoeda(notas.totais.total)}`);
    for (const v of notas.vendas) {
      doc.addPage();
      desenharNota(doc, v, marca, t);
    }
  });
}

/** A PDF download, never cached by shared caches nor indexed. */
export const respostaPdf = (pdf: Buffer, nome: string) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${nome}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
