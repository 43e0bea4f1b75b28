import { describe, expect, it } from 'vitest';
import { casarBuscas, type FiltrosGuardados, type LoteNovo } from './casar-buscas';

const lote = (id: number, o: Partial<LoteNovo> = {}): LoteNovo => ({
  id,
  hotsiteId: 1,
  criadoEm: 2_000,
  nome: 'Fiat Uno 1.0 Flex',
  numero: String(id),
  marca: 'Fiat',
  uf: 'SP',
  categoria: 'Carros',
  ano: 2018,
  valor: 30_000_00,
  ...o,
});
const casa = (filtros: FiltrosGuardados, l: LoteNovo, vistoAte = 1_000) =>
  casarBuscas([{ id: 1, hotsiteId: 1, vistoAte, filtros }], [l]).has(1);

describe('a saved search against a new lot, as the list reads its filters', () => {
  it.each<[string, FiltrosGuardados, Partial<LoteNovo>, boolean]>([
    ['no filters: any lot of the default categories', {}, {}, true],
    ['no filters: not an equipment lot (outside the default list)', {}, { categoria: 'Equipamentos' }, false],
    ['asked category outside the default', { categoria: ['Equipamentos'] }, { categoria: 'Equipamentos' }, true],
    ['another category', { categoria: ['Motos'] }, {}, false],
    ['one of its brands', { marca: ['Ford', 'Fiat'] }, {}, true],
    ['not its brand', { marca: ['Ford'] }, {}, false],
    ['a lot without brand and a brand asked', { marca: ['Fiat'] }, { marca: null }, false],
    ['state typed in lower case', { uf: ['sp'] }, {}, true],
    ['another state', { uf: ['RJ'] }, {}, false],
    ['year within', { anoMin: 2018, anoMax: 2018 }, {}, true],
    ['year below', { anoMin: 2019 }, {}, false],
    ['no year and a year range', { anoMax: 2030 }, { ano: null }, false],
    ['price at the limit (centavos)', { valorMax: 30_000_00 }, {}, true],
    ['price one centavo over', { valorMax: 29_999_99 }, {}, false],
    ['price under the minimum', { valorMin: 30_000_01 }, {}, false],
    ['text without accents or case', { texto: 'FLÉX' }, {}, true],
    ['text in the name with accents', { texto: 'caminhao' }, { nome: 'Caminhão Volvo' }, true],
    ['text not in the name', { texto: 'diesel' }, {}, false],
    ['text equal to the number', { texto: '042' }, { numero: '042', nome: 'Gol' }, true],
    ['every filter at once', { marca: ['Fiat'], uf: ['SP'], anoMin: 2015, valorMax: 40_000_00, texto: 'uno' }, {}, true],
  ])('%s', (_, filtros, l, esperado) => {
    expect(casa(filtros, lote(7, l))).toBe(esperado);
  });

  it('only lots released after its mark, of its own brand (hotsite)', () => {
    expect(casa({}, lote(1, { criadoEm: 1_000 }))).toBe(false);
    expect(casa({}, lote(1, { criadoEm: 1_001 }))).toBe(true);
    expect(casa({}, lote(1, { hotsiteId: 2 }))).toBe(false);
  });

  it('answers each search its first lot and how many, once per lot even when brands repeat', () => {
    const lotes = [lote(30, { marca: 'Ford' }), lote(12), lote(20), lote(40, { marca: 'Ford', criadoEm: 500 }), lote(50, { uf: 'RJ' })];
    const achados = casarBuscas(
      [
        { id: 1, hotsiteId: 1, vistoAte: 1_000, filtros: { marca: ['Fiat', 'Ford', 'Fiat'], uf: ['SP'] } },
        { id: 2, hotsiteId: 1, vistoAte: 1_000, filtros: { marca: ['Honda'] } },
        { id: 3, hotsiteId: 1, vistoAte: 1_000, filtros: { uf: ['RJ'] } },
      ],
      lotes,
    );
    expect(Object.fromEntries(achados)).toEqual({ 1: { loteId: 12, quantidade: 3 }, 3: { loteId: 50, quantidade: 1 } });
  });
});
