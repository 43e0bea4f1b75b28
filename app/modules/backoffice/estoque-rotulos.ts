/*
 * Names the stock screen and the vehicle form show in the browser too (a `.server` module is empty there):
 * the stock situations (decision 067) and the vehicle form's extra tabs.
 */
export const SITUACOES_ESTOQUE = ['DISPONIVEL', 'EM_LEILAO', 'VENDIDO'] as const;
export type SituacaoEstoque = (typeof SITUACOES_ESTOQUE)[number];
export const ROTULOS_ESTOQUE: Record<SituacaoEstoque, string> = {
  DISPONIVEL: 'Disponível',
  EM_LEILAO: 'Em leilão',
  VENDIDO: 'Vendido',
};

export const ABAS_EXTRAS = [
  ['patio', 'Pátio'],
  ['remocoes', 'Remoções'],
  ['venda-direta', 'Venda direta'],
  ['relatorios', 'Relatórios'],
  ['acessos', 'Acessos'],
  ['importacao-placa', 'Importação de placa'],
  ['detran', 'Sincronização Detran'],
  ['documentos', 'Documentos'],
] as const;
export type AbaExtra = (typeof ABAS_EXTRAS)[number][0];
export const ehAbaExtra = (aba: string): aba is AbaExtra => ABAS_EXTRAS.some(([k]) => k === aba);
