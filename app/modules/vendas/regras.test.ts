import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAS_PAGAMENTO, SITUACOES_PAGAMENTO } from '@db/schema/vendas';
import {
  creditoNaComissao,
  comprovante,
  horarioDeRetiradaValido,
  horariosDeRetirada,
  prazoDaCondicional,
  horasDoAtendimento,
  motivoHorarioInvalido,
  textoDoAtendimento,
  dataDePagamento,
  entregaAposSituacao,
  estadiaNaEntrega,
  CARENCIA_ESTADIA_DIAS,
  orientacao,
  situacaoAposPagamentos,
  totaisDaVenda,
  type Pagamento,
} from './regras';
import { feriadoNacional, feriadosNacionais } from './feriados';

const pagamentoArb = fc.record({
  tipo: fc.constantFrom(...FORMAS_PAGAMENTO),
  valor: fc.integer({ min: 1, max: 50_000_000 }),
  situacao: fc.constantFrom(...SITUACOES_PAGAMENTO),
}) as fc.Arbitrary<Pagamento>;
const vendaArb = fc.record({
  total: fc.integer({ min: 0, max: 100_000_000 }),
  desconto: fc.integer({ min: 0, max: 1_000_000 }),
  recibosItens: fc.integer({ min: 0, max: 1_000_000 }),
  pagamentos: fc.array(pagamentoArb, { maxLength: 12 }),
});

describe('totaisDaVenda', () => {
  it('a table: TED waiting, one approved, one divergent, an internal boleto', () => {
    const t = totaisDaVenda({
      total: 10_000_00,
      desconto: 100_00,
      recibosItens: 50_00,
      pagamentos: [
        { tipo: 'DEPOSITO', valor: 3_000_00, situacao: 'aprovado' },
        { tipo: 'DEPOSITO', valor: 2_000_00, situacao: 'aguardandoValidacao' },
        { tipo: 'DEPOSITO', valor: 1_000_00, situacao: 'divergente' },
        { tipo: 'BOLETO', valor: 500_00, situacao: 'aguardandoEnvio' },
        { tipo: 'BOLETO_INTERNO', valor: 9_999_00, situacao: 'aprovado' },
      ],
    });
    expect(t).toEqual({
      total: 10_000_00,
      aprovado: 3_000_00,
      aguardandoValidacao: 2_000_00,
      aguardandoPagamento: 500_00,
      divergente: 1_000_00,
      restante: 10_000_00 - 2_000_00 - 3_000_00 - 50_00 - 100_00,
      aguardandoFormaPagamento: 10_000_00 - 5_500_00,
    });
  });

  it('follows the formulas of the spec for any sale', () => {
    fc.assert(
      fc.property(vendaArb, (v) => {
        const t = totaisDaVenda(v);
        const validos = v.pagamentos.filter((p) => p.tipo !== 'BOLETO_INTERNO');
        const soma = (s: string) => validos.filter((p) => p.situacao === s).reduce((a, p) => a + p.valor, 0);
        expect(t.restante).toBe(v.total - soma('aguardandoValidacao') - soma('aprovado') - v.recibosItens - v.desconto);
        expect(t.aguardandoFormaPagamento).toBe(
          v.total - validos.filter((p) => p.situacao !== 'divergente').reduce((a, p) => a + p.valor, 0),
        );
      }),
    );
  });

  it('an internal boleto or a divergent payment never changes what is left to pay', () => {
    fc.assert(
      fc.property(vendaArb, pagamentoArb, (v, p) => {
        const antes = totaisDaVenda(v);
        const interno = totaisDaVenda({ ...v, pagamentos: [...v.pagamentos, { ...p, tipo: 'BOLETO_INTERNO' }] });
        expect(interno).toEqual(antes);
        const divergente = totaisDaVenda({ ...v, pagamentos: [...v.pagamentos, { ...p, tipo: 'DEPOSITO', situacao: 'divergente' }] });
        expect(divergente.restante).toBe(antes.restante);
        expect(divergente.aguardandoFormaPagamento).toBe(antes.aguardandoFormaPagamento);
        expect(divergente.divergente).toBe(antes.divergente + p.valor);
      }),
    );
  });

  it('approving a proof moves money from waiting to approved and leaves the remaining balance alone', () => {
    fc.assert(
      fc.property(vendaArb, fc.integer({ min: 1, max: 10_000_000 }), (v, valor) => {
        const enviado = totaisDaVenda({
          ...v,
          pagamentos: [...v.pagamentos, { tipo: 'DEPOSITO', valor, situacao: 'aguardandoValidacao' }],
        });
        const aprovado = totaisDaVenda({ ...v, pagamentos: [...v.pagamentos, { tipo: 'DEPOSITO', valor, situacao: 'aprovado' }] });
        expect(aprovado.restante).toBe(enviado.restante);
        expect(aprovado.aprovado - enviado.aprovado).toBe(valor);
        expect(enviado.aguardandoValidacao - aprovado.aguardandoValidacao).toBe(valor);
      }),
    );
  });
});

describe('creditoNaComissao (the referral credit a sale keeps, decision 215)', () => {
  it.each<[string, Parameters<typeof creditoNaComissao>, number]>([
    ['waiting for payment: what it took', ['AguardandoPagamento', 150_00, 500_00], 150_00],
    ['never more than its commission (a lot taken out)', ['AguardandoPagamento', 150_00, 100_00], 100_00],
    ['no commission, no credit', ['AguardandoValidacao', 150_00, 0], 0],
    ['paid: kept', ['Fechada', 150_00, 500_00], 150_00],
    ['cancelled: given back', ['Cancelada', 150_00, 500_00], 0],
    ['given up: given back', ['ClienteDesistiu', 150_00, 500_00], 0],
  ])('%s', (_, args, esperado) => {
    expect(creditoNaComissao(...args)).toBe(esperado);
  });
});

describe('situacaoAposPagamentos', () => {
  const t = (restante: number, aguardandoValidacao = 0) => ({
    ...totaisDaVenda({ total: 0, pagamentos: [] }),
    restante,
    aguardandoValidacao,
  });
  it.each([
    ['AguardandoPagamento', t(100), 'AguardandoPagamento'],
    ['AguardandoPagamento', t(0, 100), 'AguardandoValidacao'],
    ['AguardandoValidacao', t(0), 'Fechada'],
    ['AguardandoValidacao', t(-5), 'Fechada'],
    ['Fechada', t(50), 'AguardandoPagamento'],
    ['Cancelada', t(0), 'Cancelada'],
    ['ClienteDesistiu', t(0), 'ClienteDesistiu'],
    ['Condicional', t(0), 'Condicional'],
  ] as const)('%s with %o → %s', (atual, totais, esperado) => {
    expect(situacaoAposPagamentos(atual, totais)).toBe(esperado);
  });
});

describe('delivery and guidance', () => {
  it('a closed sale moves on to scheduling, once', () => {
    expect(entregaAposSituacao('Fechada', 'aguardando_validacao')).toBe('aguardando_agendamento');
    expect(entregaAposSituacao('Fechada', 'aguardando_retirada')).toBe('aguardando_retirada');
    expect(entregaAposSituacao('AguardandoValidacao', 'aguardando_pagamento')).toBe('aguardando_validacao');
  });
  it('says what to do in each state', () => {
    expect(orientacao('AguardandoPagamento', 'aguardando_pagamento', { aprovado: 0, divergente: 0 })).toMatch(/TED/);
    expect(orientacao('AguardandoPagamento', 'aguardando_pagamento', { aprovado: 0, divergente: 1 })).toMatch(/divergências/);
    expect(orientacao('Fechada', 'aguardando_agendamento', { aprovado: 1, divergente: 0 })).toBe(
      'Pagamento confirmado: agende a retirada.',
    );
  });
  it('an unknown proof code reads as awaiting send', () => {
    expect(comprovante('XYZ').rotulo).toBe('Aguardando Envio');
    expect(comprovante('PAGO')).toEqual({ rotulo: 'Aprovado', tom: 'verde' });
  });
  it('payment date is the auction date plus two days', () => {
    expect(dataDePagamento(new Date('2026-11-20T13:00:00Z')).toISOString()).toBe('2026-11-22T13:00:00.000Z');
  });
});

describe('horarioDeRetiradaValido (yard hours, decision 047)', () => {
  const agora = new Date('2026-11-23T12:00:00Z'); // a Monday, 9h in São Paulo
  it.each([
    ['Wednesday 10h', '2026-11-25T13:00:00Z', true],
    ['Wednesday 16h (last slot)', '2026-11-25T19:00:00Z', true],
    ['Wednesday 17h (closed)', '2026-11-25T20:00:00Z', false],
    ['Wednesday 7h (closed)', '2026-11-25T10:00:00Z', false],
    ['Wednesday 10h30 (not a slot)', '2026-11-25T13:30:00Z', false],
    ['Saturday 10h', '2026-11-28T13:00:00Z', false],
    ['today 14h (less than 12 h ahead)', '2026-11-23T17:00:00Z', false],
    ['in three months', '2027-02-24T13:00:00Z', false],
  ])('%s → %s', (_nome, quando, esperado) => {
    expect(horarioDeRetiradaValido(new Date(quando), agora)).toBe(esperado);
  });
});

describe('motivoHorarioInvalido (yard hours and recess, decision 072)', () => {
  const agora = new Date('2026-11-23T12:00:00Z');
  const sabado = { horaAbertura: 9, horaFechamento: 13, diasAtendimento: '23456' };
  it.each([
    ['Saturday 10h at a yard open on Saturdays', '2026-11-28T13:00:00Z', sabado, [], null],
    ['Monday 10h at that yard (closed on Mondays)', '2026-11-30T13:00:00Z', sabado, [], 'fora-do-atendimento'],
    ['Saturday 13h (closing hour)', '2026-11-28T16:00:00Z', sabado, [], 'fora-do-atendimento'],
    ['Wednesday 10h on a recess day', '2026-11-25T13:00:00Z', undefined, ['2026-11-25'], 'recesso'],
    ['Wednesday 10h, recess on another day', '2026-11-25T13:00:00Z', undefined, ['2026-11-26'], null],
    ['tomorrow 8h (less than 12 h? no: 23 h)', '2026-11-24T11:00:00Z', undefined, [], null],
  ] as const)('%s', (_nome, quando, atendimento, recessos, esperado) => {
    expect(motivoHorarioInvalido(new Date(quando), { agora, atendimento, recessos })).toBe(esperado);
  });
  it('describes and lists the hours', () => {
    expect(textoDoAtendimento({ horaAbertura: 8, horaFechamento: 17, diasAtendimento: '12345' })).toBe('segunda a sexta, das 8h às 17h');
    expect(textoDoAtendimento({ horaAbertura: 9, horaFechamento: 12, diasAtendimento: '136' })).toBe(
      'segunda, quarta, sábado, das 9h às 12h',
    );
    expect(horasDoAtendimento({ horaAbertura: 9, horaFechamento: 12, diasAtendimento: '1' })).toEqual([9, 10, 11]);
  });
});

describe('national holidays and the offered slots (decision 125)', () => {
  const agora = new Date('2026-12-21T12:00:00Z'); // a Monday, 9h in São Paulo
  it.each([
    ['Christmas (a Friday) 10h', '2026-12-25T13:00:00Z', 'feriado'],
    ['New Year (a Friday) 10h, even past the window', '2027-01-01T13:00:00Z', 'feriado'],
    ['Consciência Negra 2026 (a Friday)', '2026-11-20T13:00:00Z', 'feriado'],
    ['Tiradentes 2027 (a Wednesday), months ahead', '2027-04-21T13:00:00Z', 'feriado'],
    ['Christmas Eve (a Thursday) is a working day', '2026-12-24T13:00:00Z', null],
    ['Sexta-feira Santa 2027 (26 March, from Easter)', '2027-03-26T13:00:00Z', 'feriado'],
  ] as const)('%s', (_nome, quando, esperado) => {
    expect(motivoHorarioInvalido(new Date(quando), { agora })).toBe(esperado);
  });
  it('Consciência Negra is national from 2024 on; Sexta-feira Santa follows Easter; Carnaval is not a holiday', () => {
    expect(feriadoNacional('2023-11-20')).toBeNull();
    expect(feriadoNacional('2024-11-20')).toBe('Dia da Consciência Negra');
    expect(feriadoNacional('2026-04-03')).toBe('Sexta-feira Santa');
    expect(feriadoNacional('2027-03-26')).toBe('Sexta-feira Santa');
    expect(feriadoNacional('2026-02-17')).toBeNull();
    expect(feriadosNacionais(2026).map((f) => f.dia)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });
  it('offers the next served days with their bookable hours only: no weekend, holiday, recess nor slot under 12 h', () => {
    const dias = horariosDeRetirada({ agora, recessos: ['2026-12-23'], dias: 5 });
    // Today (9h) has no hour 12 h ahead left, the 23rd is a recess day, the 25th Christmas, then a weekend.
    expect(dias.map((d) => d.dia)).toEqual(['2026-12-22', '2026-12-24', '2026-12-28', '2026-12-29', '2026-12-30']);
    expect(dias[0].rotulo).toBe('terça-feira, 22/12');
    expect(dias[0].horarios).toHaveLength(9);
    expect(dias[0].horarios[0]).toEqual({ hora: 8, instante: '2026-12-22T11:00:00.000Z' });
  });
  it('every offered slot passes the server rule, at any yard and hour of the day', () => {
    const atendimentoArb = fc
      .record({
        horaAbertura: fc.integer({ min: 0, max: 22 }),
        duracao: fc.integer({ min: 1, max: 12 }),
        dias: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      })
      .map((a) => ({
        horaAbertura: a.horaAbertura,
        horaFechamento: Math.min(24, a.horaAbertura + a.duracao),
        diasAtendimento: a.dias.join(''),
      }));
    fc.assert(
      fc.property(atendimentoArb, fc.integer({ min: 0, max: 400 * 24 }), (atendimento, horas) => {
        const agora = new Date(Date.UTC(2026, 0, 1) + horas * 3_600_000);
        for (const d of horariosDeRetirada({ agora, atendimento })) {
          for (const h of d.horarios) expect(motivoHorarioInvalido(new Date(h.instante), { agora, atendimento })).toBeNull();
        }
      }),
      { seed: 125, numRuns: 200 },
    );
  });
});

describe('prazoDaCondicional (decision 126)', () => {
  it.each([
    ['closed on a Monday night → Wednesday 18h', '2026-11-23T23:00:00Z', '2026-11-25T21:00:00.000Z'],
    ['closed on a Thursday → Monday 18h (the weekend does not count)', '2026-11-26T15:00:00Z', '2026-11-30T21:00:00.000Z'],
    ['closed Wednesday 23 Dec → Monday 28th (Christmas does not count)', '2026-12-23T15:00:00Z', '2026-12-28T21:00:00.000Z'],
    [
      'closed at 23h30 São Paulo on a Tuesday (already Wednesday in UTC) → Thursday 18h',
      '2026-11-25T02:30:00Z',
      '2026-11-26T21:00:00.000Z',
    ],
  ])('%s', (_nome, encerramento, prazo) => {
    expect(prazoDaCondicional(new Date(encerramento)).toISOString()).toBe(prazo);
  });
});

describe('estadiaNaEntrega (decision 080)', () => {
  it('a table: free through the payment date plus the free days, then the daily rate per day up to delivery', () => {
    const base = { diaPagamento: '2026-11-10', valorDiaria: 35_00 };
    expect(CARENCIA_ESTADIA_DIAS).toBe(5);
    expect(estadiaNaEntrega({ ...base, diaEntrega: '2026-11-08' })).toEqual({ diarias: 0, valor: 0 });
    expect(estadiaNaEntrega({ ...base, diaEntrega: '2026-11-15' })).toEqual({ diarias: 0, valor: 0 });
    expect(estadiaNaEntrega({ ...base, diaEntrega: '2026-11-16' })).toEqual({ diarias: 1, valor: 35_00 });
    // Across a month end.
    expect(estadiaNaEntrega({ ...base, diaEntrega: '2026-12-05' })).toEqual({ diarias: 20, valor: 700_00 });
    // A free yard charges nothing.
    expect(estadiaNaEntrega({ ...base, valorDiaria: 0, diaEntrega: '2026-12-05' })).toEqual({ diarias: 0, valor: 0 });
  });

  const dia = fc.integer({ min: 0, max: 3_000 }).map((d) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
  it('is days × rate, never negative, and grows with the delivery day', () => {
    fc.assert(
      fc.property(dia, dia, fc.integer({ min: 0, max: 1_000_00 }), fc.integer({ min: 0, max: 30 }), (a, b, valorDiaria, carencia) => {
        const e = estadiaNaEntrega({ diaPagamento: a, diaEntrega: b, valorDiaria, carencia });
        expect(e.diarias).toBeGreaterThanOrEqual(0);
        expect(e.valor).toBe(e.diarias * valorDiaria);
        const depois = estadiaNaEntrega({
          diaPagamento: a,
          diaEntrega: new Date(Date.parse(`${b}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
          valorDiaria,
          carencia,
        });
        expect(depois.valor).toBeGreaterThanOrEqual(e.valor);
        if (valorDiaria > 0 && e.diarias > 0) expect(depois.diarias).toBe(e.diarias + 1);
      }),
      { seed: 80, numRuns: 300 },
    );
  });

  it('a paid sale that takes a fee owes it again: remaining = the fee, situation back to Aguardando Pagamento', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (total, estadia, desconto) => {
          const pago = totaisDaVenda({
            total,
            desconto: Math.min(desconto, total),
            pagamentos: [{ tipo: 'DEPOSITO', valor: total - Math.min(desconto, total), situacao: 'aprovado' }],
          });
          expect(pago.restante).toBe(0);
          expect(situacaoAposPagamentos('Fechada', pago)).toBe('Fechada');
          const comEstadia = totaisDaVenda({
            total: total + estadia,
            desconto: Math.min(desconto, total),
            pagamentos: [{ tipo: 'DEPOSITO', valor: total - Math.min(desconto, total), situacao: 'aprovado' }],
          });
          expect(comEstadia.restante).toBe(estadia);
          expect(situacaoAposPagamentos('Fechada', comEstadia)).toBe('AguardandoPagamento');
          expect(entregaAposSituacao('AguardandoPagamento', 'aguardando_retirada')).toBe('aguardando_pagamento');
          // Paying the fee closes it again and delivery resumes at scheduling.
          const quitada = totaisDaVenda({
            total: total + estadia,
            desconto: Math.min(desconto, total),
            pagamentos: [
              { tipo: 'DEPOSITO', valor: total - Math.min(desconto, total), situacao: 'aprovado' },
              { tipo: 'DEPOSITO', valor: estadia, situacao: 'aprovado' },
            ],
          });
          expect(situacaoAposPagamentos('AguardandoPagamento', quitada)).toBe('Fechada');
        },
      ),
      { seed: 80, numRuns: 300 },
    );
  });

  it('the guidance says why a paid sale owes again', () => {
    expect(
      orientacao(
        'AguardandoPagamento',
        'aguardando_pagamento',
        { aprovado: 1, divergente: 0, restante: 105_00 },
        { diarias: 3, valor: 105_00 },
      ),
    ).toMatch(/estadia do bem no pátio: 3 diárias \(R\$\s105,00\)\. Pague o restante de R\$\s105,00/);
  });
});
