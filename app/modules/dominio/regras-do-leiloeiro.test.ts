import { describe, expect, it } from 'vitest';
import {
  comissaoMinima,
  diaPermitido,
  editalComAntecedencia,
  leiloeiroMatriculado,
  loteAceitaProposta,
  minimoNaoVil,
  ordenarPropostas,
  pisoJudicial,
  podePublicar,
  propostaValida,
  verificarLeilao,
} from './regras-do-leiloeiro';

const em = (iso: string) => new Date(`${iso}T14:00:00-03:00`);

describe('diaPermitido (Decreto 21.981/1932)', () => {
  it.each([
    ['a Wednesday in SP', '2026-12-02', 'SP', [], true, 'dia útil'],
    ['a Sunday', '2026-11-29', 'SP', [], false, 'domingo'],
    ['Independência (national)', '2026-09-07', 'RJ', [], false, 'feriado'],
    ['9 de julho in SP (state)', '2026-07-09', 'SP', [], false, 'Revolução Constitucionalista'],
    ['9 de julho in RJ is a working day', '2026-07-09', 'RJ', [], true, 'dia útil'],
    ["the brand's own date (a municipal holiday)", '2026-12-02', 'SP', ['2026-12-02'], false, 'feriado municipal'],
    ['late Saturday night in Brasília is still Saturday', '2026-11-28', 'SP', [], true, 'dia útil'],
  ])('%s', (_, dia, uf, datas, ok, trecho) => {
    const r = diaPermitido({ data: em(dia), uf, datasDaMarca: datas });
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain('Decreto 21.981/1932');
    expect(r.mensagem).toContain(trecho);
  });
  it('23:30 on a Saturday in Brasília (02:30 UTC Sunday) is Saturday', () => {
    expect(diaPermitido({ data: new Date('2026-11-29T02:30:00Z'), uf: 'SP' }).ok).toBe(true);
  });
});

describe('comissaoMinima (art. 24, parágrafo único)', () => {
  it.each([
    ['leilao', 500, true],
    ['leilao', 499, false],
    ['leilao', 0, false],
    ['loja', 0, true],
  ] as const)('%s %i bp → %s', (tipoMarca, comissaoPontosBase, ok) => {
    const r = comissaoMinima({ tipoMarca, comissaoPontosBase });
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain('art. 24');
  });
});

describe('leiloeiroMatriculado (art. 1º)', () => {
  it.each([
    [{ nome: 'Roberto Martins Figueiredo', inscricao: 'JUCESP nº 1.118' }, true],
    [{ nome: 'Roberto Martins Figueiredo', inscricao: 'JUCESP' }, false],
    [null, false],
  ])('%j → %s', (leiloeiro, ok) => {
    const r = leiloeiroMatriculado({ leiloeiro });
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain('art. 1º');
  });
});

describe('editalComAntecedencia (CPC art. 887, § 1º)', () => {
  it.each([
    ['2026-11-27', '2026-12-02', true],
    ['2026-11-28', '2026-12-02', false],
    [null, '2026-12-02', false],
  ])('published %s, auction %s → %s', (publicado, dia, ok) => {
    const r = editalComAntecedencia({ publicadoEm: publicado ? em(publicado) : null, data: em(dia) });
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain('CPC, art. 887, § 1º');
  });
});

describe('pisoJudicial and minimoNaoVil (CPC arts. 891 and 896)', () => {
  it.each([
    [100_000_00, null, false, 50_000_00],
    [100_000_00, null, true, 80_000_00],
    [100_000_00, 60_000_00, true, 60_000_00],
    [33_333, null, false, 16_667],
  ])('valuation %i, judge %s, incapable %s → %i', (avaliacao, minimoDoJuiz, incapaz, piso) =>
    expect(pisoJudicial({ avaliacao, minimoDoJuiz, incapaz })).toBe(piso),
  );
  it.each([
    [50_000_00, false, true, 'art. 891'],
    [49_999_99, false, false, 'art. 891'],
    [79_000_00, true, false, 'art. 896'],
  ])('minimum %i (incapable %s) → %s', (minimo, incapaz, ok, artigo) => {
    const r = minimoNaoVil({ lote: '001', minimo, avaliacao: 100_000_00, minimoDoJuiz: null, incapaz });
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain(artigo);
  });
  it('a lot without valuation nor judge minimum fails, asking for the valuation', () => {
    expect(pisoJudicial({ avaliacao: null, minimoDoJuiz: null, incapaz: false })).toBeNull();
    const r = minimoNaoVil({ lote: '007', minimo: 10_000_00, avaliacao: null, minimoDoJuiz: null, incapaz: false });
    expect(r.ok).toBe(false);
    expect(r.mensagem).toContain('lote 007 sem avaliação');
    expect(minimoNaoVil({ lote: '007', minimo: 10_000_00, avaliacao: null, minimoDoJuiz: 9_000_00, incapaz: false }).ok).toBe(true);
  });
});

describe('propostas parceladas (CPC art. 895)', () => {
  const p = (id: number, valor: number, entrada: number, parcelas: number, dia: string) => ({
    id,
    valor,
    entrada,
    parcelas,
    recebidaEm: em(dia),
  });
  it.each([
    [p(1, 100_000_00, 25_000_00, 30, '2026-11-01'), true],
    [p(2, 100_000_00, 24_999_99, 30, '2026-11-01'), false],
    [p(3, 100_000_00, 30_000_00, 31, '2026-11-01'), false],
    [p(4, 100_000_00, 100_000_00, 0, '2026-11-01'), true],
  ])('%j → %s', (proposta, ok) => {
    const r = propostaValida(proposta);
    expect(r.ok).toBe(ok);
    expect(r.mensagem).toContain('CPC, art. 895');
  });
  it('ranks cash first, then the higher value, then the earlier; invalid ones out', () => {
    const ordem = ordenarPropostas([
      p(1, 120_000_00, 30_000_00, 30, '2026-11-01'),
      p(2, 90_000_00, 90_000_00, 0, '2026-11-03'),
      p(3, 130_000_00, 20_000_00, 10, '2026-11-01'),
      p(4, 120_000_00, 40_000_00, 12, '2026-10-30'),
      p(5, 125_000_00, 50_000_00, 24, '2026-11-02'),
    ]).map((x) => x.id);
    expect(ordem).toEqual([2, 5, 4, 1]);
  });
});

describe('verificarLeilao: every check before "Publicar"', () => {
  const base = {
    data: em('2026-12-02'),
    uf: 'SP',
    tipoMarca: 'leilao' as const,
    comissaoPontosBase: 500,
    leiloeiro: { nome: 'Roberto Martins Figueiredo', inscricao: 'JUCESP nº 1.118' },
    judicial: false,
  };
  it('an extrajudicial auction: three checks, all passing', () => {
    const r = verificarLeilao(base);
    expect(r.map((c) => c.regra)).toEqual(['Dia do leilão', 'Comissão do leiloeiro', 'Leiloeiro matriculado']);
    expect(podePublicar(r)).toBe(true);
  });
  it('a judicial auction adds the notice and each lot floor; one failing blocks it, the others still shown', () => {
    const r = verificarLeilao({
      ...base,
      judicial: true,
      editalPublicadoEm: em('2026-11-30'),
      lotes: [
        { numero: '001', minimo: 60_000_00, avaliacao: 100_000_00, minimoDoJuiz: null, incapaz: false },
        { numero: '002', minimo: 40_000_00, avaliacao: 100_000_00, minimoDoJuiz: null, incapaz: false },
      ],
    });
    expect(r.filter((c) => !c.ok).map((c) => c.artigo)).toEqual(['CPC, art. 887, § 1º', 'CPC, art. 891, parágrafo único']);
    expect(r).toHaveLength(6);
    expect(podePublicar(r)).toBe(false);
  });
});

describe('CPC 895: when an accepted proposal may become the sale (decision 250)', () => {
  it.each([
    ['CADASTRADO', 0, 'sim'],
    ['PENDENTE', 0, 'sim'],
    ['NAO_ARREMATADO', 3, 'sim'],
    ['LIBERADO_LEILAO', 0, 'sim'],
    ['REPASSE', 0, 'sim'],
    ['LIBERADO_LEILAO', 1, 'lances'],
    ['REPASSE', 4, 'lances'],
    ['AG_PAGAMENTO', 0, 'situacao'],
    ['CONDICIONAL', 2, 'situacao'],
    ['LOTE_CANCELADO', 0, 'situacao'],
    ['AO_VIVO', 0, 'situacao'],
  ] as const)('%s with %i bids: %s', (situacao, quantidadeLances, esperado) => {
    expect(loteAceitaProposta({ situacao, quantidadeLances })).toBe(esperado);
  });
});
