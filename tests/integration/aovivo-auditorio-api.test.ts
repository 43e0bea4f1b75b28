import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();
const H = 'h1.localhost';

interface Apelido {
  uid: string;
  apelido: string;
  qtdLances: number;
  acoesApelido: string[];
  createdAt: string;
}

describe('auctioneer nicknames and the auditorium lots (API)', () => {
  it('nicknames: one per online bidder of the lot, with bid counts, shuffled; Leiloeiro + ADM of the brand', async () => {
    const { leilaoId, leilaoUid, loteIds } = await criarLeilaoAoVivo(t.banco.db, { lotes: 2 });
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    const clientes = await Promise.all(
      ['Ana Souza', 'Beto Lima', 'Caio Reis'].map((nome) => criarClienteDoAuditorio(t.banco.db, { leilaoId, nome })),
    );
    const comando = (nome: string, corpo: unknown = {}) =>
      t.app.pedir(H, `/v1/leiloeiro/${leilaoUid}/${nome}`, { method: 'POST', headers: leiloeiro.bearer, corpo });
    expect((await comando('iniciar')).status).toBe(200);
    expect((await comando('lote-atual', { loteId: loteIds[0] })).status).toBe(200);
    const [ana, beto, caio] = clientes;
    let valor = 10_000_00;
    for (const c of [ana, beto, ana, caio]) {
      expect((await t.app.pedir(H, '/v1/lances', { headers: c.auth, corpo: { loteId: loteIds[0], valor } })).status).toBe(201);
      valor += 500_00;
    }
    // A floor bid is the auctioneer's own: not a nickname to call.
    expect((await comando('lance')).status).toBe(201);

    const caminho = `/v1/leilao/apelido-leiloeiro/por-lote/${loteIds[0]}`;
    const r = await t.app.pedir(H, caminho, { headers: leiloeiro.bearer });
    expect(r.status).toBe(200);
    const apelidos = r.json<Apelido[]>();
    expect(apelidos.map((a) => [a.apelido, a.qtdLances]).sort()).toEqual([
      ['Ana S.', 2],
      ['Beto L.', 1],
      ['Caio R.', 1],
    ]);
    expect(apelidos[0].acoesApelido).toEqual(['proximo', 'repetir', 'alternar', 'aleatorio']);
    expect(new Date(apelidos[0].createdAt).getTime()).not.toBeNaN();

    // Shuffled: over a few calls the order changes (3! orders; 12 equal answers by chance is 1 in 6^11).
    const ordens = new Set<string>();
    for (let i = 0; i < 12; i++) {
      ordens.add(
        (await t.app.pedir(H, caminho, { headers: leiloeiro.bearer }))
          .json<Apelido[]>()
          .map((a) => a.apelido)
          .join(','),
      );
    }
    expect(ordens.size).toBeGreaterThan(1);

    // A lot without bids has no nickname; an unknown lot is 404; a bad id is 400, in pt-BR.
    expect((await t.app.pedir(H, `/v1/leilao/apelido-leiloeiro/por-lote/${loteIds[1]}`, { headers: leiloeiro.bearer })).json()).toEqual([]);
    const nenhum = await t.app.pedir(H, '/v1/leilao/apelido-leiloeiro/por-lote/2147483000', { headers: leiloeiro.bearer });
    expect(nenhum.status).toBe(404);
    expect(nenhum.json()).toMatchObject({ message: 'Lote não encontrado' });
    const ruim = await t.app.pedir(H, '/v1/leilao/apelido-leiloeiro/por-lote/abc', { headers: leiloeiro.bearer });
    expect(ruim.status).toBe(400);
    expect(ruim.json()).toMatchObject({ message: 'id do lote precisa ser um número' });

    // Roles: SAC, MKT, a client and a visitor are refused; ADM is let in.
    for (const papel of [P.SAC, P.MKT, P.COMITENTE]) {
      const outro = await entrarComoStaff(t.banco.db, [papel]);
      expect((await t.app.pedir(H, caminho, { headers: outro.bearer })).status).toBe(403);
    }
    expect((await t.app.pedir(H, caminho, { headers: ana.auth })).status).toBe(403);
    expect((await t.app.pedir(H, caminho)).status).toBe(401);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    expect((await t.app.pedir(H, caminho, { headers: adm.bearer })).status).toBe(200);
    // Brand scope: brand 2's auctioneer does not find brand 1's lot.
    const leiloeiro2 = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { hotsiteId: 2 });
    expect((await t.app.pedir('h2.localhost', caminho, { headers: leiloeiro2.bearer })).status).toBe(404);
  });

  it('anuncios-auditorio: the asked auction’s lots in floor order with the one on the floor; brand-scoped', async () => {
    const { leilaoUid, loteIds } = await criarLeilaoAoVivo(t.banco.db, { lotes: 3 });
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    await t.app.pedir(H, `/v1/leiloeiro/${leilaoUid}/iniciar`, { method: 'POST', headers: leiloeiro.bearer, corpo: {} });
    await t.app.pedir(H, `/v1/leiloeiro/${leilaoUid}/lote-atual`, {
      method: 'POST',
      headers: leiloeiro.bearer,
      corpo: { loteId: loteIds[1] },
    });
    const r = await t.app.pedir(H, `/v1/lote/anuncios-auditorio?leilaoUid=${leilaoUid}`);
    expect(r.status).toBe(200);
    const corpo = r.json<{
      leilao: { uid: string; situacao: string };
      loteAtualId: number;
      anuncios: { loteId: number; situacao: string }[];
    }>();
    expect(corpo.leilao).toMatchObject({ uid: leilaoUid, situacao: 'AO_VIVO' });
    expect(corpo.loteAtualId).toBe(loteIds[1]);
    expect(corpo.anuncios.map((a) => a.loteId)).toEqual(loteIds);
    expect(corpo.anuncios[1].situacao).toBe('AO_VIVO');
    // Without a uid: the live auction first.
    expect((await t.app.pedir(H, '/v1/lote/anuncios-auditorio')).json<{ leilao: { situacao: string } }>().leilao.situacao).toBe('AO_VIVO');

    const ruim = await t.app.pedir(H, '/v1/lote/anuncios-auditorio?leilaoUid=xyz');
    expect(ruim.status).toBe(400);
    expect(ruim.json()).toMatchObject({ message: 'leilaoUid deve ser um uid de leilão' });
    expect((await t.app.pedir('h2.localhost', `/v1/lote/anuncios-auditorio?leilaoUid=${leilaoUid}`)).status).toBe(404);
  });
});
