import { describe, expect, it } from 'vitest';
import { CHAVE_RESPONDIDA } from './gravador.server';
import { resultadoGuardado } from './idempotencia.server';
import { MENSAGENS_LANCE, mensagensDaMarca } from './mensagens.server';

const lote = {
  loteId: 7,
  veiUid: 'v',
  valor: { lance: 1500, atual: 1500, proximo: 1600, incremento: 100 },
  dataFim: null,
  situacao: 'LIBERADO_LEILAO',
  seq: 3,
};
const lance = { id: 1, uid: 'u', loteId: 7, valor: 1500, tipo: 'Manual', data: '2026-01-01T00:00:00.000Z' };

describe('a stored first result (Idempotency-Key replay)', () => {
  it('a result stored as data comes back as it was', () => {
    const r = { tipo: 'aceito', lance, lote, status: 'ganhando' };
    expect(resultadoGuardado('lance', CHAVE_RESPONDIDA, r)).toEqual(r);
  });

  // Rows written before results were data hold the HTTP answer of then: a retry across the upgrade
  // still gets its first answer, which the API then words and numbers as before.
  it.each([
    ['lance', 201, { lance, lote, status: 'superado' }, { tipo: 'aceito', lance, lote, status: 'superado' }],
    [
      'automatico',
      201,
      { lanceAutomatico: { id: 2, loteId: 7, valorMaximo: 9000 }, lote, status: 'ganhando' },
      { tipo: 'automatico-salvo', lanceAutomatico: { id: 2, loteId: 7, valorMaximo: 9000 }, lote, status: 'ganhando' },
    ],
    [
      'compre-ja',
      201,
      { lance: { ...lance, tipo: 'Compre Já' }, lote, status: 'vencedor' },
      { tipo: 'comprado', lance: { ...lance, tipo: 'Compre Já' }, lote },
    ],
    ['lance', 409, { mensagem: MENSAGENS_LANCE.abaixoDoProximo('R$ 16,00'), proximo: 1600 }, { tipo: 'abaixo', proximo: 1600 }],
    ['lance', 409, { mensagem: MENSAGENS_LANCE.coberto('R$ 16,00'), proximo: 1600, lote }, { tipo: 'coberto', proximo: 1600, lote }],
    [
      'automatico',
      409,
      { mensagem: MENSAGENS_LANCE.maximoAbaixoDoProximo('R$ 16,00'), proximo: 1600 },
      { tipo: 'maximo-abaixo', proximo: 1600 },
    ],
    ['compre-ja', 409, { mensagem: MENSAGENS_LANCE.compraDeOutro }, { tipo: 'compra-de-outro' }],
    ['compre-ja', 409, { mensagem: mensagensDaMarca('loja').compraJaFeita }, { tipo: 'compra-ja-feita' }],
    ['lance', 409, { mensagem: MENSAGENS_LANCE.encerrado }, { tipo: 'encerrado' }],
    ['lance', 404, { mensagem: MENSAGENS_LANCE.loteNaoEncontrado }, { tipo: 'lote-nao-encontrado' }],
  ] as const)('%s answered %i before: %j', (operacao, status, corpo, esperado) => {
    expect(resultadoGuardado(operacao, status, corpo)).toEqual(esperado);
  });
});
