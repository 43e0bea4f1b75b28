/*
 * How a file someone uploaded (a client's proof of payment or document, a vehicle's or an auction's
 * document) goes back to a browser (decision 109). Its bytes were checked on upload, but a PDF may still
 * carry /OpenAction or /JavaScript, and a browser may guess a type: so every such file is served
 *  - under a sandboxing CSP (no script, no plugin, an opaque origin: nothing in it can act as our site),
 *  - with `nosniff` (the browser never second-guesses the type; helmet sends it on every answer, so it
 *    is not repeated here),
 *  - inline only when it is a raster image; a PDF or anything else as an attachment, because Chromium
 *    refuses to show a PDF in a sandboxed document, and a download opens in the staff member's own viewer,
 *    away from our origin.
 * Pages never build these headers themselves: they call respostaDeArquivoEnviado.
 */

/** The sandbox every uploaded file is served under (images may still draw themselves). */
export const CSP_DE_ARQUIVO_ENVIADO = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Types a browser shows inline without running anything. */
const IMAGENS = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** A file name fit for Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266). */
function disposicao(tipo: 'inline' | 'attachment', nome: string) {
  // Control characters, quotes and slashes out (the name goes back inside a header).
  const limpo =
    [...nome]
      .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '"' || c === '\\' || c === '/' ? '_' : c))
      .join('')
      .slice(0, 200) || 'arquivo';
  const ascii = limpo.replace(/[^\x20-\x7e]/g, '_');
  return `${tipo}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(limpo)}`;
}

/** The headers of an uploaded file's answer (for Express answers too). */
export function cabecalhosDeArquivoEnviado({ tipo, nome }: { tipo: string; nome: string }): Record<string, string> {
  const mime = tipo.toLowerCase().split(';')[0].trim();
  const imagem = IMAGENS.has(mime);
  return {
    // A type we do not know is sent as bytes, never as what its upload claimed.
    'Content-Type': imagem || mime === 'application/pdf' ? mime : 'application/octet-stream',
    'Content-Disposition': disposicao(imagem ? 'inline' : 'attachment', nome),
    'Content-Security-Policy': CSP_DE_ARQUIVO_ENVIADO,
  };
}

/** An uploaded file as a route's answer; private and never stored by shared caches unless told. */
export function respostaDeArquivoEnviado({
  bytes,
  tipo,
  nome,
  cache = 'private, no-store',
}: {
  bytes: Uint8Array;
  tipo: string;
  nome: string;
  cache?: string;
}): Response {
  return new Response(new Uint8Array(bytes), {
    headers: { ...cabecalhosDeArquivoEnviado({ tipo, nome }), 'Content-Length': String(bytes.length), 'Cache-Control': cache },
  });
}
