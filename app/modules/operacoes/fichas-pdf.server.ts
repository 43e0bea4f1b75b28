import { fichas as textosDasFichas } from '~/locales/pt-BR/fichas';
import { emPdf } from '~/modules/vendas/pdf.server';
import { formatarData, formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';
import type { FichaDoLeilao } from './fichas.server';

type Tipo = 'leilao' | 'loja';
const texto = (tipo: Tipo) => (chave: string) => textoDaMarca(tipo, `fichas.${chave}`, {}, textosDasFichas);

const ano = (l: FichaDoLeilao['lotes'][number]) =>
  l.anoFabricacao || l.anoModelo ? `${l.anoFabricacao ?? '-'}/${l.anoModelo ?? '-'}` : '-';

/** The auctioneer's sheet as a landscape table, the same columns and order as the printed page. */
export function fichaLeiloeiroEmPdf(f: FichaDoLeilao, { marca, tipo }: { marca: string; tipo: Tipo }): Promise<Buffer> {
  const t = texto(tipo);
  const colunas: { titulo: string; largura: number; valor: (l: FichaDoLeilao['lotes'][number], i: number) => string }[] = [
    { titulo: '#', largura: 30, valor: (l, i) => String(l.ordem ?? i + 1) },
    { titulo: t('lote'), largura: 50, valor: (l) => l.numero },
    { titulo: 'Veículo', largura: 210, valor: (l) => l.nome },
    { titulo: t('ano'), largura: 60, valor: ano },
    { titulo: t('placa'), largura: 65, valor: (l) => l.placa ?? '-' },
    { titulo: t('minimo'), largura: 85, valor: (l) => formatarMoeda(l.minimo) },
    { titulo: t('incremento'), largura: 75, valor: (l) => formatarMoeda(l.incremento) },
    { titulo: t('compreJa'), largura: 85, valor: (l) => (l.compreJa ? formatarMoeda(l.compreJa) : '-') },
    { titulo: t('valorComitente'), largura: 85, valor: (l) => (l.valorComitente ? formatarMoeda(l.valorComitente) : '-') },
  ];
  return emPdf(
    `${t('fichaLeiloeiro')} — ${f.leilao.nome}`,
    marca,
    (doc) => {
      doc.fontSize(16).text(`${t('fichaLeiloeiro')}: ${f.leilao.nome}`);
      doc
        .fontSize(9)
        .fillColor('#444')
        .text(
          [
            marca,
            formatarDataHora(f.leilao.data),
            f.leilao.modalidade,
            f.leilao.leiloeiroNome ? `${t('leiloeiro')}: ${f.leilao.leiloeiroNome} (${f.leilao.leiloeiroInscricao})` : null,
            `${f.lotes.length} ${f.lotes.length === 1 ? t('umLote') : t('lotes')}`,
            `${t('somaMinimos')}: ${formatarMoeda(f.somaMinimos)}`,
          ]
            .filter(Boolean)
            .join(' · '),
        )
        .fillColor('#000');
      doc.moveDown();
      const x0 = doc.page.margins.left;
      const linha = (valores: string[], negrito: boolean) => {
        if (doc.y > doc.page.height - doc.page.margins.bottom - 24) doc.addPage();
        const y = doc.y;
        let x = x0;
        doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
        let altura = 0;
        valores.forEach((v, i) => {
          const largura = colunas[i].largura - 4;
          doc.text(v, x, y, { width: largura, lineBreak: true });
          altura = Math.max(altura, doc.heightOfString(v, { width: largura }));
          x += colunas[i].largura;
        });
        doc.x = x0;
        doc.y = y + altura + 4;
        doc
          .moveTo(x0, doc.y - 2)
          .lineTo(x, doc.y - 2)
          .strokeColor('#bbb')
          .lineWidth(0.5)
          .stroke();
      };
      linha(
        colunas.map((c) => c.titulo),
        true,
      );
      f.lotes.forEach((l, i) =>
        linha(
          colunas.map((c) => c.valor(l, i)),
          false,
        ),
      );
      if (f.lotes.length === 0) doc.font('Helvetica').text(t('nenhumLote'));
    },
    { layout: 'landscape' },
  );
}

/** The glass sheet: one page per lot, its number large enough to read from across the yard. */
export function fichaVidroEmPdf(f: FichaDoLeilao, { marca, tipo }: { marca: string; tipo: Tipo }): Promise<Buffer> {
  const t = texto(tipo);
  return emPdf(
    `${t('fichaVidro')} — ${f.leilao.nome}`,
    marca,
    (doc) => {
      if (f.lotes.length === 0) doc.fontSize(14).text(t('nenhumLote'));
      f.lotes.forEach((l, i) => {
        if (i > 0) doc.addPage();
        doc
          .fontSize(12)
          .fillColor('#444')
          .text(`${marca} · ${f.leilao.nome} · ${formatarData(f.leilao.data)}`)
          .fillColor('#000');
        doc.moveDown(0.5);
        doc.font('Helvetica-Bold').fontSize(40).text(t('lote').toUpperCase());
        doc.fontSize(150).text(l.numero, { lineGap: -20 });
        doc.font('Helvetica-Bold').fontSize(22).text(l.nome);
        doc.font('Helvetica').fontSize(16);
        doc.text(
          [
            `${t('ano')} ${ano(l)}`,
            l.cor ? `${t('cor')} ${l.cor}` : null,
            l.placa ? `${t('placa')} ${l.placa}` : null,
            l.km != null ? `${formatarNumero(l.km)} km` : null,
            l.possuiChave == null ? null : l.possuiChave ? t('comChave') : t('semChave'),
          ]
            .filter(Boolean)
            .join(' · '),
        );
        if (l.chassiFinal) doc.text(`${t('chassi')}: ${l.chassiFinal}`);
        if (l.patio) doc.text(`${t('patio')}: ${l.patio}`);
      });
    },
    { layout: 'landscape' },
  );
}
