import { comoRespostaDeErro } from './errors';

/**
 * The status an error stands for: ours (ErroHttp, zod, a URIError, a data exception, a body-parser
 * refusal: `comoRespostaDeErro`), a thrown Response, or Remix's own refusal of a request (an
 * ErrorResponse: a `?_data` naming a route that did not match, a method without an action). 500 for
 * anything else.
 */
export function statusDoErro(erro: unknown): number {
  if (erro instanceof Response) return erro.status;
  const e = erro as { status?: unknown; statusText?: unknown; internal?: unknown } | null;
  if (e && typeof e === 'object' && typeof e.status === 'number' && typeof e.internal === 'boolean' && typeof e.statusText === 'string')
    return e.status >= 400 && e.status < 600 ? e.status : 500;
  return comoRespostaDeErro(erro).status;
}

/**
 * A client's bad request is logged at warn: only our own faults (5xx) are errors, so an anonymous
 * client cannot fill the error log (or page someone) by sending nonsense.
 */
export const nivelDoErro = (erro: unknown): 'warn' | 'error' => (statusDoErro(erro) < 500 ? 'warn' : 'error');
