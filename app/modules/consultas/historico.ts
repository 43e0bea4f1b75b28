import type { ItemConsultaVeiculo, QuemPaga, ResultadoConsulta } from '@db/schema/consultas';

/*
 * The lot's checked history (issue #31, decisions 176 and 177): one line per item, in a fixed order, each
 * with its source and the time it was checked. Pure, so the page, the API and the tests read one rule.
 */

/** The panel's order: debts first (what a buyer pays), then the document's restrictions, then the vehicle. */
export const ORDEM_DOS_ITENS: readonly ItemConsultaVeiculo[] = [
  'IPVA',
  'MULTAS',
  'LICENCIAMENTO',
  'ALIENACAO',
  'BLOQUEIO_JUDICIAL',
  'RECALL',
  'MONTA',
  'VEICULO_LEILAO',
];

/** A check older than this is marked stale (decision 176). */
export const DIAS_PARA_VENCER = 7;
const MS_DIA = 24 * 60 * 60 * 1000;

export interface LinhaConsulta {
  item: ItemConsultaVeiculo;
  resultado: ResultadoConsulta;
  valor: number | null;
  detalhe: string | null;
  fonte: string;
  consultadoAt: Date;
  ultimoSucessoAt: Date | null;
}

export type EstadoDoItem = 'ok' | 'atencao' | 'falhou' | 'nao_consultado';

export interface ItemDoHistorico {
  item: ItemConsultaVeiculo;
  estado: EstadoDoItem;
  resultado: ResultadoConsulta | null;
  /** Debts: the amount found, centavos. */
  valor: number | null;
  detalhe: string | null;
  fonte: string | null;
  consultadoAt: Date | null;
  /** When the newest answer is a failure: the time of the last good one, if any. */
  ultimoSucessoAt: Date | null;
  /** Checked more than DIAS_PARA_VENCER days ago (or the last good answer is that old). */
  desatualizado: boolean;
  /** From the auction's terms: who pays this item; null when the terms say nothing (the edital rules). */
  quemPaga: 'ARREMATANTE' | 'COMITENTE' | null;
}

const ITENS_COM_PAGADOR = new Set<ItemConsultaVeiculo>(['IPVA', 'MULTAS', 'LICENCIAMENTO', 'ALIENACAO']);

/** Whether "found" is bad news for a buyer: for every item but the damage class, which is always informative. */
function estadoDe(l: LinhaConsulta): EstadoDoItem {
  if (l.resultado === 'FALHOU') return 'falhou';
  if (l.item === 'MONTA') return l.detalhe === 'GRANDE' ? 'atencao' : 'ok';
  if (l.item === 'VEICULO_LEILAO') return l.resultado === 'CONSTA' ? 'atencao' : 'ok';
  return l.resultado === 'CONSTA' ? 'atencao' : 'ok';
}

/** The panel's lines: every item, checked or not, in ORDEM_DOS_ITENS. */
export function montarHistorico(linhas: readonly LinhaConsulta[], quemPaga: QuemPaga, agora: Date): ItemDoHistorico[] {
  const porItem = new Map(linhas.map((l) => [l.item, l]));
  return ORDEM_DOS_ITENS.map((item) => {
    const pagador = ITENS_COM_PAGADOR.has(item) ? ((quemPaga as Record<string, 'ARREMATANTE' | 'COMITENTE'>)[item] ?? null) : null;
    const l = porItem.get(item);
    if (!l) {
      return {
        item,
        estado: 'nao_consultado',
        resultado: null,
        valor: null,
        detalhe: null,
        fonte: null,
        consultadoAt: null,
        ultimoSucessoAt: null,
        desatualizado: false,
        quemPaga: pagador,
      };
    }
    const referencia = l.resultado === 'FALHOU' ? l.ultimoSucessoAt : l.consultadoAt;
    return {
      item,
      estado: estadoDe(l),
      resultado: l.resultado,
      valor: l.resultado === 'FALHOU' ? null : l.valor,
      detalhe: l.resultado === 'FALHOU' ? null : l.detalhe,
      fonte: l.fonte,
      consultadoAt: l.consultadoAt,
      ultimoSucessoAt: l.resultado === 'FALHOU' ? l.ultimoSucessoAt : null,
      desatualizado: referencia !== null && agora.getTime() - referencia.getTime() > DIAS_PARA_VENCER * MS_DIA,
      quemPaga: pagador,
    };
  });
}

/** The sum of the debts found (IPVA, fines, licensing) that the buyer pays by the auction's terms, centavos. */
export function debitosDoArrematante(itens: readonly ItemDoHistorico[]): number {
  return itens
    .filter((i) => (i.item === 'IPVA' || i.item === 'MULTAS' || i.item === 'LICENCIAMENTO') && i.estado === 'atencao')
    .filter((i) => i.quemPaga === 'ARREMATANTE')
    .reduce((soma, i) => soma + (i.valor ?? 0), 0);
}
