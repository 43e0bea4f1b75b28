import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { ROTULOS_LEILAO } from '~/modules/backoffice/regras';
import { rotuloSituacao } from '~/modules/catalogo/regras';
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
  const t = useWording();
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
            <table className={`${f.tabela} ${s.tabelaLarga}`} data-testid="lotes-integracao">
              <thead>
                <tr>
                  <th>Lote</th>
                  <th>Veículo</th>
                  <th>Comitente</th>
                  <th>Integradora e id externo</th>
                  <th>Situação no integrador</th>
                  <th>Tags</th>
                  <th>Eventos</th>
                </tr>
              </thead>
              <tbody>
                {e.itens.map((l) => (
                  <tr key={l.uid}>
                    <td>
                      {l.numero}
                      <br />
                      <span className={s.selo}>{rotuloSituacao(l.situacao)}</span>
                    </td>
                    <td>
                      {l.nome}
                      <br />
                      <small>{l.veiculo.placa ?? l.veiculo.chassi ?? ''}</small>
                    </td>
                    <td>{l.comitente?.nomeSite ?? ''}</td>
                    <td>
                      {l.integradora}
                      <br />
                      <code>{l.externoVeiculoId}</code>
                    </td>
                    <td>
                      {l.externoVeiSituacao ?? '—'}
                      {l.externoVeiDespachanteSituacao ? (
                        <>
                          <br />
                          <small>Despachante: {l.externoVeiDespachanteSituacao}</small>
                        </>
                      ) : null}
                    </td>
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
                        {l.erros ? <span className={s.perigo}> ({t.contar('n_eventos_com_erro', l.erros)})</span> : null}
                      </Link>
                      {l.ultimoEventoEm ? (
                        <>
                          <br />
                          <small className={semQuebra}>{formatarDataHora(l.ultimoEventoEm)}</small>
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
                  <th>Lotes</th>
                </tr>
              </thead>
              <tbody>
                {d.leiloes.map((l) => (
                  <tr key={l.uid}>
                    <td>
                      <Link to={`/admin/integracao/lotes/${l.uid}${consulta}`}>{l.nome}</Link>
                    </td>
                    <td>{formatarData(l.data)}</td>
                    <td>
                      <span className={s.selo}>{ROTULOS_LEILAO[l.situacao as keyof typeof ROTULOS_LEILAO] ?? l.situacao}</span>
                    </td>
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
