import jsQR from 'jsqr';
import { PNG as Png } from 'pngjs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autorizacaoRetirada, leilao, leiloeiro, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { textoDoPdf } from '../pdf';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

/** A lot won by a new client and closed into their sale (on brand 1, a leilão, unless told). */
async function vendaDoCliente(hotsiteId = 1) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 10_000_00 });
  const [lo] = await t.banco.db.insert(leiloeiro).values({ hotsiteId, nome: 'Marta Pregoeira', inscricao: 'JUCESP nº 123' }).returning();
  await t.banco.db.update(leilao).set({ leiloeiroId: lo.id }).where(eq(leilao.id, leilaoId));
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Rafael Souza', leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 15_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  return { cliente, venda: v };
}

/** Reads the QR code image (a PNG data URL) the page embeds under data-testid. */
function lerQr(html: string, testId: string) {
  const img = new RegExp(`<img[^>]*src="(data:image/png;base64,[^"]+)"[^>]*data-testid="${testId}"`).exec(html);
  expect(img).not.toBeNull();
  const png = Png.sync.read(Buffer.from(img![1].split(',')[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const HASH_ALHEIO = 'ab'.repeat(20);

describe('comprovante-arrematacao/{hash}', () => {
  it('prints the winner’s receipt per lot with a QR code to the sale’s verification page; unknown hash or lot → 404', async () => {
    const { venda: v } = await vendaDoCliente();
    const r = await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${v.hashQrcode}`);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Comprovante de arrematação');
    expect(r.texto).toContain('Rafael Souza');
    expect(r.texto).toMatch(/R\$\s15\.000,00/);
    const url = lerQr(r.texto, 'qr-comprovante');
    expect(url).toMatch(new RegExp(`/qrcode/extrato/${v.hashQrcode}$`));
    expect((await t.app.pedir('h1.localhost', new URL(url!).pathname)).texto).toContain('Extrato autêntico');

    expect((await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${HASH_ALHEIO}`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/comprovante-arrematacao/nao-e-hash`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${v.hashQrcode}?lote=999`)).status).toBe(404);
    // Another brand does not open this brand's sale.
    expect((await t.app.pedir('h2.localhost', `/comprovante-arrematacao/${v.hashQrcode}`)).status).toBe(404);
  });
});

describe('a shop brand’s purchase documents', () => {
  it('speak of a buyer, a listing, the person responsible for the sale and an intermediation fee, never of a leiloeiro or commission', async () => {
    const leilaoDoc = await vendaDoCliente(1);
    const lojaDoc = await vendaDoCliente(2);
    const textos = async (host: string, hash: string) => {
      const [pagina, comprovante, nota] = await Promise.all([
        t.app.pedir(host, `/comprovante-arrematacao/${hash}`),
        t.app.pedir(host, `/comprovante-arrematacao/${hash}.pdf`),
        t.app.pedir(host, `/nota/${hash}.pdf`),
      ]);
      for (const r of [pagina, comprovante, nota]) expect(r.status).toBe(200);
      return { pagina: pagina.texto, comprovante: textoDoPdf(comprovante.bytes), nota: textoDoPdf(nota.bytes) };
    };
    const leilaoTextos = await textos('h1.localhost', leilaoDoc.venda.hashQrcode!);
    expect(leilaoTextos.pagina).toContain('Leiloeiro');
    expect(leilaoTextos.comprovante).toContain('Leiloeiro: Marta Pregoeira');
    expect(leilaoTextos.comprovante).toContain('Comissão:');
    expect(leilaoTextos.nota).toContain('Comissão do leiloeiro');

    const loja = await textos('h2.localhost', lojaDoc.venda.hashQrcode!);
    for (const [documento, texto] of Object.entries(loja)) {
      for (const palavra of ['Leiloeiro', 'Comissão', 'Arrematante', 'Comprovante de arrematação', 'Nota de venda em leilão'])
        expect(texto, `${documento}: ${palavra}`).not.toContain(palavra);
    }
    expect(loja.comprovante).toContain('Comprovante de compra');
    expect(loja.comprovante).toContain('Responsável pela venda: Marta Pregoeira');
    expect(loja.comprovante).toContain('Comprador: Rafael Souza');
    expect(loja.comprovante).toContain('Taxa de intermediação:');
    expect(loja.comprovante).toContain('Anúncio');
    expect(loja.nota).toContain('Taxa de intermediação');
    expect(loja.pagina).toContain('Responsável pela venda');
  });
});

describe('retirada-por-terceiros/{hash}', () => {
  const postar = (cookie: string, vendaId: number, campos: Record<string, string>) =>
    t.app.pedir('h1.localhost', `/cliente/compras/${vendaId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ _acao: 'terceiro', ...campos }).toString(),
    });

  it('the buyer authorises a person by name and valid CPF; the printed authorisation’s QR code opens the check page', async () => {
    const { cliente, venda: v } = await vendaDoCliente();
    const ruim = await postar(cliente.cookie, v.id, { nome: 'Maria da Silva', cpf: '123.456.789-00' });
    expect(ruim.status).toBe(400);
    expect(ruim.texto).toContain('CPF inválido');
    expect(await t.banco.db.select().from(autorizacaoRetirada).where(eq(autorizacaoRetirada.vendaId, v.id))).toHaveLength(0);

    const ok = await postar(cliente.cookie, v.id, { nome: 'Maria da Silva', cpf: '529.982.247-25' });
    expect(ok.status).toBe(200);
    const [a] = await t.banco.db.select().from(autorizacaoRetirada).where(eq(autorizacaoRetirada.vendaId, v.id));
    expect(a).toMatchObject({ nome: 'Maria da Silva', cpf: '52998224725' });
    expect(a.hash).toMatch(/^[0-9a-f]{40}$/);
    const pagina = await t.app.pedir('h1.localhost', `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
    expect(pagina.texto).toContain(`/retirada-por-terceiros/${a.hash}`);

    const doc = await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}`);
    expect(doc.status).toBe(200);
    expect(doc.texto).toContain('Autorização de retirada por terceiros');
    expect(doc.texto).toContain('Maria da Silva');
    expect(doc.texto).toContain('529.982.247-25');
    const url = lerQr(doc.texto, 'qr-retirada');
    expect(url).toMatch(new RegExp(`/qrcode/retirada-por-terceiros/${a.hash}$`));
    const verificacao = await t.app.pedir('h1.localhost', new URL(url!).pathname);
    expect(verificacao.texto).toContain('Autorização autêntica');
    expect(verificacao.texto).toContain('Maria da Silva');
    expect(verificacao.texto).toContain('***.982.247-**');
    expect(verificacao.texto).not.toContain('529.982.247-25');

    for (const caminho of [
      `/retirada-por-terceiros/${HASH_ALHEIO}`,
      `/qrcode/retirada-por-terceiros/${HASH_ALHEIO}`,
      '/retirada-por-terceiros/x',
    ])
      expect((await t.app.pedir('h1.localhost', caminho)).status).toBe(404);
    // The sale's hash is not an authorisation's, and another brand does not open it.
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${v.hashQrcode}`)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/retirada-por-terceiros/${a.hash}`)).status).toBe(404);
  });

  const revogar = (caminho: string, cookie: string, autorizacao: number | string) =>
    t.app.pedir('h1.localhost', caminho, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: new URLSearchParams({ _acao: 'revogar-terceiro', autorizacao: String(autorizacao) }).toString(),
    });

  it('the buyer revokes an authorisation: the page says "Autorização revogada" without the third party, the PDF is 410, the timeline tells who', async () => {
    const { cliente, venda: v } = await vendaDoCliente();
    expect((await postar(cliente.cookie, v.id, { nome: 'Maria da Silva', cpf: '529.982.247-25' })).status).toBe(200);
    const [a] = await t.banco.db.select().from(autorizacaoRetirada).where(eq(autorizacaoRetirada.vendaId, v.id));
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}.pdf`)).status).toBe(200);

    // Another client cannot revoke it, nor can a bad id get through.
    const outro = await criarCliente(t.banco.db, { nome: 'Intruso' });
    expect((await revogar(`/cliente/compras/${v.id}`, outro.cookie, a.id)).status).toBe(404);
    expect((await revogar(`/cliente/compras/${v.id}`, cliente.cookie, 'abc')).status).toBe(400);
    expect((await revogar(`/cliente/compras/${v.id}`, cliente.cookie, 999999)).status).toBe(404);

    const r = await revogar(`/cliente/compras/${v.id}`, cliente.cookie, a.id);
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Autorização revogada');
    expect((await revogar(`/cliente/compras/${v.id}`, cliente.cookie, a.id)).status).toBe(409);

    const doc = await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}`);
    expect(doc.status).toBe(200);
    expect(doc.texto).toContain('Autorização revogada');
    for (const dado of ['Maria da Silva', '529.982.247-25', '982.247', 'Rafael Souza']) expect(doc.texto).not.toContain(dado);
    const pdf = await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}.pdf`);
    expect(pdf.status).toBe(410);
    expect(pdf.texto).toContain('Autorização revogada');
    const qr = await t.app.pedir('h1.localhost', `/qrcode/retirada-por-terceiros/${a.hash}`);
    expect(qr.status).toBe(200);
    expect(qr.texto).toContain('Autorização revogada');
    expect(qr.texto).not.toContain('Autorização autêntica');
    expect(qr.texto).not.toContain('Maria da Silva');

    const pagina = await t.app.pedir('h1.localhost', `/cliente/compras/${v.id}`, { headers: { cookie: cliente.cookie } });
    expect(pagina.texto).toMatch(/revogada em/);
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const equipe = await t.app.pedir('h1.localhost', `/admin/compras/${v.id}`, { headers: { cookie: sac.cookie } });
    expect(equipe.texto).toContain('Autorização de retirada de Maria da Silva revogada por Rafael Souza');
    expect(equipe.texto).toMatch(/revogada em .* por <!-- -->Rafael Souza|revogada em [^<]* por Rafael Souza/);
  });

  it('staff revoke an authorisation on /admin/compras/{id}; the timeline records the staff member', async () => {
    const { cliente, venda: v } = await vendaDoCliente();
    expect((await postar(cliente.cookie, v.id, { nome: 'João Pereira', cpf: '529.982.247-25' })).status).toBe(200);
    const [a] = await t.banco.db.select().from(autorizacaoRetirada).where(eq(autorizacaoRetirada.vendaId, v.id));
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO], { nome: 'Carla Mendes' });
    const antes = await t.app.pedir('h1.localhost', `/admin/compras/${v.id}`, { headers: { cookie: acerto.cookie } });
    expect(antes.texto).toContain('data-testid="autorizacao-terceiro"');
    expect(antes.texto).not.toContain(a.hash);
    // A client is not staff: the admin page refuses it.
    expect((await revogar(`/admin/compras/${v.id}`, cliente.cookie, a.id)).status).toBe(403);
    const r = await revogar(`/admin/compras/${v.id}`, acerto.cookie, a.id);
    expect(r.status).toBe(200);
    const [depois] = await t.banco.db.select().from(autorizacaoRetirada).where(eq(autorizacaoRetirada.id, a.id));
    expect(depois.revogadaPor).toBe('Carla Mendes');
    expect(depois.revogadaAt).toBeInstanceOf(Date);
    const pagina = await t.app.pedir('h1.localhost', `/admin/compras/${v.id}`, { headers: { cookie: acerto.cookie } });
    expect(pagina.texto).toContain('Autorização de retirada de João Pereira revogada por Carla Mendes');
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}`)).texto).toContain('Autorização revogada');
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${a.hash}.pdf`)).status).toBe(410);
  });

  it('another client cannot authorise on someone else’s sale', async () => {
    const { venda: v } = await vendaDoCliente();
    const outro = await criarCliente(t.banco.db, { nome: 'Intruso' });
    const r = await postar(outro.cookie, v.id, { nome: 'Maria da Silva', cpf: '529.982.247-25' });
    expect(r.status).toBe(404);
  });
});
