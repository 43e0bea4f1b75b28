import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

const t = instanciaDeTeste();

/** The spec's lot (app/api/lote.server.ts), the members these tests read. */
interface Card {
  id: number;
  uid: string;
  situacao: string;
  categoria: string;
  veiculo: { marca: string | null };
  localizacao: { uf: string | null };
  dataFim: string;
  valor: { valorAtual: number };
  fotosUrls: string[];
}
const LISTAVEIS = ['LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'PENDENTE'];

describe('GET|POST /v1/lote/busca-elastic', () => {
  it('GET is the default first page: 30 listable lots by dataFim ascending, total in the count header, no equipment or real estate', async () => {
    const r = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic');
    expect(r.status).toBe(200);
    const lotes = r.json<Card[]>();
    const total = Number(r.headers.count);
    expect(lotes).toHaveLength(30);
    expect(total).toBeGreaterThan(30);
    expect(lotes.every((l) => LISTAVEIS.includes(l.situacao))).toBe(true);
    expect(lotes.some((l) => ['Equipamentos', 'Imóveis'].includes(l.categoria))).toBe(false);
    const fins = lotes.map((l) => Date.parse(l.dataFim));
    expect(fins).toEqual([...fins].sort((a, b) => a - b));
    expect(lotes.every((l) => l.fotosUrls.length > 0 && l.fotosUrls.length <= 4)).toBe(true);
  });

  it('pages with from = (page - 1) x size without overlap, filters and sorts', async () => {
    const corpo = (from: number) => ({
      from,
      size: 10,
      requisicoesBusca: [],
      listaOrdenacao: [{ campo: 'dataFim', tipoOrdenacao: 'asc' }],
    });
    const p1 = (await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', { corpo: corpo(0) })).json<Card[]>();
    const p2 = (await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', { corpo: corpo(10) })).json<Card[]>();
    expect(p1).toHaveLength(10);
    expect(p2.map((l) => l.id).some((id) => p1.map((l) => l.id).includes(id))).toBe(false);

    const marca = p1.find((l) => l.veiculo.marca)!.veiculo.marca!;
    const r = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', {
      corpo: {
        from: 0,
        size: 30,
        requisicoesBusca: [{ campo: 'marca', valores: [marca] }],
        listaOrdenacao: [{ campo: 'valor', tipoOrdenacao: 'desc' }],
      },
    });
    const filtrados = r.json<Card[]>();
    expect(filtrados.length).toBeGreaterThan(0);
    expect(filtrados.every((l) => l.veiculo.marca === marca)).toBe(true);
    const valores = filtrados.map((l) => l.valor.valorAtual);
    expect(valores).toEqual([...valores].sort((a, b) => b - a));
    expect(Number(r.headers.count)).toBeLessThan(Number((await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic')).headers.count));
  });

  it.each([
    [{ from: -1 }, 'from não pode ser negativo'],
    [{ size: 5000 }, 'size deve ser entre 1 e 1000'],
    [{ requisicoesBusca: [{ campo: 'xpto', valores: ['1'] }] }, 'Campo de busca desconhecido: xpto'],
    [{ listaOrdenacao: [{ campo: 'preco', tipoOrdenacao: 'asc' }] }, 'campo de ordenação desconhecido'],
  ])('refuses %j with a pt-BR message', async (corpo, mensagem) => {
    const r = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', { corpo });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toBe(mensagem);
  });

  it("one brand never lists another brand's lots", async () => {
    const ids = async (host: string) => {
      const r = await t.app.pedir(host, '/v1/lote/busca-elastic', { corpo: { from: 0, size: 1000 } });
      return r.json<Card[]>().map((l) => l.id);
    };
    const [a, b] = await Promise.all([ids('h1.localhost'), ids('h2.localhost')]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    // And by id: brand 2 does not see brand 1's lot.
    expect((await t.app.pedir('h2.localhost', `/v1/lote/by-id/${a[0]}`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/v1/lote/by-id/${a[0]}`)).status).toBe(200);
  });

  it('a repeated search is the same answer, gzipped for a client that takes it, and a bid on its page shows at once', async () => {
    // Brand 2's own auction: the brand 1 lists read by the other tests stay as seeded.
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2, minimo: 10_000_00, incremento: 500_00 });
    const palavra = `zq${randomUUID().slice(0, 8)}`;
    await t.banco.db
      .update(lote)
      .set({ nome: `VW Gol ${palavra}` })
      .where(eq(lote.id, loteId));
    const corpo = { requisicoesBusca: [{ campo: 'texto', valores: [palavra] }] };
    const buscar = async (gzip: boolean) => {
      const r = await t.app.pedir('h2.localhost', '/v1/lote/busca-elastic', {
        corpo,
        headers: gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {},
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(gzip ? 'gzip' : undefined);
      const lotes = JSON.parse((gzip ? gunzipSync(r.bytes) : r.bytes).toString('utf8')) as Card[];
      return lotes.map((l) => [l.id, l.valor.valorAtual]);
    };
    const antes = [[loteId, expect.any(Number)]];
    for (const gzip of [false, true, false, true]) expect(await buscar(gzip)).toEqual(antes);
    const c = await criarCliente(t.banco.db, { hotsiteId: 2, leilaoId });
    const lance = await t.app.pedir('h2.localhost', '/v1/lances', { method: 'POST', headers: c.auth, corpo: { loteId, valor: 12_500_00 } });
    expect(lance.status).toBeLessThan(300);
    for (const gzip of [true, false]) expect(await buscar(gzip)).toEqual([[loteId, 12_500_00]]);
  });
});

describe('lot, facets, auctions, banners, yards', () => {
  it('by-id answers the value block and hides the seller reserve; 404 / 400 otherwise', async () => {
    const [primeiro] = (await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic')).json<Card[]>();
    const r = await t.app.pedir('h1.localhost', `/v1/lote/by-id/${primeiro.id}`);
    const l = r.json<{ valor: { totalAPagar: number; valorAtual: number; totalDespesas: number }; veiculo: Record<string, unknown> }>();
    expect(l.valor.totalAPagar).toBe(l.valor.valorAtual + l.valor.totalDespesas);
    expect(l).not.toHaveProperty('valorComitente');
    expect(l.valor).not.toHaveProperty('valorComitente');
    for (const privado of ['placa', 'chassi', 'renavam', 'numeroMotor', 'observacaoInterna']) expect(l.veiculo).not.toHaveProperty(privado);
    expect((await t.app.pedir('h1.localhost', '/v1/lote/by-id/999999')).json()).toEqual({
      message: 'Lote não encontrado',
      statusCode: 404,
      error: 'Não encontrado',
    });
    const invalido = await t.app.pedir('h1.localhost', '/v1/lote/by-id/abc');
    expect(invalido.status).toBe(400);
    expect(invalido.json<{ message: string }>().message).toBe('id precisa ser um número');
  });

  it('facet counts add up to the total and follow the filters', async () => {
    const total = Number((await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic')).headers.count);
    const r = (await t.app.pedir('h1.localhost', '/v1/lote/obter-busca-possiveis', { corpo: {} })).json<{
      campos: { campo: string; valores: { valor: string; quantidade: number }[] }[];
      marcas: { nome: string; quantidade: number }[];
    }>();
    const categorias = r.campos.find((c) => c.campo === 'categoria')!.valores;
    expect(categorias.reduce((a, v) => a + v.quantidade, 0)).toBe(total);
    const uf = r.campos.find((c) => c.campo === 'uf')!.valores[0];
    const soUf = await t.app.pedir('h1.localhost', '/v1/lote/busca-elastic', {
      corpo: { requisicoesBusca: [{ campo: 'estado', valores: [uf.valor] }] },
    });
    expect(Number(soUf.headers.count)).toBe(uf.quantidade);
  });

  it('lists active auctions without their trailing date, highlights, banners and yards', async () => {
    const leiloes = (await t.app.pedir('h1.localhost', '/v1/leiloes/lista-site')).json<
      { uid: string; nome: string; nomeSemData: string; situacao: string }[]
    >();
    expect(leiloes.length).toBeGreaterThan(0);
    expect(leiloes.every((l) => ['EM_LOTEAMENTO', 'CRIADO', 'PRONTO', 'AO_VIVO'].includes(l.situacao))).toBe(true);
    expect(leiloes[0].nome).toMatch(/ - \d{2}\/\d{2}\/\d{4}$/);
    expect(leiloes[0].nomeSemData).not.toMatch(/\d{2}\/\d{2}/);
    const destaques = await t.app.pedir('h1.localhost', `/v1/leiloes/lista-site/destaques/${leiloes[0].uid}`);
    expect(destaques.status).toBe(200);
    expect((await t.app.pedir('h2.localhost', `/v1/leiloes/lista-site/destaques/${leiloes[0].uid}`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', '/v1/leiloes/lista-site?porMes=2026-13')).json()).toMatchObject({
      message: 'porMes deve estar no formato AAAA-MM',
    });
    const home = (await t.app.pedir('h1.localhost', '/v1/lote/buscar-destaques-pagina-inicial')).json<{
      leiloes: { destaques: unknown[] }[];
    }>();
    expect(home.leiloes.length).toBeGreaterThan(0);

    const banners = (await t.app.pedir('h1.localhost', '/v1/banners/ativo')).json<{ posicaoBannerUid: string }[]>();
    expect(new Set(banners.map((b) => b.posicaoBannerUid))).toEqual(new Set(['home', 'lista-lotes', 'entre-leiloes', 'cabecalho']));
    expect((await t.app.pedir('h1.localhost', '/v1/banners/ativo?posicaoBannerUid=rodape')).status).toBe(400);

    const patios = (await t.app.pedir('h1.localhost', '/v1/patios/lista-site')).json<{ nome: string; slug: string }[]>();
    expect(patios.length).toBeGreaterThan(0);
    expect((await t.app.pedir('h1.localhost', `/v1/patio/por-nome/${encodeURIComponent(patios[0].nome)}`)).json()).toMatchObject({
      slug: patios[0].slug,
    });
    expect((await t.app.pedir('h1.localhost', '/v2/patio/por-nome/nao-existe')).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', '/v1/leilao/lotes/estatistica-para-busca')).json()).toMatchObject({
      visitados: expect.any(Number),
      lances: expect.any(Number),
    });
  });
});
