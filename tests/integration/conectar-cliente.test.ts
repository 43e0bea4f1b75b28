import { describe, expect, it } from 'vitest';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { instanciaDeTeste } from '../server';
import { conectarWs } from '../ws';

/**
 * 001 §7 "connect client" (decision 220): a logged-in socket asks for its own room and gets what is its
 * own there (the outbid notice); a visitor is told to log in; another brand's login never opens a socket.
 */
const t = instanciaDeTeste();
const H = 'h1.localhost';

describe('conectar-cliente', () => {
  it("joins the client's own room on its brand, where its outbid notice arrives; a visitor is told to log in", async () => {
    const { loteId, leilaoId } = await criarLoteEmDisputa(t.banco.db, { minimo: 10_000_00, incremento: 500_00 });
    const ana = await criarCliente(t.banco.db, { nome: 'Ana Souza', leilaoId });
    const bruno = await criarCliente(t.banco.db, { nome: 'Bruno Lima', leilaoId });
    const socket = await conectarWs(t.app.port, H, { token: ana.token });
    const visitante = await conectarWs(t.app.port, H);
    try {
      socket.enviar({ event: 'conectar-cliente', data: {} });
      await socket.esperar('sala-conectada', (d) => d.sala === `usuario:${ana.id}`);

      expect((await t.app.pedir(H, '/v1/lances', { headers: ana.auth, corpo: { loteId, valor: 10_000_00 } })).status).toBe(201);
      expect((await t.app.pedir(H, '/v1/lances', { headers: bruno.auth, corpo: { loteId, valor: 10_500_00 } })).status).toBe(201);
      const aviso = await socket.esperar('lance-superado', (d) => d.loteId === loteId);
      expect(aviso.data).toMatchObject({ motivo: 'lance', valor: { lance: 10_500_00 } });

      visitante.enviar({ event: 'conectar-cliente' });
      expect((await visitante.esperar('erro', (d) => d.sala === 'usuario')).data.mensagem).toBe(
        'Necessário fazer login para acessar esta página',
      );
      expect(visitante.recebidas.some((m) => m.event === 'sala-conectada')).toBe(false);
      expect(visitante.recebidas.some((m) => m.event === 'lance-superado')).toBe(false);
    } finally {
      socket.fechar();
      visitante.fechar();
    }
  });

  it("refuses another brand's login at the socket, and a malformed request keeps the socket open", async () => {
    const deOutra = await criarCliente(t.banco.db, { hotsiteId: 14 });
    await expect(conectarWs(t.app.port, H, { token: deOutra.token })).rejects.toThrow('HTTP 401');
    const socket = await conectarWs(t.app.port, H);
    try {
      socket.enviar({ event: 'conectar-cliente', data: 'todos' });
      expect((await socket.esperar('erro')).data.mensagem).toMatch(/^Entrada inválida: esperava um objeto/);
      socket.enviar({ event: 'ping', data: {} });
      await socket.esperar('pong');
    } finally {
      socket.fechar();
    }
  });
});
