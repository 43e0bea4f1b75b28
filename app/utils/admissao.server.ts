/**
 * Admission control (decision 114): an instance works on at most `simultaneos` requests at a time; the
 * ones that arrive beyond that wait in a queue per brand (host), served in turn across brands so one
 * brand's flood does not starve the others. A request that finds its brand's queue full, or waits past
 * `esperaMaxMs`, is answered at once with 503 and Retry-After: the client (or the load balancer) tries
 * again, instead of every request growing slower until all of them time out together and the health
 * probe, stuck behind them, makes a healthy instance look dead.
 */
export interface OpcoesDeAdmissao {
  /** Requests worked on at once (the pool has 20 connections; a page makes several queries). */
  simultaneos?: number;
  /** Requests waiting per brand before the next one is refused. */
  filaPorMarca?: number;
  /** How long a request may wait for its turn before it is refused. */
  esperaMaxMs?: number;
}

export interface Admissao {
  /**
   * Asks for a turn for a request of brand `marca`. `entrar` runs when the turn comes (at once when there
   * is room); `recusar` when the brand's queue is full or the wait ran out. The caller must call the
   * function `entrar` receives exactly once, when the request ends, to hand the turn to the next one.
   */
  pedir(marca: string, entrar: (sair: () => void) => void, recusar: (motivo: 'cheia' | 'espera') => void): void;
  /** Requests being worked on and waiting, for the health probe and the benchmarks. */
  estado(): { emCurso: number; esperando: number; recusados: number };
}

interface Espera {
  entrar: (sair: () => void) => void;
  recusar: (motivo: 'cheia' | 'espera') => void;
  timer: NodeJS.Timeout;
}

export function criarAdmissao({ simultaneos = 64, filaPorMarca = 256, esperaMaxMs = 5_000 }: OpcoesDeAdmissao = {}): Admissao {
  let emCurso = 0;
  let esperando = 0;
  let recusados = 0;
  /** Waiting requests per brand, in arrival order; Map iteration order gives the brands their turns. */
  const filas = new Map<string, Espera[]>();

  const liberar = () => {
    let saiu = false;
    return () => {
      if (saiu) return;
      saiu = true;
      emCurso--;
      proximo();
    };
  };

  function proximo() {
    while (emCurso < simultaneos && filas.size > 0) {
      // The brand that has waited longest for a turn goes first, then to the back of the line.
      const [marca, fila] = filas.entries().next().value as [string, Espera[]];
      const e = fila.shift()!;
      filas.delete(marca);
      if (fila.length > 0) filas.set(marca, fila);
      esperando--;
      clearTimeout(e.timer);
      emCurso++;
      e.entrar(liberar());
    }
  }

  return {
    pedir(marca, entrar, recusar) {
      if (emCurso < simultaneos && filas.size === 0) {
        emCurso++;
        entrar(liberar());
        return;
      }
      const fila = filas.get(marca) ?? [];
      if (fila.length >= filaPorMarca) {
        recusados++;
        recusar('cheia');
        return;
      }
      const e: Espera = {
        entrar,
        recusar,
        timer: setTimeout(() => {
          const f = filas.get(marca);
          const i = f?.indexOf(e) ?? -1;
          if (i < 0) return;
          f!.splice(i, 1);
          if (f!.length === 0) filas.delete(marca);
          esperando--;
          recusados++;
          recusar('espera');
        }, esperaMaxMs),
      };
      e.timer.unref();
      fila.push(e);
      if (!filas.has(marca)) filas.set(marca, fila);
      esperando++;
    },
    estado: () => ({ emCurso, esperando, recusados }),
  };
}
