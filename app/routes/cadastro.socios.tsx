import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { adicionarSocio, clienteDoUsuario, listarSocios, removerSocio } from '~/modules/identidade/cliente.server';
import { formatarCpf } from '~/modules/dominio/documentos-br';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formParaObjeto } from '~/utils/formulario.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Quadro societário');

/** /cadastro/socios: a company client lists its partners (quadro societário). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const c = await clienteDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  if (!c || c.natureza !== 'Juridica') return { empresa: null, socios: [] };
  return { empresa: c.razaoSocial ?? c.nome, socios: await listarSocios({ db: context.db, hotsiteId: context.marca.id, clienteId: c.id }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  const valores = formParaObjeto(form);
  try {
    if (form.get('_acao') === 'remover') {
      await removerSocio({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, socioId: Number(form.get('socioId')) });
      return { ok: true as const, mensagem: 'Sócio removido', erros: {}, valores: {} };
    }
    await adicionarSocio({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, entrada: valores });
    return { ok: true as const, mensagem: 'Sócio cadastrado', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function Socios() {
  const { empresa, socios } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  if (!empresa)
    return (
      <section className={s.pagina}>
        <h1>Quadro societário</h1>
        <Aviso>O quadro societário é cadastrado apenas por empresas (Pessoa Jurídica).</Aviso>
      </section>
    );
  return (
    <section className={s.paginaLarga}>
      <h1>Quadro societário</h1>
      <p>{empresa}</p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <div className={s.cartao}>
        <table className={s.tabela}>
          <thead>
            <tr>
              <th>Nome</th>
              <th>CPF</th>
              <th>E-mail</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {socios.length === 0 ? (
              <tr>
                <td colSpan={4}>Nenhum sócio cadastrado.</td>
              </tr>
            ) : (
              socios.map((so) => (
                <tr key={so.id}>
                  <td>{so.nome}</td>
                  <td className={semQuebra}>{formatarCpf(so.cpf)}</td>
                  <td>{so.email}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="socioId" value={so.id} />
                      <button type="submit" name="_acao" value="remover">
                        Remover
                      </button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Form method="post" className={s.cartao} noValidate key={socios.length}>
        <h2>Adicionar sócio</h2>
        <div className={s.grade}>
          <Campo nome="nome" rotulo="Nome completo" valor={r?.ok ? '' : r?.valores.nome} erros={r?.erros} obrigatorio />
          <Campo nome="cpf" rotulo="CPF" valor={r?.ok ? '' : r?.valores.cpf} erros={r?.erros} obrigatorio />
          <Campo nome="email" rotulo="E-mail" tipo="email" valor={r?.ok ? '' : r?.valores.email} erros={r?.erros} />
          <Campo nome="telefone" rotulo="Telefone" tipo="tel" valor={r?.ok ? '' : r?.valores.telefone} erros={r?.erros} />
          <Campo
            nome="dataNascimento"
            rotulo="Data de nascimento"
            tipo="date"
            valor={r?.ok ? '' : r?.valores.dataNascimento}
            erros={r?.erros}
          />
        </div>
        <div className={s.acoes}>
          <button type="submit" className={botao}>
            Adicionar sócio
          </button>
          <Link to="/email">Continuar</Link>
        </div>
      </Form>
    </section>
  );
}
