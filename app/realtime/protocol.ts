import { z } from 'zod';
import { MENSAGEM_CARACTERE_INVALIDO } from '~/utils/entrada';

/**
 * Websocket messages, shared by server and browser: JSON `{ "event": string, "data": object }`.
 * Everything a client sends is parsed here; anything else gets an `erro` event, never a crash.
 */
const uid = z
  .string()
  .trim()
  .min(1, 'veiUid obrigatório')
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'veiUid inválido');

export const mensagemDoClienteSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('ping'), data: z.object({ t: z.number().optional() }).default({}) }),
  z.object({ event: z.literal('conectar-site'), data: z.object({}).default({}) }),
  z.object({ event: z.literal('conectar-lances-lote'), data: z.object({ veiUid: uid }) }),
  z.object({ event: z.literal('desconectar-lances-lote'), data: z.object({ veiUid: uid }) }),
]);
export type MensagemDoCliente = z.infer<typeof mensagemDoClienteSchema>;

/** A lot's money as the live events carry it (centavos). */
export const valorAoVivoSchema = z.object({ lance: z.number().nullable(), atual: z.number(), proximo: z.number(), incremento: z.number() });

/**
 * The changed part of a lot, with its per-lot sequence number (a gap makes the browser refetch a
 * snapshot). Loose: fields added later reach the browser's merge without a schema change here.
 */
export const loteAoVivoSchema = z.looseObject({
  veiUid: z.string().min(1),
  seq: z.number().int(),
  loteId: z.number().int().optional(),
  valor: valorAoVivoSchema.optional(),
  dataFim: z.string().nullable().optional(),
  situacao: z.string().optional(),
});
export type LoteAoVivoMsg = z.infer<typeof loteAoVivoSchema>;

export const lanceSuperadoSchema = z.object({
  loteId: z.number().int(),
  veiUid: z.string(),
  numero: z.string(),
  nome: z.string(),
  valor: valorAoVivoSchema,
});
export type LanceSuperado = z.infer<typeof lanceSuperadoSchema>;

/**
 * Server → client, one member per event: the hub and the publishers can only send these, and the
 * browser parses what it receives with this schema (an unknown or malformed event is dropped). A new
 * event (the live auditorium's) is a new member here first.
 */
export const mensagemDoServidorSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('conectado'),
    data: z.object({ hotsiteId: z.number().int(), autenticado: z.boolean(), servidor: z.number() }),
  }),
  z.object({ event: z.literal('pong'), data: z.object({ t: z.number().nullable(), servidor: z.number() }) }),
  z.object({ event: z.literal('sala-conectada'), data: z.object({ sala: z.string() }) }),
  z.object({ event: z.literal('erro'), data: z.object({ mensagem: z.string(), sala: z.string().optional() }) }),
  z.object({ event: z.literal('on-elastic-response'), data: loteAoVivoSchema }),
  z.object({ event: z.literal('lance-superado'), data: lanceSuperadoSchema }),
  /** The buyer's sale changed (proof approved or divergent, payment, delivery): the page reloads it. */
  z.object({ event: z.literal('on-venda-dto'), data: z.object({ vendaId: z.number().int(), motivo: z.string() }) }),
]);
export type MensagemDoServidor = z.infer<typeof mensagemDoServidorSchema>;

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
