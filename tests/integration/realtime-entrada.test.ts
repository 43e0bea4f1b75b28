import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENSAGENS_WS } from '~/realtime/protocol';
import { linhas } from '~/utils/linhas.server';
import { instanciaDeTeste } from '../server';
import { conectarWs } from '../ws';

/** Issue 10, item 11: the hub never confirms a room it refused, and refuses NUL and oversize text. */
describe('websocket hub input bounds', () => {
  const t = instanciaDeTeste();

  it('answers an error, not sala-conectada, for a room past the 200-room cap', { timeout: 60_000 }, async () => {
    // 201 lots of the brand (a room of a lot the brand does not have is refused before the cap counts it).
    const uids = linhas<{ uid: string }>(
      await t.banco.db.execute(sql`
        WITH v AS (INSERT INTO veiculo (hotsite_id, nome, modelo, veiculo_tipo_id)
                   SELECT 1, 'Gol ' || g, 'Gol', (SELECT min(id) FROM veiculo_tipo) FROM generate_series(1, 201) g RETURNING id, uid),
             l AS (INSERT INTO lote (hotsite_id, veiculo_id, nome, numero, categoria, veiculo_tipo_id, minimo, incremento)
                   SELECT 1, v.id, 'Gol', '001', 'Carros', (SELECT min(id) FROM veiculo_tipo), 1000000, 50000 FROM v)
        SELECT uid::text AS uid FROM v`),
    ).map((v) => v.uid);
    const c = await conectarWs(t.app.port, 'h1.localhost');
    await c.esperar('conectado');
    for (const veiUid of uids.slice(0, 200)) c.enviar({ event: 'conectar-lances-lote', data: { veiUid } });
    // Each join asks the database whether the lot is visible: 200 of them on a loaded machine take a while.
    await c.esperar('sala-conectada', (d) => d.sala === `lote:${uids[199]}`, 30_000);
    c.enviar({ event: 'conectar-lances-lote', data: { veiUid: uids[200] } });
    const erro = await c.esperar('erro');
    expect(erro.data.mensagem).toBe(MENSAGENS_WS.limiteSalas);
    c.enviar({ event: 'ping', data: {} });
    await c.esperar('pong');
    expect(c.recebidas.some((m) => m.event === 'sala-conectada' && m.data.sala === `lote:${uids[200]}`)).toBe(false);
    expect(c.recebidas.filter((m) => m.event === 'sala-conectada')).toHaveLength(200);
    c.fechar();
  });

  it('refuses NUL and oversize messages with an error event and keeps the socket open', async () => {
    const c = await conectarWs(t.app.port, 'h1.localhost');
    await c.esperar('conectado');
    c.enviar('{"event":"conectar-lances-lote","data":{"veiUid":"a\\u0000b"}}');
    expect((await c.esperar('erro')).data.mensagem).toBe(MENSAGENS_WS.caractere);
    c.enviar(JSON.stringify({ event: 'ping', data: { x: 'y'.repeat(8000) } }));
    await c.esperar('erro', (d) => d.mensagem === MENSAGENS_WS.grande);
    c.enviar({ event: 'ping', data: {} });
    await c.esperar('pong');
    c.fechar();
  });
});
