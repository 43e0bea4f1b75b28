/**
 * The browser's side of compare lots and the last visited lots (issue #33, decision 225): a visitor's
 * lists live in this brand's localStorage (each brand has its own host, so its own storage). A browser
 * that refuses storage (private mode, full) simply keeps no list.
 */
export const MAXIMO_COMPARAR = 4;
const MAXIMO_VISITADOS = 12;
const CHAVE_COMPARAR = 'martelo.comparar';
const CHAVE_VISITADOS = 'martelo.visitados';

function ler(chave: string): number[] {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(chave) ?? '[]');
    return Array.isArray(v) ? v.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : [];
  } catch {
    // Unreadable or refused storage reads as an empty list.
    return [];
  }
}
function gravar(chave: string, lista: number[]) {
  try {
    window.localStorage.setItem(chave, JSON.stringify(lista));
  } catch {
    // Storage refused (private mode, quota): the list is not kept, the page still works.
  }
}

export const lotesEmComparacao = () => ler(CHAVE_COMPARAR).slice(0, MAXIMO_COMPARAR);
export const gravarComparacao = (ids: number[]) => gravar(CHAVE_COMPARAR, ids.slice(0, MAXIMO_COMPARAR));
export const lotesVisitadosNoNavegador = () => ler(CHAVE_VISITADOS).slice(0, MAXIMO_VISITADOS);

/** Adds or removes a lot; adding a fifth is refused (`cheio`) and changes nothing. */
export function alternarComparacao(id: number): { lista: number[]; cheio: boolean } {
  const atual = lotesEmComparacao();
  if (atual.includes(id)) {
    const lista = atual.filter((x) => x !== id);
    gravarComparacao(lista);
    return { lista, cheio: false };
  }
  if (atual.length >= MAXIMO_COMPARAR) return { lista: atual, cheio: true };
  const lista = [...atual, id];
  gravarComparacao(lista);
  return { lista, cheio: false };
}

/** The lot just opened goes first in the visitor's list. */
export function lembrarVisita(id: number) {
  gravar(CHAVE_VISITADOS, [id, ...ler(CHAVE_VISITADOS).filter((x) => x !== id)].slice(0, MAXIMO_VISITADOS));
}
