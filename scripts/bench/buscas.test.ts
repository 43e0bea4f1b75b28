import { describe, expect, it } from 'vitest';
import { buscaApiSchema, buscaDaUrl, filtrosDaApi } from '~/modules/catalogo/filtros';
import { caminhoDaPagina, chaveDaBusca, corpoDaApi, gerarBuscas, sorteioZipf, type FacetasDoCatalogo } from './buscas';

const facetas: FacetasDoCatalogo = {
  categoria: [
    { valor: 'Carros', quantidade: 700 },
    { valor: 'Moto', quantidade: 200 },
    { valor: 'Pesados', quantidade: 100 },
  ],
  marca: ['Fiat', 'Volkswagen', 'Chevrolet', 'Honda', 'Toyota'].map((valor, i) => ({ valor, quantidade: 100 * (5 - i) })),
  modelo: ['Uno', 'Gol', 'Onix', 'Civic', 'Corolla', 'Strada'].map((valor, i) => ({ valor, quantidade: 50 + i })),
  uf: ['SP', 'RJ', 'MG', 'PR', 'RS', 'BA'].map((valor, i) => ({ valor, quantidade: 300 - 40 * i })),
  cidade: ['São Paulo', 'Campinas', 'Curitiba', 'Salvador'].map((valor) => ({ valor, quantidade: 80 })),
  combustivel: ['FLE', 'GAS', 'DIE'].map((valor, i) => ({ valor, quantidade: 500 - 100 * i })),
  cor: ['Branco', 'Prata', 'Preto', 'Vermelho'].map((valor) => ({ valor, quantidade: 200 })),
  retomada: ['Financeira', 'Seguradora'].map((valor) => ({ valor, quantidade: 300 })),
  comitente: ['3', '7', '11'].map((valor) => ({ valor, quantidade: 90 })),
  anoModelo: ['2015', '2018', '2020', '2023'].map((valor) => ({ valor, quantidade: 100 })),
};

describe('searches generated for the benches', () => {
  it('gives the same 1,200 searches for the same facets and seed, and others for another seed', () => {
    const a = gerarBuscas({ facetas, n: 1_200, semente: 35 });
    const b = gerarBuscas({ facetas, n: 1_200, semente: 35 });
    const c = gerarBuscas({ facetas, n: 1_200, semente: 36 });
    expect(a.map(chaveDaBusca)).toEqual(b.map(chaveDaBusca));
    expect(a.map(chaveDaBusca)).not.toEqual(c.map(chaveDaBusca));
  });

  it('never repeats a search, and filters only on values the catalogue has', () => {
    const buscas = gerarBuscas({ facetas, n: 1_200, semente: 1 });
    expect(new Set(buscas.map(chaveDaBusca)).size).toBe(1_200);
    for (const { filtros } of buscas)
      for (const [campo, valores] of Object.entries(filtros))
        if (Array.isArray(valores)) for (const v of valores) expect(facetas[campo]!.map((f) => f.valor)).toContain(String(v));
    // Not all first pages of one order: the set mixes filters, orders and pages.
    expect(new Set(buscas.map((b) => b.pagina)).size).toBeGreaterThan(2);
    expect(new Set(buscas.map((b) => `${b.ordenacao.campo}-${b.ordenacao.tipoOrdenacao}`)).size).toBe(5);
    expect(buscas.filter((b) => b.filtros.marca && b.filtros.modelo)).toEqual([]);
  });

  it('refuses to return repeats when the facets cannot give that many distinct searches', () => {
    expect(() => gerarBuscas({ facetas: { uf: [{ valor: 'SP', quantidade: 1 }] }, n: 1_000, semente: 1 })).toThrow(/distintas/);
  });

  it('asks the server the same search through the page URL and the API body', () => {
    for (const b of gerarBuscas({ facetas, n: 200, semente: 7 })) {
      const url = buscaDaUrl(new URLSearchParams(caminhoDaPagina(b).split('?')[1] ?? ''));
      const corpo = buscaApiSchema.parse(JSON.parse(corpoDaApi(b)));
      expect(filtrosDaApi(corpo.requisicoesBusca)).toEqual(url.filtros);
      expect(corpo.listaOrdenacao).toEqual([url.ordenacao]);
      expect(corpo.from).toBe((url.pagina - 1) * 30);
    }
  });

  it('draws a few searches often and most rarely (Zipf), the same for the same seed', () => {
    const sorteio = sorteioZipf({ n: 1_000, total: 20_000, semente: 3 });
    expect(sorteioZipf({ n: 1_000, total: 20_000, semente: 3 })).toEqual(sorteio);
    const vezes = new Map<number, number>();
    for (const i of sorteio) vezes.set(i, (vezes.get(i) ?? 0) + 1);
    const ordenadas = [...vezes.values()].sort((a, b) => b - a);
    // With s = 1 over 1,000 the most asked is ~1/7.5 of all draws; the top 10 about 39 %.
    expect(ordenadas[0] / 20_000).toBeGreaterThan(0.1);
    expect(ordenadas.slice(0, 10).reduce((a, b) => a + b, 0) / 20_000).toBeGreaterThan(0.3);
    expect(Math.max(...sorteio)).toBeLessThan(1_000);
    expect(Math.min(...sorteio)).toBeGreaterThanOrEqual(0);
  });
});
