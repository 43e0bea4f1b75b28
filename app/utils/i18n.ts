import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '~/locales/pt-BR/common';

export const IDIOMA = 'pt-BR';

/** One synchronous pt-BR instance, the same on server and browser (resources are bundled). */
export function criarI18n(): I18n {
  const instancia = i18next.createInstance();
  void instancia.use(initReactI18next).init({
    lng: IDIOMA,
    fallbackLng: IDIOMA,
    resources: { [IDIOMA]: { common } },
    defaultNS: 'common',
    ns: ['common'],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instancia;
}

/** A part of the `common` namespace kept in its own module (e.g. locales/pt-BR/lances.ts). */
export type RecursosExtras = Readonly<Record<string, unknown>>;
const adicionados = new WeakMap<I18n, Set<RecursosExtras>>();

/**
 * Adds a split-off part of `common` to an instance, once: a deep merge under the same keys, so call
 * sites read `t('lances_painel.atual')` as before. Synchronous, so a component that calls it before
 * its first `t()` renders the same text on the server and in the browser.
 */
export function adicionarRecursos(alvo: I18n, recursos: RecursosExtras) {
  let feitos = adicionados.get(alvo);
  if (!feitos) adicionados.set(alvo, (feitos = new Set()));
  if (feitos.has(recursos)) return;
  alvo.addResourceBundle(IDIOMA, 'common', recursos, true, false);
  feitos.add(recursos);
}

const instancia = criarI18n();

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
  return instancia.t(chave, { context: tipo, ...opcoes }) as string;
}
