import { SITUACOES_REMOCAO } from '@db/schema/enums-catalogo';

/*
 * Removal rules (spec 000 §2 `/admin/remocao/{uid?}`, 001 §3 "Removal" and §8 "Integration log summary";
 * decision 081). Pure and browser-safe: the module, the removal screen and the vehicle's Remoções tab share
 * them; table-tested beside.
 */

export type SituacaoRemocao = (typeof SITUACOES_REMOCAO)[number];

export const ROTULO_SITUACAO_REMOCAO: Record<SituacaoRemocao, string> = {
  SOLICITADA: 'Solicitada',
  AGENDADA: 'Agendada',
  EM_TRANSITO: 'Em trânsito',
  CONCLUIDA: 'Concluída',
  CANCELADA: 'Cancelada',
};

/** The button that moves a removal to each situation. */
export const ACAO_SITUACAO_REMOCAO: Record<SituacaoRemocao, string> = {
  SOLICITADA: 'Voltar a solicitada',
  AGENDADA: 'Agendar',
  EM_TRANSITO: 'Marcar em trânsito',
  CONCLUIDA: 'Concluir',
  CANCELADA: 'Cancelar',
};

/**
 * SOLICITADA → AGENDADA → EM_TRANSITO → CONCLUIDA; AGENDADA → CONCLUIDA when the pick-up was not followed;
 * AGENDADA → SOLICITADA unschedules; CANCELADA from SOLICITADA or AGENDADA (never once the vehicle is on the
 * truck). CONCLUIDA and CANCELADA are final.
 */
const PROXIMAS: Record<SituacaoRemocao, readonly SituacaoRemocao[]> = {
  SOLICITADA: ['AGENDADA', 'CANCELADA'],
  AGENDADA: ['EM_TRANSITO', 'CONCLUIDA', 'SOLICITADA', 'CANCELADA'],
  EM_TRANSITO: ['CONCLUIDA'],
  CONCLUIDA: [],
  CANCELADA: [],
};

export const proximasSituacoesRemocao = (de: string): readonly SituacaoRemocao[] => PROXIMAS[de as SituacaoRemocao] ?? [];
export const remocaoFinal = (s: string) => s === 'CONCLUIDA' || s === 'CANCELADA';
export const rotuloSituacaoRemocao = (s: string) => ROTULO_SITUACAO_REMOCAO[s as SituacaoRemocao] ?? s;

export const MENSAGENS_REMOCAO = {
  naoEncontrada: 'Remoção não encontrada',
  bloqueada: 'Remoção bloqueada para este veículo',
  transicao: (de: string, para: string) => `Uma remoção ${rotuloSituacaoRemocao(de)} não pode passar a ${rotuloSituacaoRemocao(para)}`,
  final: 'Uma remoção concluída ou cancelada não pode ser alterada',
  agendarSemData: 'Informe o início previsto para agendar a remoção',
  agendarSemTransportadora: 'Informe a transportadora para agendar a remoção',
  semDestino: 'Informe o pátio de destino antes de concluir a remoção',
  motivoCancelamento: 'Informe o motivo do cancelamento',
  patioNaoEncontrado: 'Pátio não encontrado',
  veiculoNaoEncontrado: 'Veículo não encontrado: informe a placa, o chassi ou o uid de um veículo desta marca',
} as const;

/** What a removal must hold to enter a situation: the fields' errors, empty when it may. */
export function faltasParaSituacao(
  para: string,
  r: { diaInicioPrevisto: string | null; transportadora: string | null; patioId: number | null; motivo?: string | null },
): Record<string, string[]> {
  const erros: Record<string, string[]> = {};
  if (para === 'AGENDADA' || para === 'EM_TRANSITO') {
    if (!r.diaInicioPrevisto) erros.diaInicioPrevisto = [MENSAGENS_REMOCAO.agendarSemData];
    if (!r.transportadora) erros.transportadora = [MENSAGENS_REMOCAO.agendarSemTransportadora];
  }
  if ((para === 'EM_TRANSITO' || para === 'CONCLUIDA') && r.patioId == null) erros.patioId = [MENSAGENS_REMOCAO.semDestino];
  if (para === 'CANCELADA' && !r.motivo?.trim()) erros.motivo = [MENSAGENS_REMOCAO.motivoCancelamento];
  return erros;
}

/** One integration log row as the summary needs it. */
export interface LogParaResumo {
  integradora: string;
  tipo: string;
  body: unknown;
  response: unknown;
  error: string | null;
}

const objeto = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The event kind of an insurer payload (businessData.type: removal, status_update, communication_request, removal_files). */
export const tipoDoEvento = (body: unknown): string | null => {
  const t = objeto(objeto(body).businessData).type;
  return typeof t === 'string' ? t : null;
};

/**
 * The spec's summary (001 §8): a Mapfre status update not processed (receipt EST03) shows 'Erro Mapfre: ' and
 * its errors, or 'Erro ao processar evento Mapfre' without a list; processed shows 'Evento processado com
 * sucesso'; any other event shows its error message if any, else success.
 */
export function resumoDoLog(l: LogParaResumo): { texto: string; erro: boolean } {
  const ok = { texto: 'Evento processado com sucesso', erro: false };
  if (l.integradora === 'Mapfre' && tipoDoEvento(l.body) === 'status_update') {
    const resposta = objeto(l.response);
    const su = objeto(objeto(resposta.businessData).status_update);
    // NOT_PROCESSED is an error (spec 001 §4), whether the insurer says it as a receipt or as a status update.
    const codigo = resposta.status ?? resposta.statusCode ?? su.statusCode;
    const naoProcessado = codigo === 'EST03' || codigo === 'NOT_PROCESSED' || (l.error != null && l.error !== '');
    if (!naoProcessado) return ok;
    const lista = [resposta.errors, objeto(resposta.error).errors, objeto(su.error).errors]
      .flatMap((x) => (Array.isArray(x) ? x : []))
      .filter((e): e is string => typeof e === 'string' && e !== '');
    return { texto: lista.length ? `Erro Mapfre: ${lista.join(', ')}` : 'Erro ao processar evento Mapfre', erro: true };
  }
  return l.error ? { texto: l.error, erro: true } : ok;
}

/** 'Recebido' when the partner called us (tipo webhook), else 'Enviado'. */
export const origemDoLog = (tipo: string) => (tipo === 'webhook' ? 'Recebido' : 'Enviado');
