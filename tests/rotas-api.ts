import type { Router } from 'express';

/**
 * Every method+path of an Express router (the JSON API's), found by walking its stack, so a test
 * covers a new endpoint the day it is added. Sub-routers mounted without a path are walked too
 * (router.use(sub)); `router.all` counts as GET, POST, PUT and DELETE.
 */
export interface RotaDaApi {
  metodo: string;
  caminho: string;
}

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
