import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { INTEGRADORAS } from '@db/schema/enums-catalogo';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { buscarLogs, type LogDoComitente } from '~/modules/integracoes/logs.server';
import { painelDeIntegracao } from '~/modules/integracoes/painel.server';
import { PERIODOS_PAINEL } from '~/modules/integracoes/periodos';
import { formatarDataHora, formatarNumero } from '~/utils/format';
import * as p from './admin.dashboard-comitente-integracao.css';

/**
 * The integration dashboard (spec 000 §2 `/admin/dashboard-comitente-integracao`; ADM, and seller users for
 * their own sellers): volumes and errors per seller and integrator over a period, each seller's last event,
 * and the events themselves (the page form of `GET /comitente-integracao/logs/find/qb`).
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Dashboard de integração');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const db = context.db;
  const hotsiteId = context.marca.id;
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const comitentes = await comitentesDoUsuario({ db, hotsiteId, usuario: eu });
  const painel = await painelDeIntegracao({ db, hotsiteId, comitentes, filtro });
  const de = new Date(Date.now() - painel.dias * 24 * 3600 * 1000).toISOString();
  const { dias: _d, ...filtroDosEventos } = filtro;
  const eventos = await buscarLogs({ db, hotsiteId, comitentes, filtro: { ...filtroDosEventos, de, porPagina: filtro.porPagina ?? '20' } });
  return { painel, eventos, filtro };
}

function Evento({ l }: { l: Pick<LogDoComitente, 'comErro' | 'resumo' | 'createdAt' | 'integradora' | 'origem'> }) {
  return (
    <>
      <span className={l.comErro ? s.perigo : undefined}>{l.resumo}</span>
      <br />
      <small>
        {formatarDataHora(l.createdAt)} · {l.integradora} · {l.origem}
      </small>
    </>
  );
}

export default function DashboardDeIntegracao() {
  const { painel, eventos, filtro } = useLoaderData<typeof loader>();
  const w = useWording();
  const t = painel.totais;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Dashboard de integração</h1>
        <Link to="/admin/integracao/lotes">Lotes de integração</Link>
      </div>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Período</span>
          <select name="dias" defaultValue={String(painel.dias)} className={f.entrada}>
            {PERIODOS_PAINEL.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? 'Últimas 24 horas' : `Últimos ${d} dias`}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Integradora</span>
          <select name="integradora" defaultValue={filtro.integradora ?? ''} className={f.entrada}>
            <option value="">Todas</option>
            {INTEGRADORAS.map((i) => (
              <option key={i} value={i}>
                {i}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Eventos</span>
          <select name="comErro" defaultValue={filtro.comErro ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            <option value="true">Só com erro</option>
            <option value="false">Só processados</option>
          </select>
        </label>
        {filtro.veiculoUid ? <input type="hidden" name="veiculoUid" value={filtro.veiculoUid} /> : null}
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>

      <dl className={p.numeros} data-testid="totais-integracao">
        <div className={p.numero}>
          <dt>Eventos</dt>
          <dd>{formatarNumero(t.eventos)}</dd>
        </div>
        <div className={p.numero}>
          <dt>Com erro</dt>
          <dd className={t.erros ? s.perigo : undefined}>{formatarNumero(t.erros)}</dd>
        </div>
        <div className={p.numero}>
          <dt>Recebidos</dt>
          <dd>{formatarNumero(t.recebidos)}</dd>
        </div>
        <div className={p.numero}>
          <dt>Enviados</dt>
          <dd>{formatarNumero(t.enviados)}</dd>
        </div>
        <div className={p.numero}>
          <dt>Tempo médio de resposta</dt>
          <dd>{t.tempoMedioMs == null ? '—' : `${formatarNumero(t.tempoMedioMs)} ms`}</dd>
        </div>
      </dl>

      <h2>Por comitente</h2>
      <TabelaRolavel rotulo="Volumes por comitente">
        <table className={`${f.tabela} ${s.tabelaLarga}`} data-testid="integracao-por-comitente">
          <thead>
            <tr>
              <th>Comitente</th>
              <th>Veículos integrados</th>
              <th>Eventos</th>
              <th>Com erro</th>
              <th>Último evento</th>
            </tr>
          </thead>
          <tbody>
            {painel.porComitente.map((c) => (
              <tr key={c.comitenteId}>
                <td>
                  <Link to={`?dias=${painel.dias}&comitenteId=${c.comitenteId}`}>{c.nomeSite}</Link>
                </td>
                <td>{formatarNumero(c.veiculosIntegrados)}</td>
                <td>
                  {formatarNumero(c.eventos)}
                  <br />
                  <small>
                    {w.contar('n_recebidos', c.recebidos)} · {w.contar('n_enviados', c.enviados)}
                  </small>
                </td>
                <td className={c.erros ? s.perigo : undefined}>{formatarNumero(c.erros)}</td>
                <td>{c.ultimoEvento ? <Evento l={c.ultimoEvento} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {painel.porComitente.length === 0 ? <p>Nenhum comitente com integração no período.</p> : null}

      <h2>Por integradora</h2>
      <TabelaRolavel rotulo="Volumes por integradora">
        <table className={f.tabela} data-testid="integracao-por-integradora">
          <thead>
            <tr>
              <th>Integradora</th>
              <th>Eventos</th>
              <th>Com erro</th>
            </tr>
          </thead>
          <tbody>
            {painel.porIntegradora.map((i) => (
              <tr key={i.integradora}>
                <td>{i.integradora}</td>
                <td>{formatarNumero(i.eventos)}</td>
                <td className={i.erros ? s.perigo : undefined}>{formatarNumero(i.erros)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>

      <h2>Eventos</h2>
      <TabelaRolavel rotulo="Eventos de integração">
        <table className={`${f.tabela} ${s.tabelaLarga}`} data-testid="eventos-integracao">
          <thead>
            <tr>
              <th>Quando</th>
              <th>Integradora</th>
              <th>Origem</th>
              <th>Comitente</th>
              <th>Veículo</th>
              <th>Resumo</th>
            </tr>
          </thead>
          <tbody>
            {eventos.itens.map((l) => (
              <tr key={l.uid}>
                <td className={p.semQuebra}>{formatarDataHora(l.createdAt)}</td>
                <td>{l.integradora}</td>
                <td>{l.origem}</td>
                <td>{l.comitente?.nomeSite ?? '—'}</td>
                <td>{l.veiculo ? (l.veiculo.placa ?? l.veiculo.nome) : '—'}</td>
                <td className={l.comErro ? s.perigo : undefined}>{l.resumo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {eventos.itens.length === 0 ? <p>Nenhum evento de integração no período.</p> : null}
      <Paginacao pagina={eventos.pagina} porPagina={eventos.porPagina} total={eventos.total} />
    </section>
  );
}
