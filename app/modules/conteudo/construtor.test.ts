import { describe, expect, it } from 'vitest';
import { itemNovoSchema, prioridadeSchema, sessaoNovaSchema } from './construtor.schema';
import { novaOrdem } from './construtor.server';

const secoes = [1, 2, 3].map((id) => ({ id }));
const ids = (l: { id: number }[]) => l.map((s) => s.id);

describe('novaOrdem: aumentar moves a section one place up the page, diminuir one place down', () => {
  it.each([
    [2, 'aumentar', [2, 1, 3]],
    [2, 'diminuir', [1, 3, 2]],
    [1, 'aumentar', [1, 2, 3]],
    [3, 'diminuir', [1, 2, 3]],
    [9, 'aumentar', [1, 2, 3]],
  ] as const)('section %i %s → %j', (id, direcao, esperado) => {
    expect(ids(novaOrdem(secoes, id, direcao))).toEqual(esperado);
  });
});

describe('builder input', () => {
  const sessao = '3f0c5a52-6f1e-4d7e-9a37-0c8a4b4e2f11';
  it.each([
    ['http://intranet/lote', 'http://intranet/lote'],
    ['/leilao?categoria=motos', '/leilao?categoria=motos'],
    ['', null],
    [null, null],
  ])('link %j → %j (no top-level domain needed; empty is null)', (link, esperado) => {
    expect(itemNovoSchema.parse({ sessaoUid: sessao, link }).link).toBe(esperado);
  });
  it.each(['javascript:alert(1)', '//evil.com', 'data:text/html,x'])('refuses link %s', (link) => {
    expect(itemNovoSchema.safeParse({ sessaoUid: sessao, link }).success).toBe(false);
  });
  it('re-serialises item colours and refuses non-colours', () => {
    expect(itemNovoSchema.parse({ sessaoUid: sessao, corFundo: 'rgb(255, 0, 0)' }).corFundo).toBe('#ff0000');
    expect(itemNovoSchema.safeParse({ sessaoUid: sessao, corTexto: 'red;x:y' }).success).toBe(false);
  });
  it('knows only the 35 kinds, the two column sizes, the four margins and the two priority words', () => {
    expect(sessaoNovaSchema.safeParse({ paginaUid: 1, elemento: 'texto', nome: 'x' }).success).toBe(true);
    expect(sessaoNovaSchema.safeParse({ paginaUid: 1, elemento: 'html', nome: 'x' }).error?.issues[0].message).toBe('Elemento inválido');
    expect(sessaoNovaSchema.safeParse({ paginaUid: 1, elemento: 'texto', nome: 'x', margemCabecalho: 'enorme' }).success).toBe(false);
    expect(prioridadeSchema.safeParse({ prioridade: 'subir' }).success).toBe(false);
  });
});
