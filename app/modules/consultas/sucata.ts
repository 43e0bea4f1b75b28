import type { RESULTADOS_VALIDACAO } from '@db/schema/entrega';

/*
 * The scrap habilitation from a Procob answer (issue #31, decision 180). Scrap (sucata) is sold only to
 * companies whose registered activities include dismantling or recycling vehicles (Lei 12.977/2014, the
 * "Lei do Desmonte"); Procob answers the company's registration status, its restrictions and its CNAE codes.
 */
export type SituacaoValidacao = (typeof RESULTADOS_VALIDACAO)[number];

/** CNAE codes that qualify a company to buy scrap. */
export const ATIVIDADES_SUCATA: Record<string, string> = {
  '4530-7/04': 'Comércio a varejo de peças e acessórios usados para veículos automotores',
  '4687-7/03': 'Comércio atacadista de resíduos e sucatas metálicos',
  '3831-9/99': 'Recuperação de materiais metálicos, exceto alumínio',
  '3839-4/99': 'Recuperação de materiais não especificados anteriormente',
};

export interface AnaliseProcob {
  situacao: SituacaoValidacao;
  motivo: string;
}

const so = (codigo: string) => codigo.replace(/\D/g, '');
const QUALIFICAM = new Set(Object.keys(ATIVIDADES_SUCATA).map(so));

/** A successful Procob answer → the habilitation's situation. A provider that did not answer is `Aguardando` (the caller). */
export function analisarProcob(r: {
  documento: string;
  situacaoCadastral: string;
  restricoes: string[];
  atividades: string[];
}): AnaliseProcob {
  if (so(r.documento).length !== 14)
    return { situacao: 'Falha', motivo: 'Sucata só é vendida a empresas (CNPJ) de desmontagem ou reciclagem' };
  if (r.situacaoCadastral.toUpperCase() !== 'ATIVA' && r.situacaoCadastral.toUpperCase() !== 'REGULAR')
    return { situacao: 'Falha', motivo: `Situação cadastral ${r.situacaoCadastral}` };
  const atividade = r.atividades.find((a) => QUALIFICAM.has(so(a)));
  if (!atividade) return { situacao: 'Falha', motivo: 'Nenhuma atividade (CNAE) de desmontagem ou reciclagem de veículos' };
  // Restrictions do not refuse by themselves: staff look and answer (Autorizado or Falha).
  if (r.restricoes.length) return { situacao: 'Divergente', motivo: `Restrições: ${r.restricoes.join('; ')}` };
  return { situacao: 'Autorizado', motivo: `Atividade ${atividade}` };
}
