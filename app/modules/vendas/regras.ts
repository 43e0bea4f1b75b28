import { formatarMoeda } from '~/utils/format';
import { feriadoNacional } from './feriados';
import type { FORMAS_PAGAMENTO, SITUACOES_ENTREGA, SITUACOES_PAGAMENTO, SITUACOES_VENDA } from '@db/schema/vendas';

/*
 * Post-sale decisions as pure functions (spec 000 §4 "Sale situacao", 001 §3 "Sale", "Payment and proof"):
 * the totals block, the sale's situation after a payment changes, labels, colours and guidance texts.
 */
export type SituacaoVenda = (typeof SITUACOES_VENDA)[number];
export type SituacaoPagamento = (typeof SITUACOES_PAGAMENTO)[number];
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export type SituacaoEntrega = (typeof SITUACOES_ENTREGA)[number];

/** Spec colours: blue, amber, blue, green, red, green (theme tones, see compras.css.ts). */
export type Tom = 'azul' | 'ambar' | 'verde' | 'vermelho' | 'cinza';

export const SITUACAO_VENDA: Record<SituacaoVenda, { rotulo: string; tom: Tom }> = {
  Condicional: { rotulo: 'Condicional', tom: 'azul' },
  AguardandoPagamento: { rotulo: 'Aguardando Pagamento', tom: 'ambar' },
  AguardandoValidacao: { rotulo: 'Aguardando Validação', tom: 'azul' },
  Fechada: { rotulo: 'Fechada', tom: 'verde' },
  Cancelada: { rotulo: 'Cancelada', tom: 'vermelho' },
  ClienteDesistiu: { rotulo: 'Cliente Desistiu', tom: 'verde' },
};

/** The client list's filters (spec: Cancelada, AguardandoPagamento, AguardandoValidacao, Fechada). */
export const FILTROS_VENDA = ['Cancelada', 'AguardandoPagamento', 'AguardandoValidacao', 'Fechada'] as const;
export type FiltroVenda = (typeof FILTROS_VENDA)[number];

export const SITUACAO_PAGAMENTO: Record<SituacaoPagamento, string> = {
  aguardandoEnvio: 'Aguardando Envio',
  aguardandoValidacao: 'Aguardando Validação',
  aprovado: 'Aprovado',
  divergente: 'Divergente',
};

/** Transfer proof: backend code → label and colour (unknown means awaiting send). */
export const COMPROVANTE: Record<string, { rotulo: string; tom: Tom }> = {
  CADASTRADO: { rotulo: 'Aguardando Envio', tom: 'azul' },
  AG_COMPENSACAO: { rotulo: 'Aguardando Validação', tom: 'ambar' },
  PAGO: { rotulo: 'Aprovado', tom: 'verde' },
  DIVERGENTE: { rotulo: 'Divergente', tom: 'vermelho' },
};
export const comprovante = (codigo: string | null | undefined) => COMPROVANTE[codigo ?? ''] ?? COMPROVANTE.CADASTRADO;

export const FORMA_PAGAMENTO: Record<FormaPagamento, string> = {
  CARTAO_DE_CREDITO: 'Cartão de crédito',
  CARTAO_DE_CREDITO_MANUAL: 'Cartão de crédito (manual)',
  DINHEIRO: 'Dinheiro',
  CHEQUE: 'Cheque',
  DEPOSITO: 'Depósito / TED',
  A_RECEBER: 'A receber',
  BOLETO: 'Boleto',
  BOLETO_INTERNO: 'Boleto interno',
  DIFERENCA_XLS: 'Diferença (planilha)',
};

/** Purchase status messages (spec 000 §4). */
export const MENSAGEM_COMPRA: Record<SituacaoEntrega, string> = {
  aguardando_pagamento: 'Efetue o pagamento de todas as suas compras.',
  aguardando_validacao: 'Seus comprovantes estão sendo validados.',
  aguardando_agendamento: 'Agende agora a retirada.',
  aguardando_retirada: 'Retirada agendada: leve o extrato impresso no dia.',
  entregue: 'Entregue.',
  agendamento_cancelado: 'Agendamento cancelado: agende novamente.',
  nao_compareceu: 'Você não compareceu à retirada: agende novamente.',
};

export interface Pagamento {
  tipo: FormaPagamento;
  valor: number;
  situacao: SituacaoPagamento;
}

export interface Totais {
  total: number;
  aprovado: number;
  aguardandoValidacao: number;
  aguardandoPagamento: number;
  divergente: number;
  restante: number;
  aguardandoFormaPagamento: number;
}

/**
 * The totals block (spec 000 §4): remaining = total − validated-waiting − approved − item receipts −
 * discount; awaiting-payment-method = total − every non-divergent payment. Internal boleto payments are
 * left out of every sum.
 */
export function totaisDaVenda({
  total,
  desconto = 0,
  recibosItens = 0,
  pagamentos,
}: {
  total: number;
  desconto?: number;
  recibosItens?: number;
  pagamentos: readonly Pagamento[];
}): Totais {
  const soma = (s: SituacaoPagamento) =>
    pagamentos.filter((p) => p.tipo !== 'BOLETO_INTERNO' && p.situacao === s).reduce((a, p) => a + p.valor, 0);
  const aprovado = soma('aprovado');
  const aguardandoValidacao = soma('aguardandoValidacao');
  const aguardandoPagamento = soma('aguardandoEnvio');
  const divergente = soma('divergente');
  return {
    total,
    aprovado,
    aguardandoValidacao,
    aguardandoPagamento,
    divergente,
    restante: total - aguardandoValidacao - aprovado - recibosItens - desconto,
    aguardandoFormaPagamento: total - (aprovado + aguardandoValidacao + aguardandoPagamento),
  };
}

/**
 * The referral credit a sale keeps (decisions 188 and 215): what it took, never more than its commission
 * (a lot taken out shrinks it), and nothing once cancelled or given up (the credit goes back to the client).
 */
export function creditoNaComissao(situacao: SituacaoVenda, tomado: number, comissao: number): number {
  if (situacao === 'Cancelada' || situacao === 'ClienteDesistiu') return 0;
  return Math.max(0, Math.min(tomado, comissao));
}

/**
 * The sale's situation after its payments change. Cancelled, given-up and conditional sales keep theirs
 * (staff move them); otherwise: nothing left to pay with everything approved → Fechada; proofs waiting →
 * Aguardando Validação; else Aguardando Pagamento.
 */
export function situacaoAposPagamentos(atual: SituacaoVenda, t: Totais): SituacaoVenda {
  if (atual === 'Cancelada' || atual === 'ClienteDesistiu' || atual === 'Condicional') return atual;
  if (t.aguardandoValidacao > 0) return 'AguardandoValidacao';
  if (t.restante <= 0) return 'Fechada';
  return 'AguardandoPagamento';
}

/** The delivery step that follows the money: paid sales move on to scheduling, unpaid ones wait. */
export function entregaAposSituacao(s: SituacaoVenda, entrega: SituacaoEntrega): SituacaoEntrega {
  if (s === 'Fechada') return entrega === 'aguardando_pagamento' || entrega === 'aguardando_validacao' ? 'aguardando_agendamento' : entrega;
  if (s === 'AguardandoValidacao') return 'aguardando_validacao';
  if (s === 'AguardandoPagamento') return 'aguardando_pagamento';
  return entrega;
}

/**
 * Guidance text of the sale's current state (spec 000 §4: "Guidance texts per state"). A storage fee
 * charged at delivery (decision 080) says why a paid sale owes again.
 */
export function orientacao(
  s: SituacaoVenda,
  entrega: SituacaoEntrega,
  t: Pick<Totais, 'divergente' | 'aprovado'> & Partial<Pick<Totais, 'restante'>>,
  estadia: { diarias: number; valor: number } = { diarias: 0, valor: 0 },
  motivoCancelada: string | null = null,
): string {
  if (s === 'Condicional') return 'Aguarde a resposta à sua oferta condicional. Nada é devido até lá.';
  if (s === 'Cancelada' && motivoCancelada === 'Condicional negada') return 'Sua oferta condicional foi recusada. Nada é devido.';
  if (s === 'Cancelada') return 'Esta venda foi cancelada.';
  if (s === 'ClienteDesistiu') return 'Você desistiu desta compra.';
  if (s === 'AguardandoValidacao') return 'Aguardando a validação dos comprovantes enviados.';
  if (s === 'AguardandoPagamento') {
    if (t.divergente > 0) return 'Foram encontradas divergências nos comprovantes: analise e envie novamente.';
    if (estadia.valor > 0)
      return (
        `Na entrega foi cobrada a estadia do bem no pátio: ${estadia.diarias} ${estadia.diarias === 1 ? 'diária' : 'diárias'} ` +
        `(${formatarMoeda(estadia.valor)}). Pague o restante${t.restante != null ? ` de ${formatarMoeda(Math.max(0, t.restante))}` : ''} ` +
        'e envie o comprovante para retirar o bem.'
      );
    return t.aprovado > 0
      ? 'Efetue o pagamento total para liberar a venda.'
      : 'Aguardando o pagamento total por TED ou depósito e o envio dos comprovantes.';
  }
  switch (entrega) {
    case 'aguardando_retirada':
      return 'Retirada agendada.';
    case 'entregue':
      return 'Bem retirado, aguardando a documentação.';
    case 'agendamento_cancelado':
    case 'nao_compareceu':
      return 'Agende a retirada novamente.';
    case 'aguardando_agendamento':
      return 'Pagamento confirmado: agende a retirada.';
    default:
      return 'Compra finalizada com sucesso.';
  }
}

const DIA_MS = 86_400_000;

/**
 * Storage fee (estadia) at delivery (decision 080): the stay is free until the payment date (auction +
 * 2 days) plus `CARENCIA_ESTADIA_DIAS` calendar days; each São Paulo calendar day after that, up to and
 * including the delivery day, costs the yard's daily rate (`patio.valor_diaria`, centavos).
 */
export const CARENCIA_ESTADIA_DIAS = 5;
export function estadiaNaEntrega({
  diaPagamento,
  diaEntrega,
  valorDiaria,
  carencia = CARENCIA_ESTADIA_DIAS,
}: {
  /** YYYY-MM-DD (São Paulo) of the sale's payment date. */
  diaPagamento: string;
  /** YYYY-MM-DD (São Paulo) of the delivery. */
  diaEntrega: string;
  valorDiaria: number;
  carencia?: number;
}): { diarias: number; valor: number } {
  const dias = Math.round((Date.parse(`${diaEntrega}T12:00:00Z`) - Date.parse(`${diaPagamento}T12:00:00Z`)) / DIA_MS);
  const diarias = Number.isFinite(dias) ? Math.max(0, dias - Math.max(0, carencia)) : 0;
  const diaria = Math.max(0, Math.trunc(valorDiaria) || 0);
  return { diarias: diaria > 0 ? diarias : 0, valor: diarias * diaria };
}
/** Payment date = auction date + 2 days (spec 000 §9); a lot without auction counts from its closing. */
export const dataDePagamento = (dataLeilao: Date) => new Date(dataLeilao.getTime() + 2 * DIA_MS);

/** A yard's pickup hours (decision 072): whole hours in São Paulo, ISO weekdays ('12345' = Monday to Friday). */
export interface Atendimento {
  horaAbertura: number;
  horaFechamento: number;
  diasAtendimento: string;
}
export const ATENDIMENTO_PADRAO: Atendimento = { horaAbertura: 8, horaFechamento: 17, diasAtendimento: '12345' };

const DIAS = ['', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'];
/** "segunda a sexta, das 8h às 17h" — the days as a run when they are consecutive, else listed. */
export function textoDoAtendimento(a: Atendimento): string {
  const d = [...new Set(a.diasAtendimento.split('').map(Number))].filter((x) => x >= 1 && x <= 7).sort();
  const seguidos = d.length > 2 && d.every((x, i) => i === 0 || x === d[i - 1] + 1);
  const dias = seguidos ? `${DIAS[d[0]]} a ${DIAS[d[d.length - 1]]}` : d.map((x) => DIAS[x]).join(', ');
  return `${dias}, das ${a.horaAbertura}h às ${a.horaFechamento}h`;
}

/** The slots a yard offers on a day: each whole hour from opening to an hour before closing. */
export const horasDoAtendimento = (a: Atendimento) =>
  Array.from({ length: Math.max(0, a.horaFechamento - a.horaAbertura) }, (_, i) => a.horaAbertura + i);

// Built once: an Intl.DateTimeFormat costs far more to build than to use (the seller's page asked one per
// waiting offer's deadline, most of its loader's time).
const PARTES_EM_SAO_PAULO = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** São Paulo calendar parts of an instant: day (YYYY-MM-DD), ISO weekday, hour and minute. */
export function partesEmSaoPaulo(d: Date) {
  const partes = PARTES_EM_SAO_PAULO.formatToParts(d);
  const p = (t: string) => partes.find((x) => x.type === t)?.value ?? '';
  const semana = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p('weekday')) + 1;
  return { dia: `${p('year')}-${p('month')}-${p('day')}`, semana, hora: Number(p('hour')), minuto: Number(p('minute')) };
}

export type MotivoHorario = 'fora-do-atendimento' | 'recesso' | 'feriado' | 'antecedencia';
/** How far ahead a pickup can be booked (decision 047): from 12 hours to 60 days. */
const ANTECEDENCIA_MINIMA_MS = 12 * 3_600_000;
const ANTECEDENCIA_MAXIMA_MS = 60 * 86_400_000;
/**
 * Whether a pickup slot can be booked (decisions 047, 072 and 125): a whole hour inside the yard's hours
 * on one of its days, not a recess day nor a national holiday, at least 12 h and at most 60 days ahead.
 * The day's reasons come before the window's, so a far holiday still says it is a holiday. Null when valid.
 */
export function motivoHorarioInvalido(
  d: Date,
  {
    agora = new Date(),
    atendimento = ATENDIMENTO_PADRAO,
    recessos = [],
  }: { agora?: Date; atendimento?: Atendimento; recessos?: readonly string[] } = {},
): MotivoHorario | null {
  const { dia, semana, hora, minuto } = partesEmSaoPaulo(d);
  if (!atendimento.diasAtendimento.includes(String(semana))) return 'fora-do-atendimento';
  if (minuto !== 0 || hora < atendimento.horaAbertura || hora >= atendimento.horaFechamento) return 'fora-do-atendimento';
  if (recessos.includes(dia)) return 'recesso';
  if (feriadoNacional(dia)) return 'feriado';
  if (d.getTime() <= agora.getTime() + ANTECEDENCIA_MINIMA_MS || d.getTime() >= agora.getTime() + ANTECEDENCIA_MAXIMA_MS)
    return 'antecedencia';
  return null;
}

/** Default yard hours (decision 047): working days, 8h to 17h São Paulo, hourly slots, from 12 h ahead. */
export const horarioDeRetiradaValido = (d: Date, agora = new Date()) => motivoHorarioInvalido(d, { agora }) === null;

/**
 * A whole hour of a São Paulo calendar day as an instant. Brazil has kept UTC−03:00 all year since
 * daylight saving time ended in 2019 (Decreto 9.772/2019), so the offset is fixed.
 */
export const instanteEmSaoPaulo = (dia: string, hora: number) => new Date(`${dia}T${String(hora).padStart(2, '0')}:00:00-03:00`);

const DIA_DA_SEMANA = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'long', day: '2-digit', month: '2-digit' });

export interface DiaDeRetirada {
  /** YYYY-MM-DD in São Paulo. */
  dia: string;
  /** "sexta-feira, 04/12" */
  rotulo: string;
  horarios: { hora: number; instante: string }[];
}

/**
 * The pickup slots a yard offers (decision 125): its next `dias` days with at least one bookable hour,
 * each hour checked by the same rule the server applies to a posted slot (`motivoHorarioInvalido`).
 */
export function horariosDeRetirada({
  agora = new Date(),
  atendimento = ATENDIMENTO_PADRAO,
  recessos = [],
  dias = 10,
}: { agora?: Date; atendimento?: Atendimento; recessos?: readonly string[]; dias?: number } = {}): DiaDeRetirada[] {
  const saida: DiaDeRetirada[] = [];
  const hoje = partesEmSaoPaulo(agora).dia;
  for (let i = 0; i <= 60 && saida.length < dias; i++) {
    const dia = new Date(Date.parse(`${hoje}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const horarios = horasDoAtendimento(atendimento)
      .map((hora) => ({ hora, d: instanteEmSaoPaulo(dia, hora) }))
      .filter(({ d }) => motivoHorarioInvalido(d, { agora, atendimento, recessos }) === null)
      .map(({ hora, d }) => ({ hora, instante: d.toISOString() }));
    if (horarios.length > 0) saida.push({ dia, rotulo: DIA_DA_SEMANA.format(new Date(`${dia}T12:00:00Z`)), horarios });
  }
  return saida;
}

/** The seller answers a conditional win by 18h of the second working day after the lot closed (decision 126). */
export const DIAS_UTEIS_DA_CONDICIONAL = 2;
export const HORA_LIMITE_DA_CONDICIONAL = 18;
/**
 * The seller's deadline for a conditional win (decision 126): 18h (São Paulo) of the second working day
 * after the closing day; Saturdays, Sundays and national holidays do not count.
 */
export function prazoDaCondicional(encerramento: Date): Date {
  let dia = partesEmSaoPaulo(encerramento).dia;
  let uteis = 0;
  while (uteis < DIAS_UTEIS_DA_CONDICIONAL) {
    dia = new Date(Date.parse(`${dia}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const semana = new Date(`${dia}T12:00:00Z`).getUTCDay();
    if (semana !== 0 && semana !== 6 && !feriadoNacional(dia)) uteis++;
  }
  return instanteEmSaoPaulo(dia, HORA_LIMITE_DA_CONDICIONAL);
}
