/**
 * Pure catalogue rules (spec 000 sections 4 and 9): listable states, card colours and short codes,
 * auction names without their trailing date, the value block, fuel labels, lot URLs.
 * Shared by the server and the browser; no I/O here.
 */
import { slug } from '~/utils/texto';

/** Categories left out of the default list (spec: the default filtered list omits them). */
export const CATEGORIAS_FORA_DO_PADRAO = ['Equipamentos', 'Imóveis'] as const;
export const TAMANHO_PAGINA = 30;
export const FOTOS_POR_CARD = 4;

/** Colour token (the theme maps it) and short code per lot situacao; null = no badge. */
export type CorSituacao = 'ambar' | 'verde' | 'azul' | 'cinzaClaro' | 'cinza' | 'azulAcinzentado' | 'vermelho';
const SITUACAO_CARD: Record<string, { cor: CorSituacao; codigo: string; rotulo: string }> = {
  AG_PAGAMENTO: { cor: 'ambar', codigo: 'AG', rotulo: 'Ag. Pagamento' },
  CONDICIONAL: { cor: 'azul', codigo: 'CO', rotulo: 'Condicional' },
  NAO_ARREMATADO: { cor: 'cinzaClaro', codigo: 'NA', rotulo: 'Não Arrematado' },
  REPASSE: { cor: 'cinza', codigo: 'RE', rotulo: 'Repasse' },
  RETIRADO: { cor: 'azulAcinzentado', codigo: 'RT', rotulo: 'Retirado' },
  LIBERADO_LEILAO: { cor: 'verde', codigo: 'LL', rotulo: 'Liberado Leilão' },
  AO_VIVO: { cor: 'vermelho', codigo: 'AV', rotulo: 'Ao Vivo' },
  CONDICIONAL_NEGADA: { cor: 'vermelho', codigo: 'CN', rotulo: 'Condicional Negada' },
  DOULHE_UMA: { cor: 'vermelho', codigo: 'CD', rotulo: 'Doulhe uma' },
  DOULHE_DUAS: { cor: 'vermelho', codigo: 'CD', rotulo: 'Doulhe duas' },
  BUY_NOW: { cor: 'verde', codigo: 'CD', rotulo: 'Compre Já' },
};
/** AG_PAGAMENTO is amber, green when `pagamentoLiberado` (the spec's flag) is set. */
export function situacaoDoCard(situacao: string, pagamentoLiberado = false) {
  const s = SITUACAO_CARD[situacao];
  if (!s) return { cor: 'cinzaClaro' as CorSituacao, codigo: situacao.slice(0, 2), rotulo: rotuloSituacao(situacao) };
  return situacao === 'AG_PAGAMENTO' && pagamentoLiberado ? { ...s, cor: 'verde' as CorSituacao } : s;
}
export const rotuloSituacao = (s: string) =>
  SITUACAO_CARD[s]?.rotulo ??
  ({ PENDENTE: 'Pendente', PAGO: 'Pago', CADASTRADO: 'Cadastrado', SUSPENSO: 'Suspenso' } as Record<string, string>)[s] ??
  s.replaceAll('_', ' ').toLowerCase();

/** "Leilão Bradesco - 21/11/2026" → "Leilão Bradesco" (dd/MM/yy or dd/MM/yyyy, with its dash). */
export function nomeSemData(nome: string): string {
  return nome.replace(/\s*[-–]?\s*\d{2}\/\d{2}\/(\d{4}|\d{2})\s*$/, '').trim();
}

export const COMBUSTIVEIS: Record<string, string> = {
  GAS: 'Gasolina',
  ALC: 'Etanol',
  DIE: 'Diesel',
  FLE: 'Flex',
  GNV: 'GNV',
  ELE: 'Elétrico',
  HIB: 'Híbrido',
};
/** GAS → Gasolina; combinations "GAS/GNV" → "Gasolina/GNV". */
export const rotuloCombustivel = (codigo: string | null | undefined) =>
  codigo
    ? codigo
        .split('/')
        .map((c) => COMBUSTIVEIS[c] ?? c)
        .join('/')
    : null;

/**
 * The value a card headlines: the buy-now price of a "Compre Já" lot, else the current value. The
 * price filter and order use the same value (indice-busca.server.ts VALOR_DO_CARD; decision 035).
 */
export const valorDoCard = (l: { tipo: string; compreJa: number | null; valorAtual: number }) =>
  l.tipo === 'Compre Já' && l.compreJa ? l.compreJa : l.valorAtual;
export const slugificar = (s: string) => slug(s) || 'x';

/** {leilao|anuncio}/{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{anoModelo}/{id} */
export function caminhoDoLote(
  prefixo: string,
  l: {
    id: number;
    localizacaoCidade: string | null;
    localizacaoUf: string | null;
    tipoNome: string;
    marcaNome: string | null;
    modelo: string | null;
    nome: string;
    anoModelo: number | null;
  },
): string {
  const local = `${slugificar(l.localizacaoCidade ?? 'brasil')}-${(l.localizacaoUf ?? 'br').toLowerCase()}`;
  return `/${prefixo}/${local}/${slugificar(l.tipoNome)}/${slugificar(l.marcaNome ?? 'diversos')}/${slugificar(l.modelo ?? l.nome)}/ano.${l.anoModelo ?? 0}/${l.id}`;
}

/** The "has key" row only for vehicle lot types (not equipment, real estate, aircraft, boats) and only when known. */
export const TIPOS_COM_CHAVE = new Set([1, 2, 3, 5, 6, 8, 9, 13, 14, 15, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 39, 40, 41, 50, 51]);
export const mostraChave = (tipoId: number, possuiChave: boolean | null) => TIPOS_COM_CHAVE.has(tipoId) && possuiChave !== null;

/** /patios/:cidade/:estadoUf/:patioNome */
export const caminhoDoPatio = (p: { cidade: string; estadoUf: string; slug: string }) =>
  `/patios/${slugificar(p.cidade)}/${p.estadoUf.toLowerCase()}/${p.slug}`;
