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

const instancia = criarI18n();

/**
 * The brand's wording outside React (meta functions, loaders, sitemap): the same keys and the same
 * context as useWording, so `textoDaMarca('loja', 'caminho_lista')` reads 'anuncio'.
 */
export function textoDaMarca(tipo: 'leilao' | 'loja', chave: string, opcoes: Record<string, unknown> = {}): string {
  return instancia.t(chave, { context: tipo, ...opcoes }) as string;
}
