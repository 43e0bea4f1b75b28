import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lote } from '@db/schema';
import { criarBancoDeTeste } from '../db';
import { criarLoteEmDisputa, vencerLote } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco, encerrador: true });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

describe('closing job started by the server', () => {
  it('closes a lot by itself shortly after its end, with no bid → NAO_ARREMATADO', async () => {
    const { loteId } = await criarLoteEmDisputa(banco.db, { minimo: 1_000_00, incremento: 100_00, fimEmMs: 60_000 });
    await vencerLote(banco.db, loteId);
    await expect
      .poll(async () => (await banco.db.select({ s: lote.situacao }).from(lote).where(eq(lote.id, loteId)))[0].s, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe('NAO_ARREMATADO');
  });
});
