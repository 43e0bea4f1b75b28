import { describe, expect, it } from 'vitest';
import { TIPOS_PLACEHOLDER } from '~/modules/catalogo/placeholder';
import { LEILOEIROS, MODELOS, TIPOS, anosDoModelo } from './referencias';

const CATEGORIA_DO_SEGMENTO: Record<keyof typeof MODELOS, string> = {
  carro: 'Carros',
  utilitario: 'Utilitários',
  moto: 'Moto',
  pesado: 'Pesados',
  onibus: 'Pesados',
  carreta: 'Pesados',
  equipamento: 'Equipamentos',
  imovel: 'Imóveis',
  aeronave: 'Aeronaves',
  embarcacao: 'Embarcações',
};
const tipo = (id: number) => TIPOS.find((t) => t.id === id);

describe('demo models look real', () => {
  it.each(Object.entries(MODELOS))('%s: each model has a type of its segment and years it was sold', (seg, modelos) => {
    for (const m of modelos) {
      const nome = `${m[0]} ${m[1]} ${m[2]}`;
      expect(tipo(m[6])?.categoria, nome).toBe(CATEGORIA_DO_SEGMENTO[seg as keyof typeof MODELOS]);
      const [desde, ate] = anosDoModelo(m);
      expect(desde, nome).toBeLessThanOrEqual(ate);
      expect(desde, nome).toBeGreaterThanOrEqual(1990);
      expect(ate, nome).toBeLessThanOrEqual(2026);
    }
  });

  it.each([
    ['Onix', 2020, 2026],
    ['Ka', 2015, 2021],
    ['Gol', 2013, 2023],
    ['R44', 2002, 2026],
  ])('%s is seeded only with model years %i–%i', (modelo, desde, ate) => {
    const m = Object.values(MODELOS)
      .flat()
      .find((x) => x[1] === modelo)!;
    expect(anosDoModelo(m)).toEqual([desde, ate]);
  });

  it('draws aircraft and boats as aircraft and boats, every type with a drawing', () => {
    for (const t of TIPOS) expect(TIPOS_PLACEHOLDER, t.nome).toContain(t.foto);
    expect(tipo(34)?.foto).toBe('aviao');
    expect(tipo(35)?.foto).toBe('helicoptero');
    expect([36, 37, 38].map((id) => tipo(id)?.foto)).toEqual(['embarcacao', 'embarcacao', 'embarcacao']);
  });

  it('gives each auctioneer one registration number', () => {
    expect(new Set(LEILOEIROS.map((l) => l.nome)).size).toBe(LEILOEIROS.length);
    expect(new Set(LEILOEIROS.map((l) => l.inscricao)).size).toBe(LEILOEIROS.length);
  });
});
