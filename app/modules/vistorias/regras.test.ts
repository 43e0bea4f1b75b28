import { describe, expect, it } from 'vitest';
import type { CategoriaVistoria } from '@db/schema';
import { grupoDaCategoria, pendenciasParaRealizar, podeMudarSituacao, posicoesDosPneus } from './regras';

describe('inspection states', () => {
  it.each([
    ['Aguardando', 'Realizada', true],
    ['Aguardando', 'Cancelada', true],
    ['Aguardando', 'Aguardando', false],
    ['Realizada', 'Cancelada', false],
    ['Realizada', 'Aguardando', false],
    ['Cancelada', 'Realizada', false],
  ] as const)('%s → %s: %s', (de, para, pode) => expect(podeMudarSituacao(de, para)).toBe(pode));
});

describe('tyres and equipment', () => {
  it.each([
    ['Moto', 'moto'],
    ['Pesados', 'pesado'],
    ['Carros', 'leve'],
    ['Utilitários', 'leve'],
    [null, 'leve'],
  ] as const)('category %s is %s', (c, g) => expect(grupoDaCategoria(c)).toBe(g));

  it('positions: motorcycle front/rear, light four wheels and spare, heavy left/right per axle up to 8', () => {
    expect(posicoesDosPneus('moto')).toEqual(['Dianteiro', 'Traseiro']);
    expect(posicoesDosPneus('leve')).toHaveLength(5);
    expect(posicoesDosPneus('pesado', 8)).toHaveLength(16);
    expect(posicoesDosPneus('pesado', 3).slice(-2)).toEqual(['Eixo 3 esquerdo', 'Eixo 3 direito']);
  });

  it('lists what is missing before Realizada: required items and unrated tyres', () => {
    const categorias: CategoriaVistoria[] = [
      {
        nome: 'Lataria',
        ordem: 1,
        itens: [
          { nome: 'Para-choque', tipo: 'OPCAO', obrigatorio: true, opcoes: ['Bom', 'Ruim'], exemploUrl: null, ordem: 1, resposta: null },
          { nome: 'Observação', tipo: 'TEXTO', obrigatorio: false, opcoes: [], exemploUrl: null, ordem: 2 },
        ],
      },
    ];
    const eq = { tipo: 'moto' as const, quilometragem: 1000, pneus: [{ posicao: 'Dianteiro', condicao: 'BOM' as const }], itens: {} };
    expect(pendenciasParaRealizar(categorias, eq)).toEqual([
      'Responda o item obrigatório "Para-choque" (Lataria)',
      'Informe a condição do pneu: Traseiro',
    ]);
    categorias[0].itens[0].resposta = 'Bom';
    eq.pneus.push({ posicao: 'Traseiro', condicao: 'BOM' });
    expect(pendenciasParaRealizar(categorias, eq)).toEqual([]);
    expect(pendenciasParaRealizar([], null)).toEqual(['Informe os pneus e equipamentos do veículo']);
  });
});
