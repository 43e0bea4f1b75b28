import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotsitePagina, hotsiteSessaoItem } from '@db/schema';
import { lerPastaDaMarca, PASTA_TENANTS } from '@tenants/brand-folder.server';
import { onboardHotsite } from '~/modules/hotsites/onboard.server';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
let pasta: string;

beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
  // A new brand folder made from the template, as an operator would.
  pasta = join(mkdtempSync(join(tmpdir(), 'marca-')), 'leiloes-do-sul');
  cpSync(join(PASTA_TENANTS, '_template'), pasta, { recursive: true });
  const dados = JSON.parse(readFileSync(join(pasta, 'hotsite.json'), 'utf8'));
  Object.assign(dados, {
    id: 4242,
    nome: 'Leilões do Sul',
    domain: 'www.leiloesdosul.com.br',
    subdomain: 'leiloes-do-sul',
    corPrimaria: '#7a1f5c',
  });
  writeFileSync(join(pasta, 'hotsite.json'), JSON.stringify(dados));
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

describe('onboarding a brand folder', () => {
  it('makes the brand live on its local host, domain and subdomain with no restart', async () => {
    // Asked before it exists: a 404 that the cache remembers until the change event.
    expect((await app.pedir('h4242.localhost', '/')).status).toBe(404);

    const { id, criado } = await onboardHotsite(banco.db, lerPastaDaMarca(pasta));
    expect({ id, criado }).toEqual({ id: 4242, criado: true });
    await app.martelo.hotsites.hotsiteAlterado(id);

    for (const host of ['h4242.localhost', 'www.leiloesdosul.com.br', 'leiloesdosul.com.br', 'leiloes-do-sul.martelo.app.br']) {
      const r = await app.pedir(host, '/');
      expect(r.status, host).toBe(200);
      expect(r.texto).toContain('<title>Leilões do Sul</title>');
    }
    const html = (await app.pedir('h4242.localhost', '/')).texto;
    expect(html).toContain('#7a1f5c');
    // Template texts read with the brand's name.
    expect(html).toContain('Bem-vindo à Leilões do Sul');
  });

  it('starts the brand with a page for every content key and every public content page', async () => {
    const uris = (await banco.db.select({ uri: hotsitePagina.uri }).from(hotsitePagina).where(eq(hotsitePagina.hotsiteId, 4242))).map(
      (p) => p.uri,
    );
    expect(uris.sort()).toEqual(
      [
        'agenda',
        'cadastro',
        'como-funciona',
        'delivery',
        'diferenciais',
        'duvidas',
        'evento-exclusivo',
        'fale-conosco',
        'formas-de-pagamento',
        'login',
        'pagina-inicial',
        'patio-interno',
        'patios',
        'politica-de-privacidade',
        'quem-somos',
        'redefinir-senha',
        'regulamento',
        'tabela-de-frete',
        'termos-de-uso',
        'video',
      ].sort(),
    );
  });

  it('re-onboarding updates the brand but keeps pages the owner edited', async () => {
    const [pagina] = await banco.db
      .select()
      .from(hotsitePagina)
      .where(and(eq(hotsitePagina.hotsiteId, 4242), eq(hotsitePagina.uri, 'pagina-inicial')));
    await banco.db.update(hotsiteSessaoItem).set({ titulo: 'Editado pelo dono da marca' }).where(eq(hotsiteSessaoItem.hotsiteId, 4242));
    const dados = JSON.parse(readFileSync(join(pasta, 'hotsite.json'), 'utf8'));
    writeFileSync(join(pasta, 'hotsite.json'), JSON.stringify({ ...dados, nome: 'Leilões do Sul S.A.' }));

    expect(await onboardHotsite(banco.db, lerPastaDaMarca(pasta))).toEqual({ id: 4242, criado: false });
    await app.martelo.hotsites.hotsiteAlterado(4242);
    const html = (await app.pedir('h4242.localhost', '/')).texto;
    // The brand's new name ends every title; the kept home page keeps its own title before it.
    expect(html).toMatch(/<title>[^<]*Leilões do Sul S\.A\.<\/title>/);
    expect(html).toMatch(/© 2\d{3} (<!-- -->)?Leilões do Sul S\.A\./);
    expect(html).toContain('Editado pelo dono da marca');
    const [mesmaPagina] = await banco.db.select().from(hotsitePagina).where(eq(hotsitePagina.id, pagina.id));
    expect(mesmaPagina).toBeDefined();
  });

  it('refuses a folder with unsafe values, naming the field', () => {
    const dados = JSON.parse(readFileSync(join(pasta, 'hotsite.json'), 'utf8'));
    writeFileSync(join(pasta, 'hotsite.json'), JSON.stringify({ ...dados, corPrimaria: 'red;}</style>' }));
    expect(() => lerPastaDaMarca(pasta)).toThrow(/corPrimaria: Cor inválida/);
  });
});
