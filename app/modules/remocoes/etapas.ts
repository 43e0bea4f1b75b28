/*
 * The insurer's stages of a claim, S01-S17 (spec 001 §9 "Integration event codes S01-S17"; names, direction
 * and effects decision 171: the spec gives only the codes). Pure and browser-safe: the receiver, the
 * removal's state machine, the outbox of updates and the removal screen read the same table.
 */

export const CODIGOS_ETAPA = [
  'S01',
  'S02',
  'S03',
  'S04',
  'S05',
  'S06',
  'S07',
  'S08',
  'S09',
  'S10',
  'S11',
  'S12',
  'S13',
  'S14',
  'S15',
  'S16',
  'S17',
] as const;
export type CodigoEtapa = (typeof CODIGOS_ETAPA)[number];

/** Who sends it: the insurer (recebido), us (enviado) or either (S09, a cancellation). */
export type Sentido = 'recebido' | 'enviado' | 'ambos';

export interface Etapa {
  codigo: CodigoEtapa;
  nome: string;
  sentido: Sentido;
  /** The payload's businessData.type. */
  tipo: 'removal' | 'status_update' | 'communication_request' | 'removal_files';
  /** The removal situation the stage means, when it means one. */
  situacao?: 'SOLICITADA' | 'AGENDADA' | 'EM_TRANSITO' | 'CONCLUIDA' | 'CANCELADA';
  /** Order of the claim's path (several stages may share a position: messages and files come any time). */
  ordem: number;
}

export const ETAPAS: Record<CodigoEtapa, Etapa> = {
  S01: { codigo: 'S01', nome: 'Solicitação de remoção', sentido: 'recebido', tipo: 'removal', situacao: 'SOLICITADA', ordem: 1 },
  S02: { codigo: 'S02', nome: 'Remoção confirmada', sentido: 'enviado', tipo: 'status_update', ordem: 2 },
  S03: { codigo: 'S03', nome: 'Remoção agendada', sentido: 'enviado', tipo: 'status_update', situacao: 'AGENDADA', ordem: 3 },
  S04: { codigo: 'S04', nome: 'Veículo em trânsito', sentido: 'enviado', tipo: 'status_update', situacao: 'EM_TRANSITO', ordem: 4 },
  S05: { codigo: 'S05', nome: 'Veículo entregue no pátio', sentido: 'enviado', tipo: 'status_update', situacao: 'CONCLUIDA', ordem: 5 },
  S06: { codigo: 'S06', nome: 'Vistoria realizada', sentido: 'enviado', tipo: 'status_update', ordem: 6 },
  S07: { codigo: 'S07', nome: 'Documentação consultada no Detran', sentido: 'enviado', tipo: 'status_update', ordem: 7 },
  S08: { codigo: 'S08', nome: 'Venda autorizada pela seguradora', sentido: 'recebido', tipo: 'status_update', ordem: 8 },
  S09: { codigo: 'S09', nome: 'Remoção cancelada', sentido: 'ambos', tipo: 'status_update', situacao: 'CANCELADA', ordem: 0 },
  S10: { codigo: 'S10', nome: 'Liberado para leilão', sentido: 'enviado', tipo: 'status_update', ordem: 10 },
  S11: { codigo: 'S11', nome: 'Veículo arrematado', sentido: 'enviado', tipo: 'status_update', ordem: 11 },
  S12: { codigo: 'S12', nome: 'Pagamento do arremate confirmado', sentido: 'enviado', tipo: 'status_update', ordem: 12 },
  S13: { codigo: 'S13', nome: 'Documentos de transferência enviados', sentido: 'enviado', tipo: 'status_update', ordem: 13 },
  S14: { codigo: 'S14', nome: 'Solicitação de comunicação', sentido: 'recebido', tipo: 'communication_request', ordem: 0 },
  S15: { codigo: 'S15', nome: 'Resposta à comunicação', sentido: 'enviado', tipo: 'communication_request', ordem: 0 },
  S16: { codigo: 'S16', nome: 'Arquivos da remoção', sentido: 'recebido', tipo: 'removal_files', ordem: 0 },
  S17: { codigo: 'S17', nome: 'Veículo retirado pelo arrematante', sentido: 'enviado', tipo: 'status_update', ordem: 17 },
};

export const nomeDaEtapa = (codigo: string | null | undefined) =>
  codigo && codigo in ETAPAS ? `${codigo} · ${ETAPAS[codigo as CodigoEtapa].nome}` : (codigo ?? '—');

/** The stage a move of the removal's situation sends back (S03, S04, S05, S09). */
export function etapaDaSituacao(situacao: string): CodigoEtapa | null {
  const e = CODIGOS_ETAPA.find((c) => ETAPAS[c].situacao === situacao && ETAPAS[c].sentido !== 'recebido');
  return e ?? null;
}

/**
 * The stages staff report by hand after the vehicle is in the yard (inspection, detran, release, sale,
 * payment, documents, pick-up), in their order: each needs the removal CONCLUIDA and the previous reported
 * stage below it. S11 (sold) waits for the insurer's authorisation (S08).
 */
export const ETAPAS_DO_PATIO = ['S06', 'S07', 'S10', 'S11', 'S12', 'S13', 'S17'] as const satisfies readonly CodigoEtapa[];
export type EtapaDoPatio = (typeof ETAPAS_DO_PATIO)[number];

export const MENSAGENS_ETAPA = {
  antesDoPatio: 'Informe as etapas do pátio só depois que o veículo for entregue no pátio (S05)',
  foraDeOrdem: (atual: string, nova: string) => `A etapa ${nomeDaEtapa(nova)} não pode vir depois de ${nomeDaEtapa(atual)}`,
  semAutorizacao: 'A seguradora ainda não autorizou a venda deste veículo (S08)',
  jaConfirmada: 'Esta remoção já foi confirmada',
  confirmarSolicitada: 'Só uma remoção solicitada pode ser confirmada',
} as const;

/** Why a stage cannot be reported now (null when it can). `autorizada`: the insurer's S08 arrived. */
export function recusaDaEtapa(nova: EtapaDoPatio, r: { situacao: string; etapa: string | null; autorizada: boolean }): string | null {
  if (r.situacao !== 'CONCLUIDA') return MENSAGENS_ETAPA.antesDoPatio;
  const atual = r.etapa && r.etapa in ETAPAS ? ETAPAS[r.etapa as CodigoEtapa].ordem : 0;
  if (ETAPAS[nova].ordem <= atual) return MENSAGENS_ETAPA.foraDeOrdem(r.etapa ?? '', nova);
  if (nova === 'S11' && !r.autorizada) return MENSAGENS_ETAPA.semAutorizacao;
  return null;
}

/** The stage the removal records after an event: only stages on the path move it forward. */
export function etapaSeguinte(atual: string | null, nova: CodigoEtapa): string | null {
  const o = ETAPAS[nova].ordem;
  if (o === 0) return nova === 'S09' ? 'S09' : atual;
  const a = atual && atual in ETAPAS ? ETAPAS[atual as CodigoEtapa].ordem : 0;
  return o > a ? nova : atual;
}

/**
 * What becomes of a sale stage the lot or the vehicle reached (decision 204): reported now; kept waiting (the sale
 * before the insurer's S08: reported once it arrives); or left out (the removal is already past it, e.g. staff
 * reported it by hand, or the removal never reached the yard).
 */
export function destinoDaEtapaAutomatica(
  nova: EtapaDoPatio,
  r: { situacao: string; etapa: string | null; autorizada: boolean },
): { tipo: 'informar' } | { tipo: 'esperar'; motivo: string } | { tipo: 'ignorar'; motivo: string } {
  const recusa = recusaDaEtapa(nova, r);
  if (recusa == null) return { tipo: 'informar' };
  return recusa === MENSAGENS_ETAPA.semAutorizacao ? { tipo: 'esperar', motivo: recusa } : { tipo: 'ignorar', motivo: recusa };
}
