import { cliente } from './cliente-da-pagina';

/**
 * Visitor page views (spec 001 §7; decision 074), loaded on demand by the root after each page
 * change: the browser's visitor id (generated once, kept in localStorage) and the page go over the
 * shared socket (`conectar-visitante`, `visita-pagina`). The lot page is not counted here: it has its
 * own views.
 */
const CHAVE = 'martelo.visitante';

function novoUid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function visitanteUid(): string {
  try {
    const salvo = localStorage.getItem(CHAVE);
    if (salvo && /^[0-9a-f-]{36}$/i.test(salvo)) return salvo;
    const uid = novoUid();
    localStorage.setItem(CHAVE, uid);
    return uid;
  } catch {
    // Storage blocked: one id for this page's life.
    return (memoria ??= novoUid());
  }
}
let memoria: string | undefined;

/** The lot page (`…/ano.{anoModelo}/{id}`) counts its own views. */
export const ehPaginaDeLote = (caminho: string) => /\/ano\.[^/]+\/\d+\/?$/.test(caminho);

export function registrarVisita(caminho: string, pagina: string, referrer: string) {
  if (ehPaginaDeLote(caminho)) return;
  cliente().visitar(visitanteUid(), {
    url: caminho.slice(0, 500),
    pagina: pagina.slice(0, 100) || caminho.slice(0, 100),
    ...(referrer ? { referrer: referrer.slice(0, 500) } : {}),
  });
}
