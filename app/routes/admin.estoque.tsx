import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarEstoque } from '~/modules/backoffice/estoque.server';
import { ROTULOS_ESTOQUE, SITUACOES_ESTOQUE } from '~/modules/backoffice/estoque-rotulos';
import { comitentesVisiveis, opcoesDoVeiculo } from '~/modules/backoffice/veiculos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarData, formatarMoeda } from '~/utils/format';

/** The stock (spec 000 §2 `/admin/estoque`, Comitente + ADM): vehicles in the yards, by stock situation (decision 067). */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Estoque');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const comitentes = await comitentesVisiveis({ db, hotsiteId, usuario: eu });
  const [r, opcoes] = await Promise.all([listarEstoque({ db, hotsiteId, comitentes, filtro }), opcoesDoVeiculo({ db, hotsiteId })]);
  return {
    ...r,
    filtro,
    patios: opcoes.patios,
    tipos: opcoes.tipos,
    comitentes: comitentes === 'todos' ? opcoes.comitentes : opcoes.comitentes.filter((c) => comitentes.includes(c.id)),
  };
}

function Filtro({
  nome,
  rotulo,
  valor,
  opcoes,
  vazio,
}: {
  nome: string;
  rotulo: string;
  valor?: string;
  opcoes: { id: number | string; nome: string }[];
  vazio?: string;
}) {
  return (
    <label className={f.campo}>
      <span className={f.rotulo}>{rotulo}</span>
      <select name={nome} defaultValue={valor ?? ''} className={f.entrada}>
        {vazio !== undefined ? <option value="">{vazio}</option> : null}
        {opcoes.map((o) => (
          <option key={o.id} value={o.id}>
            {o.nome}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function Estoque() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <div className={s.titulo}>
        <h1>Estoque</h1>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome, placa ou chassi</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <Filtro nome="patioId" rotulo="Pátio" valor={d.filtro.patioId} opcoes={d.patios} vazio="Todos" />
        <Filtro nome="comitenteId" rotulo="Comitente" valor={d.filtro.comitenteId} opcoes={d.comitentes} vazio="Todos" />
        <Filtro nome="veiculoTipoId" rotulo="Tipo" valor={d.filtro.veiculoTipoId} opcoes={d.tipos} vazio="Todos" />
        <Filtro
          nome="situacao"
          rotulo="Situação"
          valor={d.situacao}
          opcoes={[...SITUACOES_ESTOQUE.map((x) => ({ id: x, nome: ROTULOS_ESTOQUE[x] })), { id: 'TODAS', nome: 'Todas' }]}
        />
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Estoque">
        <table className={f.tabela} data-testid="lista-estoque">
          <thead>
            <tr>
              <th>Veículo</th>
              <th>Tipo</th>
              <th>Placa</th>
              <th>Chassi</th>
              <th>Comitente</th>
              <th>Pátio</th>
              <th>Entrada</th>
              <th>Unidade de negócio</th>
              <th>Valor de mercado</th>
              <th>Situação</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((v) => (
              <tr key={v.id}>
                <td>
                  <Link to={`/admin/veiculo/${v.uid}`}>{v.nome}</Link>
                </td>
                <td>{v.tipo}</td>
                <td className={semQuebra}>{v.placa ?? ''}</td>
                <td className={semQuebra}>{v.chassi ?? ''}</td>
                <td>{v.comitente ?? ''}</td>
                <td>{v.patio}</td>
                <td>{v.entrada ? formatarData(`${v.entrada}T12:00:00Z`) : ''}</td>
                <td>{v.unidadeNegocio ?? ''}</td>
                <td className={semQuebra}>{v.valorMercado == null ? '' : formatarMoeda(v.valorMercado)}</td>
                <td>{ROTULOS_ESTOQUE[v.situacao]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum veículo em estoque com estes filtros.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
