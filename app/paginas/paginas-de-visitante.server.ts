import type { NextFunction, Request, Response } from 'express';
import type { Contexto } from '~/context';
import { bannersAtivos, bannersValidosAte } from '~/modules/conteudo/banners.server';
import { vitrineTemRestricao } from '~/modules/dominio/janelas';
import { corpoDoDocumento, type DocumentoGuardado } from '~/utils/memo-de-paginas.server';
import { aceitaGzip } from '~/utils/gzip-emendado.server';
import { criarLruPorBytes } from '~/utils/lru-por-bytes.server';
import { criarRendersEmCurso } from '~/utils/renders-em-curso.server';

/**
 * A visitor's lot-list page kept whole, in front of Remix (docs/decisions/093-paginas-de-visitante.md).
 *
 * Decision 085 skips React's render but still runs Remix's request path and the loaders. Here the
 * page's bytes are kept with what they were built from, and a visitor's GET of the same URL on the
 * same brand is answered with them when that is unchanged, after the one change-feed read the JSON
 * API also makes:
 *  - the brand's search data (`versaoDaMarca`: no lot of the brand named by the feed, no index
 *    installed since; cards included, decision 078),
 *  - the brand itself (the resolved object: a new one after any edit or every minute) and every
 *    brand's generation (`hotsiteAlterado`), and the kept banners' entry,
 *  - the clock: kept until the next end of a lot the page counts (its cards and total, or a facet
 *    count: the searches of the render say when, ServicoDeBusca.validade; decision 096), the next start
 *    or end of a banner's window, the kept banners' expiry, the next year (the footer's), at most 10
 *    minutes, whichever comes first.
 * Visitors who ask for a page while it is being rendered wait for that render (at most 2 s) and are
 * then answered from it under the same checks, so a burst after a change costs one render.
 * Only pages the list route answered 200 for a visitor are kept: no session or notice cookie, no
 * Authorization, no Set-Cookie, no auction's habilitation box (`?leilao=`), no brand with a viewing
 * window or login rule. Each answer gets its own CSP nonce and request id, as in decision 085.
 */
const ROTAS_GUARDADAS = new Set(['routes/leilao.$', 'routes/anuncio.$']);
/** The list's paths (`/leilao`, `/anuncio/carros`...): no other page waits or is looked up here. */
const CAMINHO_DA_LISTA = /^\/(?:leilao|anuncio)(?:\/[^/]+)?\/?$/;
/** A safety net for any clock value a render might read beyond those below: one render per page per 10 min. */
const IDADE_MAX_MS = 10 * 60_000;
/** How long a visitor waits for another visitor's render of the same page before rendering its own. */
const ESPERA_MAX_MS = 2_000;

interface Estado {
  indice: string;
  hotsites: number;
  banners: object;
  marca: object;
}

interface Entrada {
  doc: DocumentoGuardado;
  cabecalhos: [string, string][];
  estado: Estado;
  ate: number;
}

/** What the page's own render may see of the visitor: any of these makes it someone's own page. */
const visitante = (req: Request) => !req.headers.authorization && !req.headers.cookie?.includes('martelo_');

function estadoAgora({ marca, busca, hotsites }: Contexto, agora: number): Estado | null {
  if (vitrineTemRestricao(marca)) return null;
  const indice = busca.indice.versaoDaMarca(marca.id);
  const banners = hotsites.entradaDaMarca('banners', marca.id, agora);
  if (indice === null || !banners) return null;
  return { indice, hotsites: hotsites.geracao, banners, marca };
}

const mesmo = (a: Estado, b: Estado | null) =>
  !!b && a.indice === b.indice && a.hotsites === b.hotsites && a.banners === b.banners && a.marca === b.marca;

export interface PaginasDeVisitante {
  /** Express middleware, after the brand is resolved and before Remix. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  readonly tamanho: { entradas: number; bytes: number };
  /** Answers served from a kept page (tests). */
  readonly servidas: number;
}

export function criarPaginasDeVisitante({ maxBytes = 16 * 1024 * 1024 } = {}): PaginasDeVisitante {
  const entradas = criarLruPorBytes<Entrada>(maxBytes, (e) => e.doc.bytes);
  const renders = criarRendersEmCurso(ESPERA_MAX_MS);
  let servidas = 0;

  /** On a miss: what the render starts from, and until when its page can stand (null: not kept). */
  async function antesDoRender(ctx: Contexto, agora: number) {
    // The banners the list reads, kept now if they were not (the loader then reads this same entry):
    // otherwise every visitor arriving before the first render loaded them would render too.
    // A failure here is not this page's: the loader reads the banners again and reports it.
    if (!ctx.hotsites.entradaDaMarca('banners', ctx.marca.id, agora))
      await bannersAtivos({ db: ctx.db, hotsiteId: ctx.marca.id, cache: ctx.hotsites }).catch(() => undefined);
    const estado = estadoAgora(ctx, agora);
    if (!estado) return null;
    const banners = await bannersValidosAte(ctx.hotsites, ctx.marca.id, agora);
    if (!banners || banners.entrada !== estado.banners) return null;
    // The lots' ends are the searches' own (ServicoDeBusca.validade), read once the render is done.
    const ate = Math.min(
      banners.ate,
      // The footer's year.
      new Date(new Date(agora).getFullYear() + 1, 0, 1).getTime(),
      agora + IDADE_MAX_MS,
    );
    return { estado, ate };
  }

  /** Answers from the kept page of `chave` if it is still what a render would give now. */
  async function servirGuardada(chave: string, ctx: Contexto, req: Request, res: Response): Promise<boolean> {
    const kept = entradas.ler(chave);
    if (!kept) return false;
    // The same freshness as a search: every commit made before this request came is read.
    const lido = await ctx.busca.indice.atualizar(res.locals.chegada as number).then(
      () => true,
      () => false,
    );
    const agora = Date.now();
    if (!lido || !(agora < kept.ate) || !mesmo(kept.estado, estadoAgora(ctx, agora))) {
      if (entradas.ler(chave) === kept) entradas.remover(chave);
      return false;
    }
    entradas.usar(chave);
    servidas++;
    res.status(200);
    for (const [nome, valor] of kept.cabecalhos) res.append(nome, valor);
    // A browser takes gzip: the page's parts were compressed once and this answer's values are spliced in (098).
    const gzip = aceitaGzip(req.headers['accept-encoding']);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    const corpo = corpoDoDocumento(kept.doc, ctx.cspNonce, ctx.requestId, gzip);
    res.setHeader('Content-Length', corpo.length);
    res.end(corpo);
    return true;
  }

  /** True when it answered from a kept page; otherwise Remix answers (and may keep its page). */
  async function atender(req: Request, res: Response): Promise<boolean> {
    const ctx = res.locals.contexto as Contexto | undefined;
    if (!ctx || req.method !== 'GET' || !CAMINHO_DA_LISTA.test(req.path) || !visitante(req) || req.query._data !== undefined) return false;
    // The brand, and the URL as Remix builds it: another host or protocol is another page.
    const chave = `${ctx.marca.id}\n${req.protocol}\n${req.headers.host}\n${req.headers['x-forwarded-host'] ?? ''}\n${req.originalUrl}`;
    // A burst of visitors after a change costs one render, not one each: the others wait for it, then
    // check its page as any kept page, after their own feed read.
    const liberar = await renders.servirOuReivindicar(chave, res, () => servirGuardada(chave, ctx, req, res));
    if (!liberar) return true;
    const antes = await antesDoRender(ctx, Date.now());
    if (!antes) {
      liberar();
      return false;
    }
    // Until when the render's searches stand by the clock: the first end of a lot the page counts.
    const validade = (ctx.busca.validade = { ate: Infinity, buscas: 0 });
    ctx.paginaDeVisitante = {
      guardar(doc, headers, estatico) {
        try {
          const rota = estatico.matches.at(-1)?.route.id;
          const raiz = estatico.loaderData.root as { usuario?: unknown; aviso?: unknown } | undefined;
          const dados = rota ? (estatico.loaderData[rota] as { habilitacao?: unknown } | undefined) : undefined;
          if (!rota || !ROTAS_GUARDADAS.has(rota) || !raiz || raiz.usuario != null || raiz.aviso != null) return;
          if (!dados || dados.habilitacao != null || headers.has('set-cookie')) return;
          // No search told (none ran): any open lot of the brand ending may change it.
          const agora = Date.now();
          const ate = Math.min(antes.ate, validade.buscas > 0 ? validade.ate : ctx.busca.indice.proximoFim(ctx.marca.id, agora));
          // Nothing it was built from moved during the render, and its time has not passed.
          if (!(agora < ate) || !mesmo(antes.estado, estadoAgora(ctx, agora))) return;
          entradas.guardar(chave, { doc, cabecalhos: [...headers.entries()], estado: antes.estado, ate });
        } finally {
          liberar();
        }
      },
    };
    return false;
  }

  return {
    middleware(req, res, next) {
      atender(req, res).then((respondida) => {
        if (!respondida) next();
      }, next);
    },
    get tamanho() {
      return entradas.tamanho;
    },
    get servidas() {
      return servidas;
    },
  };
}
