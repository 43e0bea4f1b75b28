import type { Sessao } from '~/modules/conteudo/blocks';

/** What every section renderer receives (its own file, so renderers and the registry do not import each other). */
export interface PropsBloco {
  sessao: Sessao;
  /** Server-loaded data of data-driven kinds (app/paginas/dados-blocos.server.ts). */
  dados?: unknown;
}
