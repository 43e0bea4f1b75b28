import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { leiloesComIntegracao, lotesDeIntegracao } from '~/modules/integracoes/lotes.server';
import { formatarData, formatarDataHora } from '~/utils/format';

/**
 * Integration lots (spec 000 §2 `/admin/integracao/lotes/{leilaoUid?}`; ADM, and seller users for their own
 * sellers): the auctions with lots that came from an integrator, and one auction's such lots.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Lotes de integração');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const comitentes = await comitentesDoUsuario({ db, hotsiteId, usuario: eu });
  const [leiloes, escolhido] = await Promise.all([
    leiloesComIntegracao({ db, hotsiteId, comitentes, filtro }),
    params.leilaoUid ? lotesDeIntegracao({ db, hotsiteId, comitentes, leilaoUid: params.leilaoUid, filtro }) : null,
  ]);
  return { leiloes, escolhido, filtro };
}

export default function LotesDeIntegracao() {
  const d = useLoaderData<typeof loader>();
  const e = d.escolhido;
  const consulta = d.filtro.integradora ? `?integradora=${encodeURIComponent(d.filtro.integradora)}` : '';
  return (
    <section>
      <div className={s.titulo}>
        <h1>{e ? `Lotes de integração: ${e.leilao.nome}` : 'Lotes de integração'}</h1>
        {e ? <Link to={`/admin/integracao/lotes${consulta}`}>Todos os leilões</Link> : null}
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Integradora</span>
          <select name="integradora" defaultValue={d.filtro.integradora ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {INTEGRADORAS.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      {e ? (
        <>
          <TabelaRolavel rotulo="Lotes de integração">
            <table className={f.tabela} data-testid="lotes-integracao">
              <thead>
                <tr>
                  <th>Lote</th>
                  <th>Veículo</th>
                  <th>Comitente</th>
                  <th>Integradora</th>
                  <th>Id externo</th>
                  <th>Situação no integrador</th>
                  <th>Despachante</th>
                  <th>Tags</th>
                  <th>Eventos</th>
                </tr>
              </thead>
              <tbody>
                {e.itens.map((l) => (
                  <tr key={l.uid}>
                    <td>
                      {l.numero} · {l.situacao}
                    </td>
                    <td>
                      {l.nome}
                      <br />
                      <small>{l.veiculo.placa ?? l.veiculo.chassi ?? ''}</small>
                    </td>
                    <td>{l.comitente?.nomeSite ?? ''}</td>
                    <td>{l.integradora}</td>
                    <td>
                      <code>{l.externoVeiculoId}</code>
                    </td>
                    <td>{l.externoVeiSituacao ?? '—'}</td>
                    <td>{l.externoVeiDespachanteSituacao ?? '—'}</td>
                    <td>
                      {l.tags.map((t) => (
                        <span key={t.chave} className={s.selo}>
                          {t.nome}
                        </span>
                      ))}
                    </td>
                    <td>
                      <Link to={`/admin/dashboard-comitente-integracao?veiculoUid=${l.veiculo.uid}`}>
                        {l.eventos}
                        {l.erros ? <span className={s.perigo}> ({l.erros} com erro)</span> : null}
                      </Link>
                      {l.ultimoEventoEm ? (
                        <>
                          <br />
                          <small>{formatarDataHora(l.ultimoEventoEm)}</small>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {e.itens.length === 0 ? <p>Nenhum lote de integração neste leilão.</p> : null}
        </>
      ) : (
        <>
          <TabelaRolavel rotulo="Leilões com lotes de integração">
            <table className={f.tabela} data-testid="leiloes-integracao">
              <thead>
                <tr>
                  <th>Leilão</th>
                  <th>Data</th>
                  <th>Situação</th>
                  <th>Lotes de integração</th>
                </tr>
              </thead>
              <tbody>
                {d.leiloes.map((l) => (
                  <tr key={l.uid}>
                    <td>
                      <Link to={`/admin/integracao/lotes/${l.uid}${consulta}`}>{l.nome}</Link>
                    </td>
                    <td>{formatarData(l.data)}</td>
                    <td>{l.situacao}</td>
                    <td>{l.lotesIntegrados}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {d.leiloes.length === 0 ? <p>Nenhum leilão com lotes de integração.</p> : null}
        </>
      )}
    </section>
  );
}
