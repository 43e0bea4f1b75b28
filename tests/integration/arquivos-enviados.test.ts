import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comprovante, leilaoDocumento, venda, vendaItem } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

/*
 * A file a client uploads (a proof of payment) is opened by staff; an auction's document by anyone. A PDF
 * can carry /OpenAction or /JavaScript, so no uploaded file may run as a page of our site: each is served
 * under a sandboxing CSP with nosniff, and a PDF as a download (decision 109).
 */
const t = instanciaDeTeste();

const PDF_COM_ACAO = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(document.cookie)) >> >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

function confereSandbox(headers: Record<string, string | string[] | undefined>) {
  expect(String(headers['content-security-policy'])).toMatch(/(^|; )sandbox($|;)/);
  expect(String(headers['content-security-policy'])).toContain("default-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe('uploaded files', () => {
  it('a proof PDF with /OpenAction reaches staff sandboxed, nosniff, as an attachment', async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const cliente = await criarCliente(t.banco.db, { nome: 'Rafael Souza', leilaoId });
    expect((await t.app.pedir('h1.localhost', '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 15_000_00 } })).status).toBe(
      201,
    );
    await vencerLote(t.banco.db, loteId);
    await encerrarLotesVencidos({ db: t.banco.db });
    const [item] = await t.banco.db.select().from(vendaItem).where(eq(vendaItem.loteId, loteId));
    const [v] = await t.banco.db.select().from(venda).where(eq(venda.id, item.vendaId));
    const [c] = await t.banco.db
      .insert(comprovante)
      .values({
        hotsiteId: 1,
        vendaId: v.id,
        nomeArquivo: 'ted.pdf',
        tipo: 'application/pdf',
        tamanho: PDF_COM_ACAO.length,
        arquivo: PDF_COM_ACAO,
      })
      .returning();
    const sac = await entrarComoStaff(t.banco.db, [P.SAC]);
    const r = await t.app.pedir('h1.localhost', `/admin/comprovante/${c.uid}`, { headers: { cookie: sac.cookie } });
    expect(r.status).toBe(200);
    expect(r.bytes.equals(PDF_COM_ACAO)).toBe(true);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="ted\.pdf"/);
    confereSandbox(r.headers);
  });

  it('an auction document (public) is sandboxed, nosniff, a download', async () => {
    const { leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00 });
    const [d] = await t.banco.db
      .insert(leilaoDocumento)
      .values({
        hotsiteId: 1,
        leilaoId,
        tipo: 'EDITAL',
        descricao: 'Edital',
        nomeArquivo: 'edital.pdf',
        tamanho: PDF_COM_ACAO.length,
        conteudo: PDF_COM_ACAO,
      })
      .returning();
    const r = await t.app.pedir('h1.localhost', `/leilao-documento/${d.uid}.pdf`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="edital\.pdf"/);
    confereSandbox(r.headers);
  });
});
