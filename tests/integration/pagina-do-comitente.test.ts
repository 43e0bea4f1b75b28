import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, lote, mensagemSaida, usuarioComitente, veiculo } from '@db/schema';
import { avisarComitentes } from '~/modules/area-comitente/ofertas.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { linhas } from '~/utils/linhas.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * The seller's page (#30) on PostgreSQL: each use case (lots with private fields, conditional offers,
 * one-tap answer links, charts and their exports, the API) and the isolation between sellers and brands.
 */
const t = instanciaDeTeste();
const db = () => t.banco.db;
const URL_BASE = (m: { id: number }) => `http://h${m.id}.localhost:${t.app.port}`;

async function novoComitente(hotsiteId: number, nome: string) {
  const [c] = await db()
    .insert(comitente)
    .values({ hotsiteId, nomeSite: `${nome} ${randomUUID().slice(0, 6)}` })
    .returning();
  return c.id;
}

/** A lot of `comitenteId` closed below the seller's value (CONDICIONAL), with a runner-up bid. */
async function loteCondicional(comitenteId: number, hotsiteId = 1) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(db(), { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  await db().update(lote).set({ comitenteId }).where(eq(lote.id, loteId));
  const segundo = await criarCliente(db(), { hotsiteId, nome: 'Rui Segundo', leilaoId });
  const vencedor = await criarCliente(db(), { hotsiteId, nome: 'Marina Costa', leilaoId });
  const h = `h${hotsiteId}.localhost`;
  expect((await t.app.pedir(h, '/v1/lances', { headers: segundo.auth, corpo: { loteId, valor: 22_000_00 } })).status).toBe(201);
  expect((await t.app.pedir(h, '/v1/lances', { headers: vencedor.auth, corpo: { loteId, valor: 24_000_00 } })).status).toBe(201);
  await vencerLote(db(), loteId);
  await encerrarLotesVencidos({ db: db() });
  const [l] = await db().select({ s: lote.situacao, numero: lote.numero, veiculoId: lote.veiculoId }).from(lote).where(eq(lote.id, loteId));
  expect(l.s).toBe('CONDICIONAL');
  return { loteId, leilaoId, veiculoId: l.veiculoId, vencedor };
}

/** A seller user tied to the given sellers of brand `hotsiteId`. */
async function usuarioDoComitente(comitentes: number[], hotsiteId = 1) {
  const u = await entrarComoStaff(db(), [P.COMITENTE], { hotsiteId, nome: 'Helena Vendas' });
  for (const comitenteId of comitentes) await db().insert(usuarioComitente).values({ hotsiteId, usuarioId: u.id, comitenteId });
  return u;
}

const situacao = async (loteId: number) => (await db().select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s;
const PAGINA = '/comitente/minha-pagina';

describe('/comitente/minha-pagina', () => {
  it('shows the seller’s lots with its private fields and its offer with deadline, bid against its value and runner-up; never another seller’s', async () => {
    const meu = await novoComitente(1, 'Banco Horizonte');
    const alheio = await novoComitente(1, 'Seguradora Vizinha');
    const a = await loteCondicional(meu);
    const b = await loteCondicional(alheio);
    await db().update(veiculo).set({ placa: 'ABC1D23', fipeValor: 35_000_00 }).where(eq(veiculo.id, a.veiculoId));
    await db().update(veiculo).set({ placa: 'XYZ9Z99' }).where(eq(veiculo.id, b.veiculoId));
    const u = await usuarioDoComitente([meu]);

    const r = await t.app.pedir('h1.localhost', PAGINA, { headers: { cookie: u.cookie } });
    expect(r.status).toBe(200);
    const html = r.texto.replace(/<!-- -->/g, '');
    expect(html).toContain(`data-lote="${a.loteId}"`);
    expect(html).not.toContain(`data-lote="${b.loteId}"`);
    expect(html).toContain('ABC1D23');
    expect(html).not.toContain('XYZ9Z99');
    const oferta = html.slice(html.indexOf(`<li class`, html.indexOf('data-testid="ofertas-condicionais"')));
    expect(oferta).toMatch(/R\$\s24\.000,00 \(80% do seu valor\)[\s\S]*R\$\s30\.000,00[\s\S]*R\$\s22\.000,00/);
    expect(oferta).toMatch(/data-testid="prazo">\d{2}\/\d{2}\/\d{4} 18:00/);

    // The page answers its own seller's lot, and another seller's lot is not found (as another brand's).
    const enviar = (loteId: number, resposta: string) =>
      t.app.pedir('h1.localhost', PAGINA, {
        method: 'POST',
        headers: { cookie: u.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        corpo: new URLSearchParams({ loteId: String(loteId), resposta }).toString(),
      });
    expect((await enviar(b.loteId, 'Liberada')).status).toBe(404);
    expect(await situacao(b.loteId)).toBe('CONDICIONAL');
    const ok = await enviar(a.loteId, 'Recusada');
    expect(ok.status).toBe(200);
    expect(await situacao(a.loteId)).toBe('CONDICIONAL_NEGADA');
  });

  it('is closed to clients and to staff without the seller role', async () => {
    const cliente = await criarCliente(db(), { hotsiteId: 1 });
    expect((await t.app.pedir('h1.localhost', PAGINA, { headers: cliente.auth })).status).toBe(403);
    const mkt = await entrarComoStaff(db(), [P.MKT]);
    expect((await t.app.pedir('h1.localhost', PAGINA, { headers: { cookie: mkt.cookie } })).status).toBe(403);
    expect(
      (await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=dinheiro&formato=csv`, { headers: { cookie: mkt.cookie } })).status,
    ).toBe(403);
  });
});

describe('waiting offers, 20 a page', () => {
  it('a seller with 23 waiting offers sees the 20 nearest deadlines, the total and a link to the other 3', async () => {
    const meu = await novoComitente(1, 'Locadora Frota');
    const u = await usuarioDoComitente([meu]);
    const agora = Date.now();
    const ids: number[] = [];
    // Lot i closed i days ago: the oldest closing (i = 23) has the nearest deadline.
    for (let i = 1; i <= 23; i++) {
      const { loteId } = await criarLoteEmDisputa(db(), { hotsiteId: 1, minimo: 20_000_00, valorComitente: 30_000_00 });
      await db()
        .update(lote)
        .set({
          comitenteId: meu,
          situacao: 'CONDICIONAL',
          numero: String(100 + i),
          ultimoLanceValor: 24_000_00,
          dataFim: new Date(agora - i * 86_400_000),
        })
        .where(eq(lote.id, loteId));
      ids[i] = loteId;
    }
    const ofertasDa = (html: string) =>
      [
        ...html
          .slice(html.indexOf('data-testid="ofertas-condicionais"'))
          .split('</ul>')[0]
          .matchAll(/data-lote="(\d+)"/g),
      ].map((m) => Number(m[1]));

    const p1 = await t.app.pedir('h1.localhost', PAGINA, { headers: { cookie: u.cookie } });
    expect(p1.status).toBe(200);
    const html1 = p1.texto.replace(/<!-- -->/g, '');
    const primeira = ofertasDa(html1);
    expect(primeira).toHaveLength(20);
    expect(primeira[0]).toBe(ids[23]);
    expect(primeira).not.toContain(ids[1]);
    expect(html1).toMatch(/Aguardando resposta: 23\. Nesta página, 1–20,/);
    expect(html1).toMatch(/Página 1 de 2/);
    expect(html1).toMatch(/href="[^"]*ofertas=2#ofertas"/);

    const p2 = await t.app.pedir('h1.localhost', `${PAGINA}?ofertas=2`, { headers: { cookie: u.cookie } });
    expect(p2.status).toBe(200);
    const html2 = p2.texto.replace(/<!-- -->/g, '');
    expect(ofertasDa(html2)).toEqual([ids[3], ids[2], ids[1]]);
    expect(html2).toMatch(/Aguardando resposta: 23\. Nesta página, 21–23,/);
    expect(html2).toContain('Ofertas anteriores');

    // Past the end: how many wait, and the way back to the last page.
    const alem = (await t.app.pedir('h1.localhost', `${PAGINA}?ofertas=9`, { headers: { cookie: u.cookie } })).texto.replace(
      /<!-- -->/g,
      '',
    );
    expect(ofertasDa(alem)).toEqual([]);
    expect(alem).toContain('Aguardando resposta: 23. Nenhuma nesta página.');
    expect(alem).toMatch(/href="[^"]*ofertas=2#ofertas"/);

    // A page that is not a positive whole number is a pt-BR 400, not a 5xx.
    const ruim = await t.app.pedir('h1.localhost', `${PAGINA}?ofertas=0`, { headers: { cookie: u.cookie } });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Página de ofertas inválida');
  });
});

describe('answer link from the e-mail', () => {
  async function preparar() {
    const meu = await novoComitente(1, 'Locadora Rota');
    const a = await loteCondicional(meu);
    const u = await usuarioDoComitente([meu]);
    await avisarComitentes({ db: db(), urlBase: URL_BASE });
    const [email] = await db()
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, u.email), eq(mensagemSaida.hotsiteId, 1)));
    expect(email.assunto).toContain('aguarda sua resposta');
    expect(email.texto).toContain('R$\u00a024.000,00');
    const link = /https?:\/\/\S+\/comitente\/resposta\/([A-Za-z0-9_-]{43})\?resposta=Liberada/.exec(email.texto)!;
    expect(link[0].startsWith(`http://h1.localhost:${t.app.port}/`)).toBe(true);
    return { ...a, u, token: link[1] };
  }
  const tocar = (token: string, campos: Record<string, string>, host = 'h1.localhost') =>
    t.app.pedir(host, `/comitente/resposta/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams(campos).toString(),
    });

  it('each tied user gets one e-mail per lot, however often the job runs', async () => {
    const { u } = await preparar();
    expect(await avisarComitentes({ db: db(), urlBase: URL_BASE })).toBe(0);
    const emails = await db().select().from(mensagemSaida).where(eq(mensagemSaida.para, u.email));
    expect(emails).toHaveLength(1);
  });

  it('opening the link changes nothing; two taps at once give one answer; the link works once, on its brand only', async () => {
    const { loteId, token } = await preparar();
    const aberto = await t.app.pedir('h1.localhost', `/comitente/resposta/${token}?resposta=Liberada`);
    expect(aberto.status).toBe(200);
    expect(aberto.texto).toContain('Confirmar: Liberada');
    expect(await situacao(loteId)).toBe('CONDICIONAL');
    // Another brand's host does not know the token.
    expect((await tocar(token, { resposta: 'Liberada' }, 'h2.localhost')).status).toBe(404);

    const [x, y] = await Promise.all([tocar(token, { resposta: 'Liberada' }), tocar(token, { resposta: 'Recusada' })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const vencedora = x.status === 200 ? 'AG_PAGAMENTO' : 'CONDICIONAL_NEGADA';
    expect(await situacao(loteId)).toBe(vencedora);
    expect((x.status === 409 ? x : y).texto).toContain('Este link já foi usado.');
    const denovo = await tocar(token, { resposta: 'Liberada' });
    expect(denovo.status).toBe(409);
    expect(await situacao(loteId)).toBe(vencedora);
  });

  it('a bad counter-offer value keeps the link; an expired or forged link answers nothing', async () => {
    const { loteId, token } = await preparar();
    expect((await tocar(token, { resposta: 'Novo valor', novoValor: 'abc' })).status).toBe(400);
    const contra = await tocar(token, { resposta: 'Novo valor', novoValor: '27.500,00' });
    expect(contra.status).toBe(200);
    expect(contra.texto).toContain('Resposta registrada: Novo valor');

    const outro = await preparar();
    await db().execute(sql`UPDATE resposta_condicional_link SET expira_em = now() - interval '1 minute' WHERE lote_id = ${outro.loteId}`);
    const expirado = await tocar(outro.token, { resposta: 'Liberada' });
    expect(expirado.status).toBe(410);
    expect(expirado.texto).toContain('Este link expirou');
    expect(await situacao(outro.loteId)).toBe('CONDICIONAL');
    expect((await tocar('A'.repeat(43), { resposta: 'Liberada' })).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', '/comitente/resposta/curto')).status).toBe(404);
    expect(await situacao(loteId)).toBe('CONDICIONAL');
  });
});

describe('the seller API', () => {
  it('busca-elastic-comitente answers the seller’s lots with informacoesPrivadas and their count; by-leilao its sellers only', async () => {
    const meu = await novoComitente(1, 'Frota Sul');
    const alheio = await novoComitente(1, 'Frota Norte');
    const a = await loteCondicional(meu);
    const b = await loteCondicional(alheio);
    await db().update(lote).set({ leilaoId: a.leilaoId }).where(eq(lote.id, b.loteId));
    const u = await usuarioDoComitente([meu]);
    const r = await t.app.pedir('h1.localhost', '/v2/lote/busca-elastic-comitente', { headers: u.bearer, corpo: { from: 0, size: 50 } });
    expect(r.status).toBe(200);
    const itens = r.json() as { lote: { id: number; comitente: { id: number } }; informacoesPrivadas: { valorComitente: number } }[];
    expect(itens.map((i) => i.lote.id)).toEqual([a.loteId]);
    expect(itens[0].informacoesPrivadas.valorComitente).toBe(30_000_00);
    expect(r.headers.count).toBe('1');

    const [{ uid }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${a.leilaoId}`));
    const porLeilao = await t.app.pedir('h1.localhost', `/v1/comitente/find/by-leilao/${uid}`, { headers: u.bearer });
    expect(porLeilao.status).toBe(200);
    expect((porLeilao.json() as { id: number; quantidadeLotes: number }[]).map((c) => [c.id, c.quantidadeLotes])).toEqual([[meu, 1]]);
    const adm = await entrarComoStaff(db(), [P.ADM]);
    const todos = await t.app.pedir('h1.localhost', `/v1/comitente/find/by-leilao/${uid}`, { headers: adm.bearer });
    expect((todos.json() as { id: number }[]).map((c) => c.id).sort()).toEqual([meu, alheio].sort());

    // Another brand: the session is not valid there, and its auctions are not found from here.
    expect((await t.app.pedir('h2.localhost', '/v2/lote/busca-elastic-comitente', { headers: u.bearer, corpo: {} })).status).toBe(401);
    const c2 = await novoComitente(2, 'Banco Dois');
    const d = await loteCondicional(c2, 2);
    const [{ uid: uid2 }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${d.leilaoId}`));
    expect((await t.app.pedir('h1.localhost', `/v1/comitente/find/by-leilao/${uid2}`, { headers: adm.bearer })).status).toBe(404);
    // Bad input is a 4xx in pt-BR.
    const ruim = await t.app.pedir('h1.localhost', '/v2/lote/busca-elastic-comitente', { headers: u.bearer, corpo: { size: 1000 } });
    expect(ruim.status).toBe(400);
  });
});

describe('results charts', () => {
  it('counts the seller’s lots per auction, draws them as SVG with a table, exports CSV and XLSX of its own sellers only', async () => {
    const meu = await novoComitente(1, 'Banco Estrela');
    const alheio = await novoComitente(1, 'Banco Cometa');
    const a = await loteCondicional(meu);
    const b = await loteCondicional(alheio);
    // A second lot of the same seller in the same auction, sold and paid: 2 offered, 1 sold.
    const v = await loteCondicional(meu);
    await db().update(lote).set({ leilaoId: a.leilaoId }).where(eq(lote.id, v.loteId));
    const u = await usuarioDoComitente([meu]);
    const liberar = await t.app.pedir('h1.localhost', PAGINA, {
      method: 'POST',
      headers: { cookie: u.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ loteId: String(v.loteId), resposta: 'Liberada' }).toString(),
    });
    expect(liberar.status).toBe(200);
    const [{ uid }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${a.leilaoId}`));

    const r = await t.app.pedir('h1.localhost', `${PAGINA}?leilao=${uid}`, { headers: { cookie: u.cookie } });
    expect(r.status).toBe(200);
    expect(r.texto).toMatch(/<svg[^>]*role="img"/);
    for (const g of ['taxa-venda', 'arremate', 'prazos', 'documentos', 'dinheiro']) expect(r.texto).toContain(`data-grafico="${g}"`);
    const tabela = r.texto.slice(r.texto.indexOf('data-testid="tabela-taxa-venda"'));
    expect(tabela.slice(0, tabela.indexOf('</table>')).replace(/<!-- -->/g, '')).toMatch(/50%<\/td><td[^>]*>2<\/td><td[^>]*>1<\/td>/);

    const csv = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=taxa-venda&formato=csv&leilao=${uid}`, {
      headers: { cookie: u.cookie },
    });
    expect(csv.status).toBe(200);
    const linhasCsv = csv.texto
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(linhasCsv).toHaveLength(2);
    expect(linhasCsv[1].split(';').slice(1)).toEqual(['50.00', '2', '1']);
    const xlsx = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=dinheiro&formato=xlsx`, { headers: { cookie: u.cookie } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    // The other seller's auction is not among the seller's groups, and asking for that seller is refused.
    const [{ uid: uidB }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${b.leilaoId}`));
    const deB = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=taxa-venda&formato=csv&leilao=${uidB}`, {
      headers: { cookie: u.cookie },
    });
    expect(
      deB.texto
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
    const staff = await t.app.pedir(
      'h1.localhost',
      `/admin/relatorios-comitente/graficos?grafico=taxa-venda&formato=csv&comitente=${alheio}`,
      {
        headers: { cookie: u.cookie },
      },
    );
    expect(staff.status).toBe(404);
    // Bad input: 4xx in pt-BR.
    const ruim = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=nenhum&formato=csv`, { headers: { cookie: u.cookie } });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Gráfico não encontrado');
  });

  it('reads in shop words on a loja brand: chart titles, situations and the export’s headers; staff exports keep the spec’s', async () => {
    const meu = await novoComitente(2, 'Locadora Sol');
    const a = await loteCondicional(meu, 2);
    const u = await usuarioDoComitente([meu], 2);
    const [{ uid }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${a.leilaoId}`));
    const r = await t.app.pedir('h2.localhost', `${PAGINA}?leilao=${uid}`, { headers: { cookie: u.cookie } });
    expect(r.status).toBe(200);
    const html = r.texto.replace(/<!-- -->/g, '');
    expect(html).toContain('Preço de venda contra o mínimo e a FIPE');
    expect(html).toContain('Dias da venda ao pagamento e à retirada');
    expect(html).toContain('Responder o anúncio');
    expect(html).not.toContain('Arremate');
    expect(html).not.toContain('Liberado Leilão');
    const csv = await t.app.pedir('h2.localhost', `${PAGINA}/exportar?grafico=arremate&formato=csv&leilao=${uid}`, {
      headers: { cookie: u.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.texto.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Evento;Venda / mínimo (%);Venda / FIPE (%)');
    // The same seller's CSV on a leilão brand keeps the auction words.
    const meu1 = await novoComitente(1, 'Banco Lua');
    const b = await loteCondicional(meu1, 1);
    const u1 = await usuarioDoComitente([meu1], 1);
    const [{ uid: uid1 }] = linhas<{ uid: string }>(await db().execute(sql`SELECT uid FROM leilao WHERE id = ${b.leilaoId}`));
    const csv1 = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=arremate&formato=csv&leilao=${uid1}`, {
      headers: { cookie: u1.cookie },
    });
    expect(csv1.texto.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Leilão;Arremate / mínimo (%);Arremate / FIPE (%)');
    // Brand 1's seller user naming brand 2's auction: neither its lots on the page nor a row in the export.
    const alheia = await t.app.pedir('h1.localhost', `${PAGINA}?leilao=${uid}`, { headers: { cookie: u1.cookie } });
    expect(alheia.texto).not.toContain(`data-lote="${a.loteId}"`);
    const csvAlheio = await t.app.pedir('h1.localhost', `${PAGINA}/exportar?grafico=taxa-venda&formato=csv&leilao=${uid}`, {
      headers: { cookie: u1.cookie },
    });
    expect(
      csvAlheio.texto
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
  });
});
