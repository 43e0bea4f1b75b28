import type { CanalDeEnvio } from '@db/schema/notificacoes';

/**
 * The client events a brand sends (#32) and, per event, the channels a client may choose and those on
 * until they choose. The bell (in the site) always shows every event. The outbid e-mail is the queue's
 * like every other (decision 283); a lead lost to a buy-now is the outbid event told as a sale.
 */
export const EVENTOS = [
  'lance-superado',
  'maximo-atingido',
  'arrematado',
  'condicional',
  'nao-vendido',
  'condicional-respondida',
  'vencendo-encerrando',
  'favorito-aberto',
  'favorito-ao-vivo',
  'favorito-encerrando',
  'habilitacao-aprovada',
  'habilitacao-recusada',
  'busca-salva',
  'comprovante-aprovado',
  'comprovante-divergente',
  'prazo-pagamento',
  'prazo-retirada',
  'retirada-confirmada',
  'documentos-prontos',
  'prazo-da-compra',
  'proposta-aceita',
  'proposta-recusada',
] as const;

/** Events for the staff of a brand (the work waiting on their screens); not on a client's preferences. */
export const EVENTOS_DA_EQUIPE = ['habilitacao-a-aprovar', 'comprovante-a-validar'] as const;

/** Every event a brand configures (/admin/notificacoes), clients' first. */
export const TODOS_OS_EVENTOS = [...EVENTOS, ...EVENTOS_DA_EQUIPE] as const;
export type Evento = (typeof TODOS_OS_EVENTOS)[number];

interface Regra {
  canais: readonly CanalDeEnvio[];
  padrao: readonly CanalDeEnvio[];
}
const TODOS = ['email', 'push', 'whatsapp', 'sms'] as const;
const SEM_EMAIL = ['push', 'whatsapp', 'sms'] as const;

export const REGRAS_DOS_EVENTOS: Record<Evento, Regra> = {
  // The outbid e-mail goes through the queue only, on by default as it always was (decision 283).
  'lance-superado': { canais: TODOS, padrao: ['email', 'push'] },
  'maximo-atingido': { canais: TODOS, padrao: ['email', 'push'] },
  arrematado: { canais: TODOS, padrao: ['email', 'push', 'whatsapp'] },
  condicional: { canais: TODOS, padrao: ['email', 'push'] },
  'nao-vendido': { canais: TODOS, padrao: ['email'] },
  // Staff's answer to a conditional sale and a habilitation's decision send their own e-mail from the
  // decision's transaction, with the reason and the link (encerramento, habilitacao): here only the other
  // channels, or the client got the same news twice by e-mail (decision 212).
  'condicional-respondida': { canais: SEM_EMAIL, padrao: ['push'] },
  // The leader of a lot that closes within 15 minutes (decision 282).
  'vencendo-encerrando': { canais: TODOS, padrao: ['push'] },
  'favorito-aberto': { canais: TODOS, padrao: ['push'] },
  // A watched lot called on the live floor: minutes count, so no e-mail by default (decision 281).
  'favorito-ao-vivo': { canais: TODOS, padrao: ['push'] },
  'favorito-encerrando': { canais: TODOS, padrao: ['email', 'push'] },
  'habilitacao-aprovada': { canais: SEM_EMAIL, padrao: ['push'] },
  'habilitacao-recusada': { canais: SEM_EMAIL, padrao: ['push'] },
  'busca-salva': { canais: TODOS, padrao: ['email'] },
  // The proof's answer and the delivery already send their own e-mail from the sale's transaction (vendas):
  // like the outbid, they offer the other channels here (decision 212).
  'comprovante-aprovado': { canais: SEM_EMAIL, padrao: ['push'] },
  'comprovante-divergente': { canais: SEM_EMAIL, padrao: ['push', 'whatsapp'] },
  'prazo-pagamento': { canais: TODOS, padrao: ['email', 'push'] },
  'prazo-retirada': { canais: TODOS, padrao: ['email', 'push'] },
  'retirada-confirmada': { canais: SEM_EMAIL, padrao: ['push'] },
  'documentos-prontos': { canais: TODOS, padrao: ['email', 'push'] },
  'habilitacao-a-aprovar': { canais: TODOS, padrao: ['email'] },
  'comprovante-a-validar': { canais: TODOS, padrao: ['email'] },
  'prazo-da-compra': { canais: TODOS, padrao: ['email', 'push'] },
  // A judicial lot's written proposal answered by staff (CPC 895, decision 250).
  'proposta-aceita': { canais: TODOS, padrao: ['email', 'push', 'whatsapp'] },
  'proposta-recusada': { canais: TODOS, padrao: ['email'] },
};

export const ehEvento = (e: string): e is Evento => (TODOS_OS_EVENTOS as readonly string[]).includes(e);

/** A brand's setting of an event (notificacao_modelo): off, or other default channels. */
export interface ConfiguracaoDaMarca {
  ativo: boolean;
  canais: readonly CanalDeEnvio[] | null;
}

/**
 * The channels of one notice: the event's default (the brand's, when it set one), changed by the client's own
 * choices (a choice for a channel the event does not offer is ignored), then narrowed by the call's
 * notification-options when it gave some (decision 211). An event the brand turned off goes nowhere (nor to
 * the bell: the queue does not write it). Pure; tested beside it.
 */
export function canaisDoEvento(
  evento: string,
  escolhas: readonly { evento: string; canal: CanalDeEnvio; ativo: boolean }[],
  marca?: ConfiguracaoDaMarca | null,
  daChamada?: readonly string[] | null,
): CanalDeEnvio[] {
  if (!ehEvento(evento) || marca?.ativo === false) return [];
  const regra = REGRAS_DOS_EVENTOS[evento];
  const padrao = marca?.canais ?? regra.padrao;
  return regra.canais.filter((canal) => {
    if (daChamada && !daChamada.includes(canal)) return false;
    const escolha = escolhas.find((e) => e.evento === evento && e.canal === canal);
    return escolha ? escolha.ativo : padrao.includes(canal);
  });
}

/** Channels that respect quiet hours (the bell and e-mail never wake anyone). */
export const CANAIS_QUE_ACORDAM: readonly CanalDeEnvio[] = ['push', 'whatsapp', 'sms'];

/**
 * When a channel that wakes may send, given the client's quiet hours in São Paulo time
 * (`inicio`..`fim`, crossing midnight when inicio > fim; equal hours = no silence). Answers `agora`
 * outside the window, else the window's end. Brazil has had no daylight saving time since 2019: São Paulo is UTC−3.
 */
export function fimDoSilencio(agora: Date, silencio: { inicio: number; fim: number } | null | undefined): Date {
  if (!silencio || silencio.inicio === silencio.fim) return agora;
  const OFFSET_MS = 3 * 3600_000;
  const local = new Date(agora.getTime() - OFFSET_MS);
  const hora = local.getUTCHours();
  const { inicio, fim } = silencio;
  const dentro = inicio < fim ? hora >= inicio && hora < fim : hora >= inicio || hora < fim;
  if (!dentro) return agora;
  const alvo = new Date(local);
  alvo.setUTCHours(fim, 0, 0, 0);
  if (alvo <= local) alvo.setUTCDate(alvo.getUTCDate() + 1);
  return new Date(alvo.getTime() + OFFSET_MS);
}
