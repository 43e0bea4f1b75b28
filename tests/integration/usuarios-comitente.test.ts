import { and, asc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, usuario, usuarioComitente } from '@db/schema';
import { MENSAGENS_ACESSO, PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { criarCliente } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

interface Comitente {
  id: number;
  uid: string;
  nomeSite: string;
}

/** Two sellers of a brand (seeded), by id. */
async function comitentesDa(hotsiteId: number) {
  return t.banco.db
    .select({ id: comitente.id, nomeSite: comitente.nomeSite })
    .from(comitente)
    .where(eq(comitente.hotsiteId, hotsiteId))
    .orderBy(asc(comitente.id));
}
const ids = (lista: Comitente[]) => lista.map((c) => c.id).sort((a, b) => a - b);

describe('usuario-comitente calls', () => {
  it('ADM ties a user to sellers of the brand (by uid on v1, by id on v2), reads and unties them', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const [{ uid }] = await t.banco.db.select({ uid: usuario.uid }).from(usuario).where(eq(usuario.id, vendedor.id));
    const [a, b, c] = await comitentesDa(1);

    const criado = await t.app.pedir('h1.localhost', `/v1/comitentes/usuario-comitente/${uid}`, {
      headers: adm.bearer,
      corpo: { comIds: [a.id, b.id, a.id], nomeSite: 'ignorado', cogId: 3 },
    });
    expect(criado.status).toBe(201);
    expect(ids(criado.json<Comitente[]>())).toEqual([a.id, b.id]);
    // Tying again is harmless.
    expect(
      (
        await t.app.pedir('h1.localhost', `/v2/comitentes/usuario-comitente/${vendedor.id}`, {
          headers: adm.bearer,
          corpo: { comIds: [b.id] },
        })
      ).status,
    ).toBe(201);

    const lidos = await t.app.pedir('h1.localhost', `/v2/comitentes/usuario-comitente/${vendedor.id}`, { headers: adm.bearer });
    expect(lidos.status).toBe(200);
    expect(ids(lidos.json<Comitente[]>())).toEqual([a.id, b.id]);
    expect(lidos.json<Comitente[]>().find((x) => x.id === a.id)?.nomeSite).toBe(a.nomeSite);

    const apagado = await t.app.pedir('h1.localhost', `/v2/comitentes/usuario-comitente/${vendedor.id}/${a.id}`, {
      method: 'DELETE',
      headers: adm.bearer,
    });
    expect(apagado.status).toBe(200);
    expect(apagado.json()).toEqual({ mensagem: 'Item apagado com sucesso' });
    const denovo = await t.app.pedir('h1.localhost', `/v1/comitentes/usuario-comitente/${vendedor.id}/${a.id}`, {
      method: 'DELETE',
      headers: adm.bearer,
    });
    expect(denovo.status).toBe(404);
    expect(denovo.json()).toMatchObject({ message: 'Vínculo entre usuário e comitente não encontrado' });
    // Never tied to c: also a 404.
    expect(
      (
        await t.app.pedir('h1.localhost', `/v1/comitentes/usuario-comitente/${vendedor.id}/${c.id}`, {
          method: 'DELETE',
          headers: adm.bearer,
        })
      ).status,
    ).toBe(404);

    const depois = await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, vendedor.id));
    expect(depois.map((l) => [l.hotsiteId, l.comitenteId])).toEqual([[1, b.id]]);
  });

  it('a seller of another brand, or one that does not exist, is a 404 and nothing is tied; bad ids are a 400', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const [a] = await comitentesDa(1);
    const [doisA] = await comitentesDa(2);
    const url = `/v1/comitentes/usuario-comitente/${vendedor.id}`;

    const outra = await t.app.pedir('h1.localhost', url, { headers: adm.bearer, corpo: { comIds: [a.id, doisA.id] } });
    expect(outra.status).toBe(404);
    expect(outra.json()).toMatchObject({ message: 'Comitente não encontrado' });
    expect(await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, vendedor.id))).toEqual([]);

    for (const corpo of [{}, { comIds: [] }, { comIds: ['1'] }, { comIds: [99999999999] }, { comIds: [1.5] }, { comIds: 'x' }]) {
      const r = await t.app.pedir('h1.localhost', url, { headers: adm.bearer, corpo });
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(typeof r.json<{ message: string }>().message).toBe('string');
    }
    for (const caminho of [
      '/v1/comitentes/usuario-comitente/99999999999',
      '/v1/comitentes/usuario-comitente/1e3',
      '/v1/comitentes/usuario-comitente/-1',
      `/v1/comitentes/usuario-comitente/${vendedor.id}/99999999999`,
    ]) {
      const metodo = caminho.split('/').length > 5 ? 'DELETE' : 'GET';
      expect((await t.app.pedir('h1.localhost', caminho, { method: metodo, headers: adm.bearer })).status, caminho).toBe(400);
    }
    // A user that is not ours: a client of another brand, or no one.
    const cliente2 = await criarCliente(t.banco.db, { hotsiteId: 2 });
    expect((await t.app.pedir('h1.localhost', `/v1/comitentes/usuario-comitente/${cliente2.id}`, { headers: adm.bearer })).status).toBe(
      404,
    );
    expect(
      (await t.app.pedir('h1.localhost', '/v1/comitentes/usuario-comitente/2147483647', { headers: adm.bearer, corpo: { comIds: [a.id] } }))
        .status,
    ).toBe(404);
  });

  it('writes and other users’ links are ADM only; a seller user reads their own links and their own sellers', async () => {
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const outro = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const mkt = await entrarComoStaff(t.banco.db, [P.MKT]);
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1 });
    const [a, b] = await comitentesDa(1);
    const url = `/v1/comitentes/usuario-comitente/${vendedor.id}`;
    expect((await t.app.pedir('h1.localhost', url, { headers: adm.bearer, corpo: { comIds: [a.id] } })).status).toBe(201);

    const semPapelAdm = MENSAGENS_ACESSO.semPapel([P.ADM]);
    // Anonymous: 401 on every call.
    for (const [metodo, caminho] of [
      ['GET', url],
      ['POST', url],
      ['DELETE', `${url}/${a.id}`],
      ['GET', '/v2/comitentes/listar-comitentes'],
    ] as const) {
      const r = await t.app.pedir('h1.localhost', caminho, { method: metodo, ...(metodo === 'POST' ? { corpo: { comIds: [b.id] } } : {}) });
      expect(r.status, `${metodo} ${caminho}`).toBe(401);
      expect(r.json()).toMatchObject({ message: MENSAGENS_ACESSO.naoLogado });
    }
    // Not ADM: no writes, not even on oneself, and no one else's links.
    for (const quem of [vendedor, sac, mkt, { bearer: cliente.auth }]) {
      const post = await t.app.pedir('h1.localhost', url, { headers: quem.bearer, corpo: { comIds: [b.id] } });
      expect(post.status).toBe(403);
      expect(post.json()).toMatchObject({ message: semPapelAdm });
      expect((await t.app.pedir('h1.localhost', `${url}/${a.id}`, { method: 'DELETE', headers: quem.bearer })).status).toBe(403);
    }
    for (const quem of [outro, sac, mkt, { bearer: cliente.auth }]) {
      const r = await t.app.pedir('h1.localhost', url, { headers: quem.bearer });
      expect(r.status).toBe(403);
      expect(r.json()).toMatchObject({ message: semPapelAdm });
    }
    // Probing a user that does not exist answers the same 403, not a 404.
    expect((await t.app.pedir('h1.localhost', '/v1/comitentes/usuario-comitente/2147483647', { headers: outro.bearer })).status).toBe(403);

    const meus = await t.app.pedir('h1.localhost', url, { headers: vendedor.bearer });
    expect(meus.status).toBe(200);
    expect(ids(meus.json<Comitente[]>())).toEqual([a.id]);
    expect(await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, vendedor.id))).toHaveLength(1);

    // listar-comitentes: the whole brand to ADM and SAC, a seller user's own sellers to them, nothing to MKT.
    const todos = (await comitentesDa(1)).map((c) => c.id);
    for (const quem of [adm, sac]) {
      const r = await t.app.pedir('h1.localhost', '/v2/comitentes/listar-comitentes', { headers: quem.bearer });
      expect(r.status).toBe(200);
      expect(ids(r.json<Comitente[]>())).toEqual(todos);
    }
    expect(
      ids((await t.app.pedir('h1.localhost', '/v1/comitentes/listar-comitentes', { headers: vendedor.bearer })).json<Comitente[]>()),
    ).toEqual([a.id]);
    expect((await t.app.pedir('h1.localhost', '/v1/comitentes/listar-comitentes', { headers: outro.bearer })).json()).toEqual([]);
    expect((await t.app.pedir('h1.localhost', '/v1/comitentes/listar-comitentes', { headers: mkt.bearer })).status).toBe(403);
  });

  it('links are per brand: a user of brand 1’s seller sees nothing of brand 2', async () => {
    const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const [a] = await comitentesDa(1);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a.id });
    const noDois = await entrarComoStaff(t.banco.db, [P.COMITENTE], { hotsiteId: 2 });
    // The same person's session on brand 2 (a staff user is platform-wide).
    const { token } = await criarSessao({ db: t.banco.db, usuarioId: vendedor.id, hotsiteId: 2 });
    const bearer = { authorization: `Bearer ${token}` };
    expect((await t.app.pedir('h2.localhost', `/v1/comitentes/usuario-comitente/${vendedor.id}`, { headers: bearer })).json()).toEqual([]);
    expect((await t.app.pedir('h2.localhost', '/v1/comitentes/listar-comitentes', { headers: bearer })).json()).toEqual([]);
    expect((await t.app.pedir('h2.localhost', '/v1/comitentes/listar-comitentes', { headers: noDois.bearer })).json()).toEqual([]);
    // ADM on brand 2 cannot untie a brand-1 link from there.
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect(
      (
        await t.app.pedir('h2.localhost', `/v1/comitentes/usuario-comitente/${vendedor.id}/${a.id}`, {
          method: 'DELETE',
          headers: adm2.bearer,
        })
      ).status,
    ).toBe(404);
    expect(await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, vendedor.id))).toHaveLength(1);
  });

  it('the demo seller user is tied to two sellers of each demo brand', async () => {
    const [demo] = await t.banco.db
      .select({ id: usuario.id })
      .from(usuario)
      .where(and(eq(usuario.email, 'comitente@martelo.test'), isNull(usuario.hotsiteId)));
    const links = await t.banco.db.select().from(usuarioComitente).where(eq(usuarioComitente.usuarioId, demo.id));
    const porMarca = new Map<number, number>();
    for (const l of links) porMarca.set(l.hotsiteId, (porMarca.get(l.hotsiteId) ?? 0) + 1);
    expect(porMarca.get(1)).toBe(2);
    expect(porMarca.get(2)).toBe(2);
    // Each link's seller is of the link's brand.
    const vendedores = await t.banco.db.select({ id: comitente.id, hotsiteId: comitente.hotsiteId }).from(comitente);
    for (const l of links) expect(vendedores.find((c) => c.id === l.comitenteId)?.hotsiteId).toBe(l.hotsiteId);
  });
});
