import type { Response } from 'express';

/**
 * Request coalescing for the kept pages (the list's, decision 093, and the lot's, 244): when a page is
 * not kept, one request renders it and the others that ask for it meanwhile wait for that render, then
 * check the kept page as any request does. A burst of visitors after a change costs one render, not one
 * each.
 */
export interface RendersEmCurso {
  /**
   * `servir` (the kept page, if it still stands) or, when it did not answer, wait for a render of `chave`
   * in flight and `servir` again. Returns undefined when a kept page answered; otherwise the function that
   * lets the waiters go, to call once this render has handed over its page (or could not keep it). It is
   * called anyway when the answer ends or after the wait limit. Only the first request to miss claims the
   * render, before anything is awaited, so a whole burst that found the page expired does not render it
   * too; a request that finds another claim still renders, and its function does nothing.
   */
  servirOuReivindicar(chave: string, res: Response, servir: () => Promise<boolean>): Promise<(() => void) | undefined>;
}

/** `esperaMaxMs`: how long a request waits for another's render of the same page before rendering its own. */
export function criarRendersEmCurso(esperaMaxMs = 2_000): RendersEmCurso {
  /** Renders in flight per key, resolved when their page is handed over or their answer ends. */
  const emCurso = new Map<string, Promise<void>>();
  return {
    async servirOuReivindicar(chave, res, servir) {
      if (await servir()) return undefined;
      const outro = emCurso.get(chave);
      if (outro) {
        await outro;
        if (await servir()) return undefined;
      }
      if (emCurso.has(chave)) return () => {};
      let fim!: () => void;
      const renderizando = new Promise<void>((r) => (fim = r));
      const liberar = () => {
        clearTimeout(limite);
        if (emCurso.get(chave) === renderizando) emCurso.delete(chave);
        fim();
      };
      const limite = setTimeout(liberar, esperaMaxMs);
      limite.unref();
      emCurso.set(chave, renderizando);
      res.once('close', liberar);
      return liberar;
    },
  };
}
