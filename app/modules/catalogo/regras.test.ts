import { describe, expect, it } from 'vitest';
import { caminhoDoLote, nomeSemData, rotuloCombustivel, situacaoDoCard, valorDoCard } from './regras';
import { calcularValores, proximoLance, valorAtual } from './valores';

describe('nomeSemData', () => {
  it.each([
    ['Leilão Bradesco - 21/11/2026', 'Leilão Bradesco'],
    ['Leilão Bradesco - 21/11/26', 'Leilão Bradesco'],
    ['Leilão Bradesco 21/11/2026', 'Leilão Bradesco'],
    ['Leilão Bradesco', 'Leilão Bradesco'],
    ['Leilão 21/11/2026 especial', 'Leilão 21/11/2026 especial'],
  ])('%s → %s', (nome, esperado) => expect(nomeSemData(nome)).toBe(esperado));
});

const base = {
  minimo: 10_000_00,
  incremento: 500_00,
  ultimoLanceValor: null,
  comissaoPorcentagem: 500,
  comissaoExtraPorcentagem: 0,
  despachante: 0,
  outros: 0,
  remocao: 0,
  depositoDeBens: 0,
  vistoria: 0,
};
describe('value block', () => {
  it.each([
    ['no bid: minimum', base, 10_000_00, 10_000_00],
    ['with bid: last bid and last + increment', { ...base, ultimoLanceValor: 12_000_00 }, 12_000_00, 12_500_00],
  ])('%s', (_, v, atual, proximo) => {
    expect(valorAtual(v)).toBe(atual);
    expect(proximoLance(v)).toBe(proximo);
  });
  it.each([
    ['commission only', base, {}, 500_00, 10_500_00],
    [
      'fees, extra commission, negative fee ignored',
      { ...base, despachante: 800_00, remocao: -50_00, vistoria: 350_00, comissaoExtraPorcentagem: 150 },
      {},
      500_00 + 150_00 + 800_00 + 350_00,
      10_000_00 + 1_800_00,
    ],
    ['rounding half up', { ...base, minimo: 333_33 }, {}, 16_67, 350_00],
    ['rounding down for one brand', { ...base, minimo: 333_33 }, { comissaoParaBaixo: true }, 16_66, 349_99],
  ])('%s', (_, v, opcoes, despesas, total) => {
    const r = calcularValores(v, opcoes);
    expect(r.totalDespesas).toBe(despesas);
    expect(r.totalAPagar).toBe(total);
  });
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
