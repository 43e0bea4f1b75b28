import { createHash, randomBytes } from 'node:crypto';
import { criarLruPorBytes } from './lru-por-bytes.server';
import { comprimirPartes, gzipEmendado, type PartesComprimidas } from './gzip-emendado.server';

/**
 * Rendered documents kept per process, for visitors (docs/decisions/085-memo-de-paginas.md).
 *
 * A document is a pure function of its URL and of what its loaders returned (Remix hands both to the
 * render as the handoff string, loader data included). So the key is a hash of the URL and of that
 * string: when any lot, price, brand setting or wording changes, its loader data changes and the key
 * with it, and the page is rendered again. Nothing is invalidated by hand and nothing is served stale.
 * Loaders and the route guard still run on every request; only React's render (≈14 ms for a list of
 * 30 cards, the most of a page's CPU) is skipped.
 *
 * Two values differ per request and are not part of the page: the CSP nonce and the request id (the
 * root loader's, for the error page). The page is rendered with per-process placeholders for both,
 * and each answer gets its own values written in.
 */
/** A kept document: its bytes split at the placeholders, which `preencherDocumento` fills per answer. */
export interface DocumentoGuardado {
  partes: Buffer[];
  /** What goes between partes[i] and partes[i + 1]. */
  marcas: ('nonce' | 'id')[];
  bytes: number;
  /**
   * Its parts compressed, built by the first answer that takes gzip (decision 098) and kept with it
   * (≈ a tenth of `bytes`, not counted in the caches' bound).
   */
  comprimido?: PartesComprimidas;
}

export interface MemoDePaginas {
  /**
   * The document for this key, rendering it (with the placeholders, split by `guardarDocumento`) when
   * it is not kept. The caller splits and fills: the placeholders are the caller's module's (a test
   * may build the server from source around a compiled entry, each with its own copy of this module).
   */
  documento(chave: string, renderizar: () => DocumentoGuardado, agora?: number): { doc: DocumentoGuardado; reutilizado: boolean };
  readonly tamanho: { entradas: number; bytes: number };
}

/** Random per process: text a visitor writes cannot guess them, so only our placeholders are replaced. */
export const MARCADOR_NONCE = `n${randomBytes(12).toString('hex')}`;
export const MARCADOR_REQUEST_ID = `r${randomBytes(12).toString('hex')}`;
const MARCADORES = new RegExp(`${MARCADOR_NONCE}|${MARCADOR_REQUEST_ID}`, 'g');

export function chaveDoDocumento(url: string, handoff: string) {
  return createHash('sha1').update(url).update('\0').update(handoff).digest('base64');
}

/** Kept as bytes: an answer is then a copy of buffers, not a string search and a UTF-8 encoding. */
export function guardarDocumento(html: string): DocumentoGuardado {
  const partes: Buffer[] = [];
  const marcas: DocumentoGuardado['marcas'] = [];
  let de = 0;
  for (const m of html.matchAll(MARCADORES)) {
    partes.push(Buffer.from(html.slice(de, m.index)));
    marcas.push(m[0] === MARCADOR_NONCE ? 'nonce' : 'id');
    de = m.index + m[0].length;
  }
  partes.push(Buffer.from(html.slice(de)));
  return { partes, marcas, bytes: partes.reduce((t, p) => t + p.length, 0) };
}

/** The kept document with this request's nonce and request id in place of the placeholders. */
export function preencherDocumento(doc: DocumentoGuardado, nonce: string, requestId: string): Buffer {
  const n = Buffer.from(nonce);
  const id = Buffer.from(requestId);
  const pedacos: Buffer[] = [doc.partes[0]];
  doc.marcas.forEach((m, i) => pedacos.push(m === 'nonce' ? n : id, doc.partes[i + 1]));
  return Buffer.concat(pedacos);
}

/**
 * The kept document as this answer's body: gzip when the client takes it, spliced from parts compressed
 * once (decision 098), so neither path compresses a kept page per answer; otherwise its bytes.
 */
export function corpoDoDocumento(doc: DocumentoGuardado, nonce: string, requestId: string, gzip: boolean): Buffer {
  if (!gzip) return preencherDocumento(doc, nonce, requestId);
  doc.comprimido ??= comprimirPartes(doc.partes);
  const n = Buffer.from(nonce);
  const id = Buffer.from(requestId);
  return gzipEmendado(
    doc.comprimido,
    doc.marcas.map((m) => (m === 'nonce' ? n : id)),
  );
}

/**
 * LRU bounded by bytes and by age: a page is kept at most `idadeMs` so the rare value a render reads
 * from the clock (the footer's year) cannot stay old.
 */
export function criarMemoDePaginas({ maxBytes = 16 * 1024 * 1024, idadeMs = 60_000 } = {}): MemoDePaginas {
  const entradas = criarLruPorBytes<{ doc: DocumentoGuardado; ate: number }>(maxBytes, (e) => e.doc.bytes);
  return {
    documento(chave, renderizar, agora = Date.now()) {
      const kept = entradas.usar(chave);
      if (kept && kept.ate > agora) return { doc: kept.doc, reutilizado: true };
      const doc = renderizar();
      entradas.guardar(chave, { doc, ate: agora + idadeMs });
      return { doc, reutilizado: false };
    },
    get tamanho() {
      return entradas.tamanho;
    },
  };
}
