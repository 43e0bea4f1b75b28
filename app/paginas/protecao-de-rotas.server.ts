import type { ActionFunction, AppLoadContext, LoaderFunction, ServerBuild } from '@remix-run/node';
import { z } from 'zod';
import {
  bancoIndisponivel,
  ErroHttp,
  MENSAGEM_BANCO_INDISPONIVEL,
  MENSAGEM_DADOS_INVALIDOS,
  RETRY_AFTER_BANCO_S,
  sqlstateDeDados,
} from '~/utils/errors';
import { MENSAGENS_FORMULARIO, tipoDeFormularioAceito } from '~/utils/formulario.server';
import { verificarRegra } from '~/modules/identidade/guard.server';
import { MENSAGENS_ACESSO } from '~/modules/dominio/papeis';
import { regraDaRota, type RegraDeRota } from '~/modules/identidade/regras-de-rota';

/** The route a loader or action runs for, as the guard hands it down in the context. */
export interface RotaDoPedido {
  id: string;
  regra: RegraDeRota | undefined;
}

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Set by the route guard on the copy of the context each loader and action receives. */
    rota?: RotaDoPedido;
  }
}

const texto = (mensagem: string, status: number) =>
  new Response(mensagem, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * What a page's loader or action threw, as the answer a person should get: our own errors keep their
 * status and pt-BR message; a value the database refused is the caller's fault (400), and the safety net
 * behind the zod bounds. Anything else stays a 500 for the error page (which shows no internals).
 */
export function respostaDeErroDaRota(erro: unknown): unknown {
  if (erro instanceof Response) return erro;
  if (erro instanceof ErroHttp) return texto(erro.mensagem, erro.status);
  if (erro instanceof z.ZodError) return texto(erro.issues[0]?.message ?? 'Dados inválidos', 400);
  if (sqlstateDeDados(erro)) return texto(MENSAGEM_DADOS_INVALIDOS, 400);
  // The database went away or did not answer: 503, which the person (or a proxy) may retry.
  if (bancoIndisponivel(erro)) {
    const r = texto(MENSAGEM_BANCO_INDISPONIVEL, 503);
    r.headers.set('Retry-After', String(RETRY_AFTER_BANCO_S));
    return r;
  }
  return erro;
}

type Funcao = LoaderFunction | ActionFunction;

function proteger<F extends Funcao>(id: string, funcao: F, acao: boolean): F {
  const regra = regraDaRota(id);
  const rota: RotaDoPedido = { id, regra };
  return (async (args: Parameters<F>[0]) => {
    // Each call gets its own copy naming its route: loaders of one request run in parallel.
    const context = { ...(args.context as AppLoadContext), rota };
    try {
      if (!regra) throw texto(MENSAGENS_ACESSO.semRegra, 403);
      await verificarRegra(args.request, context, regra);
      if (acao && !tipoDeFormularioAceito(args.request)) throw texto(MENSAGENS_FORMULARIO.tipo, 415);
      return await funcao({ ...args, context } as never);
    } catch (erro) {
      throw respostaDeErroDaRota(erro);
    }
  }) as F;
}

/**
 * The build with every route's loader and action behind its rule (`regras-de-rota.ts`). Remix calls a
 * route's own functions only when that route matched, however the path was spelled and with or without
 * `?_data`, so the check cannot be spelled around. Route ids without a rule are listed for the caller to
 * report; their loaders and actions answer 403.
 */
export function protegerRotas(build: ServerBuild): { build: ServerBuild; semRegra: string[] } {
  const semRegra: string[] = [];
  const routes: ServerBuild['routes'] = {};
  for (const [id, rota] of Object.entries(build.routes)) {
    if (!regraDaRota(id)) semRegra.push(id);
    const modulo = { ...rota.module };
    if (modulo.loader) modulo.loader = proteger(id, modulo.loader, false);
    if (modulo.action) modulo.action = proteger(id, modulo.action, true);
    routes[id] = { ...rota, module: modulo };
  }
  return { build: { ...build, routes }, semRegra };
}
