import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hotsite, leilao, leilaoDocumento } from '@db/schema';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';

/** Issue #33: /documentos, the brand's public documents (decision 259). */
const t = instanciaDeTeste();
const DADOS = `_data=${encodeURIComponent('routes/documentos')}`;

interface Documentos {
  cadastro: { documentos: { chave: string; rotulo: string }[]; confirmacoes: string[] };
  leiloes: { id: number; nome: string; documentos: { tipo: string; descricao: string; url: string; tamanho: number | null }[] }[];
  logado: boolean;
}
const ler = async (host: string, cookie?: string) => {
  const r = await t.app.pedir(host, `/documentos?${DADOS}`, { headers: cookie ? { cookie } : {} });
  expect(r.status).toBe(200);
  return r.json<Documentos>();
};

async function leilaoComEdital(hotsiteId: number, descricao: string) {
  const { leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId });
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const [d] = await t.banco.db
    .insert(leilaoDocumento)
    .values({ hotsiteId, leilaoId, tipo: 'EDITAL', descricao, nomeArquivo: 'edital.pdf', tamanho: 1_500_000, conteudo: pdf })
    .returning();
  return { leilaoId, uid: d.uid };
}

describe('/documentos', () => {
  it('lists what the brand asks of a client and each upcoming auction’s uploaded notice, whose link serves the PDF', async () => {
    const { leilaoId, uid } = await leilaoComEdital(1, 'Edital do leilão de teste');
    const d = await ler('h1.localhost');
    expect(d.cadastro.documentos.map((x) => x.rotulo)).toEqual(['Documento de identidade (RG ou CNH)', 'Comprovante de endereço']);
    expect(d.cadastro.confirmacoes).toEqual(['email', 'telefone']);
    const meu = d.leiloes.find((l) => l.id === leilaoId);
    expect(meu?.documentos[0]).toEqual({
      tipo: 'EDITAL',
      descricao: 'Edital do leilão de teste',
      url: `/leilao-documento/${uid}.pdf`,
      tamanho: 1_500_000,
    });
    const arquivo = await t.app.pedir('h1.localhost', `/leilao-documento/${uid}.pdf`);
    expect([arquivo.status, arquivo.headers['content-type']]).toEqual([200, 'application/pdf']);

    const pagina = await t.app.pedir('h1.localhost', '/documentos');
    expect(pagina.texto).toContain('Editais e documentos dos leilões');
    expect(pagina.texto).toContain('Edital do leilão de teste (PDF, 1,5 MB)');
    expect(pagina.texto).toContain('Comprovante de endereço');
    // A visitor is offered the sign-up; a client of the brand, where to send the documents.
    expect(pagina.texto).toContain('href="/cadastro"');
    const cliente = await criarCliente(t.banco.db, { hotsiteId: 1 });
    expect((await ler('h1.localhost', cliente.cookie)).logado).toBe(true);
    expect((await t.app.pedir('h1.localhost', '/documentos', { headers: { cookie: cliente.cookie } })).texto).toContain(
      'href="/cliente/minha-pagina"',
    );
  });

  it('never lists another brand’s auction, nor a private one to a visitor; the shop brand reads “eventos”', async () => {
    const daOutra = await leilaoComEdital(2, 'Edital da outra marca');
    const privado = await leilaoComEdital(1, 'Edital do evento exclusivo');
    await t.banco.db.update(leilao).set({ privado: true }).where(eq(leilao.id, privado.leilaoId));
    const h1 = await ler('h1.localhost');
    expect(h1.leiloes.map((l) => l.id)).not.toContain(daOutra.leilaoId);
    expect(h1.leiloes.map((l) => l.id)).not.toContain(privado.leilaoId);
    expect(JSON.stringify(h1)).not.toContain('Edital da outra marca');
    expect((await t.app.pedir('h1.localhost', `/leilao-documento/${daOutra.uid}.pdf`)).status).toBe(404);

    const h2 = await ler('h2.localhost');
    expect(h2.leiloes.map((l) => l.id)).toContain(daOutra.leilaoId);
    const loja = (await t.app.pedir('h2.localhost', '/documentos')).texto;
    expect(loja).toContain('Documentos dos eventos');
    expect(loja).not.toContain('dos leilões');
  });

  it('says so when the brand asks for no document', async () => {
    await t.banco.db.update(hotsite).set({ documentosObrigatorios: [] }).where(eq(hotsite.id, 14));
    const d = await ler('h14.localhost');
    expect(d.cadastro.documentos).toEqual([]);
    expect((await t.app.pedir('h14.localhost', '/documentos')).texto).toContain('Nenhum documento é exigido para o cadastro');
  });
});
