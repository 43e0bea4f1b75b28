import { useRouteLoaderData } from '@remix-run/react';
import { ProvedorDeToasts, useToast } from '~/components/toast';
import { useLanceSuperado } from '~/realtime/use-lances';
import { chaveDoAvisoDeSuperado } from '~/realtime/aviso-de-superado';
import { useWording } from '~/components/marca';
import { lances as textosDeLances } from '~/locales/pt-BR/lances';

/** How long an outbid toast stays: long enough to read on a page the client was not watching. */
const DURACAO_AVISO_MS = 8_000;

/**
 * Mounted once by the root (loaded in the browser only once someone is logged in). A logged-in client is told, on whichever page of the brand they are,
 * that one of their bids was outbid ('Seu lance no lote 001 foi superado', or the loja wording), or that a lot they led
 * was sold by someone's Compre Já (chaveDoAvisoDeSuperado).
 * Staff and visitors get no toast region and open no socket for this (lot pages still open theirs).
 */
export function AvisosDeLance() {
  const usuario = useRouteLoaderData<{ usuario: { id: number; interno: boolean } | null }>('root')?.usuario ?? null;
  return usuario && !usuario.interno ? (
    <ProvedorDeToasts>
      <OuvirLanceSuperado />
    </ProvedorDeToasts>
  ) : null;
}

function OuvirLanceSuperado() {
  const t = useWording(textosDeLances);
  const mostrar = useToast();
  useLanceSuperado((d) => mostrar(t(chaveDoAvisoDeSuperado(d), { lote: d.numero }), 'aviso', DURACAO_AVISO_MS));
  return null;
}
