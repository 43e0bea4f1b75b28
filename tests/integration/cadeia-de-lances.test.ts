import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAPEIS_INTERNOS as P } from '~/modules/dominio/papeis';
import { criarClienteDoAuditorio, criarLeilaoAoVivo } from '../aovivo';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { entrarComoStaff } from '../staff';
import { conectarWs } from '../ws';

/**
 * The tamper-evident bid record (issue #34, decision 196): online, automatic, floor and buy-now bids are
 * chained in their own transaction; the closed lot's ata (JSON, PDF) and the public check agree; one
 * stored bid altered or removed afterwards breaks the check at that bid. Floor bids reach the lot page's
 * watchers through the same event as online ones.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

type Verificacao = { integra: boolean; cabeca: string; lances: number; quebraNoLance?: number; motivo?: string };
const verificar = async (loteId: number) => {
  const r = await t.app.pedir(H, `/v1/lote/${loteId}/ata/verificacao`);
  expect(r.status).toBe(200);
  return r.json<Verificacao>();
};
const registros = async (loteId: number) =>
  (
    await t.banco.db.execute(
      sql`SELECT id, tipo, valor::int AS valor, hash, hash_anterior FROM lance WHERE lote_id = ${loteId} ORDER BY id`,
    )
  ).rows as { id: number; tipo: string; valor: number; hash: string; hash_anterior: string }[];

describe('the chained bid record', () => {
  it('a live lot: online, automatic and floor bids chained; the floor bid reaches the lot page like an online one; the ata and the check agree; an altered or removed bid breaks the check', async () => {
    const { leilaoId, leilaoUid, loteIds, veiUids } = await criarLeilaoAoVivo(t.banco.db, { lotes: 1 });
    const loteId = loteIds[0];
    const leiloeiro = await entrarComoStaff(t.banco.db, [P.LEILOEIRO], { nome: 'Leiloeiro Oficial' });
    const ana = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Ana Souza' });
    const beto = await criarClienteDoAuditorio(t.banco.db, { leilaoId, nome: 'Beto Lima' });
    const comando = (nome: string, corpo: unknown = {}) =>
      t.app.pedir(H, `/v1/leiloeiro/${leilaoUid}/${nome}`, { method: 'POST', headers: leiloeiro.bearer, corpo });
    const pagina = await conectarWs(t.app.port, H);
    pagina.enviar({ event: 'conectar-lances-lote', data: { veiUid: veiUids[0] } });
    await pagina.esperar('sala-conectada');

    expect((await comando('iniciar')).status).toBe(200);
    expect((await comando('lote-atual', { loteId })).status).toBe(200);
    // While the lot is open there is no ata.
    const cedo = await t.app.pedir(H, `/v1/lote/${loteId}/ata/verificacao`);
    expect(cedo.status).toBe(409);
    expect(cedo.json()).toMatchObject({ message: 'A ata de lances sai quando o lote encerra' });

    expect((await t.app.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(201);
    const online = await pagina.esperar('on-elastic-response', (d) => (d.valor as { lance?: number })?.lance === 10_000_00);
    expect((await comando('lance')).status).toBe(201);
    const chao = await pagina.esperar('on-elastic-response', (d) => (d.valor as { lance?: number })?.lance === 10_500_00);
    // The same event, the same shape and the same countdown field as the online bid's.
    expect(Object.keys(chao.data).sort()).toEqual(Object.keys(online.data).sort());
    expect(chao.data.dataFim).toEqual(expect.any(String));
    const auto = await t.app.pedir(H, '/v1/lances/automatico', { headers: beto.auth, corpo: { loteId, valorMaximo: 12_000_00 } });
    expect(auto.status).toBe(201);
    expect((await t.app.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 12_500_00 } })).status).toBe(201);
    expect((await comando('martelo')).status).toBe(200);
    pagina.fechar();

    const gravados = await registros(loteId);
    expect(new Set(gravados.map((l) => l.tipo))).toEqual(new Set(['Manual', 'Leiloeiro', 'Automático']));
    // Each bid names the one before it; the first names 64 zeros.
    gravados.forEach((l, i) => expect(l.hash_anterior).toBe(i === 0 ? '0'.repeat(64) : gravados[i - 1].hash));

    const integra = await verificar(loteId);
    expect(integra).toMatchObject({ integra: true, lances: gravados.length, cabeca: gravados.at(-1)!.hash, algoritmo: 'SHA-256' });

    const json = await t.app.pedir(H, `/ata-de-lances/${loteId}.json`);
    expect(json.status).toBe(200);
    expect(json.headers['content-disposition']).toContain(`ata-de-lances-${loteId}.json`);
    const ata = json.json<{ lances: { valor: number; tipo: string; hash: string }[]; cadeia: Verificacao }>();
    expect(ata.lances.map((l) => l.valor)).toEqual(gravados.map((l) => l.valor));
    expect(ata.cadeia).toMatchObject({ integra: true, cabeca: integra.cabeca });
    const pdf = await t.app.pedir(H, `/ata-de-lances/${loteId}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Someone with database access raises the second bid: the check fails at that bid.
    const alvo = gravados[1];
    await t.banco.db.execute(sql`UPDATE lance SET valor = valor + 100000 WHERE id = ${alvo.id}`);
    expect(await verificar(loteId)).toMatchObject({ integra: false, quebraNoLance: alvo.id, motivo: 'hash' });
    await t.banco.db.execute(sql`UPDATE lance SET valor = ${alvo.valor} WHERE id = ${alvo.id}`);
    expect((await verificar(loteId)).integra).toBe(true);
    // Removing it breaks the link of the next one.
    await t.banco.db.execute(sql`DELETE FROM lance WHERE id = ${alvo.id}`);
    expect(await verificar(loteId)).toMatchObject({ integra: false, quebraNoLance: gravados[2].id, motivo: 'elo' });
  });

  it('a buy-now is chained after the bids before it; unknown lots and another brand’s lots answer 404', async () => {
    const { leilaoId, loteId } = await criarLoteEmDisputa(t.banco.db, { minimo: 20_000_00, incremento: 1_000_00, compreJa: 30_000_00 });
    const c1 = await criarCliente(t.banco.db, { leilaoId });
    const c2 = await criarCliente(t.banco.db, { leilaoId });
    expect((await t.app.pedir(H, '/v1/lances', { headers: c1.auth, corpo: { loteId, valor: 20_000_00 } })).status).toBe(201);
    const compra = await t.app.pedir(H, `/v1/lote/${loteId}/compre-ja`, { method: 'POST', headers: c2.auth, corpo: {} });
    expect(compra.status).toBeLessThan(300);
    const gravados = await registros(loteId);
    expect(gravados.map((l) => l.valor)).toEqual([20_000_00, 30_000_00]);
    expect(gravados[1].hash_anterior).toBe(gravados[0].hash);
    expect(await verificar(loteId)).toMatchObject({ integra: true, lances: 2, cabeca: gravados[1].hash });

    expect((await t.app.pedir(H, '/v1/lote/999999999/ata/verificacao')).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/v1/lote/${loteId}/ata/verificacao`)).status).toBe(404);
    expect((await t.app.pedir('h2.localhost', `/ata-de-lances/${loteId}.pdf`)).status).toBe(404);
    expect((await t.app.pedir(H, '/v1/lote/abc/ata/verificacao')).status).toBe(400);
  });
});
