import type { LoteCard } from './busca.server';

/** What a lot card renders (the search's card columns, serialised). */
export interface DadosCard {
  id: number;
  situacao: string;
  nome: string;
  numero: string;
  tipo: string;
  tipoId: number;
  tipoNome: string;
  marcaNome: string | null;
  modelo: string | null;
  anoModelo: number | null;
  anoFabricacao: number | null;
  km: number | null;
  combustivel: string | null;
  cor: string | null;
  cambio: string | null;
  direcao: string | null;
  possuiChave: boolean | null;
  retomada: string | null;
  valorMercado: number | null;
  prazoDocumento: number | null;
  localizacaoCidade: string | null;
  localizacaoUf: string | null;
  localizacaoExterna: boolean;
  patioSlug: string | null;
  dataFim: string | Date | null;
  compreJa: number | null;
  valorAtual: number;
  ultimoLanceValor: number | null;
  quantidadeLances: number;
  fotosUrls: string[];
  /** The lot's badges as a card shows them (decision 086). */
  carimbos: { nome: string; urlCard: string | null; link: string | null }[];
  /**
   * The client groups the lot is restricted to (decision 278); empty = every client. Objects, as the search
   * rows have them: some pages send whole rows as cards.
   */
  gruposCliente: readonly { nome: string }[];
  /** The visitor's favourite? Only where the page knows it: the card then shows the toggle. */
  favorito?: boolean;
}

/**
 * Only the card's fields of a search row (which carries some 50 columns): what the list page sends
 * to the browser and serialises into its HTML.
 */
export function paraCard(l: LoteCard, favorito?: boolean): DadosCard {
  return {
    id: l.id,
    situacao: l.situacao,
    nome: l.nome,
    numero: l.numero,
    tipo: l.tipo,
    tipoId: l.tipoId,
    tipoNome: l.tipoNome,
    marcaNome: l.marcaNome,
    modelo: l.modelo,
    anoModelo: l.anoModelo,
    anoFabricacao: l.anoFabricacao,
    km: l.km,
    combustivel: l.combustivel,
    cor: l.cor,
    cambio: l.cambio,
    direcao: l.direcao,
    possuiChave: l.possuiChave,
    retomada: l.retomada,
    valorMercado: l.valorMercado,
    prazoDocumento: l.prazoDocumento,
    localizacaoCidade: l.localizacaoCidade,
    localizacaoUf: l.localizacaoUf,
    localizacaoExterna: l.localizacaoExterna,
    patioSlug: l.patioSlug,
    dataFim: l.dataFim,
    compreJa: l.compreJa,
    valorAtual: l.valorAtual,
    ultimoLanceValor: l.ultimoLanceValor,
    quantidadeLances: l.quantidadeLances,
    fotosUrls: l.fotosUrls,
    carimbos: l.carimbos.map((c) => ({ nome: c.nome, urlCard: c.urlCard, link: c.link })),
    gruposCliente: l.gruposCliente.map((g) => ({ nome: g.nome })),
    ...(favorito === undefined ? {} : { favorito }),
  };
}
