import type { MetaFunction } from '@remix-run/node';
import { PaginaNaoEncontrada } from '~/components/pagina-nao-encontrada';
import { common } from '~/locales/pt-BR/common';
import { metaDaPagina } from '~/components/meta';

/** Any path no other route claims: the brand's own not-found page, with status 404. */
export async function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' });
}

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, common.nao_encontrado.titulo),
  { name: 'robots', content: 'noindex' },
];

export default function NaoEncontrada() {
  return <PaginaNaoEncontrada />;
}

export function ErrorBoundary() {
  return <PaginaNaoEncontrada />;
}
