import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lote, mensagemSaida } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS } from '~/modules/identity/papeis';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

const H = 'h1.localhost';
const PAGINA = '/admin/avaliacao-veicular-condicional';

/** A lot closed below the seller's value (CONDICIONAL) with a client's winning bid. */
async function loteCondicional() {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 20_000_00, valorComitente: 30_000_00 });
  const cliente = await criarCliente(t.banco.db, { nome: 'Marina Costa', leilaoId });
  const r = await t.app.pedir(H, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 24_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [l] = await t.banco.db.select({ situacao: lote.situacao, numero: lote.numero }).from(lote).where(eq(lote.id, loteId));
  expect(l.situacao).toBe('CONDICIONAL');
  return { loteId, numero: l.numero, cliente };
}

const enviar = (cookie: string, campos: Record<string, string>) =>
  t.app.pedir(H, PAGINA, { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, corpo: new URLSearchParams(campos).toString() });
const situacao = async (loteId: number) => (await t.banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s;

describe('back-office conditional answers', () => {
  it('SAC sees the lot with the winning bid against the seller value, counter-offers, then releases it; the bidder is told by e-mail', async () => {
    const { loteId, numero, cliente } = await loteCondicional();
    const sac = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC], { nome: 'Paula SAC' });
    const pagina = await t.app.pedir(H, PAGINA, { headers: { cookie: sac.cookie } });
    expect(pagina.status).toBe(200);
    const linha = pagina.texto.slice(pagina.texto.indexOf(`data-lote="${loteId}"`));
    expect(linha.slice(0, linha.indexOf('</tr>'))).toMatch(/R\$\s24\.000,00[\s\S]*R\$\s30\.000,00[\s\S]*80% do valor[\s\S]*Marina Costa/);

    // A counter-offer needs its value; bad input is a 400 with the reason, and nothing changes.
    const semValor = await enviar(sac.cookie, { loteId: String(loteId), resposta: 'Novo valor', novoValor: '' });
    expect(semValor.status).toBe(400);
    expect(semValor.texto).toContain('Informe o novo valor em reais, por exemplo 25.000,00');
    expect(await situacao(loteId)).toBe('CONDICIONAL');

    const contra = await enviar(sac.cookie, { loteId: String(loteId), resposta: 'Novo valor', novoValor: '27.500,00' });
    expect(contra.status).toBe(200);
    expect(contra.texto).toContain('Resposta registrada: Novo valor (Condicional)');
    expect(await situacao(loteId)).toBe('CONDICIONAL');

    const liberada = await enviar(sac.cookie, { loteId: String(loteId), resposta: 'Liberada' });
    expect(liberada.status).toBe(200);
    expect(liberada.texto).toContain('Resposta registrada: Liberada (Ag. Pagamento)');
    expect(await situacao(loteId)).toBe('AG_PAGAMENTO');

    // Answered once, it leaves the waiting list and shows in the recent answers with who answered.
    const depois = await t.app.pedir(H, PAGINA, { headers: { cookie: sac.cookie } });
    expect(depois.texto).not.toContain(`data-lote="${loteId}"`);
    expect(depois.texto).toMatch(new RegExp(`${numero}[\\s\\S]*Liberada[\\s\\S]*Ag\\. Pagamento[\\s\\S]*Paula SAC`));

    const emails = await t.banco.db.select().from(mensagemSaida).where(and(eq(mensagemSaida.para, cliente.email), eq(mensagemSaida.hotsiteId, 1)));
    const textos = emails.map((e) => e.texto).join('\n');
    expect(textos).toContain('O comitente propõe R$\u00a027.500,00');
    expect(textos).toContain('O comitente liberou a venda');

    // A second answer to a lot no longer waiting is refused.
    const denovo = await enviar(sac.cookie, { loteId: String(loteId), resposta: 'Recusada' });
    expect(denovo.status).toBe(409);
    expect(denovo.texto).toContain('Este lote não está aguardando resposta condicional');
  });

  it('is closed to clients and to staff without the role; another brand never sees the lot', async () => {
    const { loteId, cliente } = await loteCondicional();
    const pagina = await t.app.pedir(H, PAGINA, { headers: { authorization: cliente.auth.authorization } });
    expect(pagina.status).toBe(403);
    const mkt = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.MKT]);
    expect((await t.app.pedir(H, PAGINA, { headers: { cookie: mkt.cookie } })).status).toBe(403);
    expect((await enviar(mkt.cookie, { loteId: String(loteId), resposta: 'Liberada' })).status).toBe(403);
    expect(await situacao(loteId)).toBe('CONDICIONAL');
    const adm14 = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.ADM], { hotsiteId: 14 });
    const outra = await t.app.pedir('h14.localhost', PAGINA, { headers: { cookie: adm14.cookie } });
    expect(outra.status).toBe(200);
    expect(outra.texto).not.toContain(`data-lote="${loteId}"`);
    const r = await t.app.pedir('h14.localhost', PAGINA, {
      method: 'POST',
      headers: { cookie: adm14.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      corpo: `loteId=${loteId}&resposta=Liberada`,
    });
    expect(r.status).toBe(404);
    expect(await situacao(loteId)).toBe('CONDICIONAL');
  });
});
