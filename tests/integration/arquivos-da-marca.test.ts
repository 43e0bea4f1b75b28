import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsiteArquivo } from '@db/schema';
import { instanciaDeTeste } from '../server';

/** GET /marca/arquivo/<sha256>.<ext>: a brand's files by content hash, immutable and sandboxed. */
describe('brand files', () => {
  const t = instanciaDeTeste();

  const umArquivo = async (hotsiteId: number) => {
    const [a] = await t.banco.db
      .select({ sha256: hotsiteArquivo.sha256, contentType: hotsiteArquivo.contentType, tamanho: hotsiteArquivo.tamanho })
      .from(hotsiteArquivo)
      .where(eq(hotsiteArquivo.hotsiteId, hotsiteId))
      .limit(1);
    return a;
  };

  it("answers the brand's own file, cached for a year and never run as a document", async () => {
    const arquivo = await umArquivo(1);
    const r = await t.app.pedir('h1.localhost', `/marca/arquivo/${arquivo.sha256}.svg`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain(arquivo.contentType);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-security-policy']).toContain('sandbox');
    expect(r.headers.etag).toBe(`"${arquivo.sha256}"`);
  });

  it("another brand's file only when named with ?marca=<its id>; a bad name or id is a 404", async () => {
    const [deOutra] = await t.banco.db
      .select({ sha256: hotsiteArquivo.sha256, hotsiteId: hotsiteArquivo.hotsiteId })
      .from(hotsiteArquivo)
      .where(ne(hotsiteArquivo.hotsiteId, 1))
      .limit(1);
    const caminho = `/marca/arquivo/${deOutra.sha256}.png`;
    expect((await t.app.pedir('h1.localhost', caminho)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `${caminho}?marca=${deOutra.hotsiteId}`)).status).toBe(200);
    for (const ruim of [`${caminho}?marca=0`, `${caminho}?marca=99999999999`, `${caminho}?marca=abc`, '/marca/arquivo/abc.png'])
      expect((await t.app.pedir('h1.localhost', ruim)).status, ruim).toBe(404);
  });
});
