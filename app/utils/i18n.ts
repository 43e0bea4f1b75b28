import { common } from '~/locales/pt-BR/common';
import { criarTraducao, type Recursos, type Traducao } from './traducao';

export const IDIOMA = 'pt-BR';

/** One synchronous pt-BR instance, the same on server and browser (resources are bundled). */
export function criarI18n(): Traducao {
  return criarTraducao(IDIOMA, common);
}

/** A part of the `common` namespace kept in its own module (e.g. locales/pt-BR/lances.ts). */
export type RecursosExtras = Recursos;
const adicionados = new WeakMap<Traducao, Set<RecursosExtras>>();

/**
 * Adds a split-off part of `common` to an instance, once: a deep merge under the same keys, so call
 * sites read `t('lances_painel.atual')` as before. Synchronous, so a component that calls it before
 * its first `t()` renders the same text on the server and in the browser.
 */
export function adicionarRecursos(alvo: Traducao, recursos: RecursosExtras) {
  let feitos = adicionados.get(alvo);
  if (!feitos) adicionados.set(alvo, (feitos = new Set()));
  if (feitos.has(recursos)) return;
  alvo.adicionar(recursos);
  feitos.add(recursos);
}

const instancia = criarI18n();

/** The instance of code outside a provider (the page's own comes from root.tsx). */
export const i18nPadrao = instancia;

/**
 * The brand's wording outside React (meta functions, loaders, sitemap): the same keys and the same
 * context as useWording, so `textoDaMarca('loja', 'caminho_lista')` reads 'anuncio'. Keys of a
 * split-off module need that module passed as `recursos`.
 */
export function textoDaMarca(
  tipo: 'leilao' | 'loja',
  chave: string,
  opcoes: Record<string, unknown> = {},
  recursos?: RecursosExtras,
): string {
  if (recursos) adicionarRecursos(instancia, recursos);
  return instancia.t(chave, { context: tipo, ...opcoes });
}

/** A count in the brand's wording outside React ("Nenhum lote em carros.", "1.234 anúncios em…"); decision 124. */
export function contagemDaMarca(
  tipo: 'leilao' | 'loja',
  chave: string,
  quantidade: number,
  opcoes: Record<string, unknown> = {},
  recursos?: RecursosExtras,
): string {
  if (recursos) adicionarRecursos(instancia, recursos);
  return instancia.contar(chave, quantidade, { context: tipo, ...opcoes });
}
