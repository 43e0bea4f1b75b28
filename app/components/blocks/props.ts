import type { Sessao } from '~/modules/content/blocks';

/** What every section renderer receives (its own file, so renderers and the registry do not import each other). */
export interface PropsBloco {
  sessao: Sessao;
  /** Server-loaded data of data-driven kinds (app/modules/content/dados-blocos.server.ts). */
  dados?: unknown;
}
