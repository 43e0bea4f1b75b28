import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #26, item 5: a 9 MB XLSX stalled every brand for 31 s, the whole workbook inflated before the
 * row cap was checked. The import screen now reads the sheet as a stream: these send files through the
 * page as ADM and check what the staff member sees, and that other requests (another brand's home,
 * /healthz) are answered while the file is read.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';
const OUTRA = 'h14.localhost';
let adm: Awaited<ReturnType<typeof entrarComoStaff>>;
let caminho: string;

beforeAll(async () => {
  adm = await entrarComoStaff(t.banco.db, [P.ADM, P.LEILAO]);
  const r = await t.app.pedir(H, '/v1/leiloes', {
    method: 'POST',
    headers: adm.bearer,
    corpo: { nome: 'Leilão Planilhas', dia: new Date(Date.now() + 7 * 86_400_000).toISOString(), modalidade: 'Online' },
  });
  expect(r.status, r.texto).toBe(201);
  caminho = `/admin/leilao/${r.json<{ id: number }>().id}/importacao`;
});

/** The preview form with one file, as the browser posts it. */
function previa(nome: string, conteudo: Buffer) {
  const f = `xFRONTEIRA${randomBytes(8).toString('hex')}x`;
  const corpo = Buffer.concat([
    Buffer.from(`--${f}\r\nContent-Disposition: form-data; name="_acao"\r\n\r\nprevia\r\n`),
    Buffer.from(
      `--${f}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    conteudo,
    Buffer.from(`\r\n--${f}--\r\n`),
  ]);
  return t.app.pedir(H, caminho, {
    method: 'POST',
    headers: { cookie: adm.cookie, 'content-type': `multipart/form-data; boundary=${f}` },
    corpo,
  });
}

const CABECALHO = ['tipo', 'modelo', 'placa', 'minimo', 'incremento', 'descricao'];
const linha = (i: number, descricao = `Lote ${i}`) => [
  'Automóvel',
  `Gol ${i}`,
  `IMP${String(i).padStart(4, '0')}`,
  '15.000,00',
  '200',
  descricao,
];

/** A workbook written by exceljs' streaming writer (inline strings, zip entries with data descriptors). */
async function xlsxEmFluxo(linhas: number, celula: (i: number) => string, placa?: (i: number) => string) {
  const partes: Buffer[] = [];
  const saida = new PassThrough();
  saida.on('data', (d: Buffer) => partes.push(d));
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useSharedStrings: false, useStyles: false });
  const folha = livro.addWorksheet('Lotes');
  folha.addRow(CABECALHO).commit();
  for (let i = 1; i <= linhas; i++) {
    const valores = linha(i, celula(i));
    if (placa) valores[2] = placa(i);
    folha.addRow(valores).commit();
  }
  folha.commit();
  await livro.commit();
  return Buffer.concat(partes);
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer) {
  let c = 0xffffffff;
  for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zip written by hand (deflate, sizes in the headers), for sheets no spreadsheet program would write. */
function zip(arquivos: Record<string, string | Buffer>) {
  const locais: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [nome, conteudo] of Object.entries(arquivos)) {
    const dados = Buffer.isBuffer(conteudo) ? conteudo : Buffer.from(conteudo);
    const comprimido = deflateRawSync(dados);
    const n = Buffer.from(nome);
    const l = Buffer.alloc(30);
    l.writeUInt32LE(0x04034b50, 0);
    l.writeUInt16LE(20, 4);
    l.writeUInt16LE(8, 8);
    l.writeUInt32LE(crc32(dados), 14);
    l.writeUInt32LE(comprimido.length, 18);
    l.writeUInt32LE(dados.length, 22);
    l.writeUInt16LE(n.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc32(dados), 16);
    c.writeUInt32LE(comprimido.length, 20);
    c.writeUInt32LE(dados.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    locais.push(l, n, comprimido);
    central.push(c, n);
    offset += 30 + n.length + comprimido.length;
  }
  const tamanhoCentral = central.reduce((s, b) => s + b.length, 0);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(central.length / 2, 8);
  fim.writeUInt16LE(central.length / 2, 10);
  fim.writeUInt32LE(tamanhoCentral, 12);
  fim.writeUInt32LE(offset, 16);
  return Buffer.concat([...locais, ...central, fim]);
}

const celulaXml = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
const linhaXml = (r: number, valores: string[]) =>
  `<row r="${r}">${valores.map((v, i) => celulaXml(`${String.fromCharCode(65 + i)}${r}`, v)).join('')}</row>`;

/** A one-sheet XLSX whose sheet XML is `meio` between the usual opening and closing. */
function xlsxAMao(meio: string | Buffer) {
  const ns = 'http://schemas.openxmlformats.org';
  const folha = Buffer.concat([
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`),
    Buffer.isBuffer(meio) ? meio : Buffer.from(meio),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Lotes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': folha,
  });
}

describe('import screen: the sheet is read as a stream', () => {
  it('a ~10 MB workbook at the row cap previews while another brand and /healthz keep answering within 1 s', async () => {
    // 20,000 valid rows (the cap), each with 560 random characters: about 9.4 MB zipped, under the 10 MB
    // upload limit. Reading and validating them all at once held the event loop for seconds.
    const letra = (n: number) => String.fromCharCode(65 + (Math.floor(n) % 26));
    const arquivo = await xlsxEmFluxo(
      20_000,
      () => randomBytes(420).toString('base64'),
      (i) => `${letra(i / 676)}${letra(i / 26)}${letra(i)}${String(i % 10_000).padStart(4, '0')}`,
    );
    expect(arquivo.length).toBeGreaterThan(8_000_000);
    expect(arquivo.length).toBeLessThan(10_000_000);

    // Both pages once first, so the timings below are of a served request, not of a first render.
    expect((await t.app.pedir(H, '/healthz')).status).toBe(200);
    expect((await t.app.pedir(OUTRA, '/')).status).toBe(200);
    const tempos: number[] = [];
    let terminou = false;
    const importacao = previa('lotes.xlsx', arquivo).finally(() => {
      terminou = true;
    });
    const sondas = (async () => {
      while (!terminou) {
        for (const [host, rota] of [
          [H, '/healthz'],
          [OUTRA, '/'],
        ] as const) {
          const inicio = performance.now();
          const r = await t.app.pedir(host, rota);
          tempos.push(performance.now() - inicio);
          expect(r.status, `${host}${rota}`).toBe(200);
        }
        await new Promise((ok) => setTimeout(ok, 50));
      }
    })();
    const [r] = await Promise.all([importacao, sondas]);

    expect(r.status).toBe(200);
    expect(r.texto).toContain('20000 linhas lidas: 20000 válidas, 0 com erro');
    expect(tempos.length).toBeGreaterThanOrEqual(10);
    // Every answer within 1 s, but for the few a shared test machine delays on its own (its scheduler,
    // not this server): 95% under 1 s, none over 2.5 s. Reading the whole workbook first held them all.
    const ordenados = tempos.toSorted((a, b) => a - b);
    expect(ordenados[Math.floor(ordenados.length * 0.95)]).toBeLessThan(1_000);
    expect(ordenados.at(-1)).toBeLessThan(2_500);
  }, 120_000);

  it('stops reading at the first row past the cap: what follows is never read (XLSX and CSV)', async () => {
    // Rows past the cap, then a sheet that breaks off: a reader that reads it all answers "corrompida".
    const linhas = Array.from({ length: 20_500 }, (_, i) => linhaXml(i + 2, linha(i + 1)));
    const xlsx = xlsxAMao(`${linhaXml(1, CABECALHO)}${linhas.join('')}<row r="99999"><c r="A99999" t="inlineStr"><is><t>sem fim`);
    const r = await previa('lotes.xlsx', xlsx);
    expect(r.status).toBe(400);
    expect(r.texto).toContain('No máximo 20000 linhas por importação');
    expect(r.texto).not.toContain('corrompida');

    // The same for a CSV: a NUL character after the cap is never reached.
    const csv = [CABECALHO.join(';'), ...Array.from({ length: 25_000 }, (_, i) => linha(i + 1).join(';')), 'Automóvel;\u0000'].join('\n');
    const c = await previa('lotes.csv', Buffer.from(csv));
    expect(c.status).toBe(400);
    expect(c.texto).toContain('No máximo 20000 linhas por importação');
    expect(c.texto).not.toContain('use texto UTF-8');
  }, 60_000);

  it('refuses a sheet that expands past 64 MB (a zip bomb), a cell past 5000 characters and a row of 200 columns, in pt-BR', async () => {
    const bomba = xlsxAMao(Buffer.concat([Buffer.from(linhaXml(1, CABECALHO)), Buffer.alloc(80 * 1024 * 1024, 0x20)]));
    expect(bomba.length).toBeLessThan(200_000);
    const b = await previa('bomba.xlsx', bomba);
    expect(b.status).toBe(413);
    expect(b.texto).toContain('Planilha grande demais: descompactada, passa de 64 MB');

    const longa = await previa('lotes.csv', Buffer.from(`${CABECALHO.join(';')}\n${linha(1, 'x'.repeat(5001)).join(';')}\n`));
    expect(longa.status).toBe(400);
    expect(longa.texto).toContain('Linha 2: uma célula passa de 5000 caracteres');

    const larga = await previa('lotes.csv', Buffer.from(`${CABECALHO.join(';')}\n${[...linha(1), ...Array(194).fill('x')].join(';')}\n`));
    expect(larga.status).toBe(400);
    expect(larga.texto).toContain('Linha 2: no máximo 100 colunas por planilha');
  }, 60_000);

  it('a valid workbook still previews as before (Excel part order, shared strings, numbers)', async () => {
    const livro = new ExcelJS.Workbook();
    const folha = livro.addWorksheet('Lotes');
    folha.addRow(['Tipo', 'Marca', 'Modelo', 'Placa', 'Mínimo', 'Incremento']);
    folha.addRow(['Automóvel', 'Fiat', 'Uno Mille', 'PLA1A11', 15000, 200]);
    folha.addRow([]);
    folha.addRow(['Automóvel', 'Volkswagen', 'Gol', 'PLA1A12', '9.500,00', '100']);
    livro.addWorksheet('Outra').addRow(['não lida']);
    const r = await previa('lotes.xlsx', Buffer.from(await livro.xlsx.writeBuffer()));
    expect(r.status, r.texto.slice(0, 300)).toBe(200);
    expect(r.texto).toContain('2 linhas lidas: 2 válidas, 0 com erro');
    expect(r.texto).toContain('Fiat Uno Mille');
    expect(r.texto).toContain('PLA1A12');
  });
});
