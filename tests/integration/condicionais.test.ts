import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comitente, lote, mensagemSaida, usuarioComitente } from '@db/schema';
import { encerrarLotesVencidos } from '~/modules/lances/encerramento.server';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { criarCliente, criarLoteEmDisputa, vencerLote } from '../lances';
import { cookieDeLogin } from '~/utils/cookie-de-sessao.server';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';

const t = instanciaDeTeste();

const H = 'h1.localhost';
const PAGINA = '/admin/avaliacao-veicular-condicional';

/** A lot of the seller `comitenteId` closed below the seller's value (CONDICIONAL) with a client's winning bid. */
async function loteCondicional({ hotsiteId = 1, comitenteId = null as number | null } = {}) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { hotsiteId, minimo: 20_000_00, valorComitente: 30_000_00 });
  if (comitenteId != null) await t.banco.db.update(lote).set({ comitenteId }).where(eq(lote.id, loteId));
  const cliente = await criarCliente(t.banco.db, { hotsiteId, nome: 'Marina Costa', leilaoId });
  const r = await t.app.pedir(`h${hotsiteId}.localhost`, '/v1/lances', { headers: cliente.auth, corpo: { loteId, valor: 24_000_00 } });
  expect(r.status).toBe(201);
  await vencerLote(t.banco.db, loteId);
  await encerrarLotesVencidos({ db: t.banco.db });
  const [l] = await t.banco.db.select({ situacao: lote.situacao, numero: lote.numero }).from(lote).where(eq(lote.id, loteId));
  expect(l.situacao).toBe('CONDICIONAL');
  return { loteId, numero: l.numero, cliente };
}

const enviar = (cookie: string, campos: Record<string, string>) =>
  t.app.pedir(H, PAGINA, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams(campos).toString(),
  });
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

    const emails = await t.banco.db
      .select()
      .from(mensagemSaida)
      .where(and(eq(mensagemSaida.para, cliente.email), eq(mensagemSaida.hotsiteId, 1)));
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

  it('a seller user answers only the lots of the sellers they are tied to (API and page)', async () => {
    const [a, b] = await t.banco.db
      .select({ id: comitente.id })
      .from(comitente)
      .where(eq(comitente.hotsiteId, 1))
      .orderBy(asc(comitente.id));
    const doA = await loteCondicional({ comitenteId: a.id });
    const doA2 = await loteCondicional({ comitenteId: a.id });
    const doB = await loteCondicional({ comitenteId: b.id });
    const semComitente = await loteCondicional();
    const vendedor = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.COMITENTE], { nome: 'Vera Vendedora' });
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a.id });
    const api = (loteId: number, resposta = 'Liberada') =>
      t.app.pedir(H, `/v1/leiloes/lotes/${loteId}/resposta-condicional`, { method: 'PUT', headers: vendedor.bearer, corpo: { resposta } });

    // Another seller's lot (or a lot with no seller) does not exist for them: 404, as another brand's lot, so ids cannot be probed.
    for (const outro of [doB, semComitente]) {
      const r = await api(outro.loteId);
      expect(r.status).toBe(404);
      expect(r.json()).toMatchObject({ message: 'Lote não encontrado' });
      const p = await enviar(vendedor.cookie, { loteId: String(outro.loteId), resposta: 'Recusada' });
      expect(p.status).toBe(404);
      expect(p.texto).toContain('Lote não encontrado');
      expect(await situacao(outro.loteId)).toBe('CONDICIONAL');
    }

    // The page lists their sellers' lots only.
    const pagina = await t.app.pedir(H, PAGINA, { headers: { cookie: vendedor.cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).toContain(`data-lote="${doA.loteId}"`);
    expect(pagina.texto).toContain(`data-lote="${doA2.loteId}"`);
    expect(pagina.texto).not.toContain(`data-lote="${doB.loteId}"`);
    expect(pagina.texto).not.toContain(`data-lote="${semComitente.loteId}"`);

    // Their own: answered through the API and through the page.
    expect((await api(doA.loteId, 'Recusada')).status).toBe(200);
    const liberada = await enviar(vendedor.cookie, { loteId: String(doA2.loteId), resposta: 'Liberada' });
    expect(liberada.status).toBe(200);
    expect(liberada.texto).toContain('Resposta registrada: Liberada (Ag. Pagamento)');
    expect(await situacao(doA2.loteId)).toBe('AG_PAGAMENTO');

    // Recent answers: theirs, never another seller's. SAC answers B's lot and still sees every seller's.
    const sac = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.SAC]);
    expect((await enviar(sac.cookie, { loteId: String(doB.loteId), resposta: 'Recusada' })).status).toBe(200);
    const depois = await t.app.pedir(H, PAGINA, { headers: { cookie: vendedor.cookie } });
    const recentes = depois.texto.slice(depois.texto.indexOf('data-testid="condicionais-respondidas"'));
    expect(recentes).toContain('Vera Vendedora');
    expect(recentes).not.toContain('Operador');
    const paraSac = await t.app.pedir(H, PAGINA, { headers: { cookie: sac.cookie } });
    expect(paraSac.texto).toContain(`data-lote="${semComitente.loteId}"`);

    // A seller user tied to no seller sees and answers nothing.
    const solto = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.COMITENTE]);
    expect((await t.app.pedir(H, PAGINA, { headers: { cookie: solto.cookie } })).texto).not.toContain(`data-lote="${semComitente.loteId}"`);
    expect(
      (
        await t.app.pedir(H, `/v1/leiloes/lotes/${semComitente.loteId}/resposta-condicional`, {
          method: 'PUT',
          headers: solto.bearer,
          corpo: { resposta: 'Liberada' },
        })
      ).status,
    ).toBe(404);
    expect(await situacao(semComitente.loteId)).toBe('CONDICIONAL');
  });

  it("a user of brand 1's seller gets nothing of brand 2", async () => {
    const [a] = await t.banco.db.select({ id: comitente.id }).from(comitente).where(eq(comitente.hotsiteId, 1)).orderBy(asc(comitente.id));
    const [doisA] = await t.banco.db
      .select({ id: comitente.id })
      .from(comitente)
      .where(eq(comitente.hotsiteId, 14))
      .orderBy(asc(comitente.id));
    const naMarca14 = await loteCondicional({ hotsiteId: 14, comitenteId: doisA.id });
    const vendedor = await entrarComoStaff(t.banco.db, [PAPEIS_INTERNOS.COMITENTE]);
    await t.banco.db.insert(usuarioComitente).values({ hotsiteId: 1, usuarioId: vendedor.id, comitenteId: a.id });
    // The same platform-wide user, logged in on brand 14.
    const { token } = await criarSessao({ db: t.banco.db, usuarioId: vendedor.id, hotsiteId: 14 });
    const r = await t.app.pedir('h14.localhost', `/v1/leiloes/lotes/${naMarca14.loteId}/resposta-condicional`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      corpo: { resposta: 'Liberada' },
    });
    expect(r.status).toBe(404);
    expect(await situacao(naMarca14.loteId)).toBe('CONDICIONAL');
    const cookie = (await cookieDeLogin(token, new Date(Date.now() + 3_600_000), false)).split(';')[0];
    const pagina = await t.app.pedir('h14.localhost', PAGINA, { headers: { cookie } });
    expect(pagina.status).toBe(200);
    expect(pagina.texto).not.toContain(`data-lote="${naMarca14.loteId}"`);
  });
});
