import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorito, leilao, lote, loteVisitado } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/**
 * Issue #33: the agenda's filters (quadro, data, favoritos, ultimosClicados) in the address and the API's
 * query, and the site list's loteAoVivoMap and lotesDestaque (decisions 260, 261).
 */
const t = instanciaDeTeste();
const DADOS = `_data=${encodeURIComponent('routes/agenda')}`;

interface LeilaoDaAgenda {
  id: number;
  loteAoVivoMap: Record<string, { loteId: number; veiUid: string; situacao: string; chamado: boolean }>;
  lotesDestaque: { id: number }[];
}
interface Agenda {
  erro: string | null;
  entrar: boolean;
  leiloes: LeilaoDaAgenda[];
}
const agenda = async (host: string, consulta: string, cookie?: string) => {
  const r = await t.app.pedir(host, `/agenda?${consulta}${consulta ? '&' : ''}${DADOS}`, { headers: cookie ? { cookie } : {} });
  return { status: r.status, ...r.json<Agenda>() };
};
const api = (host: string, consulta: string, headers: Record<string, string> = {}) =>
  t.app.pedir(host, `/v1/leiloes/lista-site${consulta ? `?${consulta}` : ''}`, { headers });
const ids = (a: { leiloes: { id: number }[] }) => a.leiloes.map((l) => l.id);

/** An auction on a given São Paulo day (13:00 there), with one lot on sale. */
async function leilaoNoDia(hotsiteId: number, dia: string) {
  const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, fimEmMs: 400 * 86_400_000 });
  await t.banco.db
    .update(leilao)
    .set({ data: new Date(`${dia}T13:00:00-03:00`), situacao: 'CRIADO' })
    .where(eq(leilao.id, leilaoId));
  return { leilaoId, loteId };
}

describe('agenda filters', () => {
  it('data: every auction of that São Paulo day, and a bad day or a month with a day refused in pt-BR (400)', async () => {
    const noDia = await leilaoNoDia(1, '2027-03-10');
    // 23:30 in São Paulo on the 10th is already the 11th in UTC: still the 10th's agenda.
    const tarde = await leilaoNoDia(1, '2027-03-10');
    await t.banco.db
      .update(leilao)
      .set({ data: new Date('2027-03-10T23:30:00-03:00') })
      .where(eq(leilao.id, tarde.leilaoId));
    const outroDia = await leilaoNoDia(1, '2027-03-11');
    expect(ids(await agenda('h1.localhost', 'data=2027-03-10')).sort()).toEqual([noDia.leilaoId, tarde.leilaoId].sort());
    expect(ids(await agenda('h1.localhost', 'data=2027-03-11'))).toEqual([outroDia.leilaoId]);

    const ruim = await agenda('h1.localhost', 'data=2027-02-30');
    expect([ruim.status, ruim.erro]).toEqual([400, 'data inválida']);
    const ambos = await agenda('h1.localhost', 'mes=2027-03&data=2027-03-10');
    expect([ambos.status, ambos.erro]).toEqual([400, 'Escolha um mês ou um dia, não os dois']);
    const pagina = await t.app.pedir('h1.localhost', '/agenda?data=2027-02-30');
    expect(pagina.status).toBe(400);
    expect(pagina.texto).toContain('data inválida');
    expect((await api('h1.localhost', 'data=10/03/2027')).json<{ message: string }>().message).toContain('AAAA-MM-DD');
    expect((await api('h1.localhost', 'favoritos=talvez')).status).toBe(400);
  });

  it('favoritos and ultimosClicados: the client’s own auctions, both at once their intersection; never another brand’s', async () => {
    const ana = await criarCliente(t.banco.db, { hotsiteId: 1 });
    const a = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const b = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const c = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const daOutra = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 2 });
    // Favourites: a and c, and (a forged row) a vehicle of another brand; visited: b and c.
    await t.banco.db.insert(favorito).values([
      { hotsiteId: 1, usuarioId: ana.id, veiUid: a.veiUid },
      { hotsiteId: 1, usuarioId: ana.id, veiUid: c.veiUid },
      { hotsiteId: 1, usuarioId: ana.id, veiUid: daOutra.veiUid },
    ]);
    await t.banco.db.insert(loteVisitado).values([
      { hotsiteId: 1, usuarioId: ana.id, loteId: b.loteId },
      { hotsiteId: 1, usuarioId: ana.id, loteId: c.loteId },
    ]);
    expect(ids(await agenda('h1.localhost', 'favoritos=true', ana.cookie)).sort()).toEqual([a.leilaoId, c.leilaoId].sort());
    expect(ids(await agenda('h1.localhost', 'ultimosClicados=true', ana.cookie)).sort()).toEqual([b.leilaoId, c.leilaoId].sort());
    expect(ids(await agenda('h1.localhost', 'favoritos=true&ultimosClicados=true', ana.cookie))).toEqual([c.leilaoId]);
    // The checkbox's own value ("on") works too, and the API answers the same.
    expect(ids(await agenda('h1.localhost', 'favoritos=on', ana.cookie)).sort()).toEqual([a.leilaoId, c.leilaoId].sort());
    const peloApi = await api('h1.localhost', 'favoritos=true&ultimosClicados=true', ana.auth);
    expect([peloApi.status, peloApi.headers.count]).toEqual([200, '1']);
    expect(peloApi.json<LeilaoDaAgenda[]>().map((l) => l.id)).toEqual([c.leilaoId]);
    // Another client has none.
    const bruno = await criarCliente(t.banco.db, { hotsiteId: 1 });
    expect(ids(await agenda('h1.localhost', 'favoritos=true', bruno.cookie))).toEqual([]);
    // The unfiltered agenda of brand 1 never lists brand 2's auction.
    expect(ids(await agenda('h1.localhost', ''))).not.toContain(daOutra.leilaoId);
    expect((await api('h1.localhost', '')).json<LeilaoDaAgenda[]>().map((l) => l.id)).not.toContain(daOutra.leilaoId);
  });

  it('a visitor asking for favourites is asked to log in (page) or gets 401 (API), in each brand’s wording', async () => {
    const visitante = await agenda('h1.localhost', 'favoritos=true');
    expect([visitante.status, visitante.entrar, visitante.leiloes]).toEqual([200, true, []]);
    const leilaoPagina = (await t.app.pedir('h1.localhost', '/agenda?ultimosClicados=true')).texto;
    expect(leilaoPagina).toContain('dos lotes que você abriu');
    expect(leilaoPagina).toContain('href="/login?redirectTo=%2Fagenda"');
    const lojaPagina = (await t.app.pedir('h2.localhost', '/agenda?ultimosClicados=true')).texto;
    expect(lojaPagina).toContain('dos anúncios que você abriu');
    expect(lojaPagina).toContain('Agenda de eventos');
    const r = await api('h1.localhost', 'favoritos=true');
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      401,
      'Entre na sua conta para filtrar a agenda pelos seus favoritos ou pelos lotes que abriu',
    ]);
  });

  it('quadro: each auction with its highlighted lots on the page; the list view searches none', async () => {
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const quadro = await agenda('h1.localhost', 'quadro=true');
    expect(quadro.leiloes.find((l) => l.id === leilaoId)?.lotesDestaque.map((l) => l.id)).toEqual([loteId]);
    expect((await agenda('h1.localhost', '')).leiloes.find((l) => l.id === leilaoId)?.lotesDestaque).toEqual([]);
    const pagina = await t.app.pedir('h1.localhost', '/agenda?quadro=true');
    expect(pagina.texto).toContain('data-testid="grade-lotes"');
    expect((await t.app.pedir('h1.localhost', '/agenda')).texto).not.toContain('data-testid="grade-lotes"');
  });
});

describe('the site list’s loteAoVivoMap and lotesDestaque', () => {
  it('maps the live auction’s lots on the floor by vehicle uid, the called one marked; the highlights by priority', async () => {
    const chamado = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    const leilaoId = chamado.leilaoId;
    await t.banco.db.update(leilao).set({ situacao: 'AO_VIVO', loteAtualId: chamado.loteId }).where(eq(leilao.id, leilaoId));
    // A second lot of the same auction: "dou-lhe uma" on the floor, and the higher priority.
    const outro = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    await t.banco.db.update(lote).set({ leilaoId, situacao: 'DOULHE_UMA', prioridade: 9 }).where(eq(lote.id, outro.loteId));
    // A third, on sale but not on the floor.
    const fora = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 1 });
    await t.banco.db.update(lote).set({ leilaoId }).where(eq(lote.id, fora.loteId));

    const r = await api('h1.localhost', '');
    expect(r.status).toBe(200);
    const l = r.json<LeilaoDaAgenda[]>().find((x) => x.id === leilaoId)!;
    expect(Object.keys(l.loteAoVivoMap).sort()).toEqual([chamado.veiUid, outro.veiUid].sort());
    expect(l.loteAoVivoMap[chamado.veiUid]).toMatchObject({ loteId: chamado.loteId, chamado: true, situacao: 'LIBERADO_LEILAO' });
    expect(l.loteAoVivoMap[outro.veiUid]).toMatchObject({ loteId: outro.loteId, chamado: false, situacao: 'DOULHE_UMA' });
    // DOULHE_UMA is not listable: the highlights are the lots on sale, the higher priority first.
    expect(l.lotesDestaque.map((x) => x.id)).toEqual([chamado.loteId, fora.loteId].sort((a, b) => a - b));
    await t.banco.db.update(lote).set({ prioridade: 5 }).where(eq(lote.id, fora.loteId));
    await new Promise((ok) => setTimeout(ok, 300));
    const depois = (await api('h1.localhost', '')).json<LeilaoDaAgenda[]>().find((x) => x.id === leilaoId)!;
    expect(depois.lotesDestaque.map((x) => x.id)).toEqual([fora.loteId, chamado.loteId]);
    // The agenda page names the lot on the floor.
    expect((await t.app.pedir('h1.localhost', '/agenda')).texto).toContain('data-testid="agenda-no-pregao"');
  });
});
