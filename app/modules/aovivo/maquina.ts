import { SITUACOES_DISPONIVEIS, SITUACOES_NO_PREGAO, SITUACOES_LEILAO_ANTES_DO_PREGAO } from '~/modules/dominio/situacoes';
/**
 * The live auction's state machine (spec 000 §4: auction AO_VIVO → EXECUTADO; lot AO_VIVO, DOULHE_UMA,
 * DOULHE_DUAS), as pure decisions: the auctioneer's commands read the auction and its lot on the floor
 * under lock, ask `decidirComando`, and write what it answers. Table tests beside it.
 */

export interface EstadoDoPregao {
  leilao: { situacao: string; pausado: boolean };
  /** The lot on the floor, if any (its situacao may already be a closing one after the hammer). */
  loteAtual: { id: number; situacao: string } | null;
}

export type Comando =
  | { tipo: 'iniciar' }
  | { tipo: 'lote-atual'; lote: { id: number; situacao: string; doLeilao: boolean } }
  | { tipo: 'doulhe'; etapa: 'uma' | 'duas' }
  | { tipo: 'martelo' }
  | { tipo: 'pausar' }
  | { tipo: 'encerrar' }
  | { tipo: 'lance-leiloeiro' };

export const MENSAGENS_PREGAO = {
  jaAoVivo: 'O leilão já está ao vivo',
  naoAoVivo: 'O leilão não está ao vivo: inicie o leilão primeiro',
  encerrado: 'O leilão já foi encerrado',
  pausado: 'O leilão está pausado: retome-o para continuar',
  jaPausado: 'O leilão já está pausado',
  loteEmPregao: 'Há um lote em pregão: bata o martelo antes de trocar de lote',
  semLote: 'Nenhum lote em pregão',
  loteDeOutroLeilao: 'Este lote não pertence a este leilão',
  loteIndisponivel: 'Este lote não pode ir a pregão (já encerrado ou não liberado)',
  doulheUmaAntes: 'Dê o "dou-lhe uma" antes do "dou-lhe duas"',
  doulheFora: 'O "dou-lhe uma" só vale para um lote ao vivo',
} as const;

/** What to write: the auction's new fields and the lot's new situacao (null fields stay as they are). */
export type Decisao =
  | {
      ok: true;
      leilao?: { situacao?: string; pausado?: boolean; loteAtualId?: number | null };
      /** The lot that changes and its new situacao; 'encerrar' means "close it by the engine's rules". */
      lote?: { id: number; situacao: string | 'encerrar' };
    }
  | { ok: false; status: 409; mensagem: string };

const recusa = (mensagem: string): Decisao => ({ ok: false, status: 409, mensagem });

export function decidirComando(e: EstadoDoPregao, c: Comando): Decisao {
  const { situacao, pausado } = e.leilao;
  const noPregao = e.loteAtual && SITUACOES_NO_PREGAO.includes(e.loteAtual.situacao) ? e.loteAtual : null;
  if (situacao === 'EXECUTADO' || situacao === 'CANCELADO') return recusa(MENSAGENS_PREGAO.encerrado);

  if (c.tipo === 'iniciar') {
    // Starting a paused auction resumes it.
    if (situacao === 'AO_VIVO') return pausado ? { ok: true, leilao: { pausado: false } } : recusa(MENSAGENS_PREGAO.jaAoVivo);
    if (!SITUACOES_LEILAO_ANTES_DO_PREGAO.includes(situacao)) return recusa(MENSAGENS_PREGAO.naoAoVivo);
    return { ok: true, leilao: { situacao: 'AO_VIVO', pausado: false } };
  }
  if (situacao !== 'AO_VIVO') return recusa(MENSAGENS_PREGAO.naoAoVivo);

  switch (c.tipo) {
    case 'pausar':
      return pausado ? recusa(MENSAGENS_PREGAO.jaPausado) : { ok: true, leilao: { pausado: true } };
    case 'encerrar':
      if (noPregao) return recusa(MENSAGENS_PREGAO.loteEmPregao);
      return { ok: true, leilao: { situacao: 'EXECUTADO', pausado: false, loteAtualId: null } };
    case 'lance-leiloeiro':
      if (pausado) return recusa(MENSAGENS_PREGAO.pausado);
      return noPregao ? { ok: true } : recusa(MENSAGENS_PREGAO.semLote);
  }
  if (pausado) return recusa(MENSAGENS_PREGAO.pausado);
  switch (c.tipo) {
    case 'lote-atual':
      if (noPregao && noPregao.id !== c.lote.id) return recusa(MENSAGENS_PREGAO.loteEmPregao);
      if (!c.lote.doLeilao) return recusa(MENSAGENS_PREGAO.loteDeOutroLeilao);
      if (noPregao?.id === c.lote.id) return { ok: true, leilao: { loteAtualId: c.lote.id } };
      if (!SITUACOES_DISPONIVEIS.includes(c.lote.situacao)) return recusa(MENSAGENS_PREGAO.loteIndisponivel);
      return { ok: true, leilao: { loteAtualId: c.lote.id }, lote: { id: c.lote.id, situacao: 'AO_VIVO' } };
    case 'doulhe':
      if (!noPregao) return recusa(MENSAGENS_PREGAO.semLote);
      if (c.etapa === 'uma') {
        if (noPregao.situacao !== 'AO_VIVO') return recusa(MENSAGENS_PREGAO.doulheFora);
        return { ok: true, lote: { id: noPregao.id, situacao: 'DOULHE_UMA' } };
      }
      if (noPregao.situacao !== 'DOULHE_UMA') return recusa(MENSAGENS_PREGAO.doulheUmaAntes);
      return { ok: true, lote: { id: noPregao.id, situacao: 'DOULHE_DUAS' } };
    case 'martelo':
      if (!noPregao) return recusa(MENSAGENS_PREGAO.semLote);
      return { ok: true, lote: { id: noPregao.id, situacao: 'encerrar' } };
  }
}

/** The spec's lot situation labels (000 §4), for staff screens; codes without a label read as themselves. */
export const ROTULOS_SITUACAO_LOTE: Readonly<Record<string, string>> = {
  LIBERADO_LEILAO: 'Liberado Leilão',
  AG_PAGAMENTO: 'Ag. Pagamento',
  NAO_ARREMATADO: 'Não Arrematado',
  CONDICIONAL_NEGADA: 'Condicional Negada',
  RETIRADO: 'Retirado',
  REPASSE: 'Repasse',
  CONDICIONAL: 'Condicional',
  AO_VIVO: 'Ao Vivo',
  BUY_NOW: 'Compre Já',
  DOULHE_UMA: 'Doulhe uma',
  DOULHE_DUAS: 'Doulhe duas',
};
export const rotuloDaSituacao = (situacao: string) => ROTULOS_SITUACAO_LOTE[situacao] ?? situacao;
