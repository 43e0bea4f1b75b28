import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { SITUACOES_PEDIDO_VENDA } from '@db/schema/conveniencias';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarPedidosVenda } from '~/modules/conveniencias/pedidos-venda.server';
import { UFS } from '~/modules/dominio/ufs';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Pedidos "Vender seu carro"');

/** The brand's sell-your-car requests (decision 256), new ones first; by status, state, a word or "mine". */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const itens = await listarPedidosVenda({ db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id, filtro });
  return { itens: itens.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })), filtro };
}

export default function PedidosVenda() {
  const { itens, filtro } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Pedidos &quot;Vender seu carro&quot;</h1>
      </div>
      <p>
        Quem ofereceu um veículo pelo formulário do site. Atribua um responsável, registre o contato e, quando virar lote, informe qual.
      </p>
      <Form method="get" className={s.filtros} data-testid="filtros-pedidos">
        <Escolha
          nome="situacao"
          rotulo="Situação"
          opcoes={SITUACOES_PEDIDO_VENDA.map((x) => ({ valor: x, nome: x }))}
          vazio="Todas"
          valor={filtro.situacao ?? ''}
        />
        <Escolha
          nome="uf"
          rotulo="Estado"
          opcoes={UFS.map((u) => ({ valor: u.sigla, nome: u.sigla }))}
          vazio="Todos"
          valor={filtro.uf ?? ''}
        />
        <Campo nome="busca" rotulo="Nome, e-mail, veículo ou cidade" valor={filtro.busca ?? ''} />
        <label>
          <input type="checkbox" name="meus" value="1" defaultChecked={filtro.meus === '1'} /> Só os meus
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo='Pedidos "Vender seu carro"'>
        <table className={f.tabela} data-testid="pedidos-venda">
          <thead>
            <tr>
              <th>Recebido em</th>
              <th>Pessoa</th>
              <th>Veículo</th>
              <th>Valor pretendido</th>
              <th>Local</th>
              <th>Situação</th>
              <th>Responsável</th>
            </tr>
          </thead>
          <tbody>
            {itens.map((p) => (
              <tr key={p.uid} data-situacao={p.situacao}>
                <td>
                  <Link to={`/admin/pedido-venda/${p.uid}`}>{formatarDataHora(p.createdAt)}</Link>
                </td>
                <td>
                  {p.nome}
                  <br />
                  <small>
                    {p.email} · {p.telefone}
                  </small>
                </td>
                <td>
                  <Link to={`/admin/pedido-venda/${p.uid}`}>{`${p.marcaModelo} ${p.anoModelo}`}</Link>
                  {p.km != null ? (
                    <>
                      <br />
                      <small>{`${formatarNumero(p.km)} km`}</small>
                    </>
                  ) : null}
                </td>
                <td>{p.valorPretendido != null ? formatarMoeda(p.valorPretendido) : '—'}</td>
                <td>{`${p.cidade}/${p.uf}`}</td>
                <td>{p.situacao}</td>
                <td>{p.responsavel ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {itens.length === 0 ? <p>Nenhum pedido encontrado.</p> : null}
    </section>
  );
}
