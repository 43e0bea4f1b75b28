import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { DecisoesDeHabilitacao } from '~/components/habilitacao/decisoes-de-habilitacao';
import * as s from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { decidirHabilitacao, listarHabilitacoes } from '~/modules/habilitacao/habilitacao.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /admin/habilitacoes (SAC, ADM; docs/decisions/032): the brand's habilitation requests, pending
 * first (oldest first), to approve or refuse with a reason; the other situations as tabs.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Habilitações');

const ABAS = { Pendente: 'Pendentes', Habilitado: 'Aprovadas', Recusado: 'Recusadas' } as const;
type Aba = keyof typeof ABAS;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const pedida = new URL(request.url).searchParams.get('situacao') ?? 'Pendente';
  const situacao: Aba = pedida in ABAS ? (pedida as Aba) : 'Pendente';
  const linhas = await listarHabilitacoes({ db: context.db, hotsiteId: context.marca.id, situacao });
  return { situacao, linhas };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  try {
    if (form.get('_acao') !== 'decidir-habilitacao') throw new ErroHttp(400, 'Ação desconhecida');
    const r = await decidirHabilitacao({
      db: context.db,
      marca: context.marca,
      urlBase: context.urlBase,
      hub: context.hub,
      decididoPor: eu.id,
      entrada: { decisao: form.get('decisao'), id: Number(form.get('id')), motivo: form.get('motivo') ?? undefined },
    });
    return { ok: true as const, mensagem: r.mensagem, erros: {} };
  } catch (e) {
    return comoErroDeFormulario(e);
  }
}

export default function Habilitacoes() {
  const { situacao, linhas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  return (
    <section>
      <h1>Habilitações</h1>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="habilitacao-resposta">
          {r.ok ? r.mensagem : (Object.values(r.erros ?? {})[0]?.[0] ?? r.mensagem)}
        </Aviso>
      ) : null}
      <nav className={s.abas} aria-label="Situação">
        {(Object.keys(ABAS) as Aba[]).map((a) => (
          <Link key={a} to={`?situacao=${a}`} className={s.aba} aria-current={a === situacao ? 'page' : undefined}>
            {ABAS[a]}
          </Link>
        ))}
      </nav>
      <DecisoesDeHabilitacao linhas={linhas} comCliente />
    </section>
  );
}
