import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { ROTULOS_LEILAO } from '~/modules/backoffice/regras';
import { painelDoEvento } from '~/modules/eventos/painel.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Painel do evento');

/** How often the open dashboard reads itself again while the event is live. */
const RELEITURA_MS = 10_000;

/**
 * /eventos/dashboard/{leilaoUid?} (SAC, ADM): one exclusive event at a glance: top lots, top clients,
 * the latest bids and logins, the invitations' answers and what is on the floor now. Without an
 * auction, the brand's current event (decision 187). It reads itself again every few seconds while open.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const p = await painelDoEvento({ db: context.db, hotsiteId: context.marca.id, leilaoUid: params.leilaoUid ?? null });
  if (!p && params.leilaoUid) throw new Response('Leilão não encontrado', { status: 404 });
  if (!p) return { painel: null };
  return {
    painel: {
      ...p,
      leilao: { ...p.leilao, data: p.leilao.data.toISOString() },
      ultimosLances: p.ultimosLances.map((l) => ({ ...l, data: l.data.toISOString() })),
      ultimosLogins: p.ultimosLogins.map((l) => ({ ...l, em: l.em.toISOString() })),
    },
  };
}

export default function PainelDoEvento() {
  const { painel } = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const aoVivo = painel?.leilao.situacao === 'AO_VIVO';
  useEffect(() => {
    if (!aoVivo) return;
    const t = setInterval(() => state === 'idle' && document.visibilityState === 'visible' && revalidate(), RELEITURA_MS);
    return () => clearInterval(t);
  }, [aoVivo, revalidate, state]);
  if (!painel)
    return (
      <section>
        <h1>Painel do evento</h1>
        <p>
          Nenhum evento exclusivo ainda. Torne um leilão exclusivo em <Link to="/eventos/convidados">Convidados</Link>.
        </p>
      </section>
    );
  const { leilao, convites, topLotes, topClientes, ultimosLances, ultimosLogins } = painel;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Painel do evento</h1>
      </div>
      <p data-testid="painel-leilao">
        <strong>{leilao.nome}</strong> · {formatarDataHora(leilao.data)} · {leilao.privado ? 'Exclusivo para convidados' : 'Aberto a todos'}
      </p>
      <Secao titulo="Ao vivo">
        <p data-testid="painel-ao-vivo">
          {aoVivo
            ? `Ao vivo agora${leilao.loteAtual ? `: ${leilao.loteAtual}` : ''}`
            : `Situação: ${ROTULOS_LEILAO[leilao.situacao as keyof typeof ROTULOS_LEILAO] ?? leilao.situacao}`}
        </p>
        <p className={f.ajuda}>
          Convites: {convites.aceitos} aceitos · {convites.pendentes} aguardando · {convites.recusados} recusados
        </p>
      </Secao>
      <h2>Lotes mais disputados</h2>
      {topLotes.length === 0 ? (
        <p>Nenhum lance ainda.</p>
      ) : (
        <TabelaRolavel rotulo="Lotes mais disputados">
          <table className={f.tabela} data-testid="top-lotes">
            <thead>
              <tr>
                <th scope="col">Lote</th>
                <th scope="col">Lances</th>
                <th scope="col">Maior lance</th>
              </tr>
            </thead>
            <tbody>
              {topLotes.map((l) => (
                <tr key={l.id}>
                  <td>
                    {l.numero} · {l.nome}
                  </td>
                  <td>{l.lances}</td>
                  <td>{formatarMoeda(l.maior)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
      <h2>Clientes mais ativos</h2>
      {topClientes.length === 0 ? (
        <p>Nenhum lance ainda.</p>
      ) : (
        <TabelaRolavel rotulo="Clientes mais ativos">
          <table className={f.tabela} data-testid="top-clientes">
            <thead>
              <tr>
                <th scope="col">Cliente</th>
                <th scope="col">Lances</th>
                <th scope="col">Lotes</th>
                <th scope="col">Maior lance</th>
              </tr>
            </thead>
            <tbody>
              {topClientes.map((c) => (
                <tr key={c.id}>
                  <td>{c.nome}</td>
                  <td>{c.lances}</td>
                  <td>{c.lotes}</td>
                  <td>{formatarMoeda(c.maior)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
      <h2>Últimos lances</h2>
      {ultimosLances.length === 0 ? (
        <p>Nenhum lance ainda.</p>
      ) : (
        <TabelaRolavel rotulo="Últimos lances">
          <table className={f.tabela} data-testid="ultimos-lances">
            <thead>
              <tr>
                <th scope="col">Quando</th>
                <th scope="col">Cliente</th>
                <th scope="col">Lote</th>
                <th scope="col">Valor</th>
              </tr>
            </thead>
            <tbody>
              {ultimosLances.map((l) => (
                <tr key={l.uid}>
                  <td>{formatarDataHora(l.data)}</td>
                  <td>{l.cliente}</td>
                  <td>
                    {l.numero} · {l.lote}
                  </td>
                  <td>{formatarMoeda(l.valor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      )}
      <h2>Últimos acessos</h2>
      {ultimosLogins.length === 0 ? (
        <p>Nenhum acesso de convidados ainda.</p>
      ) : (
        <ul data-testid="ultimos-logins">
          {ultimosLogins.map((l) => (
            <li key={l.uid}>
              {l.cliente} · {formatarDataHora(l.em)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
