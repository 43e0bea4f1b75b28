import type { Router } from 'express';
import { rotasDaApi } from '~/api/router.server';

/** One route of the JSON API, as the tests name it (GET, POST...; the Express path). */
export interface RotaDaApi {
  metodo: string;
  caminho: string;
}

/**
 * Every route of the JSON API, from the one list the router serves and the OpenAPI document
 * describes (`rotasDaApi`), so a test covers a new endpoint the day it is declared.
 */
export const rotasDaApiDeTeste = (): RotaDaApi[] => rotasDaApi().map((r) => ({ metodo: r.metodo.toUpperCase(), caminho: r.caminho }));

/**
 * Every method+path the Express router really serves, found by walking its stack (sub-routers mounted
 * without a path too; `router.all` counts as GET, POST, PUT and DELETE): to check that the router
 * serves the declared list and nothing beside it.
 */
export function rotasDoRouter(router: Router): RotaDaApi[] {
  const saida: RotaDaApi[] = [];
  type Camada = {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Camada[] };
    regexp?: { fast_slash?: boolean };
  };
  const andar = (pilha: Camada[]) => {
    for (const camada of pilha) {
      if (camada.route) {
        const metodos = Object.keys(camada.route.methods).filter((m) => camada.route!.methods[m]);
        for (const m of metodos.includes('_all') ? ['get', 'post', 'put', 'delete'] : metodos)
          saida.push({ metodo: m.toUpperCase(), caminho: camada.route.path });
      } else if (camada.handle?.stack) {
        // Only routers mounted at the root are walked; a mounted prefix would need its path here.
        if (!camada.regexp?.fast_slash) throw new Error('sub-router montado com prefixo: ensine o teste a ler o prefixo');
        andar(camada.handle.stack);
      }
    }
  };
  andar((router as unknown as { stack: Camada[] }).stack);
  return saida;
}
