import { z } from 'zod';

/**
 * The one error type for user-facing failures: an HTTP status and a pt-BR message. A plain class: the
 * server, the API and the routes run from one build, so there is one ErroHttp per process
 * (docs/decisions/135-servidor-no-topo.md).
 */
export class ErroHttp extends Error {
  constructor(
    readonly status: number,
    readonly mensagem: string,
    readonly detalhes?: Record<string, string[]>,
  ) {
    super(mensagem);
    this.name = 'ErroHttp';
  }
}

export const naoEncontrado = (mensagem = 'Recurso não encontrado') => new ErroHttp(404, mensagem);

/** Field → messages, for forms and API answers. */
export function errosPorCampo(erro: z.ZodError): Record<string, string[]> {
  const saida: Record<string, string[]> = {};
  for (const issue of erro.issues) {
    const campo = issue.path.join('.') || '_';
    (saida[campo] ??= []).push(issue.message);
  }
  return saida;
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: bad text encoding, out-of-range number or
 * date, invalid syntax for a type) anywhere in the error's cause chain (drizzle wraps the driver's).
 * Such an error is the input's fault, not ours: a safety net answers it 400 and logs it at warn.
 */
export function sqlstateDeDados(erro: unknown): string | undefined {
  let atual: unknown = erro;
  for (let i = 0; i < 4 && atual && typeof atual === 'object'; i++) {
    const code = (atual as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    atual = (atual as { cause?: unknown }).cause;
  }
  return undefined;
}

export const MENSAGEM_DADOS_INVALIDOS = 'Dados inválidos na requisição';

/** The answer when the database cannot be reached or did not answer in time: retryable, so 503 with Retry-After. */
export const MENSAGEM_BANCO_INDISPONIVEL = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
export const RETRY_AFTER_BANCO_S = 2;

const CODIGOS_DE_REDE = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
const MENSAGENS_DE_CONEXAO =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated unexpectedly)/;

/**
 * Whether an error (anywhere in its cause chain) means the database was unreachable, went away or did not
 * answer in time, rather than that the request was wrong: a lost or refused connection, a server shutting
 * down or refusing connections (SQLSTATE classes 08 and 57P, 53300 too many connections), a statement
 * cancelled by its timeout (57014), or pg's client-side timeouts. Such a request may be sent again.
 */
export function bancoIndisponivel(erro: unknown): boolean {
  let atual: unknown = erro;
  for (let i = 0; i < 5 && atual && typeof atual === 'object'; i++) {
    const { code, message } = atual as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014' || code === '53300'))
      return true;
    if (typeof code === 'string' && CODIGOS_DE_REDE.has(code)) return true;
    // A commit whose outcome could not be told (db/recibo.server.ts), or a batcher's full queue
    // (agrupador.server.ts): nothing to show but a retry.
    const nome = (atual as { name?: unknown }).name;
    if (nome === 'CommitIncerto' || nome === 'FilaCheia') return true;
    if (typeof message === 'string' && MENSAGENS_DE_CONEXAO.test(message)) return true;
    atual = (atual as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Any thrown value → status, pt-BR message and field errors, for the pages' own answers. The JSON API
 * answers the spec's shape instead (`comoRespostaDaApi`). Unknown errors are 500 with a generic message
 * (logged by the caller).
 */
export function comoRespostaDeErro(erro: unknown): { status: number; corpo: { mensagem: string; erros?: Record<string, string[]> } } {
  if (erro instanceof ErroHttp) return { status: erro.status, corpo: { mensagem: erro.mensagem, erros: erro.detalhes } };
  if (erro instanceof z.ZodError) {
    return { status: 400, corpo: { mensagem: erro.issues[0]?.message ?? 'Dados inválidos', erros: errosPorCampo(erro) } };
  }
  if (erro instanceof SyntaxError && 'body' in erro) return { status: 400, corpo: { mensagem: 'JSON inválido' } };
  // Express could not %-decode a path parameter (`/lote/by-id/%FF`).
  if (erro instanceof URIError) return { status: 400, corpo: { mensagem: 'Endereço inválido' } };
  if (sqlstateDeDados(erro)) return { status: 400, corpo: { mensagem: MENSAGEM_DADOS_INVALIDOS } };
  if (bancoIndisponivel(erro)) return { status: 503, corpo: { mensagem: MENSAGEM_BANCO_INDISPONIVEL } };
  // Body-parser refusals (too large, bad charset/encoding) carry a 4xx status meant to be shown.
  const s = (erro as { status?: unknown; expose?: unknown } | null)?.status;
  if (typeof s === 'number' && s >= 400 && s < 500 && (erro as { expose?: unknown }).expose === true) {
    return { status: s, corpo: { mensagem: s === 413 ? 'Requisição muito grande' : 'Requisição inválida' } };
  }
  return { status: 500, corpo: { mensagem: 'Erro interno. Tente novamente em instantes.' } };
}

/** pt-BR name of each status the API answers: the `error` member of an API error. */
const NOMES_DE_STATUS: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Acesso negado',
  404: 'Não encontrado',
  409: 'Conflito',
  413: 'Requisição muito grande',
  415: 'Tipo de conteúdo não suportado',
  422: 'Não processável',
  429: 'Muitas requisições',
  500: 'Erro interno',
  503: 'Serviço indisponível',
};
export const nomeDoStatus = (status: number) => NOMES_DE_STATUS[status] ?? (status >= 500 ? 'Erro interno' : 'Requisição inválida');

/**
 * The JSON API's error body (spec 001 §8: `message`, `statusCode`, `error`), in pt-BR. `erros`
 * (field → messages) comes with validation errors, so a form can mark each field; `requestId` with 5xx.
 * See docs/api.md.
 */
export interface ErroApi {
  message: string;
  statusCode: number;
  error: string;
  erros?: Record<string, string[]>;
  requestId?: string;
}

/** An API error body from a status and a message; `extra` keeps members a caller needs (e.g. `proximo` of a refused bid). */
export function corpoDeErroDaApi(
  status: number,
  message: string,
  extra: { erros?: Record<string, string[]> } & Record<string, unknown> = {},
): ErroApi {
  const { erros, ...resto } = extra;
  return { ...resto, message, statusCode: status, error: nomeDoStatus(status), ...(erros && Object.keys(erros).length ? { erros } : {}) };
}

/** Any thrown value → status and the API's error body. */
export function comoRespostaDaApi(erro: unknown): { status: number; corpo: ErroApi } {
  const { status, corpo } = comoRespostaDeErro(erro);
  return { status, corpo: corpoDeErroDaApi(status, corpo.mensagem, { erros: corpo.erros }) };
}
