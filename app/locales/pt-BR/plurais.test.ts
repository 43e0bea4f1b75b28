import { describe, expect, it } from 'vitest';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { contagemDaMarca, textoDaMarca } from '~/utils/i18n';
import { common } from './common';
import { lances } from './lances';
import { paginas } from './paginas';
import { filtros } from './filtros';

/** Every text with a {{count}}, by its key path. */
function comContagem(obj: Record<string, unknown>, prefixo = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string'
      ? v.includes('{{count}}')
        ? [`${prefixo}${k}`]
        : []
      : comContagem(v as Record<string, unknown>, `${prefixo}${k}.`),
  );
}

function todasAsChaves(obj: Record<string, unknown>, prefixo = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefixo}${k}`] : todasAsChaves(v as Record<string, unknown>, `${prefixo}${k}.`),
  );
}

describe('pt-BR counts go through i18next plurals', () => {
  it('has a singular and a plural form for every text that shows a count', () => {
    const chaves = [common, lances, paginas, filtros].flatMap((r) => comContagem(r as unknown as Record<string, unknown>));
    expect(chaves.length).toBeGreaterThan(10);
    // "Ver todos ({{count}})" shows a number, not a counted noun.
    const semPlural = chaves.filter((k) => !/_(one|other|zero)$/.test(k) && !k.endsWith('ver_todos'));
    expect(semPlural).toEqual([]);
    // pt-BR's plural rules put 0 with 1 ("0 lote"): every counted text says its zero too (decision 124).
    const todas = [common, lances, paginas, filtros].flatMap((r) => todasAsChaves(r as unknown as Record<string, unknown>));
    const formas = (sufixo: string) => new Set(todas.filter((k) => k.endsWith(sufixo)).map((k) => k.slice(0, -sufixo.length)));
    const [zeros, uns, outros] = [formas('_zero'), formas('_one'), formas('_other')];
    const bases = new Set([...zeros, ...uns, ...outros]);
    expect([...bases].filter((k) => !(zeros.has(k) && uns.has(k) && outros.has(k)))).toEqual([]);
  });

  it.each([
    ['leilao', 'catalogo.lotes_no_leilao', 0, 'Nenhum lote'],
    ['leilao', 'catalogo.lotes_no_leilao', 1, '1 lote'],
    ['leilao', 'catalogo.lotes_no_leilao', 1234, '1.234 lotes'],
    ['loja', 'catalogo.lotes_no_leilao', 0, 'Nenhum anúncio'],
    ['loja', 'catalogo.lotes_no_leilao', 2, '2 anúncios'],
    ['leilao', 'n_lances', 0, 'Nenhum lance'],
    ['loja', 'n_lances', 0, 'Nenhuma oferta'],
    ['loja', 'n_lances', 1, '1 oferta'],
    ['leilao', 'catalogo.lances_count', 0, 'Nenhum lance'],
    ['leilao', 'catalogo.patio_lotes', 0, 'Nenhum lote no pátio'],
    ['leilao', 'catalogo.resultados', 1500, '1.500 lotes encontrados'],
    ['leilao', 'n_dias', 1, '1 dia'],
    ['leilao', 'n_dias', 5, '5 dias'],
  ] as const)('counts %s %s %i → %s', (tipo, chave, n, esperado) => {
    expect(contagemDaMarca(tipo, chave, n, {}, paginas)).toBe(esperado);
  });

  it('every count on a page goes through the one helper (t.contar), never t(…, { count })', () => {
    const raiz = fileURLToPath(new URL('../../', import.meta.url));
    const fontes = execSync("grep -rlE --include=*.tsx --include=*.ts 'count: ' components routes paginas modules", { cwd: raiz })
      .toString()
      .split('\n')
      .filter((f) => f && !f.endsWith('.test.ts'));
    const diretos = fontes.flatMap((f) =>
      [...readFileSync(`${raiz}${f}`, 'utf8').matchAll(/\bt\('([a-z_.]+)', \{[^}]*\bcount: /g)]
        .map((m) => `${f}: ${m[1]}`)
        .filter((x) => !x.endsWith('catalogo.ver_todos')),
    );
    expect(diretos).toEqual([]);
  });

  it.each([
    ['leilao', 'catalogo.lances_count', 1, '1 lance'],
    ['leilao', 'catalogo.lances_count', 2, '2 lances'],
    ['loja', 'catalogo.lances_count', 1, '1 oferta'],
    ['loja', 'catalogo.lances_count', 12, '12 ofertas'],
    ['leilao', 'n_itens', 1, '1 item'],
    ['leilao', 'n_itens', 3, '3 itens'],
    ['loja', 'catalogo.resultados', 1, '1 anúncio encontrado'],
  ] as const)('%s %s %i → %s', (tipo, chave, count, esperado) => {
    expect(textoDaMarca(tipo, chave, { count })).toBe(esperado);
  });

  it('words situations in the brand type', () => {
    expect(textoDaMarca('loja', 'situacao.LIBERADO_LEILAO')).toBe('Disponível');
    expect(textoDaMarca('leilao', 'situacao.LIBERADO_LEILAO')).toBe('Liberado Leilão');
    expect(textoDaMarca('loja', 'situacao.NAO_ARREMATADO')).toBe('Não Vendido');
  });
});
