import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { criarRecesso } from '~/modules/backoffice/patios.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Novo recesso');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const patios = await patiosAtivos({ db: context.db, hotsiteId: context.marca.id });
  return { patios: patios.map((p) => ({ valor: p.id, nome: `${p.nome} (${p.cidade}/${p.estadoUf})` })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    await criarRecesso({ db: context.db, hotsiteId: context.marca.id, entrada: campos });
    return redirect('/admin/patio-recesso');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function NovoRecesso() {
  const { patios } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (c: string) => r?.valores?.[c] ?? '';
  return (
    <section>
      <div className={s.titulo}>
        <h1>Novo recesso</h1>
      </div>
      <p>
        <Link to="/admin/patio-recesso">← Recesso de pátio</Link>
      </p>
      {r ? <Aviso tipo="erro">{r.mensagem}</Aviso> : null}
      <Form method="post">
        <Secao titulo="Dia sem atendimento no pátio">
          <div className={f.grade}>
            <Escolha nome="patioId" rotulo="Pátio" opcoes={patios} vazio="—" valor={v('patioId')} erros={r?.erros} obrigatorio />
            <Campo nome="dia" rotulo="Dia" tipo="date" obrigatorio valor={v('dia')} erros={r?.erros} />
            <Campo nome="descricao" rotulo="Motivo" obrigatorio valor={v('descricao')} erros={r?.erros} placeholder="Feriado municipal" />
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
    </section>
  );
}
