import { useRouteLoaderData } from '@remix-run/react';
import type { loader as adminLoader } from './admin';

export default function Painel() {
  const dados = useRouteLoaderData<typeof adminLoader>('routes/admin');
  return (
    <section>
      <h1>Olá, {dados?.nome}</h1>
      <p>Escolha uma opção no menu.</p>
    </section>
  );
}
