import { useRouteLoaderData } from '@remix-run/react';
import { ShieldCheck } from 'lucide-react';
import { useWording } from '~/components/marca';
import { confianca } from '~/locales/pt-BR/confianca';
import * as s from './selo.css';

/**
 * The brand's seal (decision 197): a link to the platform's own verification page, where the brand's
 * domains, auctioneers and the only accounts that receive its money are listed and signed. Shown in the
 * footer and beside every payment instruction.
 */
export function SeloDaMarca({ texto = 'rodape' }: { texto?: 'rodape' | 'pagamento' }) {
  const t = useWording(confianca);
  const url = useRouteLoaderData<{ urlDoSelo?: string }>('root')?.urlDoSelo;
  if (!url) return null;
  return (
    <a className={texto === 'rodape' ? s.selo : s.seloPagamento} href={url} target="_blank" rel="noopener" data-testid={`selo-${texto}`}>
      <ShieldCheck aria-hidden size={texto === 'rodape' ? 20 : 18} />
      <span>{t(texto === 'rodape' ? 'confianca.selo_rodape' : 'confianca.selo_pagamento')}</span>
    </a>
  );
}
