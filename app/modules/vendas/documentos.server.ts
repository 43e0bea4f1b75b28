import { pdfkit } from '~/utils/bibliotecas.server';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import type { VendaVista } from './documentos';
import { favorecidoDaVenda, linhasDoFavorecido } from './favorecido';
import { qrDoEndereco } from './meios.server';
import { linhasDoCabecalho, textoDoDocumento } from './pdf.server';

/*
 * What every purchase document opened by hash shares (decision 048): the hash's shape and the QR code of
 * its verification page. The sale behind a hash, as its reader may see it, is documentoPorHash
 * (nota.server.ts, decision 109).
 */

/** The verification page's address, from the brand's base address (never the Host), and its QR code. */
export async function verificacaoDoDocumento(urlBase: string, caminho: string) {
  const url = `${urlBase}${caminho}`;
  return { url, qr: await qrDoEndereco(url) };
}

/** The statement as a PDF (pdfkit), with the verification QR code drawn from its PNG. */
export async function extratoEmPdf(
  v: VendaVista,
  { marca, qrPng, urlVerificacao, tipo }: { marca: string; qrPng: Buffer; urlVerificacao: string; tipo: 'leilao' | 'loja' },
): Promise<Buffer> {
  const t = textoDoDocumento(tipo);
  const PDFDocument = await pdfkit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Extrato da compra ${v.id}`, Author: marca } });
    const partes: Buffer[] = [];
    doc.on('data', (p: Buffer) => partes.push(p));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.fontSize(18).text(`${marca} — Extrato da compra ${v.id}`);
    doc.moveDown(0.5).fontSize(10).fillColor('#444');
    doc.text(`${t('vendas.arrematante')}: ${v.cliente.nome}${v.cliente.email ? ` (${v.cliente.email})` : ''}`);
    linhasDoCabecalho(doc, v.cabecalho, t);
    doc.text(`Situação: ${v.situacaoRotulo} · Pagamento até ${formatarData(v.dataPagamento)}`);
    const favorecido = favorecidoDaVenda(v);
    if (favorecido) for (const l of linhasDoFavorecido(favorecido)) doc.text(l);
    doc.moveDown().fillColor('#000').fontSize(12).text('Itens');
    doc.fontSize(10);
    for (const i of v.itens) {
      doc.text(`${t('vendas.lote')} ${i.numero} · ${i.nome}`, { continued: true }).text(`  ${formatarMoeda(i.total)}`, { align: 'right' });
      doc
        .fillColor('#444')
        .text(
          `${t('vendas.arremate')} ${formatarMoeda(i.valor)} · ${t('vendas.comissao')} ${formatarMoeda(i.comissao)} · Taxas ${formatarMoeda(i.despachante + i.outros + i.remocao + i.depositoDeBens + i.vistoria)}`,
        );
      doc.fillColor('#000');
    }
    doc.moveDown().fontSize(12).text('Totais');
    doc.fontSize(10);
    const linhas: [string, number][] = [
      ['Total', v.totais.total],
      ['Aprovado', v.totais.aprovado],
      ['Aguardando validação', v.totais.aguardandoValidacao],
      ['Divergente', v.totais.divergente],
      ['Desconto', v.valorDesconto],
      ['Restante', Math.max(0, v.totais.restante)],
    ];
    for (const [r, valor] of linhas) doc.text(`${r}: ${formatarMoeda(valor)}`);
    doc.moveDown().fontSize(12).text('Pagamentos');
    doc.fontSize(10);
    for (const p of v.pagamentos)
      doc.text(`${formatarDataHora(p.data)} · ${p.tipoRotulo} · ${p.situacaoRotulo} · ${formatarMoeda(p.valor)}`);
    doc.moveDown();
    doc.image(qrPng, { width: 120 });
    doc.fontSize(8).fillColor('#444').text(`Verifique a autenticidade: ${urlVerificacao}`);
    doc.end();
  });
}
