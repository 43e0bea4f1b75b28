import { describe, expect, it } from 'vitest';
import { debitosDoArrematante, montarHistorico, type LinhaConsulta } from './historico';

const agora = new Date('2026-11-27T12:00:00Z');
const diasAtras = (d: number) => new Date(agora.getTime() - d * 24 * 60 * 60 * 1000);
const linha = (l: Partial<LinhaConsulta> & Pick<LinhaConsulta, 'item' | 'resultado'>): LinhaConsulta => ({
  valor: null,
  detalhe: null,
  fonte: 'Detran-SP',
  consultadoAt: diasAtras(1),
  ultimoSucessoAt: diasAtras(1),
  ...l,
});

describe('montarHistorico', () => {
  it.each([
    ['a clean check is ok', linha({ item: 'ALIENACAO', resultado: 'NADA_CONSTA' }), 'ok', false],
    ['a debt found asks for attention', linha({ item: 'IPVA', resultado: 'CONSTA', valor: 184_233 }), 'atencao', false],
    ['eight days old is stale', linha({ item: 'RECALL', resultado: 'NADA_CONSTA', consultadoAt: diasAtras(8) }), 'ok', true],
    ['seven days old is not yet', linha({ item: 'RECALL', resultado: 'NADA_CONSTA', consultadoAt: diasAtras(6.9) }), 'ok', false],
    ['grande monta asks for attention', linha({ item: 'MONTA', resultado: 'CONSTA', detalhe: 'GRANDE' }), 'atencao', false],
    ['média monta informs', linha({ item: 'MONTA', resultado: 'CONSTA', detalhe: 'MEDIA' }), 'ok', false],
    [
      'a failure says so; stale by its last good answer',
      linha({ item: 'MULTAS', resultado: 'FALHOU', consultadoAt: diasAtras(0), ultimoSucessoAt: diasAtras(10) }),
      'falhou',
      true,
    ],
    ['a failure never seen good is not stale', linha({ item: 'MULTAS', resultado: 'FALHOU', ultimoSucessoAt: null }), 'falhou', false],
  ] as const)('%s', (_nome, l, estado, desatualizado) => {
    const item = montarHistorico([l], {}, agora).find((i) => i.item === l.item)!;
    expect(item.estado).toBe(estado);
    expect(item.desatualizado).toBe(desatualizado);
  });

  it('lists every item in the fixed order, the unchecked ones as such, with who pays from the terms', () => {
    const h = montarHistorico([linha({ item: 'VEICULO_LEILAO', resultado: 'CONSTA' })], { IPVA: 'COMITENTE' }, agora);
    expect(h.map((i) => i.item)).toEqual([
      'IPVA',
      'MULTAS',
      'LICENCIAMENTO',
      'ALIENACAO',
      'BLOQUEIO_JUDICIAL',
      'RECALL',
      'MONTA',
      'VEICULO_LEILAO',
    ]);
    expect(h[0]).toMatchObject({ estado: 'nao_consultado', quemPaga: 'COMITENTE' });
    expect(h[1].quemPaga).toBeNull();
    expect(h[7].estado).toBe('atencao');
  });

  it('a failed debt shows no stale amount', () => {
    const [ipva] = montarHistorico([linha({ item: 'IPVA', resultado: 'FALHOU', valor: 100 })], {}, agora);
    expect(ipva.valor).toBeNull();
  });
});

describe('debitosDoArrematante', () => {
  it('adds only the debts found that the buyer pays', () => {
    const h = montarHistorico(
      [
        linha({ item: 'IPVA', resultado: 'CONSTA', valor: 100_000 }),
        linha({ item: 'MULTAS', resultado: 'CONSTA', valor: 30_000 }),
        linha({ item: 'LICENCIAMENTO', resultado: 'NADA_CONSTA', valor: 0 }),
      ],
      { IPVA: 'ARREMATANTE', MULTAS: 'COMITENTE', LICENCIAMENTO: 'ARREMATANTE' },
      agora,
    );
    expect(debitosDoArrematante(h)).toBe(100_000);
  });
});
