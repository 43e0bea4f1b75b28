import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RAIZ } from '~/utils/raiz.server';

/**
 * A restart loads what serving pages needs, not the libraries of a few back-office requests (decision 297):
 * spreadsheets, PDFs, images, barcodes, QR codes, mail, push and the terminal log format load on their first
 * use, and lucide-react's icons come bundled. A static import of one of them put back in app/ brings over a
 * second back into every start; this test names it.
 */
const SOB_DEMANDA = [
  'exceljs',
  'pdfkit',
  'sharp',
  'bwip-js',
  'pix-utils',
  'qrcode',
  'nodemailer',
  'web-push',
  'file-type',
  'pino-pretty',
  'lucide-react',
  'date-holidays',
];

const BUILD = join(RAIZ, 'build/index.js');
const pacoteDe = (caminho: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(caminho)?.[1];

/** The CommonJS packages a fresh process has loaded after importing the compiled build. */
async function pacotesCarregados() {
  const programa = `
    const { createRequire } = await import('node:module');
    await import(${JSON.stringify(pathToFileURL(BUILD).href)});
    console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', programa], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
  });
  return new Set((JSON.parse(stdout) as string[]).map(pacoteDe).filter(Boolean));
}

/** The packages the build imports statically (`import … from "pkg"` at the top of build/index.js). */
function importadosPeloBuild() {
  const texto = readFileSync(BUILD, 'utf8');
  return new Set(
    [...texto.matchAll(/^import (?:[^;]*? from )?"([^"./][^"]*)";$/gm)].map((m) => m[1].replace(/^((?:@[^/]+\/)?[^/]+).*$/, '$1')),
  );
}

describe('a start of the server', () => {
  it('loads none of the libraries only some requests use', async () => {
    const importados = importadosPeloBuild();
    // The probes see what every page needs: the build imports drizzle (ESM) and pg (CommonJS).
    expect(importados).toContain('drizzle-orm');
    expect([...importados].filter((p) => SOB_DEMANDA.includes(p))).toEqual([]);
    const carregados = await pacotesCarregados();
    expect(carregados).toContain('pg');
    expect([...carregados].filter((p) => SOB_DEMANDA.includes(p!))).toEqual([]);
  });
});
