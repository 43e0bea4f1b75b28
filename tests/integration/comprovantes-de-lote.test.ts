import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comprovante, venda, vendaItem } from '@db/schema';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/**
 * `GET /{v}/comprovantes-de-lote/{id}` (001 §7): the proofs a buyer sent for a sale, for the sales staff of
 * the brand (the buyer reads theirs at `meus-comprovantes-de-lote`). Never the file's bytes; another
 * brand's sale is not there.
 */
const t = instanciaDeTeste();

async function vendaComComprovante(hotsiteId = 1) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 10_000_00 });
  const cliente = await criarCliente(t.banco.db, { hotsiteId, leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 12_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  await t.banco.db.insert(comprovante).values({
    hotsiteId,
    vendaId: v.id,
    nomeArquivo: 'ted-banco.pdf',
    tipo: 'application/pdf',
    tamanho: 4,
    arquivo: Buffer.from('%PDF'),
    enviadoPor: cliente.nome,
  });
  return { venda: v, cliente };
}

describe('GET /v1/comprovantes-de-lote/{id}', () => {
  it('answers the sale proofs to Acerto, SAC and ADM, without the file; a client, a visitor and another brand are refused', async () => {
    const { venda: v, cliente } = await vendaComComprovante();
    for (const papel of [P.ACERTO, P.SAC, P.ADM]) {
      const staff = await entrarComoStaff(t.banco.db, [papel]);
      const r = await t.app.pedir('h1.localhost', `/v1/comprovantes-de-lote/${v.id}`, { headers: staff.bearer });
      expect(r.status, r.texto).toBe(200);
      const lista = r.json<{ nomeArquivo: string; situacao: string; arquivo?: unknown }[]>();
      expect(lista).toHaveLength(1);
      expect(lista[0]).toMatchObject({ nomeArquivo: 'ted-banco.pdf' });
      expect(r.texto).not.toContain('JVBERg');
    }
    expect(
      (
        await t.app.pedir('h1.localhost', `/v2/comprovantes-de-lote/${v.id}`, {
          headers: (await entrarComoStaff(t.banco.db, [P.ADM])).bearer,
        })
      ).status,
    ).toBe(200);
    expect((await t.app.pedir('h1.localhost', `/v1/comprovantes-de-lote/${v.id}`, { headers: cliente.auth })).status).toBe(403);
    expect((await t.app.pedir('h1.localhost', `/v1/comprovantes-de-lote/${v.id}`)).status).toBe(401);
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO]);
    expect((await t.app.pedir('h1.localhost', `/v1/comprovantes-de-lote/${v.id}`, { headers: leiloeiro.bearer })).status).toBe(403);

    const outra = await vendaComComprovante(14);
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const alheia = await t.app.pedir('h1.localhost', `/v1/comprovantes-de-lote/${outra.venda.id}`, { headers: adm.bearer });
    expect(alheia.status).toBe(404);
    expect(alheia.texto).not.toContain('ted-banco.pdf');
    const ruim = await t.app.pedir('h1.localhost', '/v1/comprovantes-de-lote/abc', { headers: adm.bearer });
    expect(ruim.status).toBe(400);
  });
});

describe('/comprovante-arrematacao (bare)', () => {
  it("lists the logged-in buyer's own receipts by their hash; another client sees none of them; a visitor goes to the login", async () => {
    const { venda: v, cliente } = await vendaComComprovante();
    const r = await t.app.pedir('h1.localhost', '/comprovante-arrematacao', { headers: { cookie: cliente.cookie } });
    expect(r.status).toBe(200);
    expect(r.texto).toContain(`href="/comprovante-arrematacao/${v.hashQrcode}"`);
    expect(r.texto).toContain('noindex');
    const outro = await criarCliente(t.banco.db);
    const alheio = await t.app.pedir('h1.localhost', '/comprovante-arrematacao', { headers: { cookie: outro.cookie } });
    expect(alheio.status).toBe(200);
    expect(alheio.texto).not.toContain(v.hashQrcode);
    expect(alheio.texto).toContain('Nenhuma compra encontrada');
    const visitante = await t.app.pedir('h1.localhost', '/comprovante-arrematacao');
    expect(visitante.status).toBe(302);
    expect(visitante.headers.location).toMatch(/^\/login\?/);
    // A cancelled sale has no receipt.
    await t.banco.db.update(venda).set({ situacao: 'Cancelada' }).where(eq(venda.id, v.id));
    expect((await t.app.pedir('h1.localhost', '/comprovante-arrematacao', { headers: { cookie: cliente.cookie } })).texto).not.toContain(
      v.hashQrcode,
    );
  });
});
