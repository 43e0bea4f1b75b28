import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import * as s from '~/components/identidade/formulario.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { acompanharLeilao } from '~/modules/aovivo/acompanhamento.server';
import { rotuloDaSituacao } from '~/modules/aovivo/maquina';
import { leiloesDoPregao } from '~/modules/aovivo/pregao.server';
import { ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { z } from 'zod';

/** The stored conditional answer ({ resposta, novoValor, ... }) as its word. */
function resposta(texto: string | null) {
  if (!texto) return '—';
  try {
    return (JSON.parse(texto) as { resposta?: string }).resposta ?? '—';
  } catch {
    return texto;
  }
}

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Acompanhar leilão');

/**
 * /admin/backoffice-acompanhar-leilao/{leilaoUid?} (SAC + ADM): every lot of the auction live (bids by
 * kind, seller value, conditional answer) and its clients. Refreshed every 5 s while open.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const leiloes = await leiloesDoPregao({ db: context.db, hotsiteId: context.marca.id });
  const uid = params.leilaoUid ?? leiloes[0]?.uid;
  if (!uid) return { leiloes, acompanhamento: null };
  if (!z.uuid().safeParse(uid).success) throw new Response('Leilão não encontrado', { status: 404 });
  const acompanhamento = await acompanharLeilao({ db: context.db, hotsiteId: context.marca.id, leilaoUid: uid }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  return { leiloes, acompanhamento };
}

export default function AcompanharLeilao() {
  const { leiloes, acompanhamento: a } = useLoaderData<typeof loader>();
  const revalidar = useRevalidator();
  useEffect(() => {
    const id = setInterval(() => document.visibilityState === 'visible' && revalidar.state === 'idle' && revalidar.revalidate(), 5_000);
    return () => clearInterval(id);
  }, [revalidar]);
  return (
    <section>
      <h1>Acompanhar leilão</h1>
      <nav className={s.abas} aria-label="Leilões">
        {leiloes.map((l) => (
          <Link
            key={l.uid}
            to={`/admin/backoffice-acompanhar-leilao/${l.uid}`}
            className={s.aba}
            aria-current={l.uid === a?.leilao.uid ? 'page' : undefined}
          >
            {l.nome}
          </Link>
        ))}
      </nav>
      {!a ? (
        <p>Nenhum leilão ao vivo ou programado.</p>
      ) : (
        <>
          <p>
            <strong>{a.leilao.nome}</strong> · {a.leilao.pausado ? 'Pausado' : a.leilao.situacao}
          </p>
          <h2>Lotes</h2>
          <table className={s.tabela} data-testid="acompanhar-lotes">
            <thead>
              <tr>
                <th>Lote</th>
                <th>Situação</th>
                <th>Lance atual</th>
                <th>Valor do comitente</th>
                <th>Lances (manuais / automáticos / leiloeiro)</th>
                <th>Resposta condicional</th>
              </tr>
            </thead>
            <tbody>
              {a.lotes.map((l) => (
                <tr key={l.loteId} aria-current={l.loteId === a.leilao.loteAtualId ? 'true' : undefined}>
                  <td>
                    {l.numero} · {l.nome}
                  </td>
                  <td>{rotuloDaSituacao(l.situacao)}</td>
                  <td>
                    {formatarMoeda(l.valorAtual)} {l.apelido ? `(${l.apelido})` : ''}
                  </td>
                  <td>{l.valorComitente == null ? '—' : formatarMoeda(l.valorComitente)}</td>
                  <td>
                    {l.lances.manuais} / {l.lances.automaticos} / {l.lances.leiloeiro}
                  </td>
                  <td>{resposta(l.respostaCondicional)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Clientes</h2>
          <table className={s.tabela} data-testid="acompanhar-clientes">
            <thead>
              <tr>
                <th>Cliente</th>
                <th>E-mail</th>
                <th>Lances</th>
                <th>Liderando</th>
                <th>Habilitado</th>
                <th>Chat</th>
              </tr>
            </thead>
            <tbody>
              {a.clientes.map((c) => (
                <tr key={c.id}>
                  <td>{c.nome}</td>
                  <td>{c.email}</td>
                  <td>{c.lances}</td>
                  <td>{c.liderando}</td>
                  <td>{c.habilitado ? 'Sim' : 'Não'}</td>
                  <td>{c.bloqueadoNoChat ? 'Bloqueado' : 'Liberado'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
