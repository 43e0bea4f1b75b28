import { describe, expect, it } from 'vitest';
import { alternarFiltro, urlDaBusca } from './busca-url';
import { buscaDaUrl, filtrosDaApi } from './filtros';

describe('search URL', () => {
  it('round-trips filters, order and page', () => {
    const q = '?marca=Fiat&marca=Honda&uf=SP&categoria=Carros&ano_min=2018&valor_max=50000&ordem=valor-desc&pagina=3';
    const b = buscaDaUrl(new URLSearchParams(q));
    expect(b.filtros).toMatchObject({ marca: ['Fiat', 'Honda'], uf: ['SP'], categoria: ['Carros'], anoMin: 2018, valorMax: 5_000_000 });
    expect(b.ordenacao).toEqual({ campo: 'valor', tipoOrdenacao: 'desc' });
    expect(b.pagina).toBe(3);
    expect(new URLSearchParams(urlDaBusca(b))).toEqual(new URLSearchParams(q));
  });
  it('a filter change goes back to page 1', () => {
    const b = buscaDaUrl(new URLSearchParams('marca=Fiat&pagina=4'));
    expect(alternarFiltro(b, 'marca', 'Honda')).toBe('?marca=Fiat&marca=Honda');
    expect(alternarFiltro(b, 'marca', 'Fiat')).toBe('');
  });
  it.each([
    ['pagina=0', 'página inválida'],
    ['pagina=abc', 'página inválida'],
    ['ano_min=dois', 'Ano de: informe um ano, por exemplo 2020'],
    ['valor_max=60.000.0', 'Valor até: informe o valor em reais, por exemplo 60.000 ou 60.000,00'],
    ['valor_max=1,234.56', 'Valor até: informe o valor em reais'],
    ['km_max=65,432', 'Km até: informe a quilometragem, por exemplo 65.432'],
    ['ordem=preco-asc', 'campo de ordenação desconhecido'],
    ['categoria=Naves', 'categoria desconhecida'],
  ])('%s is refused with "%s"', (q, msg) => {
    expect(() => buscaDaUrl(new URLSearchParams(q))).toThrow(msg);
  });
  it.each([
    ['valor_max=60.000', { valorMax: 6_000_000 }, '?valor_max=60000'],
    ['valor_max=60.000,00', { valorMax: 6_000_000 }, '?valor_max=60000'],
    ['valor_max=60000', { valorMax: 6_000_000 }, '?valor_max=60000'],
    ['valor_min=R%24+5.000,50', { valorMin: 500_050 }, '?valor_min=5000%2C50'],
    ['km_max=65.432', { kmMax: 65_432 }, '?km_max=65432'],
    ['ano_min=2020&valor_max=&km_max=', { anoMin: 2020 }, '?ano_min=2020'],
  ])('%s reads as typed the Brazilian way', (q, filtros, canonica) => {
    const b = buscaDaUrl(new URLSearchParams(q));
    expect(b.filtros).toEqual(filtros);
    expect(urlDaBusca(b)).toBe(canonica);
    expect(buscaDaUrl(new URLSearchParams(canonica)).filtros).toEqual(filtros);
  });

  it('API requests map to filters', () => {
    expect(
      filtrosDaApi([
        { campo: 'marca', valores: ['Fiat'] },
        { campo: 'estado', valor: 'SP' },
        { campo: 'valor', min: 1000, max: 2000 },
      ]),
    ).toEqual({ marca: ['Fiat'], uf: ['SP'], valorMin: 100_000, valorMax: 200_000 });
    expect(() => filtrosDaApi([{ campo: 'xpto', valores: ['1'] }])).toThrow('Campo de busca desconhecido: xpto');
  });
});
