import { Link, useRevalidator } from '@remix-run/react';
import { semQuebra } from '~/components/layout.css';
import { useEffect } from 'react';
import * as s from '~/components/formulario/formulario.css';
import { rotuloDaSituacao } from '~/modules/aovivo/maquina';
import { formatarMoeda } from '~/utils/format';

/** The stored conditional answer ({ resposta, novoValor, ... }) as its word. */
function resposta(texto: string | null) {
  if (!texto) return '—';
  try {
    return (JSON.parse(texto) as { resposta?: string }).resposta ?? '—';
  } catch {
    return texto;
  }
}

export interface Acompanhamento {
  leilao: { uid: string; nome: string; situacao: string; pausado: boolean; loteAtualId: number | null };
  lotes: {
    loteId: number;
    numero: string;
    nome: string;
    situacao: string;
    valorAtual: number;
    apelido: string | null;
    valorComitente: number | null;
    lances: { manuais: number; automaticos: number; leiloeiro: number };
    respostaCondicional: string | null;
  }[];
  clientes: { id: number; nome: string; email: string; lances: number; liderando: number; habilitado: boolean; bloqueadoNoChat: boolean }[];
}

/** Refetches the page's loader every 5 s while the tab is visible (the follow-up pages). */
export function useRecarregarACada5s() {
  const revalidar = useRevalidator();
  useEffect(() => {
    const id = setInterval(() => document.visibilityState === 'visible' && revalidar.state === 'idle' && revalidar.revalidate(), 5_000);
    return () => clearInterval(id);
  }, [revalidar]);
}

/**
 * The live follow-up of an auction, shared by the back-office, seller and auctioneer pages: tabs of the
 * auctions (`base` + uid), every lot (bids by kind, seller value, conditional answer) and, when given,
 * the clients.
 */
export function AcompanhamentoDoLeilao({
  base,
  leiloes,
  acompanhamento: a,
  comClientes = true,
  conectados = null,
}: {
  base: string;
  leiloes: { uid: string; nome: string }[];
  acompanhamento: Acompanhamento | null;
  comClientes?: boolean;
  /** Watchers in the auction's auditorium now (every instance). */
  conectados?: number | null;
}) {
  return (
    <section>
      <h1>Acompanhar leilão</h1>
      <nav className={s.abas} aria-label="Leilões">
        {leiloes.map((l) => (
          <Link key={l.uid} to={`${base}/${l.uid}`} className={s.aba} aria-current={l.uid === a?.leilao.uid ? 'page' : undefined}>
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
            {conectados !== null ? <span data-testid="conectados"> · Conectados no auditório: {conectados}</span> : null}
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
                  <td className={semQuebra}>{l.valorComitente == null ? '—' : formatarMoeda(l.valorComitente)}</td>
                  <td>
                    {l.lances.manuais} / {l.lances.automaticos} / {l.lances.leiloeiro}
                  </td>
                  <td>{resposta(l.respostaCondicional)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {comClientes && (
            <>
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
        </>
      )}
    </section>
  );
}
