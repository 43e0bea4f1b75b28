import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lote, veiculo } from '@db/schema';
import { criarBancoDeTeste } from '../db';
import { iniciarInstancia, type Instancia } from '../server';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
let app: Instancia;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
  app = await iniciarInstancia({ database: banco });
});
afterAll(async () => {
  await app?.close();
  await banco?.descartar();
});

describe('private lot info never leaves the server', () => {
  it('the lot page and GET /v1/lote/by-id show the plate masked and no chassis, RENAVAM or engine number', async () => {
    const [l] = await banco.db
      .select({ id: lote.id, placa: veiculo.placa, chassi: veiculo.chassi, renavam: veiculo.renavam, motor: veiculo.numeroMotor })
      .from(lote)
      .innerJoin(veiculo, eq(veiculo.id, lote.veiculoId))
      .where(and(eq(lote.hotsiteId, 1), isNotNull(veiculo.placa), isNotNull(veiculo.chassi), eq(lote.situacao, 'LIBERADO_LEILAO')))
      .limit(1);
    const api = await app.pedir('h1.localhost', `/v1/lote/by-id/${l.id}`);
    expect(api.status).toBe(200);
    // The page answers with a 301 to its canonical slug first.
    const canonico = (await app.pedir('h1.localhost', `/leilao/x-sp/carros/x/x/ano.2020/${l.id}`)).headers.location!;
    const pagina = await app.pedir('h1.localhost', canonico);
    expect(pagina.status).toBe(200);
    for (const corpo of [api.texto, pagina.texto]) {
      for (const segredo of [l.placa!, l.chassi!, l.renavam, l.motor].filter(Boolean) as string[]) expect(corpo).not.toContain(segredo);
    }
    expect(pagina.texto).toContain(`${l.placa!.slice(0, 3)}-****`);
  });
});
