import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG as Png } from 'pngjs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leilao, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { autorizarTerceiro } from '~/modules/vendas/retirada-terceiros.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();
const HASH_ALHEIO = 'cd'.repeat(20);

/** A lot won by a new client and closed into their sale (its own auction). */
async function vendaDoCliente(nome = 'Rafael Souza') {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
  const cliente = await criarCliente(t.banco.db, { nome, leilaoId });
  const r = await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 15_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
  const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
  const [le] = await t.banco.db.select().from(leilao).where(eq(leilao.id, leilaoId));
  return { cliente, venda: v, leilao: le };
}

function lerQr(html: string, testId: string) {
  const img = new RegExp(`<img[^>]*src="(data:image/png;base64,[^"]+)"[^>]*data-testid="${testId}"`).exec(html);
  expect(img).not.toBeNull();
  const png = Png.sync.read(Buffer.from(img![1].split(',')[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const pedirBytes = async (caminho: string, headers: Record<string, string> = {}) => {
  const r = await t.app.pedir('h1.localhost', caminho, { headers });
  return { ...r, inicio: r.texto.slice(0, 4) };
};

describe('nota/{hash}', () => {
  it('prints the purchase note with a QR code to qrcode/nota/{hash}; the PDF starts with %PDF; unknown hash or other brand → 404', async () => {
    const { venda: v } = await vendaDoCliente();
    const r = await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}`);
    expect(r.status).toBe(200);
    expect(r.texto).toContain(`Nota de venda em leilão<!-- --> nº <!-- -->${v.id}`);
    expect(r.texto).toContain('Rafael Souza');
    expect(r.texto).toMatch(/R\$\s15\.000,00/);
    expect(r.texto).toContain('noindex');
    const url = lerQr(r.texto, 'qr-nota');
    expect(url).toMatch(new RegExp(`/qrcode/nota/${v.hashQrcode}$`));
    const verificacao = await t.app.pedir('h1.localhost', new URL(url!).pathname);
    expect(verificacao.status).toBe(200);
    expect(verificacao.texto).toContain('Nota autêntica');
    expect(verificacao.texto).not.toContain('@h1.martelo.test');

    const pdf = await pedirBytes(`/nota/${v.hashQrcode}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.inicio).toBe('%PDF');

    for (const caminho of [`/nota/${HASH_ALHEIO}`, '/nota/nao-e-hash', `/nota/${HASH_ALHEIO}.pdf`, `/qrcode/nota/${HASH_ALHEIO}`])
      expect((await t.app.pedir('h1.localhost', caminho)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/nota/${v.hashQrcode}`)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/qrcode/nota/${v.hashQrcode}`)).status).toBe(404);
  });

  it('a cancelled sale has no note', async () => {
    const { venda: v } = await vendaDoCliente();
    await t.banco.db.update(venda).set({ situacao: 'Cancelada' }).where(eq(venda.id, v.id));
    expect((await t.app.pedir('h1.localhost', `/nota/${v.hashQrcode}`)).status).toBe(404);
  });
});

describe('PDFs of the arrematação receipt and of the pickup authorisation', () => {
  it('comprovante-arrematacao/{hash}.pdf (whole sale or one lot) and retirada-por-terceiros/{hash}.pdf', async () => {
    const { cliente, venda: v } = await vendaDoCliente();
    const html = await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${v.hashQrcode}`);
    expect(html.texto).toContain(`/comprovante-arrematacao/${v.hashQrcode}.pdf`);
    for (const caminho of [`/comprovante-arrematacao/${v.hashQrcode}.pdf`, `/comprovante-arrematacao/${v.hashQrcode}.pdf?lote=001`]) {
      const r = await pedirBytes(caminho);
      expect(r.status).toBe(200);
      expect(r.inicio).toBe('%PDF');
      expect(r.headers['content-disposition']).toMatch(/attachment; filename="comprovante-arrematacao-\d+/);
    }
    expect((await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${v.hashQrcode}.pdf?lote=999`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/comprovante-arrematacao/${HASH_ALHEIO}.pdf`)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/comprovante-arrematacao/${v.hashQrcode}.pdf`)).status).toBe(404);

    const { hash } = await autorizarTerceiro({
      db: t.banco.db,
      hotsiteId: 1,
      usuarioId: cliente.id,
      vendaId: v.id,
      entrada: { nome: 'Maria da Silva', cpf: '529.982.247-25' },
      autor: cliente.nome,
    });
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${hash}`)).texto).toContain(`/retirada-por-terceiros/${hash}.pdf`);
    const pdf = await pedirBytes(`/retirada-por-terceiros/${hash}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.inicio).toBe('%PDF');
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${HASH_ALHEIO}.pdf`)).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/retirada-por-terceiros/${v.hashQrcode}.pdf`)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/retirada-por-terceiros/${hash}.pdf`)).status).toBe(404);
  });
});

interface Resposta {
  vendas: { id: number; uid: string; numeroNota: number; itens: { valor: number }[]; arrematante: { nome: string } }[];
  cabecalho: { marca: string; leilao: string | null; emitidoEm: string };
}

describe('API extrato-compra, nota-fiscal, nota-fiscal/auth', () => {
  it('answers { vendas, cabecalho } by hash without login; a single hash is wrapped into a list', async () => {
    const a = await vendaDoCliente();
    const b = await vendaDoCliente('Bianca Lima');
    for (const caminho of ['/v1/extrato-compra', '/v1/nota-fiscal']) {
      const um = await t.app.pedir('h1.localhost', `${caminho}?hashs=${a.venda.hashQrcode}`);
      expect(um.status).toBe(200);
      const corpo = um.json<Resposta>();
      expect(corpo.vendas.map((v) => v.id)).toEqual([a.venda.id]);
      expect(corpo.vendas[0].itens[0].valor).toBe(15_000_00);
      expect(corpo.vendas[0].numeroNota).toBe(a.venda.id);
      expect(corpo.cabecalho).toMatchObject({ leilao: expect.any(String) });
      const dois = await t.app.pedir('h1.localhost', `${caminho}?hashs=${a.venda.hashQrcode}&hashs=${b.venda.hashQrcode}`);
      expect(dois.json<Resposta>().vendas.map((v) => v.id)).toEqual([a.venda.id, b.venda.id]);
      // Two auctions: the header keeps only what they share.
      expect(dois.json<Resposta>().cabecalho.leilao).toBeNull();
      // Filters narrow; nothing left → 404.
      expect((await t.app.pedir('h1.localhost', `${caminho}?hashs=${a.venda.hashQrcode}&leiId=${b.leilao.id}`)).status).toBe(404);
      expect((await t.app.pedir('h1.localhost', `${caminho}?hashs=${HASH_ALHEIO}`)).status).toBe(404);
      expect((await t.app.pedir('h2.localhost', `${caminho}?hashs=${a.venda.hashQrcode}`)).status).toBe(404);
    }
  });

  it('refuses a query without hashs or uids, bad hashes, uids and ids with 400', async () => {
    for (const q of ['', '?leiId=1', '?hashs=', '?hashs=xyz', '?uids=nao-e-uid', `?hashs=${'ab'.repeat(20)}&leiId=abc`, '?hashs[a]=1']) {
      const r = await t.app.pedir('h1.localhost', `/v1/extrato-compra${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json<{ message: string }>().message, q).toBeTruthy();
    }
    const vazio = await t.app.pedir('h1.localhost', '/v1/nota-fiscal');
    expect(vazio.json<{ message: string }>().message).toBe('Informe hashs ou uids');
  });

  it('uids need a login: the buyer reads their own, not another client’s; sales staff read any; nota-fiscal/auth needs login', async () => {
    const { cliente, venda: v } = await vendaDoCliente();
    const outro = await criarCliente(t.banco.db, { nome: 'Outro' });
    expect((await t.app.pedir('h1.localhost', `/v1/extrato-compra?uids=${v.uid}`)).status).toBe(401);
    expect((await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?uids=${v.uid}`)).status).toBe(401);
    expect((await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?hashs=${v.hashQrcode}`)).status).toBe(401);

    const proprio = await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?uids=${v.uid}`, { headers: cliente.auth });
    expect(proprio.status).toBe(200);
    expect(proprio.json<Resposta>().vendas[0]).toMatchObject({ id: v.id, arrematante: { nome: 'Rafael Souza' } });
    expect((await t.app.pedir('h1.localhost', `/v1/extrato-compra?uids=${v.uid}`, { headers: cliente.auth })).status).toBe(200);
    expect((await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?uids=${v.uid}`, { headers: outro.auth })).status).toBe(404);

    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const equipe = await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?uids=${v.uid}`, { headers: acerto.bearer });
    expect(equipe.status).toBe(200);
    // The hash goes back only to the buyer or to who named it (decision 048).
    expect(equipe.json<{ vendas: { hashQrcode?: string }[] }>().vendas[0].hashQrcode).toBeUndefined();
    expect(proprio.json<{ vendas: { hashQrcode?: string }[] }>().vendas[0].hashQrcode).toBe(v.hashQrcode);
    // A seller user tied to no seller reads no sale by uid.
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await t.app.pedir('h1.localhost', `/v1/nota-fiscal/auth?uids=${v.uid}`, { headers: comitente.bearer })).status).toBe(404);
  });
});

describe('nota-leilao, /admin/boletos, /admin/relatorios', () => {
  it('nota-leilao prints every note of the auction for sales staff; clients and visitors are refused', async () => {
    const { cliente, venda: v, leilao: le } = await vendaDoCliente();
    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    const r = await t.app.pedir('h1.localhost', `/nota-leilao?leiId=${le.id}`, { headers: { cookie: acerto.cookie } });
    expect(r.status).toBe(200);
    expect(r.texto).toContain(`nº <!-- -->${v.id}`);
    expect(r.texto).not.toContain(v.hashQrcode);
    expect((await t.app.pedir('h1.localhost', `/nota-leilao`, { headers: { cookie: acerto.cookie } })).texto).toContain(`?leiId=${le.id}`);
    // The same notes as a PDF, with the same guard.
    expect(r.texto).toContain(`/nota-leilao.pdf?leiId=${le.id}`);
    const pdf = await pedirBytes(`/nota-leilao.pdf?leiId=${le.id}`, { cookie: acerto.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.inicio).toBe('%PDF');
    expect((await pedirBytes('/nota-leilao.pdf', { cookie: acerto.cookie })).status).toBe(400);
    expect((await pedirBytes(`/nota-leilao.pdf?leiId=${le.id}`, { cookie: cliente.cookie })).status).toBe(403);
    expect((await pedirBytes(`/nota-leilao.pdf?leiId=${le.id}`)).status).toBe(302);
    expect((await t.app.pedir('h1.localhost', `/nota-leilao?leiId=abc`, { headers: { cookie: acerto.cookie } })).status).toBe(400);
    expect((await t.app.pedir('h1.localhost', `/nota-leilao?leiId=999999`, { headers: { cookie: acerto.cookie } })).status).toBe(404);
    expect((await t.app.pedir('h1.localhost', `/nota-leilao?leiId=${le.id}`, { headers: { cookie: cliente.cookie } })).status).toBe(403);
    expect((await t.app.pedir('h1.localhost', `/nota-leilao?leiId=${le.id}`)).status).toBe(302);
    // A seller user tied to no seller sees no note of it.
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    const nada = await t.app.pedir('h1.localhost', `/nota-leilao?leiId=${le.id}`, { headers: { cookie: comitente.cookie } });
    expect(nada.status).toBe(200);
    expect(nada.texto).not.toContain(`nº <!-- -->${v.id}`);
  });

  it('/admin/boletos lists the boleto of each sale of the auction to Comitente + ADM; a seller user only its sellers’', async () => {
    const { venda: v, leilao: le } = await vendaDoCliente();
    const adm = await entrarComoStaff(t.banco.db, [P.ADM]);
    const r = await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}`, { headers: { cookie: adm.cookie } });
    expect(r.status).toBe(200);
    expect(r.texto).toContain('data-testid="lista-boletos"');
    expect(r.texto).toContain(`venda=${v.id}`);
    const um = await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}?venda=${v.id}`, { headers: { cookie: adm.cookie } });
    expect(um.status).toBe(200);
    expect(um.texto).toContain('data-testid="boleto"');
    expect((await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}?venda=999999`, { headers: { cookie: adm.cookie } })).status).toBe(
      404,
    );
    const filtrado = await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}?situacao=Fechada`, { headers: { cookie: adm.cookie } });
    expect(filtrado.texto).not.toContain(`venda=${v.id}`);

    const acerto = await entrarComoStaff(t.banco.db, [P.ACERTO]);
    expect((await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}`, { headers: { cookie: acerto.cookie } })).status).toBe(403);
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await t.app.pedir('h1.localhost', `/admin/boletos/${le.uid}`, { headers: { cookie: comitente.cookie } })).status).toBe(404);
  });

  it('/admin/relatorios: totals, sales by situation and lots of the auction, exported as CSV and XLSX with exact money', async () => {
    const { venda: v, leilao: le } = await vendaDoCliente();
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const pagina = await t.app.pedir('h1.localhost', `/admin/relatorios?leilao=${le.uid}`, { headers: { cookie: sac.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain('data-testid="totais-relatorio"');
    expect(pagina.texto).toMatch(/R\$\s15\.000,00/);

    const csv = await t.app.pedir('h1.localhost', `/admin/relatorios/exportar?leilao=${le.uid}&formato=csv`, {
      headers: { cookie: sac.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linha = csv.texto.split(/\r?\n/).find((l) => l.startsWith(`${v.id};`));
    expect(linha).toBeDefined();
    const taxas = v.total - v.arremate - v.valorComissao;
    const dec = (c: number) => (c / 100).toFixed(2);
    expect(linha!.split(';').slice(6, 11)).toEqual([dec(v.arremate), dec(v.valorComissao), dec(taxas), '0.00', dec(v.total)]);

    const xlsx = await t.app.pedir('h1.localhost', `/admin/relatorios/exportar?leilao=${le.uid}&formato=xlsx`, {
      headers: { cookie: sac.cookie },
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.texto.slice(0, 2)).toBe('PK');

    expect(
      (await t.app.pedir('h1.localhost', `/admin/relatorios/exportar?leilao=${le.uid}&formato=pdf`, { headers: { cookie: sac.cookie } }))
        .status,
    ).toBe(400);
    expect(
      (await t.app.pedir('h1.localhost', `/admin/relatorios/exportar?leilao=999999&formato=csv`, { headers: { cookie: sac.cookie } }))
        .status,
    ).toBe(404);
    const comitente = await entrarComoStaff(t.banco.db, [P.COMITENTE]);
    expect((await t.app.pedir('h1.localhost', `/admin/relatorios`, { headers: { cookie: comitente.cookie } })).status).toBe(403);
    expect(
      (
        await t.app.pedir('h1.localhost', `/admin/relatorios/exportar?leilao=${le.uid}&formato=csv`, {
          headers: { cookie: comitente.cookie },
        })
      ).status,
    ).toBe(403);
  });
});

// The XLSX, read back: the totals sheet holds the same amounts (reais with two decimals).
describe('relatorioEmXlsx', () => {
  it('writes the totals sheet from integer centavos', async () => {
    const { relatorioEmXlsx } = await import('~/modules/vendas/relatorios.server');
    const buf = await relatorioEmXlsx({
      leilao: { id: 1, uid: 'x', nome: 'Leilão X', data: new Date().toISOString() },
      porSituacao: [],
      totais: { vendas: 1, arremate: 1_050_01, comissao: 52_50, taxas: 10, desconto: 0, total: 1_102_61 },
      lotes: { total: 1, vendidos: 1, naoVendidos: 0, condicionais: 0, emAndamento: 0 },
      linhas: [],
    });
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(buf as unknown as ArrayBuffer);
    const totais = livro.getWorksheet('Totais')!;
    expect(totais.getRow(3).values).toEqual([undefined, 'Arremate', 1050.01]);
    expect(totais.getRow(7).values).toEqual([undefined, 'Total', 1102.61]);
  });
});
