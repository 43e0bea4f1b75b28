import { describe, expect, it } from 'vitest';
import { mapearCabecalho, marcarRepetidas, validarLinha, type Referencias } from './importacao-linhas.server';

const refs: Referencias = {
  tipos: new Map([
    ['automóvel', 1],
    ['1', 1],
    ['motocicleta', 5],
  ]),
  patios: new Map([['pátio central', 7]]),
  comitentes: new Map([['banco x', 3]]),
};
const base = {
  tipo: 'Automóvel',
  marcaNome: 'Fiat',
  modelo: 'Argo',
  versao: 'Drive 1.3',
  anoFabricacao: '2020',
  anoModelo: '2021',
  placa: 'abc-1d23',
  chassi: '9BD358A4NLYJ12345',
  minimo: '15.000,00',
  incremento: '500',
  patio: 'Pátio Central',
};

describe('import header', () => {
  it('maps people’s column names, reports unknown and missing ones', () => {
    expect(mapearCabecalho(['Tipo', 'Marca', 'Modelo', 'Ano Modelo', 'Mínimo', 'Incremento', 'Cor favorita'])).toEqual({
      campos: ['tipo', 'marcaNome', 'modelo', 'anoModelo', 'minimo', 'incremento', null],
      desconhecidas: ['Cor favorita'],
      faltando: [],
    });
    expect(mapearCabecalho(['Placa', 'Modelo']).faltando).toEqual(['tipo', 'minimo', 'incremento']);
  });
});

describe('one import row', () => {
  it('a good row: money in reais to centavos, plate normalised, name from make, model, version', () => {
    const r = validarLinha(base, 2, refs);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.veiculo).toMatchObject({ nome: 'Fiat Argo Drive 1.3', veiculoTipoId: 1, patioId: 7, placa: 'ABC1D23', marcaNome: 'Fiat' });
    expect(r.lote).toMatchObject({ minimo: 1_500_000, incremento: 50_000, comissaoPorcentagem: 500, tipo: 'Disputa' });
    expect(r.chave).toEqual({ chassi: '9BD358A4NLYJ12345', placa: 'ABC1D23' });
  });

  it.each([
    [{ tipo: 'Nave espacial' }, 'Tipo de veículo desconhecido: Nave espacial'],
    [{ tipo: '' }, 'Informe o tipo do veículo'],
    [{ placa: 'XYZ' }, 'Placa inválida: use AAA9999 ou AAA9A99'],
    [{ chassi: '123' }, 'Chassi inválido: 17 letras e números (sem I, O e Q)'],
    [{ placa: '', chassi: '' }, 'Informe o chassi ou a placa (a importação identifica o veículo por eles)'],
    [{ minimo: 'quinze mil' }, 'minimo: Informe o valor mínimo'],
    [{ minimo: '0' }, 'minimo: Informe o valor mínimo'],
    [{ anoModelo: '1800' }, 'anoModelo: Ano do modelo deve estar entre 1900'],
    [{ patio: 'Pátio da Lua' }, 'Pátio não encontrado: Pátio da Lua'],
    [{ comitente: 'Banco Y' }, 'Comitente não encontrado: Banco Y'],
    [{ tipoNegociacao: 'Compre Já' }, 'compreJa: Informe o valor do Compre Já'],
    [{ tipoNegociacao: 'Leilão' }, 'modoVenda: Modo de venda inválido'],
  ])('%o → %s', (mudanca, mensagem) => {
    const r = validarLinha({ ...base, ...mudanca }, 5, refs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.linha).toBe(5);
    expect(r.erros.join(' | ')).toContain(mensagem);
  });

  it('the same chassis twice in one file: the second row is refused, naming the first', () => {
    const linhas = marcarRepetidas([validarLinha(base, 2, refs), validarLinha({ ...base, placa: 'DEF1234' }, 3, refs)]);
    expect(linhas[0].ok).toBe(true);
    expect(linhas[1]).toEqual({ linha: 3, ok: false, erros: ['Chassi 9BD358A4NLYJ12345 repetido na linha 2'] });
  });
});
