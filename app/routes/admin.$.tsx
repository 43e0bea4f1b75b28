import { PaginaNaoEncontrada } from '~/components/pagina-nao-encontrada';

/** Unknown staff paths: the shell's loader has already checked access, then this answers 404. */
export async function loader() {
  throw new Response(null, { status: 404 });
}

export default function NaoEncontrada() {
  return <PaginaNaoEncontrada />;
}

export function ErrorBoundary() {
  return <PaginaNaoEncontrada />;
}
