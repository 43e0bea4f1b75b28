import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { listarLotes } from '~/modules/backoffice/lotes.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { SITUACOES_LOTE } from '@db/schema/enums-catalogo';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Lotes');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [r, leiloes] = await Promise.all([
    listarLotes({ db: context.db, hotsiteId: context.marca.id, filtro }),
    listarLeiloes({ db: context.db, hotsiteId: context.marca.id, filtro: { porPagina: 200 } }),
  ]);
  return {
    ...r,
    filtro,
    leiloes: leiloes.itens.map((l) => ({ id: l.id, nome: l.nome })),
    itens: r.itens.map((l) => ({ ...l, dataFim: l.dataFim?.toISOString() ?? null })),
  };
}

export default function Lotes() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <h1>{d.filtro.encerra === 'hoje' ? 'Lotes que encerram hoje' : 'Lotes'}</h1>
      <Form method="get" className={s.filtros}>
        {d.filtro.encerra === 'hoje' ? <input type="hidden" name="encerra" value="hoje" /> : null}
        <label className={f.campo}>
          <span className={f.rotulo}>Leilão</span>
          <select name="leilaoId" defaultValue={d.filtro.leilaoId ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            {d.leiloes.map((l) => (
              <option key={l.id} value={l.id}>
                {l.nome}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Situação</span>
          <select name="situacao" defaultValue={d.filtro.situacao ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {SITUACOES_LOTE.map((x) => (
              <option key={x} value={x}>
                {rotuloSituacao(x)}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Nome, placa ou chassi</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Lotes">
        <table className={f.tabela} data-testid="lista-lotes">
          <thead>
            <tr>
              <th>Lote</th>
              <th>Nome</th>
              <th>Placa</th>
              <th>Leilão</th>
              <th>Situação</th>
              <th>Modo</th>
              <th>Mínimo</th>
              <th>Atual</th>
              <th>Lances</th>
              <th>Fotos</th>
              <th>Encerra</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((l) => (
              <tr key={l.id}>
                <td>
                  <Link to={`/admin/lotes/${l.id}`}>{l.numero}</Link>
                </td>
                <td>
                  <Link to={`/admin/veiculo/${l.veiculoUid}`}>{l.nome}</Link>
                </td>
                <td className={semQuebra}>{l.placa ?? l.chassi ?? ''}</td>
                <td>{l.leilaoNome ?? ''}</td>
                <td>
                  <span className={s.selo}>{rotuloSituacao(l.situacao)}</span>
                </td>
                <td>{l.tipo}</td>
                <td className={semQuebra}>{formatarMoeda(l.minimo)}</td>
                <td className={semQuebra}>{formatarMoeda(l.valorAtual)}</td>
                <td>{l.quantidadeLances}</td>
                <td>{l.quantidadeFotos}</td>
                <td>{l.dataFim ? formatarDataHora(l.dataFim) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum lote encontrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
