import { useRouteLoaderData } from '@remix-run/react';
import { AvisosDeLance } from '~/components/lances/avisos-de-lance';
import { Inatividade } from './inatividade';

/**
 * What only a logged-in visitor needs on every page: the inactivity logout and the outbid toasts.
 * The root loads this module in the browser once someone is logged in, so anonymous visitors never
 * download it. It stays mounted after a logout, as it was before it was split off.
 * @public (read from the dynamic import in root.tsx, which knip does not follow)
 */
export function SessaoLogada() {
  const usuario = useRouteLoaderData<{ usuario: { id: number } | null }>('root')?.usuario;
  return (
    <>
      {usuario ? <Inatividade /> : null}
      <AvisosDeLance />
    </>
  );
}
