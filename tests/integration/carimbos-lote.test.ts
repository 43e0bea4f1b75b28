import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carimboLote, lote } from '@db/schema';
import { caminhoDoLote } from '~/modules/catalogo/regras';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #13, lot badges (carimbos; spec 001 search result `carimbos`; decision 086): ADM keeps the brand's
 * badges beside the photo stamps, staff pick them on the lot form, and they reach the search API's cards
 * (through the lot change feed that drops cached cards), the by-id answer and the lot page; renaming a badge
 * reaches the lots that carry it.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: [string, string][]) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});

type Card = {
  id: number;
  nome: string;
  tipoNome: string;
  veiculo: { marca: string | null; modelo: string | null; anoModelo: number | null };
  localizacao: { cidade: string | null; uf: string | null };
  carimbos: { nome: string; urlCard: string | null; urlLote: string | null; link: string | null }[];
};

/** The search's first page (default order): cards from the instance's card cache. */
async function buscar() {
  const r = await t.app.pedir(H, '/v1/lote/busca-elastic', { corpo: { from: 0, size: 30 } });
  expect(r.status, r.texto).toBe(200);
  return r.json<Card[]>();
}

async function cardQuando(id: number, condicao: (c: Card) => boolean) {
  let card: Card | undefined;
  for (let i = 0; i < 40; i++) {
    card = (await buscar()).find((c) => c.id === id);
    if (card && condicao(card)) return card;
    await new Promise((r) => setTimeout(r, 250));
  }
  return card;
}

describe('lot badges (carimbos)', () => {
  it('ADM adds a badge, Leilão picks it on the lot form; cards, by-id and the lot page show it; a rename reaches them', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const nova = await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(adm.cookie, [
        ['_acao', 'lote-salvar'],
        ['nome', 'Repasse relâmpago'],
        ['link', 'https://www.brasilleiloes.com.br/repasse'],
        ['urlLote', '/catalogo/banner.svg?t=Repasse'],
        ['ativo', 'on'],
      ]),
    );
    expect(nova.status, nova.texto).toBe(200);
    const [c] = await t.banco.db
      .select()
      .from(carimboLote)
      .where(and(eq(carimboLote.hotsiteId, 1), eq(carimboLote.nome, 'Repasse relâmpago')));
    expect(c).toBeTruthy();

    // A card of the first page, in this instance's cache before the change.
    const l = (await buscar())[0];
    expect(l.carimbos.map((x) => x.nome)).not.toContain('Repasse relâmpago');

    const escolha = await t.app.pedir(
      H,
      `/admin/lotes/${l.id}`,
      formulario(leilao.cookie, [
        ['_acao', 'carimbos'],
        ['carimbos', String(c.id)],
      ]),
    );
    expect(escolha.status, escolha.texto).toBe(200);
    expect(escolha.texto).toContain('Carimbos salvos');

    const depois = await cardQuando(l.id, (x) => x.carimbos.some((k) => k.nome === 'Repasse relâmpago'));
    expect(depois?.carimbos).toEqual([
      {
        nome: 'Repasse relâmpago',
        urlCard: null,
        urlLote: '/catalogo/banner.svg?t=Repasse',
        link: 'https://www.brasilleiloes.com.br/repasse',
      },
    ]);
    const porId = await t.app.pedir(H, `/v1/lote/by-id/${l.id}`);
    expect(porId.json<Card>().carimbos.map((x) => x.nome)).toEqual(['Repasse relâmpago']);
    const caminho = caminhoDoLote('leilao', {
      id: l.id,
      localizacaoCidade: depois!.localizacao.cidade,
      localizacaoUf: depois!.localizacao.uf,
      tipoNome: depois!.tipoNome,
      marcaNome: depois!.veiculo.marca,
      modelo: depois!.veiculo.modelo,
      nome: depois!.nome,
      anoModelo: depois!.veiculo.anoModelo,
    });
    const pagina = await t.app.pedir(H, caminho);
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('alt="Repasse relâmpago"');
    expect(pagina.texto).toContain('href="https://www.brasilleiloes.com.br/repasse"');
    const form = await t.app.pedir(H, `/admin/lotes/${l.id}`, { headers: { cookie: leilao.cookie } });
    expect(form.texto).toContain(`checked="" value="${c.id}"`);

    // Renamed: every lot that carries it follows, through the feed.
    const renomeado = await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(adm.cookie, [
        ['_acao', 'lote-salvar'],
        ['id', String(c.id)],
        ['nome', 'Repasse expresso'],
        ['ativo', 'on'],
      ]),
    );
    expect(renomeado.status).toBe(200);
    const renomeadoCard = await cardQuando(l.id, (x) => x.carimbos.some((k) => k.nome === 'Repasse expresso'));
    expect(renomeadoCard?.carimbos.map((x) => x.nome)).toEqual(['Repasse expresso']);

    // Deactivated: it leaves the lots.
    await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(adm.cookie, [
        ['_acao', 'lote-salvar'],
        ['id', String(c.id)],
        ['nome', 'Repasse expresso'],
      ]),
    );
    const semCarimbo = await cardQuando(l.id, (x) => x.carimbos.length === 0);
    expect(semCarimbo?.carimbos).toEqual([]);
  });

  it('refuses another brand’s or unknown badges, a repeated name and bad links; only ADM manages the list', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const leilao = await entrarComoStaff(t.banco.db, [P.LEILAO]);
    const [alheio] = await t.banco.db.select({ id: carimboLote.id }).from(carimboLote).where(eq(carimboLote.hotsiteId, 14)).limit(1);
    const [l] = await t.banco.db.select({ id: lote.id }).from(lote).where(eq(lote.hotsiteId, 1)).limit(1);
    for (const id of [String(alheio.id), '999999', 'abc']) {
      const r = await t.app.pedir(
        H,
        `/admin/lotes/${l.id}`,
        formulario(leilao.cookie, [
          ['_acao', 'carimbos'],
          ['carimbos', id],
        ]),
      );
      expect(r.status).toBe(400);
    }
    const repetido = await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(adm.cookie, [
        ['_acao', 'lote-salvar'],
        ['nome', 'oportunidade'],
      ]),
    );
    expect(repetido.status).toBe(409);
    expect(repetido.texto).toContain('Já existe um carimbo com este nome');
    const link = await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(adm.cookie, [
        ['_acao', 'lote-salvar'],
        ['nome', 'Selo novo'],
        ['link', 'javascript:alert(1)'],
      ]),
    );
    expect(link.status).toBe(400);
    expect(link.texto).toContain('Link inválido');
    const semPapel = await t.app.pedir(
      H,
      '/admin/carimbo-fotos',
      formulario(leilao.cookie, [
        ['_acao', 'lote-salvar'],
        ['nome', 'Selo do leilão'],
      ]),
    );
    expect(semPapel.status).toBe(403);
  });
});
