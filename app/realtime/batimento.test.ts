import { afterEach, describe, expect, it, vi } from 'vitest';
import { criarBatimento } from './batimento';

describe('websocket heartbeat in slices', () => {
  afterEach(() => vi.useRealTimers());

  it('visits every socket once per interval, a slice of them at a time, and no removed one', () => {
    vi.useFakeTimers();
    const visitas = new Map<number, number>();
    const b = criarBatimento<number>(1_600, (m) => visitas.set(m, (visitas.get(m) ?? 0) + 1), 16);
    for (let m = 0; m < 1_600; m++) b.adicionar(m);

    // One tick: one slice (a hundred sockets), not all 1,600 at once.
    vi.advanceTimersByTime(100);
    expect(visitas.size).toBe(100);
    // A whole interval: each socket exactly once.
    vi.advanceTimersByTime(1_500);
    expect(visitas.size).toBe(1_600);
    expect([...visitas.values()].every((n) => n === 1)).toBe(true);

    // A socket that left is never visited again; the others keep their once-per-interval pace.
    b.remover(7);
    vi.advanceTimersByTime(1_600);
    expect(visitas.get(7)).toBe(1);
    expect(visitas.get(8)).toBe(2);
    b.parar();
    vi.advanceTimersByTime(3_200);
    expect(visitas.get(8)).toBe(2);
  });

  it('a visit may remove its own socket (a terminated one) without skipping the others', () => {
    vi.useFakeTimers();
    const vistos: number[] = [];
    const b = criarBatimento<number>(
      100,
      (m) => {
        vistos.push(m);
        b.remover(m);
      },
      1,
    );
    for (let m = 0; m < 5; m++) b.adicionar(m);
    vi.advanceTimersByTime(100);
    expect(vistos).toEqual([0, 1, 2, 3, 4]);
    vi.advanceTimersByTime(100);
    expect(vistos).toHaveLength(5);
    b.parar();
  });
});
