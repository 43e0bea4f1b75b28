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
  const { t } = useTranslation();
  const { tipo } = useMarca();
  return useCallback((chave: string, opcoes: Record<string, unknown> = {}) => t(chave, { context: tipo, ...opcoes }) as string, [t, tipo]);
}
