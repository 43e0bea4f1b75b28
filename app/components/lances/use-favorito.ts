import { useFetcher } from '@remix-run/react';

/**
 * A heart's state: the action's answer once it came, else the loader's; flipped while the toggle is
 * being submitted. Only while *submitting*: during the revalidation that follows, Remix keeps the
 * fetcher's formData but already holds the new answer in its data, and flipping that as well made
 * the heart blink back to its old state until the loaders returned.
 */
export function useFavorito(favorito: boolean) {
  const fetcher = useFetcher<{ favorito?: boolean }>();
  const atual = fetcher.data?.favorito ?? favorito;
  return { fetcher, ativo: fetcher.state === 'submitting' ? !atual : atual };
}
