import { Link, useRevalidator } from '@remix-run/react';
import { semQuebra } from '~/components/layout.css';
import { useEffect, useRef, useState } from 'react';
import { atrasoReconexao, lerMensagemDoServidor } from '~/realtime/lances-cliente';
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
 * The back-office follow-up room (decision 264): the page's own socket joins `backoffice:<leilaoUid>`
 * and refetches the loader as the auction's lots and clients change (a bid, a situation, a client
 * joining the auditorium, a habilitation), one refetch at a time. While it is not in the room (closed,
 * refused, reconnecting) the 5 s refresh goes on. Answers whether the page is live and its last change.
 */
export function useAcompanhamentoAoVivo(leilaoUid: string | null) {
  const revalidar = useRevalidator();
  const revalidarRef = useRef(revalidar);
  revalidarRef.current = revalidar;
  const [aoVivo, setAoVivo] = useState(false);
  const [ultimo, setUltimo] = useState<string | null>(null);
  useEffect(() => {
    if (!leilaoUid) return;
    let fechado = false;
    let tentativas = 0;
    let ws: WebSocket | null = null;
    let pendente: ReturnType<typeof setTimeout> | null = null;
    // Changes that arrive together (a burst of bids) make one refetch.
    const recarregar = () => {
      if (pendente) return;
      pendente = setTimeout(() => {
        pendente = null;
        if (revalidarRef.current.state === 'idle') revalidarRef.current.revalidate();
        else recarregar();
      }, 250);
    };
    const conectar = () => {
      const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const s = new WebSocket(`${proto}//${window.location.host}/ws`);
      ws = s;
      s.onopen = () => {
        tentativas = 0;
        s.send(JSON.stringify({ event: 'conectar-backoffice', data: { leilaoUid } }));
      };
      s.onmessage = (e) => {
        const m = lerMensagemDoServidor(e.data);
        if (!m) return;
        if (m.event === 'sala-conectada' && m.data.sala === `backoffice:${leilaoUid}`) setAoVivo(true);
        else if (m.event === 'erro' && m.data.sala === `backoffice:${leilaoUid}`) setAoVivo(false);
        else if (m.event === 'ressincronizar') recarregar();
        else if (m.event === 'backoffice-lote' && m.data.leilaoUid === leilaoUid) {
          setUltimo(
            m.data.lote.valor
              ? `Lance de ${formatarMoeda(m.data.lote.valor.atual)} às ${new Date().toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`
              : `Lote atualizado às ${new Date().toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`,
          );
          recarregar();
        } else if (m.event === 'backoffice-cliente' && m.data.leilaoUid === leilaoUid) {
          const hora = new Date().toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' });
          setUltimo(
            m.data.motivo === 'conectado'
              ? `Cliente conectou ao auditório às ${hora}`
              : `Habilitação (${m.data.situacao ?? 'alterada'}) às ${hora}`,
          );
          recarregar();
        }
      };
      s.onclose = () => {
        setAoVivo(false);
        if (!fechado) setTimeout(() => !fechado && conectar(), atrasoReconexao(tentativas++));
      };
      s.onerror = () => s.close();
    };
    conectar();
    return () => {
      fechado = true;
      if (pendente) clearTimeout(pendente);
      ws?.close();
    };
  }, [leilaoUid]);
  // Outside the room the page keeps refreshing every 5 s.
  useEffect(() => {
    if (aoVivo) return;
    const id = setInterval(
      () => document.visibilityState === 'visible' && revalidarRef.current.state === 'idle' && revalidarRef.current.revalidate(),
      5_000,
    );
    return () => clearInterval(id);
  }, [aoVivo]);
  return { aoVivo, ultimo };
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
  tempoReal,
}: {
  base: string;
  leiloes: { uid: string; nome: string }[];
  acompanhamento: Acompanhamento | null;
  comClientes?: boolean;
  /** Watchers in the auction's auditorium now (every instance). */
  conectados?: number | null;
  /** The follow-up room's state (`useAcompanhamentoAoVivo`), when the page has one. */
  tempoReal?: { aoVivo: boolean; ultimo: string | null };
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
          {tempoReal ? (
            <p className={s.ajuda} data-testid="acompanhar-tempo-real" data-ao-vivo={tempoReal.aoVivo}>
              {tempoReal.aoVivo ? 'Ao vivo: lances e clientes aparecem assim que acontecem' : 'Atualizando a cada 5 segundos'}
              {tempoReal.ultimo ? ` · Última mudança: ${tempoReal.ultimo}` : ''}
            </p>
          ) : null}
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
