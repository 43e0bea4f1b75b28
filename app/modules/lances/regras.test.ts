import { describe, expect, it } from 'vitest';
import {
  rotuloDoLanceRecebido,
  aceitaLanceEm,
  autorPublico,
  chaveDoStatus,
  dataFimAposLance,
  faseDoLote,
  decidirIdempotencia,
  jsonCanonico,
  posicaoMaisNova,
  type PosicaoNoLote,
  situacaoAoEncerrar,
  situacaoAposRespostaCondicional,
  statusDoLance,
  valorDoFormulario,
} from './regras';
import { reaisParaCentavos } from '~/utils/numeros';
import { mensagensDaMarca, MENSAGENS_LANCE } from './mensagens.server';
import { lances } from '~/locales/pt-BR/lances';

describe('soft close', () => {
  const fim = new Date('2026-11-21T20:00:00Z');
  const prazo = { dataFim: fim, recebeIncrementoTempo: true, pontoCorteSegundos: 60, incrementoSegundos: 120 };
  const em = (s: number) => new Date(fim.getTime() - s * 1000);
  it.each([
    ['outside the cut-off window: unchanged', prazo, em(61), fim],
    ['inside the window: now + increment', prazo, em(30), new Date(em(30).getTime() + 120_000)],
    ['at the cut-off edge: moves', prazo, em(60), new Date(em(60).getTime() + 120_000)],
    ['lot without time increments: unchanged', { ...prazo, recebeIncrementoTempo: false }, em(10), fim],
    [
      'an increment shorter than the time left never moves the end back',
      { ...prazo, pontoCorteSegundos: 600, incrementoSegundos: 60 },
      em(300),
      fim,
    ],
  ])('%s', (_n, p, agora, esperado) => {
    expect(dataFimAposLance(p, agora).toISOString()).toBe(esperado.toISOString());
  });
  it('accepts bids only strictly before the end', () => {
    expect(aceitaLanceEm(fim, em(0.001))).toBe(true);
    expect(aceitaLanceEm(fim, fim)).toBe(false);
    expect(aceitaLanceEm(fim, new Date(fim.getTime() + 1))).toBe(false);
  });
});

describe('closing and conditional answers', () => {
  it.each([
    [null, 10_000_00, 'NAO_ARREMATADO'],
    [10_000_00, 10_000_00, 'AG_PAGAMENTO'],
    [12_000_00, 10_000_00, 'AG_PAGAMENTO'],
    [9_999_99, 10_000_00, 'CONDICIONAL'],
    [5_00, null, 'AG_PAGAMENTO'],
  ])('lance %s against seller value %s → %s', (lance, valorComitente, esperado) => {
    expect(situacaoAoEncerrar({ lance, valorComitente })).toBe(esperado);
  });
  it.each([
    ['Liberada', 'AG_PAGAMENTO'],
    ['Recusada', 'CONDICIONAL_NEGADA'],
    ['Novo valor', 'CONDICIONAL'],
  ] as const)('%s → %s', (resposta, esperado) => {
    expect(situacaoAposRespostaCondicional(resposta)).toBe(esperado);
  });
});

describe('bid status as the user sees it (spec section 4)', () => {
  it.each([
    [null, 1_000_00, 'LIBERADO_LEILAO', 'nao-esta-participando'],
    [1_000_00, 1_000_00, 'LIBERADO_LEILAO', 'ganhando'],
    [1_000_00, 1_000_00, 'AO_VIVO', 'ganhando'],
    [900_00, 1_000_00, 'AO_VIVO', 'superado'],
    [1_000_00, 1_000_00, 'AG_PAGAMENTO', 'vencedor'],
    [1_000_00, 1_000_00, 'PAGO', 'vencedor'],
    [1_000_00, 1_000_00, 'CONDICIONAL', 'condicional'],
    [1_000_00, 1_000_00, 'CONDICIONAL_NEGADA', 'condicional-negada'],
    [1_000_00, 1_000_00, 'NAO_ARREMATADO', 'finalizado'],
    [900_00, 1_000_00, 'AG_PAGAMENTO', 'finalizado'],
    [900_00, 1_000_00, 'CONDICIONAL', 'finalizado'],
  ] as const)('own %s, current %s, lot %s → %s', (meuLance, lanceAtual, situacao, esperado) => {
    expect(statusDoLance({ meuLance, lanceAtual, situacao })).toBe(esperado);
  });

  describe("a viewer's standing, kept by the bid panel (issue #28: automatic bids)", () => {
    // A saves a maximum of 40.000 (bids 39.000); B bids 39.100; A's maximum answers 39.200 in the same step.
    const antes = (meuLance: number): PosicaoNoLote => ({ seq: 1, meuLance, lanceAtual: 39_000_00, situacao: 'LIBERADO_LEILAO' });
    const depois = (meuLance: number): PosicaoNoLote => ({ seq: 2, meuLance, lanceAtual: 39_200_00, situacao: 'LIBERADO_LEILAO' });

    it('the newer reading wins, whatever the order they arrive in; a tie takes the later one', () => {
      expect(posicaoMaisNova(antes(39_000_00), depois(39_200_00))).toEqual(depois(39_200_00));
      expect(posicaoMaisNova(depois(39_200_00), antes(39_000_00))).toEqual(depois(39_200_00));
      const outra = { ...depois(39_200_00) };
      expect(posicaoMaisNova(depois(39_200_00), outra)).toBe(outra);
    });

    it("each bidder's status is the server's rule on their own highest bid, never on the lot's current bid", () => {
      // A's own automatic bid is the lot's current bid: A is winning.
      expect(statusDoLance(posicaoMaisNova(antes(39_000_00), depois(39_200_00)))).toBe('ganhando');
      // B's own bid is 39.100, below the current 39.200 (A's): B is outbid, though B's last bid was accepted.
      expect(statusDoLance(posicaoMaisNova({ ...antes(0), meuLance: null }, depois(39_100_00)))).toBe('superado');
      // Until the page reads A's standing at seq 2, it keeps the pair it read at seq 1 (A was winning then).
      expect(statusDoLance(posicaoMaisNova(antes(39_000_00), antes(39_000_00)))).toBe('ganhando');
    });
  });

  it('has a label for every status, with the shop variants of the spec', () => {
    const rotulos = lances.status_lance as Record<string, string>;
    expect(rotulos[chaveDoStatus('ganhando').split('.')[1]]).toBe('Ganhando');
    expect(rotulos.ganhando_loja).toBe('Melhor oferta');
    expect(rotulos.superado).toBe('Superado');
    expect(rotulos.superado_loja).toBe('Oferta superada');
    expect(rotulos.vencedor).toBe('Ganhou');
    expect(rotulos.finalizado).toBe('Finalizado');
    expect(rotulos.condicional).toBe('Condicional');
    expect(rotulos.condicional_negada).toBe('Condicional negada');
    expect(rotulos.nao_esta_participando).toBeTruthy();
  });
});

describe('idempotency keys', () => {
  const primeira = { hashCorpo: 'abc', resposta: { status: 201, corpo: { id: 1 } } };
  it.each([
    ['a new key runs the request', null, 'abc', { tipo: 'novo' }],
    ['the same key and body replays the first answer', primeira, 'abc', { tipo: 'repetir', resposta: primeira.resposta }],
    ['the same key with another body is a conflict', primeira, 'xyz', { tipo: 'conflito' }],
  ])('%s', (_n, anterior, hash, esperado) => {
    expect(decidirIdempotencia(anterior, hash)).toEqual(esperado);
  });
  it('canonical JSON ignores key order', () => {
    expect(jsonCanonico({ valor: 1, loteId: 2 })).toBe(jsonCanonico({ loteId: 2, valor: 1 }));
    expect(jsonCanonico({ valor: 1 })).not.toBe(jsonCanonico({ valor: 2 }));
  });
});

describe('money typed by the client', () => {
  it.each([
    ['1.234,56', 123_456],
    ['R$ 1.234,56', 123_456],
    ['1234,5', 123_450],
    ['10.500', 1_050_000],
    ['10500', 1_050_000],
    ['10500.25', 1_050_025],
    ['abc', NaN],
    ['-5', NaN],
    ['', NaN],
  ])('%s → %s centavos', (texto, esperado) => {
    expect(reaisParaCentavos(texto)).toBe(esperado);
  });
});

describe('bid answers in the brand wording', () => {
  type Texto = string | ((p: string) => string) | { assunto: string; texto: (p: string) => string };
  const texto = (v: Texto): string =>
    typeof v === 'function' ? v('R$ 1,00') : typeof v === 'object' ? `${v.assunto} ${v.texto('R$ 1,00')}` : v;
  it('a loja never reads lance, lote or leilão (answers and the outbid e-mail); the leilão texts are the spec texts', () => {
    for (const [chave, v] of Object.entries(mensagensDaMarca('loja'))) {
      expect(texto(v), chave).not.toMatch(/\b(lances?|lotes?|leil[ãõ]o|leilões)\b/i);
    }
    expect(mensagensDaMarca('loja').abaixoDoProximo('R$ 5,00')).toBe(
      'Oferta abaixo da próxima oferta aceita: o valor mínimo agora é R$ 5,00',
    );
    expect(MENSAGENS_LANCE.abaixoDoProximo('R$ 5,00')).toBe('Lance abaixo do próximo lance aceito: o valor mínimo agora é R$ 5,00');
    expect(mensagensDaMarca()).toBe(MENSAGENS_LANCE);
    expect(mensagensDaMarca('loja').emailSuperado.texto('R$ 5,00')).toBe(
      'Olá! Sua oferta no anúncio {numero} ({nome}) foi superada. Oferta atual: R$ 5,00. Acesse o site para fazer uma nova oferta.',
    );
    expect(MENSAGENS_LANCE.emailSuperado.assunto).toBe('Seu lance foi superado: {nome}');
  });
});

describe('faseDoLote: whether a lot takes bids now', () => {
  const agora = Date.parse('2026-11-23T12:00:00Z');
  const antes = '2026-11-23T11:59:59Z';
  const depois = '2026-11-23T12:00:01Z';
  it.each([
    ['LIBERADO_LEILAO', null, depois, 'aberto'],
    ['LIBERADO_LEILAO', depois, '2026-11-24T12:00:00Z', 'nao-iniciado'],
    ['LIBERADO_LEILAO', null, antes, 'encerrado'],
    ['LIBERADO_LEILAO', null, '2026-11-23T12:00:00Z', 'encerrado'],
    ['PENDENTE', null, depois, 'nao-iniciado'],
    ['PENDENTE', null, antes, 'encerrado'],
    ['CADASTRADO', null, null, 'nao-iniciado'],
    ['AO_VIVO', null, null, 'aberto'],
    ['REPASSE', null, depois, 'aberto'],
    ['AG_PAGAMENTO', null, depois, 'encerrado'],
    ['NAO_ARREMATADO', null, antes, 'encerrado'],
  ] as const)('%s (start %s, end %s) is %s', (situacao, dataInicio, dataFim, fase) => {
    expect(faseDoLote({ situacao, dataInicio, dataFim }, agora)).toBe(fase);
  });
});

describe('valorDoFormulario: what the bid button sends', () => {
  it.each([
    ['', { valor: 38_100_00, abaixo: false, invalido: false }],
    ['  ', { valor: 38_100_00, abaixo: false, invalido: false }],
    ['38.100', { valor: 38_100_00, abaixo: false, invalido: false }],
    ['40.000,50', { valor: 40_000_50, abaixo: false, invalido: false }],
    ['5.000', { valor: 5_000_00, abaixo: true, invalido: false }],
    ['38.099,99', { valor: 38_099_99, abaixo: true, invalido: false }],
    ['abc', { valor: 38_100_00, abaixo: false, invalido: true }],
    ['0', { valor: 38_100_00, abaixo: false, invalido: true }],
  ])('"%s" → %o', (texto, esperado) => {
    expect(valorDoFormulario(texto, 38_100_00)).toEqual(esperado);
  });
});

describe('who the public sees behind a bid (issue #28: the floor bid)', () => {
  it.each([
    [
      { tipo: 'Manual', apelido: 'Ana S.' },
      { apelido: 'Ana S.', lanceDePista: false },
    ],
    [
      { tipo: 'Automático', apelido: 'Ana S.' },
      { apelido: 'Ana S.', lanceDePista: false },
    ],
    [
      { tipo: 'Leiloeiro', apelido: 'Leiloeiro O.' },
      { apelido: null, lanceDePista: true },
    ],
    [
      { tipo: null, apelido: null },
      { apelido: null, lanceDePista: false },
    ],
  ])('%o → %o', (lance, esperado) => {
    expect(autorPublico(lance)).toEqual(esperado);
  });
});

describe('received bids as staff read them (spec 000 §4 back-office labels)', () => {
  it.each([
    ['Cancelado', true, 'LIBERADO_LEILAO', 'Cancelado'],
    ['Recebido', false, 'LIBERADO_LEILAO', 'Superado'],
    ['Recebido', false, 'PAGO', 'Superado'],
    ['Recebido', true, 'LIBERADO_LEILAO', 'Vencendo'],
    ['Recebido', true, 'DOULHE_DUAS', 'Vencendo'],
    ['Recebido', true, 'AG_PAGAMENTO', 'Vencedor'],
    ['Recebido', true, 'CONDICIONAL', 'Vencedor'],
    ['Recebido', true, 'RETIRADO', 'Vencedor'],
    ['Recebido', true, 'NAO_ARREMATADO', 'Recebido'],
    ['Recebido', true, 'CONDICIONAL_NEGADA', 'Recebido'],
    ['Recebido', true, 'PENDENTE', 'Recebido'],
  ] as const)('a %s bid, leading %s, on a lot %s → %s', (situacao, lider, situacaoDoLote, rotulo) => {
    expect(rotuloDoLanceRecebido({ situacao, lider, situacaoDoLote })).toBe(rotulo);
  });
});
