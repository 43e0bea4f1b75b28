import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { pendenciasDoDia } from '~/paginas/painel-admin.server';
import { formatarNumero } from '~/utils/format';
import * as s from './admin.css';

/** The staff home: what needs this user today, each count opening the screen that works it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  const pendencias = await pendenciasDoDia({ db: context.db, hotsiteId: context.marca.id, usuario });
  return { nome: usuario.nome, pendencias };
}

export default function Painel() {
  const { nome, pendencias } = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>Olá, {nome}</h1>
      {pendencias.length ? (
        <>
          <h2>O que precisa de você hoje</h2>
          <ul className={s.pendencias} data-testid="pendencias">
            {pendencias.map((p) => (
              <li key={p.chave}>
                <Link to={p.caminho} className={s.pendencia} data-testid={`pendencia-${p.chave}`}>
                  <span className={p.quantidade ? s.quantidade : s.quantidadeZero}>{formatarNumero(p.quantidade)}</span>
                  <strong>{p.rotulo}</strong>
                  <span className={s.descricao}>{p.quantidade ? p.descricao : 'Nada pendente'}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Escolha uma opção no menu.</p>
      )}
    </section>
  );
}
