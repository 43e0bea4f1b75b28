import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { criarCliente } from '../lances';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

const titulo = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const cards = (html: string) => [...html.matchAll(/data-lote-id="(\d+)"/g)].map((m) => Number(m[1]));
const total = (html: string) =>
  Number(/data-testid="total-resultados"[^>]*>(?:<!-- -->)?([\d.]+)/.exec(html)?.[1]?.replace('.', '') ?? NaN);
const links = (html: string, prefixo: string) =>
  [...html.matchAll(new RegExp(`href="(/${prefixo}/[^"]+/ano\\.\\d+/\\d+)"`, 'g'))].map((m) => m[1]);

describe('lot list', () => {
  it('is titled Comprar with the default title Oportunidades, 30 cards and the total', async () => {
    const r = await t.app.pedir('h1.localhost', '/leilao');
    expect(r.status).toBe(200);
    expect(titulo(r.texto)).toBe('Comprar: Oportunidades | Brasil Leilões');
    expect(r.texto).toContain('<h1');
    expect(cards(r.texto)).toHaveLength(30);
    const api = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic');
    expect(total(r.texto)).toBe(Number(api.headers.count));
    // Same first page as the API (default order dataFim ascending).
    expect(cards(r.texto)).toEqual(api.json<{ id: number }[]>().map((l) => l.id));
  });

  it('filters from the URL: a brand narrows the count and the cards; facet links go back to page 1', async () => {
    const tudo = (await t.app.pedir('h1.localhost', '/leilao?pagina=2')).texto;
    const link = /href="(\/leilao\?marca=[^"&]+)"/.exec(tudo)?.[1];
    expect(link).toBeDefined();
    expect(link).not.toContain('pagina=');
    const filtrado = (await t.app.pedir('h1.localhost', link!.replace(/&amp;/g, '&'))).texto;
    expect(total(filtrado)).toBeLessThan(total(tudo));
    expect(cards(filtrado).length).toBeGreaterThan(0);
    const marca = decodeURIComponent(/marca=([^"&]+)/.exec(link!)![1].replace(/\+/g, ' '));
    const api = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', {
      corpo: { requisicoesBusca: [{ campo: 'marca', valores: [marca] }] },
    });
    expect(total(filtrado)).toBe(Number(api.headers.count));
  });

  it('a category segment, ranges and order work; bad values are a 400, unknown paths a 404', async () => {
    const motos = await t.app.pedir('h1.localhost', '/leilao/moto?ordem=valor-desc');
    expect(motos.status).toBe(200);
    expect(titulo(motos.texto)).toBe('Comprar: Moto | Brasil Leilões');
    const ruim = await t.app.pedir('h1.localhost', '/leilao?ano_min=abc');
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Ano de: informe um ano, por exemplo 2020');
    expect((await t.app.pedir('h1.localhost', '/leilao/naves')).status).toBe(404);
    const alem = await t.app.pedir('h1.localhost', '/leilao?pagina=999');
    expect(alem.status).toBe(302);
  });

  it('facets render their top values; "Ver todos" (a plain link) renders every value of one facet', async () => {
    const lista = (await t.app.pedir('h1.localhost', '/leilao')).texto;
    const faceta = (html: string, campo: string) => new RegExp(`data-testid="faceta-${campo}"[\\s\\S]*?</details>`).exec(html)?.[0] ?? '';
    const valores = (html: string, campo: string) => [...faceta(html, campo).matchAll(new RegExp(`href="[^"]*[?&]${campo}=`, 'g'))].length;
    const [, verTodos, campo] = /href="([^"]*ver=(\w+))"/.exec(lista) ?? [];
    expect(campo).toBeDefined();
    expect(valores(lista, campo)).toBe(10);
    expect(faceta(lista, campo)).toMatch(/Ver todos \(\d+\)/);
    const todas = (await t.app.pedir('h1.localhost', verTodos.replace(/&amp;/g, '&'))).texto;
    expect(valores(todas, campo)).toBeGreaterThan(10);
    expect(faceta(todas, campo)).toContain('Ver menos');
    expect(cards(todas)).toEqual(cards(lista));
  });

  it('the loja brand lists at /anuncio with shop wording; /leilao redirects there', async () => {
    const r = await t.app.pedir('h2.localhost', '/leilao?marca=Fiat');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/anuncio?marca=Fiat');
    const loja = (await t.app.pedir('h2.localhost', '/anuncio')).texto;
    expect(loja).toMatch(/anúncios encontrados/);
    expect(links(loja, 'anuncio').length).toBeGreaterThan(0);
    expect(links(loja, 'leilao')).toEqual([]);
  });
});

describe('favourites on the list cards (without JavaScript)', () => {
  it("a client toggles a card's heart with a form post and comes back to the same list; a visitor goes to the login", async () => {
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1 });
    const { cookie } = cliente;
    const coracoes = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/data-lote-id="(\d+)"[\s\S]*?data-testid="botao-favorito"/g)].map((m) => [
          m[1],
          /aria-pressed="(\w+)"/.exec(m[0])![1],
        ]),
      );
    const lista = (await t.app.pedir('h1.localhost', '/leilao/carros', { headers: { cookie } })).texto;
    const [id] = cards(lista);
    expect(coracoes(lista)[id]).toBe('false');
    const postar = (headers: Record<string, string> = {}) =>
      t.app.pedir('h1.localhost', '/lances/acao', {
        corpo: new URLSearchParams({ intencao: 'favorito', loteId: String(id), redirectTo: '/leilao/carros' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      });
    const r = await postar({ cookie });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/leilao/carros?mensagem=Adicionado+aos+favoritos');
    const depois = (await t.app.pedir('h1.localhost', r.headers.location!, { headers: { cookie } })).texto;
    expect(coracoes(depois)[id]).toBe('true');
    expect(Object.values(coracoes(depois)).filter((v) => v === 'true')).toHaveLength(1);
    const favoritos = (await t.app.pedir('h1.localhost', '/v1/cliente/favoritos', { headers: cliente.auth })).json<{ loteId: number }[]>();
    expect(favoritos.map((f) => f.loteId)).toEqual([id]);
    // Posting again removes it.
    await postar({ cookie });
    expect(coracoes((await t.app.pedir('h1.localhost', '/leilao/carros', { headers: { cookie } })).texto)[id]).toBe('false');

    const visitante = await postar();
    expect(visitante.status).toBe(302);
    expect(visitante.headers.location).toMatch(/^\/login\?redirectTo=%2Fleilao%2Fcarros/);
  });

  it("every card has its heart: the home page (auction highlights, shop listings) shows the client's favourites", async () => {
    const coracoes = (html: string) =>
      Object.fromEntries(
        [...html.matchAll(/data-lote-id="(\d+)"[\s\S]*?data-testid="botao-favorito"/g)].map((m) => [
          m[1],
          /aria-pressed="(\w+)"/.exec(m[0])![1],
        ]),
      );
    for (const [hotsiteId, host] of [
      [1, 'h1.localhost'],
      [2, 'h2.localhost'],
    ] as const) {
      const cliente = await criarCliente(t.banco.db, { hotsiteId });
      const { cookie } = cliente;
      const home = (await t.app.pedir(host, '/', { headers: { cookie } })).texto;
      const ids = cards(home);
      expect(ids.length).toBeGreaterThan(0);
      expect(Object.keys(coracoes(home)).length).toBeGreaterThan(0);
      const [id] = ids;
      const r = await t.app.pedir(host, '/lances/acao', {
        corpo: new URLSearchParams({ intencao: 'favorito', loteId: String(id), redirectTo: '/' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect(r.status).toBe(302);
      const depois = coracoes((await t.app.pedir(host, '/', { headers: { cookie } })).texto);
      expect(depois[String(id)]).toBe('true');
      // A visitor sees the same hearts, none of them pressed (theirs lead to the login).
      expect(Object.values(coracoes((await t.app.pedir(host, '/')).texto)).every((v) => v === 'false')).toBe(true);
    }
  });
});

describe('lot page', () => {
  it("renders the canonical URL, redirects a wrong slug (301) and hides other brands' lots", async () => {
    const [caminho] = links((await t.app.pedir('h1.localhost', '/leilao')).texto, 'leilao');
    const r = await t.app.pedir('h1.localhost', caminho);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('data-testid="bloco-valores"');
    expect(r.texto).toContain('Total a pagar');
    const id = caminho.split('/').at(-1);
    const errado = await t.app.pedir('h1.localhost', `/leilao/lugar-xx/tipo/marca/nome/ano.1999/${id}?uf=SP`);
    expect(errado.status).toBe(301);
    expect(errado.headers.location).toBe(`${caminho}?uf=SP`);
    // A lot path of another length, or under the other prefix, also ends at the canonical page.
    const curto = await t.app.pedir('h1.localhost', `/leilao/x/ano.1999/${id}`);
    expect(curto.status).toBe(301);
    expect(curto.headers.location).toBe(caminho);
    const prefixo = await t.app.pedir('h1.localhost', caminho.replace('/leilao/', '/anuncio/'));
    expect(prefixo.headers.location).toBe(caminho);
    expect((await t.app.pedir('h2.localhost', `/anuncio/a-sp/b/c/d/ano.2020/${id}`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', '/leilao/a-sp/b/c/d/e/f')).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', '/leilao/a-sp/b/c/d/ano.2020/99999999')).status).toBe(404);
  });

  it('counts each view of a lot page in its pageviews, written in one batch after the views, not by each view', async () => {
    const [caminho] = links((await t.app.pedir('h1.localhost', '/leilao')).texto, 'leilao');
    const id = Number(caminho.split('/').at(-1));
    const [{ uid }] = await t.banco.db
      .select({ uid: lote.uid })
      .from(lote)
      .where(and(eq(lote.hotsiteId, 1), eq(lote.id, id)));
    const vistas = async () =>
      (await t.app.pedir('h1.localhost', `/v1/leilao/lotes/pageviews/${uid}`)).json<{ quantidade: number }>().quantidade;
    await t.app.martelo.busca.visualizacoes.descarregar();
    const antes = await vistas();
    for (let i = 0; i < 3; i++) expect((await t.app.pedir('h1.localhost', caminho)).status).toBe(200);
    // Another brand's address for the same id counts nothing.
    expect((await t.app.pedir('h2.localhost', `/anuncio/a-sp/b/c/d/ano.2020/${id}`)).status).toBe(404);
    await t.app.martelo.busca.visualizacoes.descarregar();
    expect(await vistas()).toBe(antes + 3);
  });

  it('shows freight from both origins to the chosen state', async () => {
    const [caminho] = links((await t.app.pedir('h1.localhost', '/leilao')).texto, 'leilao');
    const r = (await t.app.pedir('h1.localhost', `${caminho}?uf=SP`)).texto;
    expect(r).toContain('Marituba/PA');
    expect(r).toContain('Goiânia/GO');
    expect(r).toMatch(/R\$\s1\.800,00/);
    expect(r).toMatch(/R\$\s1\.700,00/);
  });
});

describe('home, agenda, yards, content, SEO', () => {
  it('home per site mode', async () => {
    const leilao = (await t.app.pedir('h1.localhost', '/')).texto;
    expect(leilao).toContain('data-testid="inicio-leilao"');
    expect(leilao).toContain('data-testid="leilao-card"');
    expect(leilao).toContain('data-posicao-banner="home"');
    expect(leilao).toContain('data-posicao-banner="entre-leiloes"');
    expect((await t.app.pedir('h2.localhost', '/')).texto).toContain('data-testid="inicio-loja"');
    expect((await t.app.pedir('h20.localhost', '/')).texto).toContain('data-testid="minhas-propostas"');
  });

  it('agenda with a month filter; yards by state, city and name', async () => {
    expect((await t.app.pedir('h1.localhost', '/agenda')).texto).toContain('data-testid="leilao-card"');
    expect((await t.app.pedir('h1.localhost', '/agenda?mes=2026-13')).status).toBe(400);
    expect((await t.app.pedir('h1.localhost', '/agenda?mes=1990-01')).texto).toContain('data-testid="agenda-vazia"');
    const patios = (await t.app.pedir('h1.localhost', '/patios')).texto;
    const caminho = /href="(\/patios\/[^/"]+\/[a-z]{2}\/[^"]+)"/.exec(patios)![1];
    const [, , cidade, uf] = caminho.split('/');
    const patio = await t.app.pedir('h1.localhost', caminho);
    expect(patio.status).toBe(200);
    // The yard's own page (not the city's list of yards), with its lots and their hearts.
    expect(patio.texto).toMatch(/<h1[^>]*>Pátio [^<]+<\/h1>/);
    expect(patio.texto).toMatch(/\d+ lotes? no pátio/);
    expect(cards(patio.texto).length).toBeGreaterThan(0);
    expect(patio.texto).toContain('data-testid="botao-favorito"');
    expect((await t.app.pedir('h1.localhost', `/patios/${uf}`)).status).toBe(200);
    expect((await t.app.pedir('h1.localhost', `/patios/${cidade}/${uf}`)).status).toBe(200);
    expect((await t.app.pedir('h1.localhost', '/patios/zz')).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/patios/${cidade}/${uf}/nao-existe`)).status).toBe(404);
  });

  it('content pages with aliases; sitemap and robots per brand', async () => {
    expect((await t.app.pedir('h1.localhost', '/como-funciona')).status).toBe(200);
    const alias = await t.app.pedir('h1.localhost', '/sobre-nos');
    expect(alias.status).toBe(301);
    expect(alias.headers.location).toBe('/quem-somos');
    expect((await t.app.pedir('h1.localhost', '/tabela-de-frete')).texto).toContain('data-testid="tabela-frete"');
    const mapa = (await t.app.pedir('h1.localhost', '/sitemap.xml')).texto;
    expect(mapa).toContain('<urlset');
    expect(mapa).toMatch(/\/leilao\/[^<]+\/ano\.\d+\/\d+<\/loc>/);
    expect((await t.app.pedir('h2.localhost', '/sitemap.xml')).texto).not.toContain('/leilao/');
    expect((await t.app.pedir('h1.localhost', '/robots.txt')).texto).toMatch(/Sitemap: .+\/sitemap\.xml/);
    // Every page the sitemap lists answers (no 404 for a search engine), including the rules and the video.
    const conteudo = [...mapa.matchAll(/<loc>https?:\/\/[^/]+(\/[a-z-]+)<\/loc>/g)]
      .map((m) => m[1])
      .filter((c) => !['/leilao', '/agenda', '/patios'].includes(c));
    expect(conteudo).toEqual(expect.arrayContaining(['/regulamento', '/video', '/quem-somos', '/como-funciona']));
    for (const c of conteudo) expect([c, (await t.app.pedir('h1.localhost', c)).status]).toEqual([c, 200]);
    const regulamento = await t.app.pedir('h1.localhost', '/regulamento');
    expect(regulamento.texto).toContain('Venda condicional');
    expect((await t.app.pedir('h1.localhost', '/nossos-leiloes')).headers.location).toBe('/regulamento');
    expect((await t.app.pedir('h1.localhost', '/video')).texto).toContain('https://www.youtube-nocookie.com/embed/');
  });
});
