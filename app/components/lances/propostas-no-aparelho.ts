/**
 * A visitor's proposals kept on the device (automatic-offer home, "Minhas propostas"): the
 * localStorage key `propostas:<hotsiteId>` holds the newest 50 as [{ loteId, nome, valor, data, caminho }].
 * The server keeps the proposals themselves; this list only lets the home page show them without a login.
 */
export interface PropostaNoAparelho {
  loteId: number;
  nome: string;
  /** Centavos. */
  valor: number;
  /** ISO instant. */
  data: string;
  caminho?: string;
}
const MAXIMO = 50;
const chave = (hotsiteId: number) => `propostas:${hotsiteId}`;

const valida = (p: unknown): p is PropostaNoAparelho =>
  !!p &&
  typeof p === 'object' &&
  Number.isInteger((p as PropostaNoAparelho).loteId) &&
  typeof (p as PropostaNoAparelho).nome === 'string' &&
  Number.isInteger((p as PropostaNoAparelho).valor) &&
  typeof (p as PropostaNoAparelho).data === 'string';

export function lerPropostas(hotsiteId: number): PropostaNoAparelho[] {
  try {
    const lidas: unknown = JSON.parse(localStorage.getItem(chave(hotsiteId)) ?? '[]');
    return Array.isArray(lidas) ? lidas.filter(valida) : [];
  } catch {
    return [];
  }
}

export function guardarProposta(hotsiteId: number, p: PropostaNoAparelho) {
  try {
    const outras = lerPropostas(hotsiteId).filter((x) => !(x.loteId === p.loteId && x.data === p.data));
    localStorage.setItem(chave(hotsiteId), JSON.stringify([p, ...outras].slice(0, MAXIMO)));
  } catch {
    /* storage full or disabled (private mode): the proposal itself was saved on the server */
  }
}
