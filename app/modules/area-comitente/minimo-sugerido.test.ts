import { describe, expect, it } from 'vitest';
import { minimoSugerido, nivelDe, type LoteDoHistorico } from './minimo-sugerido';

const FIPE = 50_000_00;
/** `n` lots at `p`% of FIPE, `vendidos` of them sold. */
const lotes = (p: number, n: number, vendidos: number): LoteDoHistorico[] =>
  Array.from({ length: n }, (_, i) => ({ minimo: (FIPE * p) / 100, fipe: FIPE, vendido: i < vendidos }));

describe('nivelDe', () => {
  it.each([
    [62, 60],
    [60, 60],
    [59.99, 50],
    [30, 30],
    [129, 120],
  ])('a minimum at %s%% of FIPE is in the %s%% level', (p, nivel) => {
    expect(nivelDe(Math.round((FIPE * p) / 100), FIPE)).toBe(nivel);
  });
  it.each([
    [29, 'below every level'],
    [131, 'above every level'],
  ])('%s%% of FIPE is %s', (p) => {
    expect(nivelDe((FIPE * p) / 100, FIPE)).toBeNull();
  });
  it('no FIPE, no level', () => expect(nivelDe(1000, 0)).toBeNull());
});

describe('minimoSugerido', () => {
  it('suggests the highest level that sells at the target with enough lots', () => {
    const r = minimoSugerido([...lotes(60, 12, 11), ...lotes(70, 10, 8), ...lotes(80, 15, 6)], 40_000_00);
    expect(r.sugestao).toEqual({ porcentagem: 70, valor: 28_000_00, taxaVenda: 8000, amostra: 10 });
    expect(r.niveis.find((n) => n.porcentagem === 80)).toMatchObject({ amostra: 15, vendidos: 6, taxaVenda: 4000, suficiente: true });
    expect(r.amostraTotal).toBe(37);
  });
  it('a level below the minimum sample is shown but never suggested, however well it sells', () => {
    const r = minimoSugerido([...lotes(60, 10, 7), ...lotes(90, 9, 9)], FIPE);
    expect(r.niveis.find((n) => n.porcentagem === 90)).toMatchObject({ amostra: 9, taxaVenda: 10000, suficiente: false });
    expect(r.sugestao?.porcentagem).toBe(60);
  });
  it('no level with enough lots: no suggestion', () => {
    expect(minimoSugerido(lotes(60, 9, 9), FIPE).sugestao).toBeNull();
    expect(minimoSugerido([], FIPE).sugestao).toBeNull();
  });
  it('enough lots but none selling at the target: no suggestion', () => {
    expect(minimoSugerido(lotes(80, 20, 13), FIPE).sugestao).toBeNull();
  });
  it('a new lot without FIPE gets the levels but no value', () => {
    const r = minimoSugerido(lotes(60, 12, 12), 0);
    expect(r.sugestao).toBeNull();
    expect(r.niveis.find((n) => n.porcentagem === 60)?.amostra).toBe(12);
  });
});
