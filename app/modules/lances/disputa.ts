import { proximoLance } from '~/modules/dominio/dinheiro';

/**
 * The dispute on one lot as a pure state machine: manual bids and automatic-bid (proxy)
 * configurations go in, the bids to record come out. The transactional engine runs it under the
 * lot's row lock, so it always sees the latest state.
 *
 * Proxy rules (README "Bidding rules"):
 * - A configuration bids for its client one increment at a time, only as far as needed to lead, never
 *   above its maximum.
 * - Two maxima compete: the higher wins at the lower maximum + one increment, capped at its own
 *   maximum; the loser's last automatic bid is placed at its maximum when that leaves room for the
 *   winner's increment (otherwise one increment below the winner's bid). At equal maxima the earlier
 *   configuration (or bid) wins.
 * - A manual bid that does not exceed the leader's automatic maximum is covered: when the maximum
 *   allows a full increment above it, the bid is recorded and the proxy answers with bid + increment;
 *   when it does not (maximum in [bid, bid + increment)), the proxy bids its maximum first (earlier
 *   wins at equal value) and the manual bid is refused as covered.
 * Every recorded bid is at least the previous one + increment (the first at least the minimum).
 */
export interface Configuracao {
  id: number;
  usuarioId: number;
  maximo: number;
  /** When this maximum was set (monotonic): decides ties. */
  ordem: number;
}

export interface LanceAtual {
  usuarioId: number;
  valor: number;
  ordem: number;
}

export interface EstadoDisputa {
  minimo: number;
  incremento: number;
  atual: LanceAtual | null;
  /** Active configurations, at most one per client. */
  configuracoes: Configuracao[];
}

export interface LanceGerado {
  usuarioId: number;
  valor: number;
  tipo: 'Manual' | 'Automático';
  configuracaoId: number | null;
}

export type ResultadoManual =
  | { aceito: true; lances: LanceGerado[]; atual: LanceAtual }
  | { aceito: false; motivo: 'abaixo'; proximo: number }
  | { aceito: false; motivo: 'coberto'; lances: LanceGerado[]; atual: LanceAtual; proximo: number };

export const proximoDaDisputa = (e: Pick<EstadoDisputa, 'atual' | 'minimo' | 'incremento'>) =>
  proximoLance(e.atual?.valor, e.minimo, e.incremento);

/** The leader's ceiling: the higher of their current bid and their active maximum, with when it was set. */
function teto(atual: LanceAtual, configuracoes: Configuracao[]) {
  const c = configuracoes.find((x) => x.usuarioId === atual.usuarioId);
  if (!c || c.maximo < atual.valor) return { valor: atual.valor, ordem: atual.ordem, configuracao: null };
  if (c.maximo === atual.valor) return { valor: c.maximo, ordem: Math.min(c.ordem, atual.ordem), configuracao: c };
  return { valor: c.maximo, ordem: c.ordem, configuracao: c };
}

const melhor = (cs: Configuracao[]) => cs.reduce((a, b) => (b.maximo > a.maximo || (b.maximo === a.maximo && b.ordem < a.ordem) ? b : a));

/**
 * Lets the configurations answer until nobody but the leader can bid. `ordem` stamps the bids
 * generated now (they are all placed at the same instant, in order).
 */
export function resolverAutomaticos(estado: EstadoDisputa, ordem: number): { lances: LanceGerado[]; atual: LanceAtual | null } {
  const { incremento, configuracoes } = estado;
  let atual = estado.atual;
  const lances: LanceGerado[] = [];
  const lancar = (c: Configuracao, valor: number) => {
    lances.push({ usuarioId: c.usuarioId, valor, tipo: 'Automático', configuracaoId: c.id });
    atual = { usuarioId: c.usuarioId, valor, ordem };
  };
  // Each round either ends or moves the lead to a strictly higher ceiling, so it terminates.
  for (let rodada = 0; rodada < configuracoes.length + 2; rodada++) {
    const proximo = proximoLance(atual?.valor, estado.minimo, incremento);
    const desafiantes = configuracoes.filter((c) => c.usuarioId !== atual?.usuarioId && c.maximo >= proximo);
    if (desafiantes.length === 0) break;
    const d = melhor(desafiantes);
    if (!atual) {
      lancar(d, proximo);
      continue;
    }
    const t = teto(atual, configuracoes);
    if (d.maximo > t.valor || (d.maximo === t.valor && d.ordem < t.ordem)) {
      const vence = Math.min(d.maximo, Math.max(proximo, t.valor + incremento));
      if (t.configuracao && t.valor > atual.valor) {
        const ultimo = Math.min(t.valor, vence - incremento);
        if (ultimo >= proximo) lancar(t.configuracao, ultimo);
      }
      lancar(d, vence);
    } else {
      // The leader's maximum defends (it must be a configuration: d.maximo >= proximo > atual.valor).
      const vence = Math.min(t.valor, d.maximo + incremento);
      const ultimo = Math.min(d.maximo, vence - incremento);
      if (ultimo >= proximo) lancar(d, ultimo);
      lancar(t.configuracao!, vence);
    }
  }
  return { lances, atual };
}

/** A manual bid of `valor` by `usuarioId`. */
export function lanceManual(estado: EstadoDisputa, usuarioId: number, valor: number, ordem: number): ResultadoManual {
  const proximo = proximoDaDisputa(estado);
  if (!Number.isSafeInteger(valor) || valor < proximo) return { aceito: false, motivo: 'abaixo', proximo };
  const { atual, configuracoes, incremento } = estado;
  if (atual && atual.usuarioId !== usuarioId) {
    const lider = configuracoes.find((c) => c.usuarioId === atual.usuarioId);
    const meu = configuracoes.find((c) => c.usuarioId === usuarioId);
    const meuTeto = Math.max(valor, meu?.maximo ?? 0);
    const meuTetoOrdem = meu && meu.maximo >= valor ? meu.ordem : ordem;
    const liderGanhaEmpate = lider && (lider.maximo > meuTeto || (lider.maximo === meuTeto && lider.ordem < meuTetoOrdem));
    if (lider && lider.maximo >= valor && lider.maximo < valor + incremento && liderGanhaEmpate) {
      // Covered: the leader's earlier maximum takes this value first; the manual bid cannot add an increment.
      const lances: LanceGerado[] = [{ usuarioId: lider.usuarioId, valor: lider.maximo, tipo: 'Automático', configuracaoId: lider.id }];
      const aposCobertura = { usuarioId: lider.usuarioId, valor: lider.maximo, ordem };
      const r = resolverAutomaticos({ ...estado, atual: aposCobertura }, ordem);
      const final = r.atual ?? aposCobertura;
      return { aceito: false, motivo: 'coberto', lances: [...lances, ...r.lances], atual: final, proximo: final.valor + incremento };
    }
  }
  const manual: LanceGerado = { usuarioId, valor, tipo: 'Manual', configuracaoId: null };
  const aposManual = { usuarioId, valor, ordem };
  const r = resolverAutomaticos({ ...estado, atual: aposManual }, ordem);
  return { aceito: true, lances: [manual, ...r.lances], atual: r.atual ?? aposManual };
}

/**
 * Sets (or raises/lowers) a client's automatic maximum and lets the configurations answer. The
 * maximum must reach the next accepted bid. A changed maximum takes the new `ordem` (it was set now).
 */
export function configurarAutomatico(
  estado: EstadoDisputa,
  configuracao: Configuracao,
): { aceito: true; lances: LanceGerado[]; atual: LanceAtual | null; configuracoes: Configuracao[] } | { aceito: false; proximo: number } {
  const proximo = proximoDaDisputa(estado);
  if (!Number.isSafeInteger(configuracao.maximo) || configuracao.maximo < proximo) return { aceito: false, proximo };
  const configuracoes = [...estado.configuracoes.filter((c) => c.usuarioId !== configuracao.usuarioId), configuracao];
  const r = resolverAutomaticos({ ...estado, configuracoes }, configuracao.ordem);
  return { aceito: true, lances: r.lances, atual: r.atual, configuracoes };
}
