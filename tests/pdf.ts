import { inflateSync } from 'node:zlib';

/** The text a pdfkit PDF draws: its content streams inflated, each <hex> run read as Latin-1. */
export function textoDoPdf(pdf: Buffer) {
  const partes: string[] = [];
  const bruto = pdf.toString('latin1');
  for (const m of bruto.matchAll(/stream\r?\n/g)) {
    const inicio = m.index + m[0].length;
    const fim = bruto.indexOf('endstream', inicio);
    try {
      partes.push(inflateSync(pdf.subarray(inicio, fim)).toString('latin1'));
    } catch {
      // Not a deflated stream (an image's raw bytes): no text in it.
    }
  }
  // Each TJ array is one run of text: its <hex> strings joined, the kerning numbers between them dropped.
  return partes
    .join('\n')
    .replace(/\[([^\]]*)\]\s*TJ/g, (_, corpo: string) =>
      [...corpo.matchAll(/<([0-9a-f]*)>/gi)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join(''),
    );
}
