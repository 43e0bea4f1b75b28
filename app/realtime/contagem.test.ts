import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from './bus.server';
import { criarContador } from './contagem.server';

describe('connected counts across instances', () => {
  afterEach(() => vi.useRealTimers());

  it('sums every instance’s snapshot, coalesces changes into one message per window, and forgets a silent instance', async () => {
    // The bus delivers on setImmediate (after the publisher's own work): that one stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const bus = createMemoryBus();
    const publicar = vi.spyOn(bus, 'publish');
    const locaisA = new Map<string, number>();
    const locaisB = new Map<string, number>();
    const mudancas: [string, number][] = [];
    const a = criarContador({ bus, locais: () => locaisA, aoMudar: (k, n) => mudancas.push([k, n]), intervaloMs: 100, renovarMs: 1_000 });
    const b = criarContador({ bus, locais: () => locaisB, intervaloMs: 100, renovarMs: 1_000 });
    await vi.advanceTimersByTimeAsync(0);

    // A thousand joins on B: one snapshot.
    for (let i = 1; i <= 1_000; i++) {
      locaisB.set('sala:1:leilao:X', i);
      b.mudou();
    }
    locaisA.set('sala:1:leilao:X', 2);
    a.mudou();
    await vi.advanceTimersByTimeAsync(100);
    expect(publicar.mock.calls.filter(([, m]) => (m as { instancia: string }).instancia === b.instancia)).toHaveLength(1);
    expect(a.total('sala:1:leilao:X')).toBe(1_002);
    expect(b.total('sala:1:leilao:X')).toBe(1_002);
    expect(mudancas.at(-1)).toEqual(['sala:1:leilao:X', 1_002]);

    // B closes: its count leaves at once.
    await b.close();
    expect(a.total('sala:1:leilao:X')).toBe(2);
    expect(mudancas.at(-1)).toEqual(['sala:1:leilao:X', 2]);

    // An instance that dies silently is dropped after the expiry (3 heartbeats), reported on the next heartbeat.
    await bus.publish('contagens', { instancia: 'morta', salas: { 'sala:1:leilao:X': 5 } });
    expect(a.total('sala:1:leilao:X')).toBe(7);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(a.total('sala:1:leilao:X')).toBe(2);
    expect(mudancas.at(-1)).toEqual(['sala:1:leilao:X', 2]);
    // Garbage on the channel is ignored.
    await bus.publish('contagens', { instancia: 'x', salas: { 'sala:1:leilao:X': -4, y: 'z' } });
    await bus.publish('contagens', 'lixo');
    expect(a.total('sala:1:leilao:X')).toBe(2);
    await a.close();
  });
});
