import Holidays from 'date-holidays';

/*
 * The auctioneer's legal rules checked before an auction is published (issue #34 part 3, decision 198):
 * Decreto 21.981/1932 for every auction, CPC arts. 887, 891, 895 and 896 for judicial ones. Each rule is a
 * pure function answering one `Verificacao`, its message naming the rule and its article, so staff see
 * every check of an auction at once. Pure: the holiday calendar is date-holidays' data, no I/O.
 */

export interface Verificacao {
  regra: string;
  artigo: string;
  ok: boolean;
  mensagem: string;
}

const verificacao = (regra: string, artigo: string, ok: boolean, mensagem: string): Verificacao => ({ regra, artigo, ok, mensagem });

/** The calendar date (YYYY-MM-DD) and weekday of an instant in Brasília time. */
function diaEmBrasilia(data: Date) {
  const partes = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  })
    .formatToParts(data)
    .reduce<Record<string, string>>((a, p) => ({ ...a, [p.type]: p.value }), {});
  return { iso: `${partes.year}-${partes.month}-${partes.day}`, domingo: partes.weekday === 'Sun' };
}

/**
 * Decreto 21.981/1932: no auction on a Sunday or on a national or state holiday of the venue (date-holidays'
 * public holidays of Brazil and the venue's UF), nor on the brand's own dates (municipal holidays, which the
 * library does not list per city, and the brand's closures), given as YYYY-MM-DD.
 */
export function diaPermitido({
  data,
  uf,
  datasDaMarca = [],
}: {
  data: Date;
  uf: string | null;
  datasDaMarca?: readonly string[];
}): Verificacao {
  const R = 'Dia do leilão';
  const A = 'Decreto 21.981/1932';
  const dia = diaEmBrasilia(data);
  if (dia.domingo) return verificacao(R, A, false, `${R} (${A}): o leilão não pode ser realizado em domingo (${dia.iso}).`);
  const calendario = uf ? new Holidays('BR', uf.toUpperCase()) : new Holidays('BR');
  const feriado = (calendario.isHoliday(new Date(`${dia.iso}T12:00:00-03:00`)) || []).find((f) => f.type === 'public');
  if (feriado) return verificacao(R, A, false, `${R} (${A}): ${dia.iso} é feriado (${feriado.name}) no local do leilão.`);
  if (datasDaMarca.includes(dia.iso))
    return verificacao(R, A, false, `${R} (${A}): ${dia.iso} é feriado municipal ou data bloqueada pela marca.`);
  return verificacao(R, A, true, `${R} (${A}): ${dia.iso} é dia útil no local do leilão.`);
}

/** Decreto 21.981/1932 art. 24, parágrafo único: the buyer pays the auctioneer at least 5 % (leilão brands only). */
export function comissaoMinima({
  tipoMarca,
  comissaoPontosBase,
}: {
  tipoMarca: 'leilao' | 'loja';
  comissaoPontosBase: number;
}): Verificacao {
  const R = 'Comissão do leiloeiro';
  const A = 'Decreto 21.981/1932, art. 24, parágrafo único';
  if (tipoMarca === 'loja') return verificacao(R, A, true, `${R} (${A}): não se aplica a vendas sem leiloeiro.`);
  const ok = comissaoPontosBase >= 500;
  const pct = (comissaoPontosBase / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return verificacao(R, A, ok, ok ? `${R} (${A}): ${pct}% (mínimo 5%).` : `${R} (${A}): ${pct}% está abaixo do mínimo de 5%.`);
}

/** Decreto 21.981/1932 art. 1º: the auction names its auctioneer, registered (matrícula) at a Junta Comercial. */
export function leiloeiroMatriculado({ leiloeiro }: { leiloeiro: { nome: string; inscricao: string } | null }): Verificacao {
  const R = 'Leiloeiro matriculado';
  const A = 'Decreto 21.981/1932, art. 1º';
  const ok = !!leiloeiro?.nome.trim() && /\d/.test(leiloeiro.inscricao);
  return verificacao(
    R,
    A,
    ok,
    ok ? `${R} (${A}): ${leiloeiro!.nome}, ${leiloeiro!.inscricao}.` : `${R} (${A}): informe o leiloeiro e a matrícula na Junta Comercial.`,
  );
}

const DIA_MS = 86_400_000;

/** CPC art. 887, § 1º: the notice (edital) of a judicial auction is published at least 5 days before it. */
export function editalComAntecedencia({ publicadoEm, data }: { publicadoEm: Date | null; data: Date }): Verificacao {
  const R = 'Publicação do edital';
  const A = 'CPC, art. 887, § 1º';
  if (!publicadoEm) return verificacao(R, A, false, `${R} (${A}): informe a data de publicação do edital (mínimo 5 dias antes).`);
  const dias = Math.floor(
    (Date.parse(`${diaEmBrasilia(data).iso}T00:00:00Z`) - Date.parse(`${diaEmBrasilia(publicadoEm).iso}T00:00:00Z`)) / DIA_MS,
  );
  const ok = dias >= 5;
  return verificacao(
    R,
    A,
    ok,
    ok ? `${R} (${A}): publicado ${dias} dias antes.` : `${R} (${A}): publicado ${dias} dia(s) antes; o mínimo é 5.`,
  );
}

/**
 * The lowest bid a judicial auction accepts (centavos): the judge's minimum when given (CPC art. 891,
 * parágrafo único), else 50 % of the valuation; 80 % for an incapable person's property (CPC art. 896).
 */
export function pisoJudicial({
  avaliacao,
  minimoDoJuiz,
  incapaz,
}: {
  avaliacao: number | null;
  minimoDoJuiz: number | null;
  incapaz: boolean;
}): number | null {
  if (minimoDoJuiz != null) return minimoDoJuiz;
  if (avaliacao == null) return null;
  return Math.ceil((avaliacao * (incapaz ? 80 : 50)) / 100);
}

/** CPC arts. 891 and 896: a lot's minimum bid is not below the judicial floor (no "preço vil"). */
export function minimoNaoVil(p: {
  lote: string;
  minimo: number;
  avaliacao: number | null;
  minimoDoJuiz: number | null;
  incapaz: boolean;
}): Verificacao {
  const R = 'Preço vil';
  const A = p.incapaz && p.minimoDoJuiz == null ? 'CPC, art. 896' : 'CPC, art. 891, parágrafo único';
  const piso = pisoJudicial(p);
  // Without the court's valuation nor the judge's minimum the floor is unknown: the check fails until staff say it.
  if (piso == null) return verificacao(R, A, false, `${R} (${A}): lote ${p.lote} sem avaliação nem mínimo do juiz; informe a avaliação.`);
  const ok = p.minimo >= piso;
  const reais = (c: number) => (c / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
  return verificacao(
    R,
    A,
    ok,
    ok
      ? `${R} (${A}): lote ${p.lote} com mínimo ${reais(p.minimo)} (piso ${reais(piso)}).`
      : `${R} (${A}): lote ${p.lote} com mínimo ${reais(p.minimo)}, abaixo do piso de ${reais(piso)}.`,
  );
}

export interface PropostaParcelada {
  id: number;
  valor: number;
  /** Down payment, centavos; equal to `valor` for a cash offer. */
  entrada: number;
  parcelas: number;
  recebidaEm: Date;
}

/** CPC art. 895, § 1º: at least 25 % down and the rest in up to 30 monthly instalments. */
export function propostaValida(p: Pick<PropostaParcelada, 'valor' | 'entrada' | 'parcelas'>): Verificacao {
  const R = 'Proposta parcelada';
  const A = 'CPC, art. 895, § 1º';
  if (p.entrada >= p.valor) return verificacao(R, A, true, `${R} (${A}): pagamento à vista.`);
  if (p.entrada * 4 < p.valor) return verificacao(R, A, false, `${R} (${A}): a entrada precisa ser de pelo menos 25% do valor.`);
  if (p.parcelas < 1 || p.parcelas > 30) return verificacao(R, A, false, `${R} (${A}): o restante pode ser parcelado em até 30 meses.`);
  return verificacao(R, A, true, `${R} (${A}): entrada de ${Math.floor((p.entrada * 100) / p.valor)}% e ${p.parcelas} parcela(s).`);
}

/**
 * CPC art. 895, §§ 7º and 8º: cash offers first; among instalment offers the higher value, then the earlier.
 * Invalid proposals (see propostaValida) are left out.
 */
export function ordenarPropostas<T extends PropostaParcelada>(propostas: readonly T[]): T[] {
  const aVista = (p: T) => (p.entrada >= p.valor ? 0 : 1);
  return propostas
    .filter((p) => propostaValida(p).ok)
    .sort((a, b) => aVista(a) - aVista(b) || b.valor - a.valor || a.recebidaEm.getTime() - b.recebidaEm.getTime() || a.id - b.id);
}

/**
 * Whether a judicial lot may still be sold by an accepted written proposal (decision 250): not yet released,
 * in dispute without a bid, or closed without a winner. A sold, conditional, cancelled or live-called lot not.
 */
export function loteAceitaProposta(l: { situacao: string; quantidadeLances: number }): 'sim' | 'situacao' | 'lances' {
  if (['CADASTRADO', 'PENDENTE', 'NAO_ARREMATADO'].includes(l.situacao)) return 'sim';
  if (['LIBERADO_LEILAO', 'REPASSE'].includes(l.situacao)) return l.quantidadeLances > 0 ? 'lances' : 'sim';
  return 'situacao';
}

/** An auction is judicial when its origin says so (the form's free text: "Judicial", "judicial - TJSP"...). */
export const ehJudicial = (tipoOrigem: string | null | undefined) => /^\s*judicial/i.test(tipoOrigem ?? '');

/** Every check of an auction before "Publicar": the decree's for all, the CPC's for judicial ones. */
export function verificarLeilao(l: {
  data: Date;
  uf: string | null;
  datasDaMarca?: readonly string[];
  tipoMarca: 'leilao' | 'loja';
  comissaoPontosBase: number;
  leiloeiro: { nome: string; inscricao: string } | null;
  judicial: boolean;
  editalPublicadoEm?: Date | null;
  lotes?: { numero: string; minimo: number; avaliacao: number | null; minimoDoJuiz: number | null; incapaz: boolean }[];
}): Verificacao[] {
  const todas = [
    diaPermitido({ data: l.data, uf: l.uf, datasDaMarca: l.datasDaMarca }),
    comissaoMinima({ tipoMarca: l.tipoMarca, comissaoPontosBase: l.comissaoPontosBase }),
    ...(l.tipoMarca === 'leilao' ? [leiloeiroMatriculado({ leiloeiro: l.leiloeiro })] : []),
  ];
  if (!l.judicial) return todas;
  return [
    ...todas,
    editalComAntecedencia({ publicadoEm: l.editalPublicadoEm ?? null, data: l.data }),
    ...(l.lotes ?? []).map((x) => minimoNaoVil({ lote: x.numero, ...x })),
  ];
}

/** Whether the auction may be published: every check passed. */
export const podePublicar = (checks: readonly Verificacao[]) => checks.every((c) => c.ok);
