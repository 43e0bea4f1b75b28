import { z } from 'zod';
import { MENSAGEM_CARACTERE_INVALIDO } from '~/utils/entrada';

/**
 * Websocket messages, shared by server and browser: JSON `{ "event": string, "data": object }`.
 * Everything a client sends is parsed here; anything else gets an `erro` event, never a crash.
 */
const uid = z.string().trim().min(1, 'veiUid obrigatório').max(64).regex(/^[A-Za-z0-9_-]+$/, 'veiUid inválido');

export const mensagemDoClienteSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('ping'), data: z.object({ t: z.number().optional() }).default({}) }),
  z.object({ event: z.literal('conectar-site'), data: z.object({}).default({}) }),
  z.object({ event: z.literal('conectar-lances-lote'), data: z.object({ veiUid: uid }) }),
  z.object({ event: z.literal('desconectar-lances-lote'), data: z.object({ veiUid: uid }) }),
]);
export type MensagemDoCliente = z.infer<typeof mensagemDoClienteSchema>;

/** Server → client. `on-elastic-response` carries the changed part of a lot with its sequence number. */
export interface MensagemDoServidor {
  event: string;
  data: Record<string, unknown>;
}

export const eventoDoServidorSchema = z.object({ event: z.string().min(1), data: z.record(z.string(), z.unknown()) });

/** Room names inside a hotsite. The hub prefixes them with the hotsite id, so brands never share a room. */
export const salas = {
  site: () => 'site',
  lote: (veiUid: string) => `lote:${veiUid}`,
  usuario: (usuarioId: number) => `usuario:${usuarioId}`,
} as const;

export const MENSAGENS_WS = {
  invalida: 'Mensagem inválida',
  jsonInvalido: 'Mensagem não é um JSON válido',
  eventoDesconhecido: 'Evento desconhecido',
  limiteSalas: 'Limite de salas atingido',
  grande: 'Mensagem muito grande',
  caractere: MENSAGEM_CARACTERE_INVALIDO,
} as const;
