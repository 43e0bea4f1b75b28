import { afterAll, beforeAll, expect, it } from 'vitest';
import { criarBancoDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { emDuasInstancias } from '../instancias';
import { type Instancia } from '../server';
import { conectarWs } from '../ws';

let banco: Awaited<ReturnType<typeof criarBancoDeTeste>>;
beforeAll(async () => {
  banco = await criarBancoDeTeste();
});
afterAll(() => banco?.descartar());

/** A bid accepted by instance A reaches a watcher and the outbid client connected to instance B. */
emDuasInstancias(
  () => banco,
  (t) => {
    let a: Instancia;
    let b: Instancia;
    beforeAll(() => {
      ({ a, b } = t);
    });

    it('a bid on instance A reaches a watcher on instance B, in sequence, and the outbid client on B gets a toast', async () => {
      const { loteId, veiUid, leilaoId } = await criarLoteEmDisputa(banco.db, { hotsiteId: 14 });
      const ana = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Ana' });
      const beto = await criarCliente(banco.db, { hotsiteId: 14, leilaoId, nome: 'Beto' });
      const watcher = await conectarWs(b.port, 'h14.localhost');
      watcher.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
      await watcher.esperar('sala-conectada');
      const r1 = await a.pedir('h14.localhost', '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } });
      expect(r1.status).toBe(201);
      const toastAna = await conectarWs(b.port, 'h14.localhost', { token: ana.token });
      await toastAna.esperar('conectado');
      const r2 = await b.pedir('h14.localhost', '/v1/lances', { headers: beto.auth, corpo: { loteId, valor: 10_500_00 } });
      expect(r2.status).toBe(201);
      const r3 = await a.pedir('h14.localhost', '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 11_000_00 } });
      expect(r3.status).toBe(201);

      await watcher.esperar('on-elastic-response', (d) => d.seq === 3);
      const eventos = watcher.recebidas.filter((m) => m.event === 'on-elastic-response').map((m) => m.data);
      expect(eventos.map((e) => e.seq)).toEqual([1, 2, 3]);
      expect(eventos.map((e) => (e.valor as { lance: number }).lance)).toEqual([10_000_00, 10_500_00, 11_000_00]);
      expect((await toastAna.esperar('lance-superado')).data).toMatchObject({ loteId, valor: { lance: 10_500_00 } });
      watcher.fechar();
      toastAna.fechar();
    });
  },
);
