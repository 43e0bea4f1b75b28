import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

/** What a visitor reads: the text between tags and the alt, title and aria-label texts, without scripts. */
function textoVisivel(html: string): string {
  const semScripts = html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<style[\s\S]*?<\/style>/g, ' ');
  const atributos = [...semScripts.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  return `${semScripts.replace(/<[^>]*>/g, ' ')} ${atributos.join(' ')}`.replace(/\s+/g, ' ');
}
const PALAVRAS_DE_LEILAO = /\b(leil[aã]o|leilões|leiloeiros?|lances?|arremat\w*|lotes?)\b/gi;
const palavrasDeLeilao = (html: string) => textoVisivel(html).match(PALAVRAS_DE_LEILAO) ?? [];

async function primeiroLote(host: string, lista: string) {
  const html = (await t.app.pedir(host, lista)).texto;
  const m = /data-lote-id="(\d+)"[\s\S]*?<h3[^>]*><a[^>]*href="([^"]+)"/.exec(html);
  if (!m) throw new Error(`nenhum lote em ${host}${lista}`);
  return { id: Number(m[1]), caminho: m[2] };
}

/** The one e-mail the notification queue sends to this address (the server drains the queue on its own). */
async function umEmailPara(para: string) {
  const emails = async () =>
    (
      (await t.banco.db.execute(sql`SELECT assunto, texto FROM mensagem_saida WHERE para = ${para}`)) as unknown as {
        rows: { assunto: string; texto: string }[];
      }
    ).rows;
  await expect.poll(async () => (await emails()).length, { timeout: 15_000 }).toBe(1);
  return (await emails())[0];
}

describe('shop brands speak shop', () => {
  it("card badges read words on a shop ('Disponível'), the spec's codes on an auction brand ('LL')", async () => {
    const selos = (html: string) => [...html.matchAll(/data-testid="selo-situacao"[^>]*>([^<]*)</g)].map((m) => m[1].trim());
    const loja = selos((await t.app.pedir('h2.localhost', '/anuncio')).texto);
    expect(loja.length).toBeGreaterThan(0);
    expect(loja).toContain('Disponível');
    expect(loja).not.toContain('LL');
    const leilao = selos((await t.app.pedir('h1.localhost', '/leilao')).texto);
    expect(leilao).toContain('LL');
  });

  it.each([2, 20])('brand %i: home, list, lot page and the template pages have no auction words', async (id) => {
    const host = `h${id}.localhost`;
    const lote = await primeiroLote(host, '/anuncio');
    for (const caminho of [
      '/',
      '/anuncio',
      lote.caminho,
      '/como-funciona',
      '/duvidas',
      '/regulamento',
      '/video',
      '/cadastro',
      '/quem-somos',
    ]) {
      const r = await t.app.pedir(host, caminho);
      expect(r.status, caminho).toBe(200);
      // The lot's checked history names a registry fact, "Veículo de leilão" (the vehicle went through some
      // auction, anywhere; source "Base de leilões"): a buyer's question about the car, not the brand's wording.
      // It stays as the registries say it, on every brand; the rest of the page speaks shop.
      const historico = /<section[^>]*data-testid="historico-verificado"[\s\S]*?<\/section>/.exec(r.texto)?.[0] ?? '';
      if (caminho === lote.caminho) expect(textoVisivel(historico)).toContain('Veículo de leilão');
      expect(palavrasDeLeilao(r.texto.replace(historico, '')), `${host}${caminho}`).toEqual([]);
    }
  });

  it('shows the situation in the brand wording: "Disponível" on a loja card, "Liberado Leilão" on a leilão card', async () => {
    const loja = textoVisivel((await t.app.pedir('h2.localhost', '/anuncio')).texto);
    expect(loja).toContain('· Disponível');
    expect(loja).not.toContain('Liberado Leilão');
    expect(textoVisivel((await t.app.pedir('h1.localhost', '/leilao')).texto)).toContain('· Liberado Leilão');
  });

  it('names the lot page auctioneer as the one responsible for the sale on a loja', async () => {
    const lote = await primeiroLote('h2.localhost', '/anuncio');
    expect(textoVisivel((await t.app.pedir('h2.localhost', lote.caminho)).texto)).toMatch(
      /Responsável pela venda: [^(]+\(JUCESP nº [\d.]+\)/,
    );
    const leilao = await primeiroLote('h1.localhost', '/leilao');
    expect(textoVisivel((await t.app.pedir('h1.localhost', leilao.caminho)).texto)).toMatch(/Leiloeiro: [^(]+\(JUCESP nº [\d.]+\)/);
  });
});

describe('counts in pt-BR', () => {
  it('reads "1 oferta" and "2 ofertas" on a loja lot page, "1 lance" on a leilão one', async () => {
    for (const [host, lista, um, dois] of [
      ['h2.localhost', '/anuncio', '1 oferta', '2 ofertas'],
      ['h1.localhost', '/leilao', '1 lance', '2 lances'],
    ] as const) {
      const lote = await primeiroLote(host, lista);
      await t.banco.db.execute(sql`UPDATE lote SET quantidade_lances = 1 WHERE id = ${lote.id}`);
      const texto1 = textoVisivel((await t.app.pedir(host, lote.caminho)).texto);
      expect(texto1).toContain(` ${um} `);
      expect(texto1).not.toMatch(/\b1 (ofertas|lances)\b/);
      await t.banco.db.execute(sql`UPDATE lote SET quantidade_lances = 2 WHERE id = ${lote.id}`);
      expect(textoVisivel((await t.app.pedir(host, lote.caminho)).texto)).toContain(` ${dois} `);
    }
  });
});

describe('labels, not keys', () => {
  it('shows the interests with their accents on the client profile (Ônibus, Caminhões, Imóveis)', async () => {
    const { rows } = (await t.banco.db.execute(sql`SELECT id FROM usuario WHERE email = 'cliente1@h1.martelo.test'`)) as unknown as {
      rows: { id: number }[];
    };
    const { token, expiraEm } = await criarSessao({ db: t.banco.db, usuarioId: rows[0].id, hotsiteId: 1 });
    const cookie = (await cookieDeLogin(token, expiraEm, false)).split(';')[0];
    const r = await t.app.pedir('h1.localhost', '/cliente/meu-perfil', { headers: { cookie } });
    expect(r.status).toBe(200);
    const texto = textoVisivel(r.texto);
    for (const rotulo of ['Ônibus', 'Caminhões', 'Imóveis']) expect(texto).toContain(rotulo);
    expect(texto).not.toMatch(/\b(Onibus|Caminhoes|Imoveis)\b/);
  });
});

describe('privacy policy and terms of use', () => {
  it.each([
    [1, 'Brasil Leilões'],
    [2, 'Repasse Auto'],
  ])('brand %i answers both pages in its name, linked from the footer and from the sign-up consent', async (id, nome) => {
    const host = `h${id}.localhost`;
    const privacidade = await t.app.pedir(host, '/politica-de-privacidade');
    expect(privacidade.status).toBe(200);
    const texto = textoVisivel(privacidade.texto);
    expect(texto).toContain('Política de privacidade');
    expect(texto).toContain(`A ${nome} é a controladora dos dados pessoais`);
    expect(texto).toContain('Lei nº 13.709/2018');
    const termos = await t.app.pedir(host, '/termos-de-uso');
    expect(termos.status).toBe(200);
    expect(textoVisivel(termos.texto)).toContain(`Ao criar uma conta ou usar o site da ${nome}`);

    const inicio = (await t.app.pedir(host, '/')).texto;
    expect(inicio).toContain('href="/politica-de-privacidade"');
    expect(inicio).toContain('href="/termos-de-uso"');
    const cadastro = (await t.app.pedir(host, '/cadastro')).texto;
    const consentimento = /<label for="campo-aceiteTermos">([\s\S]*?)<\/label>/.exec(cadastro)?.[1] ?? '';
    expect(textoVisivel(consentimento).trim()).toBe('Li e aceito os termos de uso , o regulamento e a política de privacidade');
    expect(consentimento).toContain('href="/termos-de-uso"');
    expect(cadastro).toContain('<a href="/politica-de-privacidade" target="_blank" rel="noopener">política de privacidade</a>');
  });

  it('gives each brand its own "Quem somos"', async () => {
    const textos = await Promise.all(
      [1, 2, 14, 20, 1002].map(async (id) => textoVisivel((await t.app.pedir(`h${id}.localhost`, '/quem-somos')).texto)),
    );
    expect(textos[0]).toContain('A Brasil Leilões realiza leilões online');
    expect(textos[1]).toContain('A Repasse Auto nasceu em Curitiba');
    expect(textos.every((x) => !x.includes('negocia veículos e bens online com transparência'))).toBe(true);
  });
});

describe('demo data looks real', () => {
  it('seeds one JUCESP number per auctioneer across brands and no model outside its years', async () => {
    const { rows: repetidos } = (await t.banco.db.execute(
      sql`SELECT nome FROM leiloeiro GROUP BY nome HAVING count(DISTINCT inscricao) > 1`,
    )) as unknown as { rows: unknown[] };
    expect(repetidos).toEqual([]);
    const { rows } = (await t.banco.db.execute(
      sql`SELECT count(*)::int AS n FROM veiculo WHERE (modelo = 'Onix' AND ano_modelo < 2020) OR (modelo = 'Ka' AND ano_modelo > 2021)`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(0);
    const { rows: aeronaves } = (await t.banco.db.execute(
      sql`SELECT DISTINCT f.url FROM lote_foto f JOIN lote l ON l.id = f.lote_id WHERE l.veiculo_tipo_id IN (34, 35, 36, 37, 38)`,
    )) as unknown as { rows: { url: string }[] };
    for (const { url } of aeronaves) expect(url).toMatch(/^\/catalogo\/foto\/(aviao|helicoptero|embarcacao)\.svg/);
  });
});

describe('e-mails in the brand wording', () => {
  it('tells the outbid buyer of a loja about "sua oferta no anúncio", also when the bid came through the API', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, minimo: 10_000_00, incremento: 500_00 });
    const a = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Ana Souza', leilaoId });
    const b = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Bruno Lima', leilaoId });
    for (const [c, valor] of [
      [a, 10_000_00],
      [b, 10_500_00],
    ] as const) {
      const r = await t.app.pedir('h2.localhost', '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor } });
      expect(r.status).toBe(201);
    }
    // Sent by the notification queue (decision 283), which the server drains on its own.
    const email = await umEmailPara(a.email);
    expect(email.assunto).toBe('Sua oferta foi superada');
    expect(email.texto).toMatch(/^Sua oferta em VW Gol 1\.0 2015 foi superada\. Oferta atual: R\$\u00a010\.500,00\./);
    // The message itself speaks the shop's words (the link's path is the catalogue's own).
    expect(email.texto.split('\n')[0]).not.toMatch(/\blance\b|\blote\b/);
  });

  it('tells the leader of a loja listing taken by Compre Já that the listing was sold, not outbid', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, {
      hotsiteId: 2,
      minimo: 10_000_00,
      incremento: 500_00,
      compreJa: 30_000_00,
    });
    const a = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Ana Souza', leilaoId });
    const b = await criarCliente(t.banco.db, { hotsiteId: 2, nome: 'Bruno Lima', leilaoId });
    const oferta = await t.app.pedir('h2.localhost', '/v1/lances', {
      method: 'POST',
      headers: a.auth,
      corpo: { loteId, valor: 10_000_00 },
    });
    expect(oferta.status).toBe(201);
    const compra = await t.app.pedir('h2.localhost', `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: b.auth });
    expect(compra.status).toBe(201);
    const email = await umEmailPara(a.email);
    expect(email.assunto).toBe('Anúncio vendido pelo Compre Já');
    expect(email.texto).toMatch(
      /^O anúncio VW Gol 1\.0 2015, em que você tinha a maior oferta, foi comprado por outro participante pelo Compre Já, por R\$\u00a030\.000,00\. A disputa deste anúncio está encerrada\./,
    );
    expect(email.texto.split('\n')[0]).not.toMatch(/\blance\b|\blote\b|superad/);
  });
});
