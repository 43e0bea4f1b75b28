import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, lote, usuarioComitente } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();
const H = 'h1.localhost';

/** An auction with two lots: the first of seller A (the one `vendedor` answers for), the second of seller B. */
async function leilaoDeDoisComitentes() {
  const l = await criarLeilaoAoVivo(t.banco.db, { lotes: 2, valorComitente: 50_000_00 });
  const [a, b] = await t.banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 1)).orderBy(asc(comitente.id));
  await t.banco.db.update(lote).set({ comitenteId: a.id, nome: 'Fiat Uno do comitente A' }).where(eq(lote.id, l.loteIds[0]));
  await t.banco.db.update(lote).set({ comitenteId: b.id, nome: 'Ford Ka do comitente B' }).where(eq(lote.id, l.loteIds[1]));
  const vendedor = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
  await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a.id });
  const cliente = await criarClienteDoAuditorio(t.banco.db, { leilaoId: l.leilaoId, nome: 'Iara Campos' });
  return { ...l, vendedor, cliente };
}

describe('live follow-up for the seller and the auctioneer', () => {
  it('a seller user sees only its sellers’ lots and no client list; ADM sees every lot', async () => {
    const { leilaoUid, vendedor, cliente } = await leilaoDeDoisComitentes();
    const pagina = await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: vendedor.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Fiat Uno do comitente A');
    expect(pagina.texto).not.toContain('Ford Ka do comitente B');
    expect(pagina.texto).not.toContain('Iara Campos');
    // Without a uid the page opens an auction holding the seller's lots.
    const inicial = await t.app.pedir(H, '/admin/acompanhar-leilao', { headers: { cookie: vendedor.cookie } });
    expect(inicial.status).toBe(200);
    expect(inicial.texto).not.toContain('Ford Ka do comitente B');

    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const doAdm = await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: adm.cookie } });
    expect(doAdm.status).toBe(200);
    expect(doAdm.texto).toContain('Fiat Uno do comitente A');
    expect(doAdm.texto).toContain('Ford Ka do comitente B');

    // A seller user tied to no seller sees no lot at all.
    const semVinculo = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const vazio = await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: semVinculo.cookie } });
    expect(vazio.status).toBe(200);
    expect(vazio.texto).not.toContain('Fiat Uno do comitente A');

    for (const papel of [P.SAC, P.LEILOEIRO, P.MKT]) {
      const outro = await entrarComoStaff(t.banco.db, [papel]);
      expect((await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: outro.cookie } })).status).toBe(403);
    }
    expect((await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: cliente.cookie } })).status).toBe(403);
    const anonimo = await t.app.pedir(H, `/admin/acompanhar-leilao/${leilaoUid}`);
    expect([302, 401, 403]).toContain(anonimo.status);
    expect((await t.app.pedir(H, '/admin/acompanhar-leilao/nao-e-uid', { headers: { cookie: vendedor.cookie } })).status).toBe(404);
  });

  it('the auctioneer sees every lot and the clients; other roles are refused', async () => {
    const { leilaoUid, cliente, loteIds } = await leilaoDeDoisComitentes();
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const pagina = await t.app.pedir(H, `/leiloeiro-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: leiloeiro.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('Fiat Uno do comitente A');
    expect(pagina.texto).toContain('Ford Ka do comitente B');
    expect(pagina.texto).toContain('Iara Campos');
    expect(loteIds).toHaveLength(2);

    for (const papel of [P.SAC, P.COMITENTE, P.MKT]) {
      const outro = await entrarComoStaff(t.banco.db, [papel]);
      expect((await t.app.pedir(H, `/leiloeiro-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: outro.cookie } })).status).toBe(403);
    }
    expect((await t.app.pedir(H, `/leiloeiro-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: cliente.cookie } })).status).toBe(403);
  });

  it('brand scope: an auction of brand 1 is not found from brand 2', async () => {
    const { leilaoUid } = await leilaoDeDoisComitentes();
    const leiloeiro2 = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { hotsiteId: 2 });
    const adm2 = await entrarComoStaff(t.banco.db, [P.ADM], { hotsiteId: 2 });
    expect(
      (await t.app.pedir('h2.localhost', `/leiloeiro-acompanhar-leilao/${leilaoUid}`, { headers: { cookie: leiloeiro2.cookie } })).status,
    ).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/admin/acompanhar-leilao/${leilaoUid}`, { headers: { cookie: adm2.cookie } })).status).toBe(
      404,
    );
    // The brand-1 session does not open brand 2's pages.
    const leiloeiro1 = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const cruzado = await t.app.pedir('h2.localhost', `/leiloeiro-acompanhar-leilao/${leilaoUid}`, {
      headers: { cookie: leiloeiro1.cookie },
    });
    expect(cruzado.status).not.toBe(200);
  });
});
