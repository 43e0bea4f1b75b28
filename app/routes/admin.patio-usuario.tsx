import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Paginacao, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { desvincularUsuarioPatio, listarUsuariosDePatio, vincularUsuarioPatio } from '~/modules/backoffice/patios.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Usuários de pátio');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [r, patios] = await Promise.all([
    listarUsuariosDePatio({ db: context.db, hotsiteId: context.marca.id, filtro }),
    patiosAtivos({ db: context.db, hotsiteId: context.marca.id }),
  ]);
  return { ...r, filtro, patios: patios.map((p) => ({ valor: p.id, nome: `${p.nome} (${p.cidade}/${p.estadoUf})` })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    if (campos._acao === 'vincular') {
      await vincularUsuarioPatio({ db, hotsiteId, entrada: campos });
      return { ok: true as const, mensagem: 'Usuário vinculado ao pátio', erros: {}, valores: {} };
    }
    if (campos._acao === 'desvincular') {
      const patioId = idSchema('Pátio inválido').parse(campos.patioId);
      const usuarioId = idSchema('Usuário inválido').parse(campos.usuarioId);
      await desvincularUsuarioPatio({ db, hotsiteId, patioId, usuarioId });
      return { ok: true as const, mensagem: 'Usuário desvinculado do pátio', erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function PatioUsuario() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Usuários de pátio</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Secao titulo="Vincular usuário a um pátio">
        <Form method="post" className={s.filtros}>
          <input type="hidden" name="_acao" value="vincular" />
          <Escolha nome="patioId" rotulo="Pátio" opcoes={d.patios} vazio="—" valor={r?.valores?.patioId} erros={r?.erros} obrigatorio />
          <Campo nome="email" rotulo="E-mail do usuário" tipo="email" valor={r?.valores?.email} erros={r?.erros} />
          <button type="submit" className={botao}>
            Vincular
          </button>
        </Form>
      </Secao>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Pátio</span>
          <select name="patioId" defaultValue={d.filtro.patioId ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            {d.patios.map((p) => (
              <option key={p.valor} value={p.valor}>
                {p.nome}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Usuários de pátio">
        <table className={f.tabela} data-testid="lista-patio-usuario">
          <thead>
            <tr>
              <th>Pátio</th>
              <th>Usuário</th>
              <th>E-mail</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((u) => (
              <tr key={`${u.patioId}-${u.usuarioId}`}>
                <td>{u.patioNome}</td>
                <td>{u.nome}</td>
                <td>{u.email}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="_acao" value="desvincular" />
                    <input type="hidden" name="patioId" value={u.patioId} />
                    <input type="hidden" name="usuarioId" value={u.usuarioId} />
                    <button type="submit" className={botaoSecundario}>
                      Desvincular
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum usuário vinculado a pátios.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
