import { describe, expect, it } from 'vitest';
import { caminhoDoLote, nomeSemData, rotuloCombustivel, situacaoDoCard, valorDoCard } from './regras';

describe('nomeSemData', () => {
  it.each([
    ['Leilão Bradesco - 21/11/2026', 'Leilão Bradesco'],
    ['Leilão Bradesco - 21/11/26', 'Leilão Bradesco'],
    ['Leilão Bradesco 21/11/2026', 'Leilão Bradesco'],
    ['Leilão Bradesco', 'Leilão Bradesco'],
    ['Leilão 21/11/2026 especial', 'Leilão 21/11/2026 especial'],
  ])('%s → %s', (nome, esperado) => expect(nomeSemData(nome)).toBe(esperado));
});

describe('cards', () => {
  it.each([
    ['LIBERADO_LEILAO', false, 'verde', 'LL'],
    ['AO_VIVO', false, 'vermelho', 'AV'],
    ['REPASSE', false, 'cinza', 'RE'],
    ['AG_PAGAMENTO', false, 'ambar', 'AG'],
    ['AG_PAGAMENTO', true, 'verde', 'AG'],
    ['CONDICIONAL', false, 'azul', 'CO'],
    ['NAO_ARREMATADO', false, 'cinzaClaro', 'NA'],
    ['RETIRADO', false, 'azulAcinzentado', 'RT'],
    ['CONDICIONAL_NEGADA', false, 'vermelho', 'CN'],
  ])('%s (flag %s) → %s %s', (s, flag, cor, codigo) => expect(situacaoDoCard(s, flag)).toMatchObject({ cor, codigo }));
  it('fuel labels', () => {
    expect(rotuloCombustivel('FLE')).toBe('Flex');
    expect(rotuloCombustivel('GAS/GNV')).toBe('Gasolina/GNV');
    expect(rotuloCombustivel(null)).toBeNull();
  });
  it('lot path', () => {
    expect(
      caminhoDoLote('leilao', {
        id: 7,
        localizacaoCidade: 'São Paulo',
        localizacaoUf: 'SP',
        tipoNome: 'Automóvel',
        marcaNome: 'Volkswagen',
        modelo: 'T-Cross',
        nome: 'x',
        anoModelo: 2022,
      }),
    ).toBe('/leilao/sao-paulo-sp/automovel/volkswagen/t-cross/ano.2022/7');
  });
});

describe('valorDoCard: the value a card headlines (and the price filter uses)', () => {
  it.each([
    [{ tipo: 'Compre Já', compreJa: 64_200_00, valorAtual: 50_000_00 }, 64_200_00],
    [{ tipo: 'Compre Já', compreJa: null, valorAtual: 50_000_00 }, 50_000_00],
    [{ tipo: 'Disputa', compreJa: 64_200_00, valorAtual: 50_000_00 }, 50_000_00],
    [{ tipo: 'Proposta', compreJa: null, valorAtual: 12_000_00 }, 12_000_00],
  ])('%o → %i', (l, esperado) => expect(valorDoCard(l)).toBe(esperado));
});
