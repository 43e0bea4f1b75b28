import { createInflateRaw } from 'node:zlib';
import { ErroHttp } from '~/utils/errors';

/*
 * An XLSX file is a zip. exceljs' streaming reader inflates whatever the zip holds, in the order it comes,
 * and parks a sheet that comes before the shared strings (Excel writes them in that order) in a temporary
 * file: a 10 MB upload can expand to gigabytes on disk or in memory (a zip bomb), and a read stopped early
 * leaves that file behind. So, before the reader sees the upload, this walks its entries the way the
 * reader will (local headers one after another, as unzipper's Parse does), keeps only the parts the import
 * reads (relationships, workbook, shared strings, styles and the first sheet), inflates each once to count
 * its real size (the bytes are dropped as they come) and stops as soon as the parts pass the limit. The
 * reader then gets those parts alone, the sheet last, so it reads the sheet straight from the zip.
 */

export const XLSX_BYTES_DESCOMPACTADOS = 64 * 1024 * 1024;
export const MENSAGEM_XLSX_INVALIDO = 'Planilha XLSX inválida ou corrompida';
export const MENSAGEM_XLSX_DESCOMPACTADO = `Planilha grande demais: descompactada, passa de ${XLSX_BYTES_DESCOMPACTADOS / 1024 / 1024} MB`;

const ARQUIVO_LOCAL = 0x04034b50;
const DIRETORIO_CENTRAL = 0x02014b50;
const FIM_DO_DIRETORIO = 0x06054b50;
const DESCRITOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/** The parts exceljs reads before the sheet, in the order it needs them. */
const PARTES = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'] as const;
const FOLHA = /^xl\/worksheets\/sheet(\d+)\.xml$/;

interface Entrada {
  nome: string;
  /** The whole local record (header, name, extra field, data, and its data descriptor when it has one). */
  registro: Buffer;
  dados: Buffer;
  comprimido: boolean;
}

const invalido = () => new ErroHttp(400, MENSAGEM_XLSX_INVALIDO);

/** The local records of a zip, read one after another as a streaming reader reads them. */
export function entradasDoZip(zip: Buffer): Entrada[] {
  const entradas: Entrada[] = [];
  let p = 0;
  while (p + 4 <= zip.length) {
    const assinatura = zip.readUInt32LE(p);
    if (assinatura === DIRETORIO_CENTRAL || assinatura === FIM_DO_DIRETORIO) return entradas;
    if (assinatura !== ARQUIVO_LOCAL || p + 30 > zip.length) throw invalido();
    const flags = zip.readUInt16LE(p + 6);
    const metodo = zip.readUInt16LE(p + 8);
    const tamanhoComprimido = zip.readUInt32LE(p + 18);
    const inicioDados = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
    // Encrypted entries and methods other than stored (0) and deflate (8) are not a spreadsheet we read.
    if (flags & 0x01 || (metodo !== 0 && metodo !== 8) || inicioDados > zip.length) throw invalido();
    const nome = zip.toString('utf8', p + 30, p + 30 + zip.readUInt16LE(p + 26));
    let fimDados: number;
    let fim: number;
    const tamanhoConhecido = !(flags & 0x08) || tamanhoComprimido > 0;
    if (tamanhoConhecido) {
      fimDados = inicioDados + tamanhoComprimido;
      fim = fimDados;
      // A data descriptor after a known size: part of this entry, not of the next one.
      if (flags & 0x08 && zip.subarray(fimDados, fimDados + 4).equals(DESCRITOR)) fim += 16;
    } else {
      // Size unknown until the data descriptor (signature, CRC, sizes), as the streaming reader finds it.
      fimDados = zip.indexOf(DESCRITOR, inicioDados);
      if (fimDados < 0) throw invalido();
      fim = fimDados + 16;
    }
    if (fim > zip.length) throw invalido();
    entradas.push({
      nome,
      // The reader reads the descriptor only when the header did not give the size.
      registro: zip.subarray(p, tamanhoConhecido ? fimDados : fim),
      dados: zip.subarray(inicioDados, fimDados),
      comprimido: metodo === 8,
    });
    p = fim;
  }
  // A zip ends with its central directory; running out of bytes first means it was cut.
  throw invalido();
}

/** Inflates `dados` without keeping them, failing as soon as they pass `resta` bytes. */
async function tamanhoInflado(dados: Buffer, resta: number): Promise<number> {
  const inflador = createInflateRaw();
  inflador.end(dados);
  let total = 0;
  try {
    for await (const pedaco of inflador as AsyncIterable<Buffer>) {
      total += pedaco.length;
      if (total > resta) throw new ErroHttp(413, MENSAGEM_XLSX_DESCOMPACTADO);
    }
  } catch (e) {
    throw e instanceof ErroHttp ? e : invalido();
  } finally {
    inflador.destroy();
  }
  return total;
}

/** The smallest zip end: what the streaming reader needs to finish cleanly after the last part. */
const FIM_VAZIO = (() => {
  const b = Buffer.alloc(22);
  b.writeUInt32LE(FIM_DO_DIRETORIO, 0);
  return b;
})();

/**
 * The XLSX parts the import reads, as a zip for exceljs' streaming reader: workbook, relationships,
 * shared strings and styles first, then the first sheet (the lowest sheetN.xml). 4xx when the file is
 * not a zip we read, has no sheet, or its parts pass `limite` bytes once inflated.
 */
export async function partesDoXlsx(conteudo: Buffer, limite = XLSX_BYTES_DESCOMPACTADOS): Promise<Buffer> {
  const entradas = entradasDoZip(conteudo);
  const primeira = (nome: string) => entradas.find((e) => e.nome === nome);
  const folha = entradas
    .map((e) => ({ e, n: Number(FOLHA.exec(e.nome)?.[1] ?? NaN) }))
    .filter((x) => Number.isFinite(x.n))
    .sort((a, b) => a.n - b.n)[0]?.e;
  if (!folha) throw new ErroHttp(400, 'A planilha não tem abas');
  const partes = [...PARTES.flatMap((nome) => primeira(nome) ?? []), folha];
  let usados = 0;
  for (const parte of partes) usados += parte.comprimido ? await tamanhoInflado(parte.dados, limite - usados) : parte.dados.length;
  if (usados > limite) throw new ErroHttp(413, MENSAGEM_XLSX_DESCOMPACTADO);
  return Buffer.concat([...partes.map((p) => p.registro), FIM_VAZIO]);
}
