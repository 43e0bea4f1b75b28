import { describe, expect, it } from 'vitest';
import { MENSAGENS_WS } from '~/realtime/protocol';
import { instanciaDeTeste } from '../server';
import { conectarWs } from '../ws';

/** Issue 10, item 11: the hub never confirms a room it refused, and refuses NUL and oversize text. */
describe('websocket hub input bounds', () => {
  const t = instanciaDeTeste();

  it('answers an error, not sala-conectada, for a room past the 200-room cap', async () => {
    const c = await conectarWs(t.app.port, 'h1.localhost');
    await c.esperar('conectado');
    for (let i = 0; i < 200; i++) c.enviar({ event: 'conectar-lances-lote', data: { veiUid: `lote-${i}` } });
    await c.esperar('sala-conectada', (d) => d.sala === 'lote:lote-199');
    c.enviar({ event: 'conectar-lances-lote', data: { veiUid: 'um-a-mais' } });
    const erro = await c.esperar('erro');
    expect(erro.data.mensagem).toBe(MENSAGENS_WS.limiteSalas);
    c.enviar({ event: 'ping', data: {} });
    await c.esperar('pong');
    expect(c.recebidas.some((m) => m.event === 'sala-conectada' && m.data.sala === 'lote:um-a-mais')).toBe(false);
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
