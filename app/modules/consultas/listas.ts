import type { SituacaoValidacao } from './sucata';

/*
 * The restricted lists (CPF_CNPJ_Restritos) and the state registration (Procob_Inscricao_Estadual) of a client
 * (spec 000 §4 types; issue #31, decision 208). Pure: a provider's answer → the check's result and its reason.
 * A provider that did not answer is `Aguardando` with "Consulta indisponível, tentaremos de novo" (the caller).
 */
export interface AnaliseDeConsulta {
  situacao: SituacaoValidacao;
  motivo: string;
}

/** On any list: Divergente, for staff to decide (a homonym or an old sanction is common); on none: Autorizado. */
export function analisarListaRestritiva({ listas }: { listas: string[] }): AnaliseDeConsulta {
  return listas.length
    ? { situacao: 'Divergente', motivo: `Consta em: ${listas.join(', ')}` }
    : { situacao: 'Autorizado', motivo: 'Nada consta nas listas restritivas' };
}

/** Situations in which a state registration lets the company buy and resell goods. */
const HABILITADAS = new Set(['HABILITADA', 'ATIVA', 'REGULAR']);

/** A company with an enabled state registration is Autorizado; none, or all suspended or cancelled, is Falha. */
export function analisarInscricaoEstadual({
  inscricoes,
}: {
  inscricoes: { uf: string; numero: string; situacao: string }[];
}): AnaliseDeConsulta {
  const ok = inscricoes.find((i) => HABILITADAS.has(i.situacao.toUpperCase()));
  if (ok) return { situacao: 'Autorizado', motivo: `Inscrição estadual ${ok.numero} (${ok.uf.toUpperCase()}) habilitada` };
  if (!inscricoes.length) return { situacao: 'Falha', motivo: 'Nenhuma inscrição estadual encontrada' };
  return {
    situacao: 'Falha',
    motivo: `Inscrição estadual sem habilitação: ${inscricoes.map((i) => `${i.numero} (${i.uf.toUpperCase()}) ${i.situacao.toLowerCase()}`).join(', ')}`,
  };
}
