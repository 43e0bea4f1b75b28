import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buscaSalva, leilao, lote, notificacao } from '@db/schema';
import { enviarResumoDeBuscas } from '~/modules/notificacoes/buscas-salvas.server';
import { criarBancoDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';

/*
 * Saved searches ("Avise-me", decision 214): a client saves the list's filters from the page; the digest
 * of each frequency tells them, in one notice per search, of the new lots that match as the list reads
 * the filters, and never twice. The server's own job is slowed to an hour so each test drives the digest.
 */
let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco, env: { NOTIFICACOES_INTERVALO_MS: 3_600_000 } });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

const H = 'h1.localhost';
const DIA = 86_400_000;
const salvar = (cookie: string, consulta: string, frequencia: string) =>
  app.pedir(H, '/notificacoes/buscas?_data=routes%2Fnotificacoes.buscas', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    corpo: new URLSearchParams({ consulta, frequencia }).toString(),
  });
const avisos = (usuarioId: number) =>
  banco.db
    .select({ loteId: notificacao.loteId, dados: notificacao.dados })
    .from(notificacao)
    .where(and(eq(notificacao.usuarioId, usuarioId), eq(notificacao.evento, 'busca-salva')))
    .orderBy(notificacao.id);
/** A lot released now, open for ten days, named and priced as given (brand and state set on the lot). */
async function novoLote(o: { nome: string; marca: string; uf?: string; minimo?: number; hotsiteId?: number }) {
  const { loteId, leilaoId } = await criarLoteEmDisputa(banco.db, {
    hotsiteId: o.hotsiteId ?? 1,
    minimo: o.minimo ?? 40_000_00,
    fimEmMs: 10 * DIA,
  });
  await banco.db
    .update(lote)
    .set({ nome: o.nome, marcaNome: o.marca, localizacaoUf: o.uf ?? 'SP' })
    .where(eq(lote.id, loteId));
  return { loteId, leilaoId };
}
/** Marks every search as last looked at a moment ago, so each test sees only its own lots. */
const reiniciarMarcas = () => banco.db.execute(sql`UPDATE busca_salva SET visto_ate = clock_timestamp()`);

describe('saved searches', () => {
  it('an instant search saved from the page gets one notice for its new matching lots, as typed in the list, and never twice', async () => {
    const c = await criarCliente(banco.db);
    const r = await salvar(c.cookie, 'marca=Fiat&uf=sp&valor_max=60.000&q=UNO', 'instantanea');
    expect(r.status).toBe(200);
    expect(r.texto).toContain('Pronto: vamos avisar quando houver novidades para esta busca.');
    await reiniciarMarcas();

    const certo = await novoLote({ nome: 'Fiat Uno Mille 1.0', marca: 'Fiat', minimo: 60_000_00 });
    const outro = await novoLote({ nome: 'Fiat Uno Way 1.4', marca: 'Fiat', minimo: 35_000_00 });
    await novoLote({ nome: 'Fiat Uno Attractive', marca: 'Fiat', minimo: 60_000_01 }); // one centavo over
    await novoLote({ nome: 'Fiat Uno Vivace', marca: 'Fiat', uf: 'RJ' });
    await novoLote({ nome: 'Ford Ka', marca: 'Ford' });
    await novoLote({ nome: 'Fiat Uno Economy', marca: 'Fiat', hotsiteId: 2 }); // another brand's lot
    const privado = await novoLote({ nome: 'Fiat Uno Sporting', marca: 'Fiat' });
    await banco.db.update(leilao).set({ privado: true }).where(eq(leilao.id, privado.leilaoId));

    const agora = new Date();
    await enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea', agora });
    const [aviso, ...mais] = await avisos(c.id);
    expect(mais).toEqual([]);
    expect(aviso.loteId).toBe(Math.min(certo.loteId, outro.loteId));
    expect(aviso.dados).toMatchObject({ quantidade: 2 });

    // The same run again, and the next one with nothing new: nothing more.
    expect(await enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea', agora })).toBe(0);
    expect(await enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea' })).toBe(0);
    expect(await avisos(c.id)).toHaveLength(1);

    // A lot released later is the next digest's news.
    const depois = await novoLote({ nome: 'Fiat Uno Fire', marca: 'Fiat', minimo: 20_000_00 });
    await enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea' });
    const todos = await avisos(c.id);
    expect(todos).toHaveLength(2);
    expect(todos[1]).toMatchObject({ loteId: depois.loteId, dados: { quantidade: 1 } });
  });

  it('a daily search waits a day and then sends one digest of everything new; a weekly one waits its week', async () => {
    const diaria = await criarCliente(banco.db);
    const semanal = await criarCliente(banco.db);
    expect((await salvar(diaria.cookie, 'marca=Chevrolet', 'diaria')).status).toBe(200);
    expect((await salvar(semanal.cookie, 'marca=Chevrolet', 'semanal')).status).toBe(200);
    await reiniciarMarcas();
    const a = await novoLote({ nome: 'Chevrolet Onix', marca: 'Chevrolet' });
    const b = await novoLote({ nome: 'Chevrolet Prisma', marca: 'Chevrolet' });
    const t0 = Date.now();

    for (const f of ['diaria', 'semanal'] as const) await enviarResumoDeBuscas({ db: banco.db, frequencia: f, agora: new Date(t0) });
    expect(await avisos(diaria.id)).toEqual([]);
    expect(await avisos(semanal.id)).toEqual([]);

    const umDia = new Date(t0 + DIA + 1_000);
    for (const f of ['diaria', 'semanal'] as const) await enviarResumoDeBuscas({ db: banco.db, frequencia: f, agora: umDia });
    expect(await avisos(diaria.id)).toEqual([{ loteId: Math.min(a.loteId, b.loteId), dados: expect.objectContaining({ quantidade: 2 }) }]);
    expect(await avisos(semanal.id)).toEqual([]);
    // The daily mark moved: the same day's later run sends nothing again.
    await enviarResumoDeBuscas({ db: banco.db, frequencia: 'diaria', agora: new Date(umDia.getTime() + 60_000) });
    expect(await avisos(diaria.id)).toHaveLength(1);

    await enviarResumoDeBuscas({ db: banco.db, frequencia: 'semanal', agora: new Date(t0 + 7 * DIA + 1_000) });
    expect(await avisos(semanal.id)).toEqual([{ loteId: Math.min(a.loteId, b.loteId), dados: expect.objectContaining({ quantidade: 2 }) }]);
  });

  it('runs of two instances at the same moment send each search one digest', async () => {
    const clientes = await Promise.all(Array.from({ length: 6 }, () => criarCliente(banco.db)));
    for (const c of clientes) expect((await salvar(c.cookie, 'marca=Toyota', 'instantanea')).status).toBe(200);
    await reiniciarMarcas();
    await novoLote({ nome: 'Toyota Corolla', marca: 'Toyota' });
    const n = await Promise.all(Array.from({ length: 4 }, () => enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea' })));
    expect(n.reduce((s, x) => s + x, 0)).toBe(6);
    for (const c of clientes) expect(await avisos(c.id)).toHaveLength(1);
  });

  it('a stored search whose filters no longer read is passed over; the others still get their digest', async () => {
    const c = await criarCliente(banco.db);
    const quebrada = await criarCliente(banco.db);
    expect((await salvar(c.cookie, 'marca=Honda', 'instantanea')).status).toBe(200);
    await banco.db
      .insert(buscaSalva)
      .values({ hotsiteId: 1, usuarioId: quebrada.id, filtros: { anoMin: 'dois mil' }, frequencia: 'instantanea' });
    await reiniciarMarcas();
    await novoLote({ nome: 'Honda Civic', marca: 'Honda' });
    await enviarResumoDeBuscas({ db: banco.db, frequencia: 'instantanea' });
    expect(await avisos(c.id)).toHaveLength(1);
    expect(await avisos(quebrada.id)).toEqual([]);
  });
});
