import { useEffect, useRef, useState } from 'react';
import { cliente } from './cliente-da-pagina';
import type { LoteAoVivo } from './lances-cliente';
import type { LanceSuperado, MensagemTransmissao } from './protocol';

/**
 * React hooks over the page's one shared ClienteLances (cliente-da-pagina.ts): follow the given lots
 * live, keep the server clock offset for countdowns, and report outbid notices. Without JavaScript
 * the page shows the loader's snapshot (the bid form still posts).
 */

/**
 * Lots whose outbid notice the page already shows where the bid is made (the lot page's panel, which
 * passes `aoSuperado`): the site-wide toast skips them, so the client is not told twice.
 */
const avisadosNaPagina = new Set<string>();

export function useLancesAoVivo(iniciais: LoteAoVivo[], aoSuperado?: (dados: LanceSuperado) => void) {
  const [lotes, setLotes] = useState(() => new Map(iniciais.map((l) => [l.veiUid, l])));
  const [offset, setOffset] = useState(0);
  const [conectado, setConectado] = useState(false);
  const superadoRef = useRef(aoSuperado);
  superadoRef.current = aoSuperado;
  const chave = iniciais.map((l) => l.veiUid).join(',');

  useEffect(() => {
    const c = cliente();
    for (const l of iniciais) c.entrar(l.veiUid, l);
    const avisados = superadoRef.current ? iniciais.map((l) => l.veiUid) : [];
    for (const v of avisados) avisadosNaPagina.add(v);
    setLotes(new Map(iniciais.map((l) => [l.veiUid, c.lotes.get(l.veiUid) ?? l])));
    const parar = c.ouvir((e) => {
      if (e.tipo === 'lote' && chave.split(',').includes(e.lote.veiUid)) setLotes((m) => new Map(m).set(e.lote.veiUid, e.lote));
      else if (e.tipo === 'superado') superadoRef.current?.(e.dados);
      else if (e.tipo === 'conexao') setConectado(e.conectado);
      setOffset(c.offset);
    });
    return () => {
      parar();
      for (const l of iniciais) c.sair(l.veiUid);
      for (const v of avisados) avisadosNaPagina.delete(v);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chave]);

  return { lotes, offset, conectado };
}

/** The logged-in client's outbid notices, on any page (opens the shared socket), but for lots the page itself reports. */
export function useLanceSuperado(aoSuperado: (dados: LanceSuperado) => void) {
  const superadoRef = useRef(aoSuperado);
  superadoRef.current = aoSuperado;
  useEffect(
    () => cliente().ouvir((e) => e.tipo === 'superado' && !avisadosNaPagina.has(e.dados.veiUid) && superadoRef.current(e.dados)),
    [],
  );
}

/** The buyer's sale changed (proof answered, payment, delivery): `aoAlterar` reloads the page's data. */
export function useVendaAlterada(aoAlterar: (dados: { vendaId: number; motivo: string }) => void) {
  const ref = useRef(aoAlterar);
  ref.current = aoAlterar;
  useEffect(() => cliente().ouvir((e) => e.tipo === 'venda' && ref.current(e.dados)), []);
}

/**
 * Staff notices to a lot's auction (message templates, decision 265) as the lot page hears them in its
 * lot's room: the latest one for `leilaoUid`, until the visitor closes it. Nothing without an auction.
 */
export function useAvisoDaTransmissao(leilaoUid: string | null | undefined) {
  const [aviso, setAviso] = useState<MensagemTransmissao | null>(null);
  useEffect(() => {
    if (!leilaoUid) return undefined;
    return cliente().ouvir((e) => e.tipo === 'aviso' && e.dados.leilaoUid === leilaoUid && setAviso(e.dados));
  }, [leilaoUid]);
  return { aviso, fechar: () => setAviso(null) };
}
