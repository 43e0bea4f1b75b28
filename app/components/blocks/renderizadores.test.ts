import { describe, expect, it } from 'vitest';
import { ELEMENTO_IDS } from '~/modules/conteudo/elementos';
import { RENDERIZADORES, renderizadorDe } from './index';

describe('RENDERIZADORES', () => {
  it('has a renderer for every section kind, and none for anything else', () => {
    expect(Object.keys(RENDERIZADORES).sort()).toEqual([...ELEMENTO_IDS].sort());
  });

  it('a kind missing from the map does not typecheck (tsc fails on an unused @ts-expect-error)', () => {
    const { titulo: _sem, ...resto } = RENDERIZADORES;
    // @ts-expect-error: 'titulo' is missing, so this is not a complete renderer map
    const incompleto: typeof RENDERIZADORES = resto;
    expect(Object.keys(incompleto)).not.toContain('titulo');
  });

  it('a stored kind this code does not know has no renderer (left out of the page)', () => {
    expect(renderizadorDe('bloco-removido')).toBeUndefined();
    expect(renderizadorDe('constructor')).toBeUndefined();
    expect(renderizadorDe('titulo')).toBe(RENDERIZADORES.titulo);
  });
});
