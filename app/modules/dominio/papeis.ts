import { formatarDataHora } from '~/utils/format';

/** Role names exactly as the spec writes them (section 6). */
export const PAPEIS_INTERNOS = {
  ADM: 'Interno - ADM',
  DEV: 'Interno - Desenvolvimento TI',
  SAC: 'Interno - SAC',
  GERENTE_SAC: 'Interno - GerenteSAC',
  MKT: 'Interno - MKT',
  LEILOEIRO: 'Interno - Leiloeiro',
  COMITENTE: 'Interno - Comitente',
  ACERTO: 'Interno - Acerto',
  GERENTE_ACERTO: 'Interno - GerenteAcerto',
  MINIMOS_INCREMENTO: 'Interno - Alteração de Minimos e Incremento',
  PATIO: 'Interno - Pátio',
  LEILAO: 'Interno - Leilão',
  REMOCAO: 'Interno - Remoção',
  FINANCEIRO: 'Interno - Financeiro',
  LIBERACAO_2FA: 'Interno - Liberação recadastramento 2FA',
} as const;

/** The base customer role; customer groups (resellers, brand groups) also contain 'Clientes'. */
export const PAPEL_CLIENTE = 'Clientes';

export const ehPapelInterno = (papel: string) => papel.startsWith('Interno - ');

/** A route with a role list needs at least one of them (spec section 5, route guard). */
export const temAlgumPapel = (papeisDoUsuario: readonly string[], exigidos: readonly string[]) =>
  exigidos.length === 0 || exigidos.some((p) => papeisDoUsuario.includes(p));

export const MENSAGENS_ACESSO = {
  naoLogado: 'Efetuar login para acessar esta página',
  clienteNaoLogado: 'Necessário fazer login para acessar esta página',
  semPapel: (papeis: readonly string[]) => `Você não tem a permissão necessária para acessar esta página, papéis: ${papeis.join(', ')}`,
  /** A route with no rule in the access table: nobody gets in (decision: the spec has no text). */
  semRegra: 'Acesso negado: esta página não tem regra de acesso',
  visualizacaoAntes: (inicio: string) => `Este site estará disponível a partir de ${formatarDataHora(inicio)}`,
  visualizacaoEncerrada: 'Este site não está mais disponível para visualização',
  /** A session of an account that requires 2FA, before its first code is confirmed (issue #26). */
  cadastro2faPendente: 'Configure a autenticação em dois fatores para continuar',
} as const;

/**
 * The partner permission names (spec 001 §6: "integration permission names exist for external partners: tag,
 * auction, lot, removal, vehicle, committent operations, webhook, health check"). A seller's API key holds a
 * list of them; each API call open to a key names the one it needs (decision 168). They are never user roles.
 */
export const PERMISSOES_INTEGRACAO = {
  TAG: 'Integração - Tag',
  LEILAO: 'Integração - Leilão',
  LOTE: 'Integração - Lote',
  REMOCAO: 'Integração - Remoção',
  VEICULO: 'Integração - Veículo',
  COMITENTE: 'Integração - Comitente',
  WEBHOOK: 'Integração - Webhook',
  HEALTH_CHECK: 'Integração - Health check',
} as const;
export const LISTA_PERMISSOES_INTEGRACAO: readonly string[] = Object.values(PERMISSOES_INTEGRACAO);
