import { describe, expect, it, vi } from 'vitest';
import { ErroHttp } from './errors';

describe('ErroHttp', () => {
  it('is recognised across copies of the module (source and the Remix bundle), and subclasses keep their own check', async () => {
    // A second copy of the class, as the bundle has: same code, another module instance.
    vi.resetModules();
    const outra = await import("./errors");
    expect(outra.ErroHttp).not.toBe(ErroHttp);
    expect(new outra.ErroHttp(400, 'x')).toBeInstanceOf(ErroHttp);
    expect(new ErroHttp(400, 'x')).toBeInstanceOf(outra.ErroHttp);
    expect(new Error('x')).not.toBeInstanceOf(ErroHttp);
    class Filha extends ErroHttp {}
    expect(new Filha(413, 'x')).toBeInstanceOf(ErroHttp);
    expect(new ErroHttp(413, 'x')).not.toBeInstanceOf(Filha);
  });
});
