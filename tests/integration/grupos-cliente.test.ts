import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grupoCliente, usuario } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * Issue #31, client groups (spec 001 §7 the four group calls, the lot's gruposCliente; decision 269): staff of
 * the clients (ADM, SAC, GerenteSAC) keep a brand's groups; a lot tied to groups takes bids only from their
 * members, the server refusing the others and the lot page telling them why; every read is the brand's own.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

const formulario = (cookie: string, campos: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  corpo: new URLSearchParams(campos).toString(),
});

async function criarGrupo(cookie: string, nome: string, host = H) {
  const r = await t.app.pedir(host, '/admin/grupos-cliente', formulario(cookie, { nome, descricao: 'Compradores convidados' }));
  expect(r.status, r.texto).toBe(302);
  const uid = String(r.headers.location).split('/').pop()!;
  return { uid, caminho: `/admin/grupos-cliente/${uid}` };
}

/** The lot page's canonical path (the short path redirects there). */
async function paginaDoLote(cookie: string, id: number) {
  const r = await t.app.pedir(H, `/leilao/x-sp/t/m/n/ano.2000/${id}`, { headers: { cookie } });
  expect(r.status).toBe(301);
  return t.app.pedir(H, String(r.headers.location), { headers: { cookie } });
}

describe('who keeps the groups', () => {
  it('SAC, GerenteSAC and ADM open the screen and the calls; the auctioneer, a client and a visitor do not', async () => {
    for (const papel of [P.SAC, P.GERENTE_SAC, P.ADM]) {
      const s = await entrarComoStaff(t.banco.db, [papel]);
      expect((await t.app.pedir(H, '/admin/grupos-cliente', { headers: { cookie: s.cookie } })).status, papel).toBe(200);
      expect((await t.app.pedir(H, '/v1/cliente/grupos-cliente', { headers: s.bearer })).status, papel).toBe(200);
    }
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    expect((await t.app.pedir(H, '/admin/grupos-cliente', { headers: { cookie: leiloeiro.cookie } })).status).toBe(403);
    expect((await t.app.pedir(H, '/v1/cliente/grupos-cliente', { headers: leiloeiro.bearer })).status).toBe(403);
    const negado = await t.app.pedir(H, '/admin/grupos-cliente', formulario(leiloeiro.cookie, { nome: 'Intrusos' }));
    expect(negado.status).toBe(403);
    const cliente = await criarCliente(t.banco.db);
    expect((await t.app.pedir(H, '/v1/cliente/grupos-cliente', { headers: cliente.auth })).status).toBe(403);
    const definir = await t.app.pedir(H, '/v1/cliente/grupos-clientes/00000000-0000-4000-8000-000000000000', {
      headers: cliente.auth,
      corpo: { grupoUids: [] },
    });
    expect(definir.status).toBe(403);
    expect((await t.app.pedir(H, '/v1/cliente/grupos-cliente')).status).toBe(401);
    expect(await t.banco.db.select().from(grupoCliente).where(eq(grupoCliente.nome, 'Intrusos'))).toEqual([]);
  });
});

describe('groups and their clients', () => {
  it('created and renamed on the screen, a repeated name refused, clients put in by e-mail and by the API, each brand its own', async () => {
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const vazio = await t.app.pedir(H, '/admin/grupos-cliente', formulario(sac.cookie, { nome: ' ' }));
    expect(vazio.status).toBe(400);
    expect(vazio.texto).toContain('Informe o nome do grupo');
    const lojistas = await criarGrupo(sac.cookie, 'Lojistas parceiros');
    const frotistas = await criarGrupo(sac.cookie, 'Frotistas');
    const repetido = await t.app.pedir(H, '/admin/grupos-cliente', formulario(sac.cookie, { nome: 'Frotistas' }));
    expect(repetido.status).toBe(409);
    expect(repetido.texto).toContain('Já existe um grupo de clientes com este nome');
    const renomeado = await t.app.pedir(H, frotistas.caminho, formulario(sac.cookie, { _acao: 'salvar', nome: 'Frotistas SP' }));
    expect(renomeado.status, renomeado.texto).toBe(200);

    // Brand 14's group with the same name is another group, never listed on brand 1.
    const sac14 = await entrarComoStaff(t.banco.db, [P.SAC], { hotsiteId: 14 });
    const alheio = await criarGrupo(sac14.cookie, 'Lojistas parceiros', 'h14.localhost');
    const lista = (await t.app.pedir(H, '/v1/cliente/grupos-cliente', { headers: sac.bearer })).json<{ uid: string; nome: string }[]>();
    expect(lista.map((g) => g.nome)).toEqual(['Frotistas SP', 'Lojistas parceiros']);
    expect(lista.map((g) => g.uid)).not.toContain(alheio.uid);
    expect((await t.app.pedir(H, alheio.caminho, { headers: { cookie: sac.cookie } })).status).toBe(404);

    const ana = await criarCliente(t.banco.db, { nome: 'Ana Lojista' });
    const bia = await criarCliente(t.banco.db, { nome: 'Bia Compradora' });
    const incluida = await t.app.pedir(H, lojistas.caminho, formulario(sac.cookie, { _acao: 'incluir', cliente: ana.email.toUpperCase() }));
    expect(incluida.status, incluida.texto).toBe(200);
    expect(incluida.texto).toContain('Cliente incluído no grupo');
    expect(incluida.texto).toContain('Ana Lojista');
    const ninguem = await t.app.pedir(H, lojistas.caminho, formulario(sac.cookie, { _acao: 'incluir', cliente: 'ninguem@exemplo.com.br' }));
    expect(ninguem.status).toBe(404);
    expect(ninguem.texto).toContain('Cliente não encontrado');
    // A client of another brand is not found either.
    const de14 = await criarCliente(t.banco.db, { hotsiteId: 14 });
    expect((await t.app.pedir(H, lojistas.caminho, formulario(sac.cookie, { _acao: 'incluir', cliente: de14.email }))).status).toBe(404);

    // The API: Bia's groups set to both, then read back; the possible groups mark hers.
    const uidDe = async (id: number) => (await t.banco.db.select({ uid: usuario.uid }).from(usuario).where(eq(usuario.id, id)))[0]!.uid;
    const biaUid = await uidDe(bia.id);
    const definido = await t.app.pedir(H, `/v1/cliente/grupos-clientes/${biaUid}`, {
      headers: sac.bearer,
      corpo: { grupoUids: [lojistas.uid, frotistas.uid, lojistas.uid] },
    });
    expect(definido.status, definido.texto).toBe(200);
    expect(definido.json<{ nome: string }[]>().map((g) => g.nome)).toEqual(['Frotistas SP', 'Lojistas parceiros']);
    const possiveis = (
      await t.app.pedir(H, `/v1/cliente/grupos-possiveis-para-cliente/${await uidDe(ana.id)}`, { headers: sac.bearer })
    ).json<{ nome: string; membro: boolean }[]>();
    expect(possiveis).toEqual([
      expect.objectContaining({ nome: 'Frotistas SP', membro: false }),
      expect.objectContaining({ nome: 'Lojistas parceiros', membro: true }),
    ]);
    // Another brand's group, a bad body and a bad uid are 400s that change nothing.
    const deOutra = await t.app.pedir(H, `/v1/cliente/grupos-clientes/${biaUid}`, {
      headers: sac.bearer,
      corpo: { grupoUids: [alheio.uid] },
    });
    expect(deOutra.status).toBe(400);
    expect(deOutra.texto).toContain('Grupo de clientes não encontrado nesta marca');
    expect(
      (await t.app.pedir(H, `/v1/cliente/grupos-clientes/${biaUid}`, { headers: sac.bearer, corpo: { grupoUids: 'todos' } })).status,
    ).toBe(400);
    expect((await t.app.pedir(H, '/v1/cliente/grupos-do-cliente/nao-e-uid', { headers: sac.bearer })).status).toBe(400);
    const daBia = (await t.app.pedir(H, `/v2/cliente/grupos-do-cliente/${biaUid}`, { headers: sac.bearer })).json<{ nome: string }[]>();
    expect(daBia.map((g) => g.nome)).toEqual(['Frotistas SP', 'Lojistas parceiros']);

    // A client reads their own groups, never another client's.
    const proprios = await t.app.pedir(H, `/v1/cliente/grupos-do-cliente/${biaUid}`, { headers: bia.auth });
    expect(proprios.status).toBe(200);
    expect(proprios.json<unknown[]>()).toHaveLength(2);
    expect((await t.app.pedir(H, `/v1/cliente/grupos-do-cliente/${biaUid}`, { headers: ana.auth })).status).toBe(404);

    // An empty list takes Bia out of every group; removing from the screen takes Ana out.
    await t.app.pedir(H, `/v1/cliente/grupos-clientes/${biaUid}`, { headers: sac.bearer, corpo: { grupoUids: [] } });
    expect((await t.app.pedir(H, `/v1/cliente/grupos-do-cliente/${biaUid}`, { headers: bia.auth })).json<unknown[]>()).toEqual([]);
    const retirada = await t.app.pedir(H, lojistas.caminho, formulario(sac.cookie, { _acao: 'retirar', cliente: await uidDe(ana.id) }));
    expect(retirada.texto).toContain('Nenhum cliente neste grupo.');
  });
});

describe('a lot restricted to groups', () => {
  it('takes bids from members only: the server refuses the others with the reason, which the lot page shows them', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db);
    const membro = await criarCliente(t.banco.db, { nome: 'Membro', leilaoId });
    const outro = await criarCliente(t.banco.db, { nome: 'Outro', leilaoId });
    const grupo = await criarGrupo(adm.cookie, 'Revendedores VIP');
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'incluir', cliente: membro.email }));

    // Before the restriction anyone enabled bids.
    expect((await t.app.pedir(H, '/v1/lances', { headers: outro.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(201);

    const ruim = await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'restringir', loteId: 'abc' }));
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('Informe o número (id) do lote');
    const alheio = await criarLoteEmDisputa(t.banco.db, { hotsiteId: 14 });
    expect(
      (await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'restringir', loteId: String(alheio.loteId) }))).status,
    ).toBe(404);
    const restrito = await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'restringir', loteId: String(loteId) }));
    expect(restrito.status, restrito.texto).toBe(200);
    expect(restrito.texto).toContain('Lote restrito ao grupo');

    const recusado = await t.app.pedir(H, '/v1/lances', { headers: outro.auth, corpo: { loteId, valor: 10_500_00 } });
    expect(recusado.status).toBe(403);
    expect(recusado.texto).toContain('Este lote recebe lances só de clientes de um grupo do qual você não faz parte');
    const aceito = await t.app.pedir(H, '/v1/lances', { headers: membro.auth, corpo: { loteId, valor: 10_500_00 } });
    expect(aceito.status, aceito.texto).toBe(201);
    // A written proposal meets the same gate: the non-member is told why; the member passes it (and meets
    // the lot's own rule next: a bidding lot takes no proposal).
    const proposta = { loteId, valor: 12_000_00, telefone: '11987654321', email: 'proposta@exemplo.com.br' };
    const propostaDeFora = await t.app.pedir(H, '/v1/propostas', { headers: outro.auth, corpo: proposta });
    expect(propostaDeFora.status).toBe(403);
    expect(propostaDeFora.texto).toContain('Este lote recebe lances só de clientes de um grupo do qual você não faz parte');
    expect((await t.app.pedir(H, '/v1/propostas', { headers: membro.auth, corpo: proposta })).status).toBe(409);

    // The lot page: the non-member is told why and offered no bid form; the member bids as usual.
    const paraOutro = await paginaDoLote(outro.cookie, loteId);
    expect(paraOutro.status).toBe(200);
    expect(paraOutro.texto).toContain('data-testid="lote-fora-do-grupo"');
    expect(paraOutro.texto).toContain('Lote exclusivo para clientes do grupo Revendedores VIP.');
    expect(paraOutro.texto).toContain('Sua conta não faz parte deste grupo');
    const paraMembro = await paginaDoLote(membro.cookie, loteId);
    expect(paraMembro.texto).not.toContain('lote-fora-do-grupo');
    expect(paraMembro.texto).toContain('data-testid="lote-exclusivo-grupo"');
    // The page's own bid form is refused the same way (without JavaScript: back on the page with the reason).
    const pelaPagina = await t.app.pedir(
      H,
      '/lances/acao',
      formulario(outro.cookie, { intencao: 'lance', loteId: String(loteId), valor: '11.000,00', redirectTo: '/leilao' }),
    );
    expect(pelaPagina.status).toBe(302);
    expect(new URL(String(pelaPagina.headers.location), 'http://x').searchParams.get('mensagem')).toBe(
      'Este lote recebe lances só de clientes de um grupo do qual você não faz parte',
    );
    const comJs = await t.app.pedir(
      H,
      '/lances/acao',
      formulario(outro.cookie, { intencao: 'lance', loteId: String(loteId), valor: '11.000,00', _js: '1' }),
    );
    expect(comJs.json()).toMatchObject({
      ok: false,
      mensagem: 'Este lote recebe lances só de clientes de um grupo do qual você não faz parte',
    });

    // The lot API names its groups.
    const api = (await t.app.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{ gruposCliente: { uid: string; nome: string }[] }>();
    expect(api.gruposCliente).toEqual([{ uid: grupo.uid, nome: 'Revendedores VIP' }]);

    // Freed again, the other client bids.
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'liberar', loteId: String(loteId) }));
    expect((await t.app.pedir(H, '/v1/lances', { headers: outro.auth, corpo: { loteId, valor: 11_000_00 } })).status).toBe(201);
    expect((await t.app.pedir(H, `/v1/lote/by-id/${loteId}`)).json<{ gruposCliente: unknown[] }>().gruposCliente).toEqual([]);
  });
});

describe('a restricted lot in the lists (decision 278)', () => {
  type Linha = { id: number; gruposCliente: { uid: string; nome: string }[] };
  const buscar = async (leilaoId: number, headers?: Record<string, string>) =>
    (
      await t.app.pedir(H, '/v1/lote/busca-elastic', {
        method: 'POST',
        headers,
        corpo: { requisicoesBusca: [{ campo: 'leilao', valores: [leilaoId] }] },
      })
    ).json<Linha[]>();
  /** The card of the lot on the auction's list page, as the HTML has it. */
  const card = async (leilaoId: number, loteId: number, cookie?: string) => {
    const r = await t.app.pedir(H, `/leilao?leilao=${leilaoId}`, cookie ? { headers: { cookie } } : {});
    expect(r.status).toBe(200);
    const inicio = r.texto.indexOf(`data-lote-id="${loteId}"`);
    expect(inicio).toBeGreaterThan(0);
    return r.texto.slice(inicio, r.texto.indexOf('</article>', inicio));
  };

  it('stays listed to everyone with who may bid on it: the card and the search rows name the groups, kept fresh on rename and untie', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db);
    const membro = await criarCliente(t.banco.db, { nome: 'Membro da lista', leilaoId });
    const outro = await criarCliente(t.banco.db, { nome: 'Fora da lista', leilaoId });
    const grupo = await criarGrupo(adm.cookie, 'Lojistas da lista');
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'incluir', cliente: membro.email }));

    // Open to all: no notice, and the row says so with an empty list.
    expect(await card(leilaoId, loteId)).not.toContain('card-exclusivo-grupo');
    expect((await buscar(leilaoId)).find((l) => l.id === loteId)?.gruposCliente).toEqual([]);

    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'restringir', loteId: String(loteId) }));
    // Visitor, non-member and member read the same card and row: the lot is listed, with its group named.
    for (const cookie of [undefined, outro.cookie, membro.cookie]) {
      expect(await card(leilaoId, loteId, cookie)).toContain('Exclusivo para clientes do grupo Lojistas da lista');
    }
    for (const headers of [undefined, outro.auth, membro.auth]) {
      expect((await buscar(leilaoId, headers)).find((l) => l.id === loteId)?.gruposCliente).toEqual([
        { uid: grupo.uid, nome: 'Lojistas da lista' },
      ]);
    }

    // The visitor's lot page: the notice, and no way to bid without entering.
    const visitante = await t.app.pedir(H, `/leilao/x-sp/t/m/n/ano.2000/${loteId}`);
    const paginaVisitante = await t.app.pedir(H, String(visitante.headers.location));
    expect(paginaVisitante.texto).toContain('Lote exclusivo para clientes do grupo Lojistas da lista.');
    expect(paginaVisitante.texto).not.toContain('lote-fora-do-grupo');
    // The shop wording on brand 2 is the page's; the card's notice names no lot word.

    // A renamed group reaches the kept cards at once (the change feed names the lot).
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'salvar', nome: 'Lojistas premium' }));
    expect(await card(leilaoId, loteId)).toContain('Exclusivo para clientes do grupo Lojistas premium');
    expect(await card(leilaoId, loteId)).not.toContain('Lojistas da lista');
    expect((await buscar(leilaoId)).find((l) => l.id === loteId)?.gruposCliente).toEqual([{ uid: grupo.uid, nome: 'Lojistas premium' }]);
    const paginaRenomeada = await t.app.pedir(H, String(visitante.headers.location));
    expect(paginaRenomeada.texto).toContain('Lote exclusivo para clientes do grupo Lojistas premium.');

    // Freed: the notice leaves the card, the row and the page.
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'liberar', loteId: String(loteId) }));
    expect(await card(leilaoId, loteId)).not.toContain('card-exclusivo-grupo');
    expect((await buscar(leilaoId)).find((l) => l.id === loteId)?.gruposCliente).toEqual([]);
    expect((await t.app.pedir(H, String(visitante.headers.location))).texto).not.toContain('Lote exclusivo para clientes');
  });

  it('a deleted group frees its lots in the lists too', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db);
    const grupo = await criarGrupo(adm.cookie, 'Grupo que some');
    await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'restringir', loteId: String(loteId) }));
    expect(await card(leilaoId, loteId)).toContain('Exclusivo para clientes do grupo Grupo que some');
    const excluido = await t.app.pedir(H, grupo.caminho, formulario(adm.cookie, { _acao: 'excluir' }));
    expect(excluido.status, excluido.texto).toBeLessThan(400);
    expect(await card(leilaoId, loteId)).not.toContain('card-exclusivo-grupo');
    expect((await buscar(leilaoId)).find((l) => l.id === loteId)?.gruposCliente).toEqual([]);
  });
});
