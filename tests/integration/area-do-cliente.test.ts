import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clienteDocumento, lance, lote } from '@db/schema';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { linhas } from '~/utils/linhas.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/** The client area a logged-in client can find from every page: the header menu, Meus lances, Minha página. */
const t = instanciaDeTeste();
const H1 = 'h1.localhost';
const H2 = 'h2.localhost';

const texto = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const form = (campos: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();

describe('header menu of a logged-in client', () => {
  it('offers Meus lances, Favoritos, Minhas compras, Meus documentos, Meu perfil and Sair on every public page, desktop and phone menus', async () => {
    const c = await criarCliente(t.banco.db, { nome: 'Rita Moraes' });
    const lista = await t.app.pedir(H1, '/leilao', { headers: { cookie: c.cookie } });
    const umLote = hrefs(lista.texto).find((h) => /^\/leilao\/.+\/ano\.\d+\/\d+$/.test(h))!;
    for (const caminho of ['/', '/leilao', umLote, '/agenda', '/patios', '/como-funciona', '/cliente/favoritos']) {
      const r = await t.app.pedir(H1, caminho, { headers: { cookie: c.cookie } });
      expect(r.status, caminho).toBe(200);
      const menu = /data-testid="menu-conta"[\s\S]*?<\/details>/.exec(r.texto)?.[0] ?? '';
      expect(hrefs(menu), caminho).toEqual(
        expect.arrayContaining([
          '/cliente/meus-lances',
          '/cliente/favoritos',
          '/cliente/compras',
          '/cliente/minha-pagina',
          '/cliente/meu-perfil',
        ]),
      );
      expect(menu, caminho).toContain('data-testid="botao-sair"');
      expect(texto(menu)).toContain('Rita');
      // The phone menu carries the same links.
      const movel = /data-testid="menu-movel"[\s\S]*?<\/details>/.exec(r.texto)?.[0] ?? '';
      expect(hrefs(movel), caminho).toEqual(
        expect.arrayContaining(['/cliente/meus-lances', '/cliente/compras', '/cliente/minha-pagina', '/cliente/meu-perfil']),
      );
      expect(movel).toContain('data-testid="botao-sair-movel"');
    }
  });

  it('speaks the brand: "Minhas ofertas" on a loja', async () => {
    const c = await criarCliente(t.banco.db, { hotsiteId: 2 });
    const r = await t.app.pedir(H2, '/', { headers: { cookie: c.cookie } });
    const menu = /data-testid="menu-conta"[\s\S]*?<\/details>/.exec(r.texto)?.[0] ?? '';
    expect(texto(menu)).toContain('Minhas ofertas');
    expect(texto(menu)).not.toContain('Meus lances');
  });

  it('shows "Entrar" and no account menu to a visitor', async () => {
    const r = await t.app.pedir(H1, '/');
    expect(r.texto).toContain('data-testid="botao-entrar"');
    expect(r.texto).not.toContain('data-testid="menu-conta"');
    expect(hrefs(r.texto)).not.toContain('/cliente/meus-lances');
  });
});

describe('Meus lances', () => {
  it('is paged, 20 a page, keeping the tab and auction in the page links', async () => {
    const db = t.banco.db;
    const c = await criarCliente(db, { nome: 'Paulo Lima' });
    const leiloes: number[] = [];
    for (let i = 0; i < 23; i++) {
      const { loteId, leilaoId } = await criarLoteEmDisputa(db, { minimo: (1_000 + i) * 100 });
      leiloes.push(leilaoId);
      await db.insert(lance).values({
        hotsiteId: 1,
        loteId,
        leilaoId,
        usuarioId: c.id,
        valor: (1_000 + i) * 100,
        tipo: 'Manual',
        ordem: 1,
        apelido: 'Paulo L.',
      });
      await db
        .update(lote)
        .set({ ultimoLanceValor: (1_000 + i) * 100, ultimoLanceUsuarioId: c.id })
        .where(eq(lote.id, loteId));
    }
    const itens = (html: string) => (/data-testid="meus-lances"[\s\S]*?<\/ul>/.exec(html)?.[0].match(/<li /g) ?? []).length;
    const p1 = await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } });
    expect(p1.status).toBe(200);
    expect(itens(p1.texto)).toBe(20);
    expect(texto(p1.texto)).toMatch(/Todos \( ?23 ?\)/);
    expect(texto(p1.texto)).toMatch(/Vencendo \( ?23 ?\)/);
    expect(texto(p1.texto)).toContain('Página 1 de 2');
    expect(hrefs(p1.texto).some((h) => h.endsWith('/cliente/meus-lances?aba=todos&pagina=2'))).toBe(true);
    const p2 = await t.app.pedir(H1, '/cliente/meus-lances?aba=vencendo&pagina=2', { headers: { cookie: c.cookie } });
    expect(itens(p2.texto)).toBe(3);
    expect(texto(p2.texto)).toContain('Página 2 de 2');
    expect(hrefs(p2.texto).some((h) => h.endsWith('/cliente/meus-lances?aba=vencendo'))).toBe(true);
    // A page past the end shows the last one; nothing on the other tabs.
    expect(itens((await t.app.pedir(H1, '/cliente/meus-lances?pagina=99', { headers: { cookie: c.cookie } })).texto)).toBe(3);
    const superado = await t.app.pedir(H1, '/cliente/meus-lances?aba=superado', { headers: { cookie: c.cookie } });
    expect(itens(superado.texto)).toBe(0);
    expect(superado.texto).not.toContain('data-testid="paginacao"');
    // Per auction: only that auction's lot.
    const umLeilao = await t.app.pedir(H1, `/cliente/meus-lances?aba=todos&leilao=${leiloes[5]}`, { headers: { cookie: c.cookie } });
    expect(itens(umLeilao.texto)).toBe(1);
    expect(texto(umLeilao.texto)).toContain('R$ 1.005,00');
  });

  it('lets the client see, change and cancel an automatic maximum', async () => {
    const db = t.banco.db;
    const { loteId, leilaoId } = await criarLoteEmDisputa(db, { minimo: 10_000_00, incremento: 500_00 });
    const c = await criarCliente(db, { leilaoId });
    const postar = (campos: Record<string, string | number>) =>
      t.app.pedir(H1, '/lances/acao', {
        method: 'POST',
        corpo: form({ loteId, redirectTo: '/cliente/meus-lances', ...campos }),
        headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await postar({ intencao: 'automatico', valorMaximo: '15.000' })).status).toBe(302);
    let pagina = texto((await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } })).texto);
    expect(pagina).toContain('Lance automático até R$ 15.000,00');
    const r = await postar({ intencao: 'automatico', valorMaximo: '18.500' });
    expect(decodeURIComponent(r.headers.location!)).toContain('/cliente/meus-lances');
    pagina = texto((await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } })).texto);
    expect(pagina).toContain('Lance automático até R$ 18.500,00');
    await postar({ intencao: 'cancelar-automatico' });
    pagina = texto((await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } })).texto);
    expect(pagina).not.toContain('Lance automático até');
    // Once the lot's end has passed there is nothing left to change.
    await postar({ intencao: 'automatico', valorMaximo: '20.000' });
    expect((await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } })).texto).toContain('name="valorMaximo"');
    await db
      .update(lote)
      .set({ dataFim: new Date(Date.now() - 1_000) })
      .where(eq(lote.id, loteId));
    expect((await t.app.pedir(H1, '/cliente/meus-lances', { headers: { cookie: c.cookie } })).texto).not.toContain('name="valorMaximo"');
  });
});

describe('Minha página', () => {
  it('says no document was sent instead of "Cadastrado" when none was, and the documents state once one is', async () => {
    const db = t.banco.db;
    const [c] = linhas<{ usuario_id: number; id: number }>(
      await db.execute(sql`SELECT c.usuario_id, c.id FROM cliente c WHERE c.hotsite_id = 1
         AND NOT EXISTS (SELECT 1 FROM cliente_documento d WHERE d.cliente_id = c.id) ORDER BY c.id LIMIT 1`),
    );
    const { token, expiraEm } = await criarSessao({ db, usuarioId: c.usuario_id, hotsiteId: 1 });
    const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
    const antes = await t.app.pedir(H1, '/cliente/minha-pagina', { headers: { cookie } });
    expect(antes.status).toBe(200);
    expect(texto(/data-testid="situacao-documentos"[^>]*>[^<]*/.exec(antes.texto)?.[0] ?? '')).toContain('Nenhum documento enviado');
    expect(texto(antes.texto)).not.toContain('Documentos: Cadastrado');
    await db.insert(clienteDocumento).values({
      hotsiteId: 1,
      clienteId: c.id,
      tipo: 'documento-identidade',
      nomeOriginal: 'rg.pdf',
      contentType: 'application/pdf',
      tamanho: 4,
      sha256: '0'.repeat(64),
      conteudo: Buffer.from('%PDF'),
    });
    const depois = await t.app.pedir(H1, '/cliente/minha-pagina', { headers: { cookie } });
    expect(texto(/data-testid="situacao-documentos"[^>]*>[^<]*/.exec(depois.texto)?.[0] ?? '')).toContain('Aguardando Validação');
  });
});
