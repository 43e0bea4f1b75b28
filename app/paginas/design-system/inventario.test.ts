import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTARIO } from './inventario';

const PASTA = join(import.meta.dirname, '../../components');

function arquivosTsx(pasta: string): string[] {
  return readdirSync(pasta, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? arquivosTsx(join(pasta, e.name)) : e.name.endsWith('.tsx') ? [relative(PASTA, join(pasta, e.name))] : [],
  );
}

describe('/design-system inventory', () => {
  it('lists every component file of app/components, so a new component cannot stay out of the catalogue', () => {
    const listados = new Set(INVENTARIO.map((i) => i.arquivo));
    expect(arquivosTsx(PASTA).filter((a) => !listados.has(a))).toEqual([]);
  });

  it('names only files that exist, once each', () => {
    expect(INVENTARIO.filter((i) => !existsSync(join(PASTA, i.arquivo))).map((i) => i.arquivo)).toEqual([]);
    expect(new Set(INVENTARIO.map((i) => i.arquivo)).size).toBe(INVENTARIO.length);
  });
});
