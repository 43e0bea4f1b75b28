import { describe, expect, it } from 'vitest';
import { enderecoSemVazios } from './consulta-limpa';

describe('addresses without empty query pairs', () => {
  it.each([
    ['/leilao?uf=&valor_max=', '/leilao'],
    ['/leilao?uf=SP&valor_max=&q=', '/leilao?uf=SP'],
    ['/leilao?marca=Fiat&marca=&marca=Honda&valor_max=60.000', '/leilao?marca=Fiat&marca=Honda&valor_max=60.000'],
    ['/admin/veiculos?busca=%20&pagina=2', '/admin/veiculos?pagina=2'],
  ])('%s → %s', (url, limpo) => {
    expect(enderecoSemVazios(url)).toBe(limpo);
  });

  it.each(['/leilao', '/leilao?uf=SP', '/leilao?uf=&_data=routes%2Fleilao', '/?', '/?index&q=carro'])('%s stays as it is', (url) => {
    expect(enderecoSemVazios(url)).toBeNull();
  });
});
