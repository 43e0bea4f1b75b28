import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotsite, mensagemSaida } from '@db/schema';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * Links that leave the site (password reset, sitemap) are built from the brand's configuration, never
 * from Host or X-Forwarded-Host: otherwise an attacker who asks a reset for a victim's e-mail gets the
 * victim's token sent to a host of the attacker's choosing. The test default trusts a proxy on loopback,
 * so this holds even for headers a trusted proxy would pass on.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let local: Instancia;
let dominio: Instancia;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  local = await iniciarInstancia({ database: banco, env: { LINKS_DAS_MARCAS: 'local' } });
  dominio = await iniciarInstancia({ database: banco, env: { LINKS_DAS_MARCAS: 'dominio' } });
});
afterAll(async () => {
  await local?.close();
  await dominio?.close();
  await banco?.descartar();
});

const MALICIOSO = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.66.0.1' };

async function pedirRedefinicao(app: Instancia, email: string) {
  const r = await app.pedir('h1.localhost', '/redefinir-senha', {
    method: 'POST',
    corpo: new URLSearchParams({ email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...MALICIOSO },
  });
  expect(r.status).toBe(200);
  const [m] = await banco.db
    .select()
    .from(mensagemSaida)
    .where(and(eq(mensagemSaida.para, email), like(mensagemSaida.texto, '%redefinir-senha%')))
    .orderBy(desc(mensagemSaida.id))
    .limit(1);
  return /(\S+)\/redefinir-senha\?token=/.exec(m.texto)?.[1];
}

describe('links from the brand', () => {
  it('local: a reset asked with X-Forwarded-Host: evil.example links to h1.localhost:<port>', async () => {
    expect(await pedirRedefinicao(local, 'cliente2@h1.martelo.test')).toBe(`http://h1.localhost:${local.port}`);
  });

  it("dominio: the link points at the brand's configured domain", async () => {
    const [h1] = await banco.db.select({ domain: hotsite.domain }).from(hotsite).where(eq(hotsite.id, 1));
    expect(h1.domain).toBeTruthy();
    expect(await pedirRedefinicao(dominio, 'cliente1@h1.martelo.test')).toBe(`https://${h1.domain}`);
  });

  it('sitemap and robots.txt ignore forwarded hosts', async () => {
    for (const caminho of ['/sitemap.xml', '/robots.txt']) {
      const r = await local.pedir('h1.localhost', caminho, { headers: MALICIOSO });
      expect(r.status).toBe(200);
      expect(r.texto).not.toContain('evil.example');
    }
  });
});
