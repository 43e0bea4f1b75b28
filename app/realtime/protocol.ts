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

const leilaoUid = z.uuid({ error: 'leilaoUid inválido' });
/** A chat message as typed: plain text, one to 500 characters (rendered as text, never HTML). */
export const textoDoChatSchema = z.string().trim().min(1, 'Digite uma mensagem').max(500, 'Mensagem muito longa (máximo 500 caracteres)');

const booleano = (campo: string) => z.boolean({ error: `${campo} deve ser verdadeiro ou falso` });

/**
 * Publishing a broadcast (spec 000 §5, 001 §7; decision 063): leilaoUid and transmissaoUid required, the
 * rest optional (kept when absent). One schema for `PUT /v1/transmissao/publicar` and the websocket's
 * `put-publicar-transmissao`, so both refuse the same input with the same messages.
 */
export const publicarTransmissaoSchema = z.object({
  leilaoUid: z.uuid({ error: 'Informe leilaoUid: o uid do leilão' }),
  transmissaoUid: z.uuid({ error: 'Informe transmissaoUid: o uid da transmissão' }),
  videoAtivo: booleano('videoAtivo').optional(),
  audioAtivo: booleano('audioAtivo').optional(),
  videoLoop: booleano('videoLoop').optional(),
  posicaoTemplate: z
    .number({ error: 'Informe posicaoTemplate: a posição no template (um número)' })
    .int('posicaoTemplate deve ser um número inteiro')
    .min(0, 'posicaoTemplate deve ser entre 0 e 99')
    .max(99, 'posicaoTemplate deve ser entre 0 e 99')
    .optional(),
  videoVoltarNoSegundo: z
    .number({ error: 'videoVoltarNoSegundo deve ser um número' })
    .int('videoVoltarNoSegundo deve ser um número inteiro')
    .min(0, 'videoVoltarNoSegundo deve ser entre 0 e 86400')
    .max(86_400, 'videoVoltarNoSegundo deve ser entre 0 e 86400')
    .optional(),
  videoFilename: z
    .string({ error: 'videoFilename deve ser um texto' })
    .trim()
    .max(200, 'videoFilename tem no máximo 200 caracteres')
    .optional(),
});
export type PublicarTransmissao = z.infer<typeof publicarTransmissaoSchema>;

/** Chat read receipts: the messages the browser showed (sent 300 ms after display, several at once). */
export const leituraDoChatSchema = z.object({
  leilaoUid,
  mensagemUids: z
    .array(z.uuid({ error: 'mensagemUid inválido' }), { error: 'mensagemUids deve ser uma lista' })
    .min(1, 'Informe ao menos uma mensagem')
    .max(50, 'No máximo 50 mensagens por confirmação'),
});

/** A page view: the path (no host), the page's name and where the visitor came from. */
export const visitaPaginaSchema = z.object({
  url: z
    .string({ error: 'url deve ser um texto' })
    .max(500, 'url tem no máximo 500 caracteres')
    .regex(/^\/[^\s]*$/, 'url deve ser o caminho da página (começando com /)'),
  pagina: z.string({ error: 'pagina deve ser um texto' }).trim().min(1, 'Informe pagina').max(100, 'pagina tem no máximo 100 caracteres'),
  referrer: z.string({ error: 'referrer deve ser um texto' }).max(500, 'referrer tem no máximo 500 caracteres').optional(),
});

/**
 * Staff's broadcast signals (001 §7 "templates", "channel update", "refresh main player"; decisions
 * 265-267): sending a saved message template to an auction's viewers, switching the auction's live
 * channel, and making every viewer's main player reload. One schema each for the websocket and the page.
 */
export const enviarModeloSchema = z.object({
  leilaoUid: z.uuid({ error: 'Informe leilaoUid: o uid do leilão' }),
  modeloUid: z.uuid({ error: 'Escolha um modelo de mensagem' }),
});
export const atualizarCanalSchema = z.object({
  leilaoUid: z.uuid({ error: 'Informe leilaoUid: o uid do leilão' }),
  canalTransmissaoUid: z.uuid({ error: 'Escolha um canal de transmissão' }),
  disponivel: booleano('disponivel').optional(),
});
export const recarregarPlayerSchema = z.object({ leilaoUid: z.uuid({ error: 'Informe leilaoUid: o uid do leilão' }) });

/** A staff command on the socket, as the hub hands it to the live module (the role is checked there). */
export type ComandoDaEquipe =
  | { event: 'enviar-modelo-transmissao'; data: z.infer<typeof enviarModeloSchema> }
  | { event: 'atualizar-canal-transmissao'; data: z.infer<typeof atualizarCanalSchema> }
  | { event: 'recarregar-player-principal'; data: z.infer<typeof recarregarPlayerSchema> };

export const mensagemDoClienteSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('ping'), data: z.object({ t: z.number().optional() }).default({}) }),
  z.object({ event: z.literal('conectar-site'), data: z.object({}).default({}) }),
  z.object({ event: z.literal('conectar-lances-lote'), data: z.object({ veiUid: uid }) }),
  z.object({ event: z.literal('desconectar-lances-lote'), data: z.object({ veiUid: uid }) }),
  // Live auctions (issue 15): the auditorium's room and the auctioneer's, one auction at a time each.
  z.object({ event: z.literal('conectar-leilao'), data: z.object({ leilaoUid }) }),
  z.object({ event: z.literal('conectar-leiloeiro'), data: z.object({ leilaoUid }) }),
  z.object({ event: z.literal('chat-mensagem'), data: z.object({ leilaoUid, texto: textoDoChatSchema }) }),
  z.object({ event: z.literal('chat-leitura'), data: leituraDoChatSchema }),
  // Staff (Leiloeiro, ADM, MKT): the same as PUT /v1/transmissao/publicar; the auditorium hears `on-transmissao`.
  z.object({ event: z.literal('put-publicar-transmissao'), data: publicarTransmissaoSchema }),
  // Visitors: the browser's visitor id (kept on the device), then one view per page change.
  z.object({ event: z.literal('conectar-visitante'), data: z.object({ visitanteUid: z.uuid({ error: 'visitanteUid inválido' }) }) }),
  z.object({ event: z.literal('visita-pagina'), data: visitaPaginaSchema }),
  // Exclusive events (001 §7 "connect/disconnect private auction"): an accepted guest's room of a private auction.
  z.object({ event: z.literal('conectar-leilao-privado'), data: z.object({ leilaoUid }) }),
  z.object({ event: z.literal('desconectar-leilao-privado'), data: z.object({ leilaoUid }) }),
  // 001 §7 "connect client" (decision 220): a logged-in socket asks for its own room (outbid notices, its
  // sales, the bell) and is told it is in; a visitor is told to log in. Joined at connection too.
  z.object({ event: z.literal('conectar-cliente'), data: z.object({}).default({}) }),
  // 001 §7 "backoffice follow" (decision 264): staff following an auction hear its lots and clients live.
  z.object({ event: z.literal('conectar-backoffice'), data: z.object({ leilaoUid }) }),
  z.object({ event: z.literal('desconectar-backoffice'), data: z.object({ leilaoUid }) }),
  // Staff's broadcast signals (Leiloeiro, ADM, MKT): the auditorium and the lot pages react at once.
  z.object({ event: z.literal('enviar-modelo-transmissao'), data: enviarModeloSchema }),
  z.object({ event: z.literal('atualizar-canal-transmissao'), data: atualizarCanalSchema }),
  z.object({ event: z.literal('recarregar-player-principal'), data: recarregarPlayerSchema }),
]);

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
  /**
   * Why the client lost the lead: another bid (`lance`, they may bid again) or a buy-now (`compre-ja`,
   * the lot is sold and closed). Absent from an older instance's message: a bid.
   */
  motivo: z.enum(['lance', 'compre-ja']).default('lance'),
});
export type LanceSuperado = z.infer<typeof lanceSuperadoSchema>;

/** The lot on the auctioneer's floor, as every auditorium watcher sees it. */
export const lotePregaoSchema = z.object({
  loteId: z.number().int(),
  veiUid: z.string(),
  numero: z.string(),
  nome: z.string(),
  foto: z.string().nullable(),
  situacao: z.string(),
  valor: valorAoVivoSchema,
  apelido: z.string().nullable(),
  /** The current bid is a floor bid (the auctioneer's, for the room): shown as one, `apelido` null. */
  lanceDePista: z.boolean().default(false),
  quantidadeLances: z.number().int(),
  dataFim: z.string().nullable(),
  seq: z.number().int(),
});
export type LotePregao = z.infer<typeof lotePregaoSchema>;

/** `lot-selected-updated`: the auction's live state after an auctioneer command; `servidor` = when it was sent. */
export const pregaoSchema = z.object({
  leilaoUid: z.string(),
  situacao: z.string(),
  pausado: z.boolean(),
  lote: lotePregaoSchema.nullable(),
  servidor: z.number(),
});
export type PregaoMsg = z.infer<typeof pregaoSchema>;

export const chatMensagemSchema = z.object({
  leilaoUid: z.string(),
  uid: z.string(),
  apelido: z.string(),
  texto: z.string(),
  data: z.string(),
  /** Staff only (the auctioneer's room): who wrote it, for moderation. */
  usuarioId: z.number().int().optional(),
  /** Staff only: how many clients read it (receipts, decision 074). */
  lidas: z.number().int().optional(),
});
export type ChatMensagem = z.infer<typeof chatMensagemSchema>;

/** `on-transmissao`: the auction's published broadcast (the URL the auditorium plays; video/audio on or off). */
export const transmissaoMsgSchema = z.object({
  leilaoUid: z.string(),
  transmissaoUid: z.string(),
  url: z.string(),
  videoAtivo: z.boolean(),
  audioAtivo: z.boolean(),
  posicaoTemplate: z.number().int(),
  videoLoop: z.boolean(),
});
export type TransmissaoMsg = z.infer<typeof transmissaoMsgSchema>;

/** A staff notice from a saved template (decision 265): the auditorium and the auction's lot pages show it. */
export const mensagemTransmissaoSchema = z.object({
  leilaoUid: z.string(),
  modeloUid: z.string(),
  texto: z.string(),
  enviadaEm: z.string(),
});
export type MensagemTransmissao = z.infer<typeof mensagemTransmissaoSchema>;

/** The auction's live channel changed (decision 266): the player switches to `url`, or shows none when null. */
export const canalTransmissaoMsgSchema = z.object({
  leilaoUid: z.string(),
  canalTransmissaoUid: z.string(),
  nome: z.string(),
  disponivel: z.boolean(),
  url: z.string().nullable(),
});

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
  /** The person's unread notices changed (the bell's count, #32). */
  z.object({ event: z.literal('notificacao'), data: z.object({ naoLidas: z.number().int().min(0) }) }),
  z.object({ event: z.literal('lot-selected-updated'), data: pregaoSchema }),
  z.object({
    event: z.literal('lote-arrematado'),
    data: z.object({
      loteId: z.number().int(),
      veiUid: z.string(),
      numero: z.string(),
      nome: z.string(),
      valor: valorAoVivoSchema,
      situacao: z.string(),
    }),
  }),
  z.object({ event: z.literal('chat-mensagem'), data: chatMensagemSchema }),
  z.object({ event: z.literal('chat-oculta'), data: z.object({ leilaoUid: z.string(), uid: z.string() }) }),
  /** A broadcast published to the auditorium (its video switches; decision 063). */
  z.object({ event: z.literal('on-transmissao'), data: transmissaoMsgSchema }),
  /** Staff (the auctioneer's room): watchers in the auction's auditorium, summed over every instance. */
  z.object({ event: z.literal('conectados'), data: z.object({ leilaoUid: z.string(), quantidade: z.number().int() }) }),
  /** Staff (the auctioneer's room): how many clients read each message, after a batch of receipts was stored. */
  z.object({
    event: z.literal('chat-leituras'),
    data: z.object({ leilaoUid: z.string(), leituras: z.array(z.object({ uid: z.string(), quantidade: z.number().int() })) }),
  }),
  /**
   * A lot room's state (decision 117): the lot's latest sequence number, as the database has it. Sent to
   * the sockets that joined since the hub's last beat, to the whole room when the database is ahead of
   * what this instance delivered (an update lost on the bus), and to every lot room after the bus came
   * back. A client behind it waits a moment for the missing updates, then refetches the lot.
   */
  z.object({ event: z.literal('estado-lote'), data: z.object({ veiUid: z.string().min(1), seq: z.number().int() }) }),
  /**
   * The bus was down (or a publish failed) and is back: events of rooms without a sequence (the
   * auditorium's floor, its chat) may have been lost, so the client refetches what it shows.
   */
  z.object({ event: z.literal('ressincronizar'), data: z.object({}) }),
  /** The buyer's sale changed (proof approved or divergent, payment, delivery): the page reloads it. */
  z.object({ event: z.literal('on-venda-dto'), data: z.object({ vendaId: z.number().int(), motivo: z.string() }) }),
  /**
   * "Auction-site updates" (001 §7): an auction of the site list changed (created, renamed, moved, its
   * state); the list refetches. A public auction's goes to the site room, a private one's only to its
   * guests' room (`leilao-privado`).
   */
  /** Staff following an auction (`backoffice:`): one of its lots changed (a bid, its situation, its end). */
  z.object({ event: z.literal('backoffice-lote'), data: z.object({ leilaoUid: z.string(), lote: loteAoVivoSchema }) }),
  /** Staff following an auction: one of its clients changed (joined the auditorium, habilitation asked or decided). */
  z.object({
    event: z.literal('backoffice-cliente'),
    data: z.object({
      leilaoUid: z.string(),
      usuarioId: z.number().int(),
      motivo: z.enum(['conectado', 'habilitacao']),
      situacao: z.string().optional(),
    }),
  }),
  /** A staff notice (template) for the auction's viewers. */
  z.object({ event: z.literal('mensagem-transmissao'), data: mensagemTransmissaoSchema }),
  /** The auction's live channel changed: the viewers' player switches without a reload. */
  z.object({ event: z.literal('on-canal-transmissao'), data: canalTransmissaoMsgSchema }),
  /** Staff asked every viewer's main player to reload (a frozen stream); `servidor` = when it was sent. */
  z.object({ event: z.literal('recarregar-player-principal'), data: z.object({ leilaoUid: z.string(), servidor: z.number() }) }),
  z.object({
    event: z.literal('leiloes-site-atualizados'),
    data: z.object({ leilaoUid: z.string().min(1), motivo: z.enum(['alterado', 'situacao', 'privado', 'convidados']) }),
  }),
]);
export type MensagemDoServidor = z.infer<typeof mensagemDoServidorSchema>;

/** Room names inside a hotsite. The hub prefixes them with the hotsite id, so brands never share a room. */
export const salas = {
  site: () => 'site',
  lote: (veiUid: string) => `lote:${veiUid}`,
  usuario: (usuarioId: number) => `usuario:${usuarioId}`,
  /** The auditorium of an auction (singleton per socket). */
  leilao: (leilaoUid: string) => `leilao:${leilaoUid}`,
  /** The auctioneer's panel of an auction (staff; singleton per socket). */
  leiloeiro: (leilaoUid: string) => `leiloeiro:${leilaoUid}`,
  /** A private auction's room (exclusive events): its accepted guests only, checked at join. */
  leilaoPrivado: (leilaoUid: string) => `leilao-privado:${leilaoUid}`,
  /** Staff following an auction (decision 264): its lots and clients, live. Singleton per socket. */
  backoffice: (leilaoUid: string) => `backoffice:${leilaoUid}`,
} as const;

export const MENSAGENS_WS = {
  invalida: 'Mensagem inválida',
  jsonInvalido: 'Mensagem não é um JSON válido',
  eventoDesconhecido: 'Evento desconhecido',
  limiteSalas: 'Limite de salas atingido',
  grande: 'Mensagem muito grande',
  caractere: MENSAGEM_CARACTERE_INVALIDO,
  login: 'Necessário fazer login para acessar esta página',
  semPermissao: 'Você não tem permissão para esta sala',
  /** A room of a private auction asked by a non-guest: the same answer as an unknown room would get. */
  exclusivo: 'Sala não encontrada',
  indisponivel: 'Não foi possível concluir agora; tente novamente',
  semVisitante: 'Envie conectar-visitante antes das visitas',
  conexoesDemais: 'Conexões demais a partir deste endereço. Feche outras abas e tente novamente.',
  origem: 'Origem da requisição não permitida',
} as const;
