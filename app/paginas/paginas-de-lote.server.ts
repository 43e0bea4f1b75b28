import type { NextFunction, Request, Response } from 'express';
import type { Contexto } from '~/context';
import { vitrineTemRestricao } from '~/modules/dominio/janelas';
import { AVISO_ANTECIPADO_MS } from '~/modules/operacoes/manutencao';
import { janelasDaMarca } from '~/modules/operacoes/manutencao.server';
import { corpoDoDocumento, type DocumentoGuardado } from '~/utils/memo-de-paginas.server';
import { aceitaGzip } from '~/utils/gzip-emendado.server';
import { criarLruPorBytes } from '~/utils/lru-por-bytes.server';
import { criarRendersEmCurso } from '~/utils/renders-em-curso.server';

/**
 * A visitor's lot page kept whole, in front of Remix (docs/decisions/244-pagina-do-lote-guardada.md).
 *
 * The page a visitor gets for a lot's canonical address (no query string) is kept with what it was built
 * from, and the next visitor's GET of the same address on the same brand is answered with its bytes when
 * nothing of that changed, after the one change-feed read a list page also makes:
 *  - the lot: the feed names it for every change to a row its page shows (a bid, an edit, a close, its
 *    vehicle, auction, yard, seller, photos, files, inspection, checked history; migrations 0012, 0020,
 *    0050), on whichever instance it was made; the page stands while the feed has not named it since
 *    before its loaders read (AlteracoesDeLotes), and only while this instance follows the feed;
 *  - the brand (the resolved object as text: it is read again after any edit and every minute, and an
 *    unchanged one keeps the brand's pages) and every brand's generation;
 *  - the clock: kept until the first instant on the page still ahead (the lot's start and end, the
 *    auction's date: the page's phase turns there), the next maintenance banner's change, the next year
 *    (the footer's), at most 10 minutes (below the feed's 15-minute pruning, so no change committed after
 *    a kept render can have left the feed unread).
 * The view is still counted (off the request path, as the loader does). Visitors who ask for a page while
 * it is being rendered wait for that render (at most 2 s). Logged-in pages are never kept: the bid panel,
 * the habilitation box, favourites and the last visited lots are the client's own (any `martelo_` cookie
 * or Authorization goes to Remix). Each answer gets its own CSP nonce and request id (decision 085).
 */
const ROTAS_GUARDADAS = new Set(['routes/leilao.$local.$tipo.$marca.$nome.$ano.$id', 'routes/anuncio.$local.$tipo.$marca.$nome.$ano.$id']);
/** A lot's canonical path: `/{leilao|anuncio}/{local}/{tipo}/{marca}/{nome}/ano.{ano}/{id}`, no query. */
const CAMINHO_DO_LOTE = /^\/(?:leilao|anuncio)\/[^/?]+\/[^/?]+\/[^/?]+\/[^/?]+\/ano\.[^/?]+\/(\d{1,9})$/;
const IDADE_MAX_MS = 10 * 60_000;
const ESPERA_MAX_MS = 2_000;
/** Dates in the loader data, as Remix hands them (Date) or as a loader wrote them (ISO text). */
const DATA_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

interface Estado {
  hotsites: number;
  /** The brand's resolved object as text: re-read every minute, an unchanged brand keeps its pages. */
  marca: string;
}

/** The text of each resolved brand object, computed once per object. */
const textoDaMarca = new WeakMap<object, string>();
function assinatura(marca: object): string {
  let texto = textoDaMarca.get(marca);
  if (texto === undefined) textoDaMarca.set(marca, (texto = JSON.stringify(marca)));
  return texto;
}

interface Entrada {
  doc: DocumentoGuardado;
  cabecalhos: [string, string][];
  estado: Estado;
  loteId: number;
  /** AlteracoesDeLotes' mark taken before the loaders read. */
  desde: number;
  ate: number;
}

const visitante = (req: Request) => !req.headers.authorization && !req.headers.cookie?.includes('martelo_');

/** The brand as it is now, or null when its pages are not kept (a viewing window or login rule). */
function estadoAgora({ marca, hotsites }: Contexto): Estado | null {
  return vitrineTemRestricao(marca) ? null : { hotsites: hotsites.geracao, marca: assinatura(marca) };
}

const mesmo = (a: Estado, b: Estado | null) => !!b && a.hotsites === b.hotsites && a.marca === b.marca;

/** The first instant after `agora` written anywhere in `dados` (Infinity when none). */
export function proximoInstante(dados: unknown, agora: number): number {
  let proximo = Infinity;
  const visitar = (v: unknown, profundidade: number) => {
    if (profundidade > 8 || v == null) return;
    let t = NaN;
    if (v instanceof Date) t = v.getTime();
    else if (typeof v === 'string') t = v.length <= 40 && DATA_ISO.test(v) ? Date.parse(v) : NaN;
    else if (Array.isArray(v)) for (const x of v) visitar(x, profundidade + 1);
    else if (typeof v === 'object') for (const x of Object.values(v)) visitar(x, profundidade + 1);
    if (t > agora && t < proximo) proximo = t;
  };
  visitar(dados, 0);
  return proximo;
}

/** When the brand's maintenance banner next changes (72 h before a window, its start, its end). */
async function proximaManutencao(ctx: Contexto, agora: number): Promise<number> {
  const janelas = await janelasDaMarca({ db: ctx.db, hotsites: ctx.hotsites, hotsiteId: ctx.marca.id });
  let proximo = Infinity;
  for (const j of janelas)
    for (const t of [j.inicio.getTime() - AVISO_ANTECIPADO_MS, j.inicio.getTime(), j.fim.getTime()])
      if (t > agora) proximo = Math.min(proximo, t);
  return proximo;
}

export interface PaginasDeLote {
  /** Express middleware, after the brand is resolved and before Remix. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  readonly tamanho: { entradas: number; bytes: number };
  /** Answers served from a kept page (tests, benches). */
  readonly servidas: number;
}

export function criarPaginasDeLote({ maxBytes = 64 * 1024 * 1024 } = {}): PaginasDeLote {
  const entradas = criarLruPorBytes<Entrada>(maxBytes, (e) => e.doc.bytes);
  const renders = criarRendersEmCurso(ESPERA_MAX_MS);
  let servidas = 0;

  /** Answers from the kept page of `chave` if it is still what a render would give now. */
  async function servirGuardada(chave: string, ctx: Contexto, req: Request, res: Response): Promise<boolean> {
    const kept = entradas.ler(chave);
    if (!kept) return false;
    // Every commit made before this request came is read from the feed (the lots it names are marked).
    const lido = await ctx.busca.indice.atualizar(res.locals.chegada as number).then(
      () => true,
      () => false,
    );
    const agora = Date.now();
    const valida =
      lido &&
      agora < kept.ate &&
      // Still following the feed (an index of the brand loaded), and the lot not named since the render.
      ctx.busca.indice.versaoDaMarca(ctx.marca.id) !== null &&
      !ctx.busca.lotes.alteradoDesde(kept.loteId, kept.desde) &&
      mesmo(kept.estado, estadoAgora(ctx));
    if (!valida) {
      if (entradas.ler(chave) === kept) entradas.remover(chave);
      return false;
    }
    entradas.usar(chave);
    servidas++;
    // Counted as the loader counts it: off the request path, written in batches.
    ctx.busca.visualizacoes.contar(ctx.marca.id, kept.loteId);
    res.status(200);
    for (const [nome, valor] of kept.cabecalhos) res.append(nome, valor);
    const gzip = aceitaGzip(req.headers['accept-encoding']);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    const corpo = corpoDoDocumento(kept.doc, ctx.cspNonce, ctx.requestId, gzip);
    res.setHeader('Content-Length', corpo.length);
    res.end(corpo);
    return true;
  }

  async function atender(req: Request, res: Response): Promise<boolean> {
    const ctx = res.locals.contexto as Contexto | undefined;
    if (!ctx || req.method !== 'GET' || !visitante(req) || req.originalUrl.includes('?')) return false;
    const m = CAMINHO_DO_LOTE.exec(req.path);
    if (!m || req.path !== req.originalUrl) return false;
    const loteId = Number(m[1]);
    const chave = `${ctx.marca.id}\n${req.protocol}\n${req.headers.host}\n${req.headers['x-forwarded-host'] ?? ''}\n${req.originalUrl}`;
    // This render is the one others wait for, released once it has handed over its page, when the
    // answer ends, or at once if the page cannot be kept (as the list's, decision 093).
    const liberar = await renders.servirOuReivindicar(chave, res, () => servirGuardada(chave, ctx, req, res));
    if (!liberar) return true;
    const estado = estadoAgora(ctx);
    // The feed is followed once an index is loaded: the first lot page of a brand starts the load (the
    // list's own), and its pages are kept from then on.
    if (!estado || !(await ctx.busca.indice.prontaEm(ctx.marca.id, 0))) {
      liberar();
      return false;
    }
    // Before the loaders read: a change the feed names from here on makes this render old.
    const desde = ctx.busca.lotes.marca();
    const agora = Date.now();
    const manutencao = await proximaManutencao(ctx, agora).catch(() => -Infinity);
    const ate = Math.min(manutencao, new Date(new Date(agora).getFullYear() + 1, 0, 1).getTime(), agora + IDADE_MAX_MS);
    ctx.paginaDeVisitante = {
      guardar(doc, headers, estatico) {
        try {
          const rota = estatico.matches.at(-1)?.route.id;
          const raiz = estatico.loaderData.root as { usuario?: unknown; aviso?: unknown } | undefined;
          const dados = rota ? (estatico.loaderData[rota] as { lote?: { id?: unknown } } | undefined) : undefined;
          if (!rota || !ROTAS_GUARDADAS.has(rota) || !raiz || raiz.usuario != null || raiz.aviso != null) return;
          if (dados?.lote?.id !== loteId || headers.has('set-cookie')) return;
          const agora = Date.now();
          const ateDaPagina = Math.min(ate, proximoInstante(dados, agora));
          if (!(agora < ateDaPagina) || !mesmo(estado, estadoAgora(ctx)) || ctx.busca.lotes.alteradoDesde(loteId, desde)) return;
          entradas.guardar(chave, { doc, cabecalhos: [...headers.entries()], estado, loteId, desde, ate: ateDaPagina });
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
