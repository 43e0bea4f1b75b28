import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Marca } from '~/modules/hotsites/hotsite.schema';

/**
 * A brand shown inside another brand's page: the editor's live preview renders the edited brand's
 * header and blocks (with its wording) inside the operator's site.
 */
const MarcaDaPrevia = createContext<Marca | null>(null);
export const ProvedorDeMarcaDaPrevia = MarcaDaPrevia.Provider;

/** The current brand, from the root loader (or the brand being previewed). */
export function useMarca(): Marca {
  const previa = useContext(MarcaDaPrevia);
  const dados = useRouteLoaderData<{ marca: Marca }>('root');
  if (previa) return previa;
  if (!dados) throw new Error('useMarca fora da árvore do root');
  return dados.marca;
}

/**
 * `t` bound to the brand's wording: the i18next context is the brand's tipo, so `t('lance')` reads
 * Oferta on a loja and Lance on a leilão, and no component branches on the brand.
 */
export function useWording() {
  const { t, i18n } = useTranslation();
  const { tipo } = useMarca();
  return useCallback(
    (chave: string, opcoes?: Record<string, unknown>) => {
      if (opcoes && Object.keys(opcoes).length) return t(chave, { context: tipo, ...opcoes }) as string;
      // Plain keys (most of a page: 30 cards ask the same few) are read from i18next once per language.
      const memo = `${i18n.language}|${tipo}|${chave}`;
      let texto = TEXTOS_SIMPLES.get(memo);
      if (texto === undefined) {
        texto = t(chave, { context: tipo }) as string;
        if (TEXTOS_SIMPLES.size > 5_000) TEXTOS_SIMPLES.clear();
        TEXTOS_SIMPLES.set(memo, texto);
      }
      return texto;
    },
    [t, i18n, tipo],
  );
}
/** The resources are static (bundled), so a key's text for a language and brand type never changes. */
const TEXTOS_SIMPLES = new Map<string, string>();
