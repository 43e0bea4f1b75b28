import { afterEach, describe, expect, it, vi } from 'vitest';
import { criarAdmissao } from './admissao.server';

/** Who got in, in order, and who was refused and why. */
function registro() {
  const entrou: string[] = [];
  const recusado: string[] = [];
  const saidas = new Map<string, () => void>();
  const pedir = (adm: ReturnType<typeof criarAdmissao>, marca: string, id: string) =>
    adm.pedir(
      marca,
      (sair) => {
        entrou.push(id);
        saidas.set(id, sair);
      },
      (motivo) => recusado.push(`${id}:${motivo}`),
    );
  return { entrou, recusado, pedir, sair: (id: string) => saidas.get(id)!() };
}

describe('admission control', () => {
  afterEach(() => vi.useRealTimers());

  it('lets requests in up to the limit, queues the next ones and refuses at once past the queue', () => {
    const adm = criarAdmissao({ simultaneos: 2, filaPorMarca: 2, esperaMaxMs: 1_000 });
    const r = registro();
    for (const id of ['a', 'b', 'c', 'd', 'e']) r.pedir(adm, 'h1', id);
    expect(r.entrou).toEqual(['a', 'b']);
    expect(r.recusado).toEqual(['e:cheia']);
    expect(adm.estado()).toEqual({ emCurso: 2, esperando: 2, recusados: 1 });
    r.sair('a');
    // Leaving twice (finish, then close) hands over one turn only.
    r.sair('a');
    expect(r.entrou).toEqual(['a', 'b', 'c']);
    expect(adm.estado()).toMatchObject({ emCurso: 2, esperando: 1 });
  });

  it("one brand's flood does not starve another: queued brands take turns", () => {
    const adm = criarAdmissao({ simultaneos: 1, filaPorMarca: 10, esperaMaxMs: 1_000 });
    const r = registro();
    r.pedir(adm, 'h1', 'a0');
    for (let i = 1; i <= 4; i++) r.pedir(adm, 'h1', `a${i}`);
    r.pedir(adm, 'h2', 'b1');
    r.pedir(adm, 'h2', 'b2');
    for (const id of ['a0', 'a1', 'b1', 'a2', 'b2']) r.sair(id);
    expect(r.entrou).toEqual(['a0', 'a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('a request that waits past the limit is refused, and leaves the queue', () => {
    vi.useFakeTimers();
    const adm = criarAdmissao({ simultaneos: 1, filaPorMarca: 5, esperaMaxMs: 500 });
    const r = registro();
    r.pedir(adm, 'h1', 'a');
    r.pedir(adm, 'h1', 'b');
    vi.advanceTimersByTime(499);
    expect(r.recusado).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(r.recusado).toEqual(['b:espera']);
    r.sair('a');
    expect(r.entrou).toEqual(['a']);
    expect(adm.estado()).toEqual({ emCurso: 0, esperando: 0, recusados: 1 });
  });
});
