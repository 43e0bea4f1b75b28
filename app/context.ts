import type { Db } from '@db/client.server';
import type { HotsiteCache } from '~/modules/hotsites/hotsite-cache.server';
import type { Hub } from './realtime/hub.server';
import type { ServicoDeBusca } from './modules/catalogo/busca.server';
import type { ServicoDeLances } from './modules/lances/servico.server';
import type { Marca } from './modules/hotsites/hotsite.schema';
import type { Provedores } from './modules/consultas/provedores.server';
import type { Logger } from './utils/logger.server';
import type { DocumentoGuardado, MemoDePaginas } from './utils/memo-de-paginas.server';
import type { EntryContext } from '@remix-run/node';
import type { UsuarioLogado } from '~/modules/identidade/guard.server';
import type { Selo } from '~/modules/confianca/selo.server';

/**
 * What server.ts hands every loader, action and API handler. The hotsite is resolved once per request
 * (in server.ts); no route reads the Host header itself.
 */
export interface Contexto {
  db: Db;
  marca: Marca;
  hub: Hub;
  hotsites: HotsiteCache;
  /** The search index and count cache of this process (one, shared by pages and the API). */
  busca: ServicoDeBusca;
  /** The bid batchers of this process (one queue per lot, shared by pages and the API). */
  lances: ServicoDeLances;
  /** The check providers of this process (vehicle history, Procob, detran; decision 178). */
  provedores: Provedores;
  logger: Logger;
  cspNonce: string;
  requestId: string;
  /** The client's address (X-Forwarded-For only from TRUST_PROXY): login rate limits and last-login lists. */
  ip: string;
  /** The user behind each session token, looked up once per request (see guard.server.ts). */
  usuariosDoPedido?: Map<string, Promise<UsuarioLogado | null>>;
  /** Rendered documents for visitors, per process (docs/decisions/085-memo-de-paginas.md). */
  paginas?: MemoDePaginas;
  /**
   * Set for a visitor's GET whose page may be kept whole (app/paginas/paginas-de-visitante.server.ts,
   * paginas-de-lote.server.ts): the document render hands it the page, which keeps it if it is the list's
   * or a lot's plain visitor page.
   */
  paginaDeVisitante?: PaginaDeVisitante;
  /** The brand's own base URL (LINKS_DAS_MARCAS), for links that leave the site: e-mails, sitemap. */
  urlBase: string;
  /** The platform's seal signer and the address of its verification page (decision 197). */
  selo: Selo;
}

export interface PaginaDeVisitante {
  guardar(doc: DocumentoGuardado, headers: Headers, estatico: Pick<EntryContext['staticHandlerContext'], 'matches' | 'loaderData'>): void;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends Contexto {}
}
