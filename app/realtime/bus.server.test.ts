import { describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from './bus.server';

describe('the bus', () => {
  it('delivers to every handler when one throws, and logs the one that threw with its channel', async () => {
    const registro = { warn: vi.fn(), error: vi.fn() };
    const bus = createMemoryBus({ registro });
    const recebidas: unknown[] = [];
    await bus.subscribe('lote:1', () => {
      throw new Error('handler quebrado');
    });
    await bus.subscribe('lote:1', (m) => recebidas.push(m));
    await bus.publish('lote:1', { seq: 7 });
    expect(recebidas).toEqual([{ seq: 7 }]);
    expect(registro.error).toHaveBeenCalledTimes(1);
    expect(registro.error.mock.calls[0][0]).toMatchObject({
      canal: 'lote:1',
      err: expect.objectContaining({ message: 'handler quebrado' }),
    });
  });
});
