import { describe, expect, it } from 'vitest';
import { decidirComando, MENSAGENS_PREGAO as M, type Comando, type EstadoDoPregao } from './maquina';

const estado = (situacao: string, pausado = false, lote: [number, string] | null = null): EstadoDoPregao => ({
  leilao: { situacao, pausado },
  loteAtual: lote ? { id: lote[0], situacao: lote[1] } : null,
});
const loteNovo = (id: number, situacao = 'LIBERADO_LEILAO', doLeilao = true): Comando => ({
  tipo: 'lote-atual',
  lote: { id, situacao, doLeilao },
});

describe('the auctioneer commands', () => {
  it.each<[string, EstadoDoPregao, Comando, ReturnType<typeof decidirComando>]>([
    // start, resume
    ['start a ready auction', estado('PRONTO'), { tipo: 'iniciar' }, { ok: true, leilao: { situacao: 'AO_VIVO', pausado: false } }],
    [
      'start an auction being built',
      estado('EM_LOTEAMENTO'),
      { tipo: 'iniciar' },
      { ok: true, leilao: { situacao: 'AO_VIVO', pausado: false } },
    ],
    ['start a live auction', estado('AO_VIVO'), { tipo: 'iniciar' }, { ok: false, status: 409, mensagem: M.jaAoVivo }],
    ['start a paused auction resumes it', estado('AO_VIVO', true), { tipo: 'iniciar' }, { ok: true, leilao: { pausado: false } }],
    ['start a finished auction', estado('EXECUTADO'), { tipo: 'iniciar' }, { ok: false, status: 409, mensagem: M.encerrado }],
    ['start a cancelled auction', estado('CANCELADO'), { tipo: 'iniciar' }, { ok: false, status: 409, mensagem: M.encerrado }],
    // lot on the floor
    ['a lot before the start', estado('PRONTO'), loteNovo(7), { ok: false, status: 409, mensagem: M.naoAoVivo }],
    ['a lot on the floor', estado('AO_VIVO'), loteNovo(7), { ok: true, leilao: { loteAtualId: 7 }, lote: { id: 7, situacao: 'AO_VIVO' } }],
    [
      'a lot after a hammered one',
      estado('AO_VIVO', false, [6, 'AG_PAGAMENTO']),
      loteNovo(7),
      { ok: true, leilao: { loteAtualId: 7 }, lote: { id: 7, situacao: 'AO_VIVO' } },
    ],
    [
      'another lot while one is called',
      estado('AO_VIVO', false, [6, 'DOULHE_UMA']),
      loteNovo(7),
      { ok: false, status: 409, mensagem: M.loteEmPregao },
    ],
    ['the same lot again', estado('AO_VIVO', false, [7, 'AO_VIVO']), loteNovo(7, 'AO_VIVO'), { ok: true, leilao: { loteAtualId: 7 } }],
    ['a closed lot', estado('AO_VIVO'), loteNovo(7, 'NAO_ARREMATADO'), { ok: false, status: 409, mensagem: M.loteIndisponivel }],
    [
      "another auction's lot",
      estado('AO_VIVO'),
      loteNovo(7, 'LIBERADO_LEILAO', false),
      { ok: false, status: 409, mensagem: M.loteDeOutroLeilao },
    ],
    ['a lot while paused', estado('AO_VIVO', true), loteNovo(7), { ok: false, status: 409, mensagem: M.pausado }],
    // dou-lhe
    [
      'dou-lhe uma',
      estado('AO_VIVO', false, [7, 'AO_VIVO']),
      { tipo: 'doulhe', etapa: 'uma' },
      { ok: true, lote: { id: 7, situacao: 'DOULHE_UMA' } },
    ],
    [
      'dou-lhe duas',
      estado('AO_VIVO', false, [7, 'DOULHE_UMA']),
      { tipo: 'doulhe', etapa: 'duas' },
      { ok: true, lote: { id: 7, situacao: 'DOULHE_DUAS' } },
    ],
    [
      'dou-lhe duas before uma',
      estado('AO_VIVO', false, [7, 'AO_VIVO']),
      { tipo: 'doulhe', etapa: 'duas' },
      { ok: false, status: 409, mensagem: M.doulheUmaAntes },
    ],
    [
      'dou-lhe uma twice',
      estado('AO_VIVO', false, [7, 'DOULHE_UMA']),
      { tipo: 'doulhe', etapa: 'uma' },
      { ok: false, status: 409, mensagem: M.doulheFora },
    ],
    ['dou-lhe without a lot', estado('AO_VIVO'), { tipo: 'doulhe', etapa: 'uma' }, { ok: false, status: 409, mensagem: M.semLote }],
    [
      'dou-lhe after the hammer',
      estado('AO_VIVO', false, [7, 'AG_PAGAMENTO']),
      { tipo: 'doulhe', etapa: 'uma' },
      { ok: false, status: 409, mensagem: M.semLote },
    ],
    // hammer
    [
      'hammer after dou-lhe duas',
      estado('AO_VIVO', false, [7, 'DOULHE_DUAS']),
      { tipo: 'martelo' },
      { ok: true, lote: { id: 7, situacao: 'encerrar' } },
    ],
    [
      'hammer on a live lot',
      estado('AO_VIVO', false, [7, 'AO_VIVO']),
      { tipo: 'martelo' },
      { ok: true, lote: { id: 7, situacao: 'encerrar' } },
    ],
    ['hammer twice', estado('AO_VIVO', false, [7, 'CONDICIONAL']), { tipo: 'martelo' }, { ok: false, status: 409, mensagem: M.semLote }],
    [
      'hammer while paused',
      estado('AO_VIVO', true, [7, 'DOULHE_DUAS']),
      { tipo: 'martelo' },
      { ok: false, status: 409, mensagem: M.pausado },
    ],
    // pause, finish, floor bid
    ['pause', estado('AO_VIVO'), { tipo: 'pausar' }, { ok: true, leilao: { pausado: true } }],
    ['pause twice', estado('AO_VIVO', true), { tipo: 'pausar' }, { ok: false, status: 409, mensagem: M.jaPausado }],
    ['pause before the start', estado('CRIADO'), { tipo: 'pausar' }, { ok: false, status: 409, mensagem: M.naoAoVivo }],
    [
      'finish',
      estado('AO_VIVO', false, [7, 'AG_PAGAMENTO']),
      { tipo: 'encerrar' },
      { ok: true, leilao: { situacao: 'EXECUTADO', pausado: false, loteAtualId: null } },
    ],
    [
      'finish while paused',
      estado('AO_VIVO', true),
      { tipo: 'encerrar' },
      { ok: true, leilao: { situacao: 'EXECUTADO', pausado: false, loteAtualId: null } },
    ],
    [
      'finish with a lot being called',
      estado('AO_VIVO', false, [7, 'DOULHE_DUAS']),
      { tipo: 'encerrar' },
      { ok: false, status: 409, mensagem: M.loteEmPregao },
    ],
    ['finish twice', estado('EXECUTADO'), { tipo: 'encerrar' }, { ok: false, status: 409, mensagem: M.encerrado }],
    ['floor bid', estado('AO_VIVO', false, [7, 'DOULHE_UMA']), { tipo: 'lance-leiloeiro' }, { ok: true }],
    ['floor bid without a lot', estado('AO_VIVO'), { tipo: 'lance-leiloeiro' }, { ok: false, status: 409, mensagem: M.semLote }],
  ])('%s', (_nome, e, c, esperado) => {
    expect(decidirComando(e, c)).toEqual(esperado);
  });
});
