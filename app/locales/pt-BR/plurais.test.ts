import { describe, expect, it } from 'vitest';
import { textoDaMarca } from '~/utils/i18n';
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

describe('pt-BR counts go through i18next plurals', () => {
  it('has a singular and a plural form for every text that shows a count', () => {
    const chaves = [common, lances, paginas, filtros].flatMap((r) => comContagem(r as unknown as Record<string, unknown>));
    expect(chaves.length).toBeGreaterThan(10);
    // "Ver todos ({{count}})" shows a number, not a counted noun.
    const semPlural = chaves.filter((k) => !/_(one|other|zero)$/.test(k) && !k.endsWith('ver_todos'));
    expect(semPlural).toEqual([]);
    const outros = new Set(chaves.filter((k) => k.endsWith('_other')).map((k) => k.replace(/_other$/, '')));
    const uns = new Set(chaves.filter((k) => k.endsWith('_one')).map((k) => k.replace(/_one$/, '')));
    expect([...outros].filter((k) => !uns.has(k))).toEqual([]);
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
