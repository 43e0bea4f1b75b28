import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  amostraRelogio,
  atrasoReconexao,
  ClienteLances,
  formatarContagem,
  lerMensagemDoServidor,
  melhorAmostra,
  tempoRestante,
  type LoteAoVivo,
} from './lances-cliente';
import { JANELA_DE_ORDEM_MS } from './ordem-dos-lotes';

// A failed test must not leave its fake clock to the next file of the worker (decision 296).
afterEach(() => vi.useRealTimers());

const lote = (seq: number, lance: number, extra: Partial<LoteAoVivo> = {}): LoteAoVivo => ({
  veiUid: 'V1',
  seq,
  valor: { lance, atual: lance, proximo: lance + 100, incremento: 100 },
  ...extra,
});

describe('server clock offset and countdown', () => {
  it('takes the midpoint of the round trip and prefers the shortest round trip', () => {
    const a = amostraRelogio(1000, 6050, 1100); // server 5000 ms ahead, rtt 100
    expect(a).toEqual({ offset: 5000, rtt: 100 });
    const b = amostraRelogio(2000, 7010, 2020);
    expect(melhorAmostra(a, b)).toBe(b);
    expect(melhorAmostra(b, a)).toBe(b);
  });
  it('counts down on server time, never below zero', () => {
    const fim = new Date(100_000).toISOString();
    expect(tempoRestante(fim, 40_000, 10_000)).toBe(50_000);
    expect(tempoRestante(fim, 200_000, 0)).toBe(0);
    expect(formatarContagem(65_000)).toBe('01:05');
    expect(formatarContagem(3_599_000)).toBe('59:59');
    // From an hour on: hours and minutes (not "01:02:05", which reads as a time of day), then days and hours.
    expect(formatarContagem(3_725_000)).toBe('1h 02min');
    expect(formatarContagem(65_376_000)).toBe('18h 09min');
    expect(formatarContagem(90_061_000)).toBe('1d 01h');
    expect(formatarContagem(3 * 86_400_000 + 23 * 3_600_000)).toBe('3d 23h');
  });
  it('backs off reconnects up to 15 s', () => {
    expect(atrasoReconexao(0, 1)).toBe(500);
    expect(atrasoReconexao(20, 1)).toBe(15_000);
  });
});

describe('ClienteLances over a fake socket', () => {
  function montar() {
    const enviados: unknown[] = [];
    const sockets: { s: Record<string, unknown> & { readyState: number } }[] = [];
    const buscarSnapshot = vi.fn(async (veiUid: string) => ({ ...lote(9, 5000), veiUid }));
    const cliente = new ClienteLances({
      url: 'ws://x/ws',
      agora: () => 1000,
      buscarSnapshot,
      criarSocket: () => {
        const s = {
          readyState: 1,
          send: (m: string) => enviados.push(JSON.parse(m)),
          close: () => {},
          onopen: null,
          onclose: null,
          onmessage: null,
          onerror: null,
        };
        sockets.push({ s });
        return s as never;
      },
    });
    const msg = (m: unknown) => (sockets.at(-1)!.s.onmessage as (e: { data: string }) => void)({ data: JSON.stringify(m) });
    return { cliente, enviados, sockets, buscarSnapshot, msg };
  }

  it('joins rooms once, merges updates, refetches on a gap and after a reconnect, measures the offset', async () => {
    vi.useFakeTimers();
    const { cliente, enviados, sockets, buscarSnapshot, msg } = montar();
    cliente.conectar();
    (sockets[0].s.onopen as () => void)();
    cliente.entrar('V1', lote(1, 1000));
    cliente.entrar('V1');
    expect(enviados.filter((m) => (m as { event: string }).event === 'conectar-lances-lote')).toHaveLength(1);
    msg({ event: 'pong', data: { t: 900, servidor: 4000 } });
    expect(cliente.offset).toBe(3050);
    msg({ event: 'on-elastic-response', data: lote(2, 1100) });
    expect(cliente.lotes.get('V1')?.valor?.lance).toBe(1100);
    expect(buscarSnapshot).not.toHaveBeenCalled();
    // 4 skips 3: held back a moment (events of two instances arrive interleaved), then refetched.
    msg({ event: 'on-elastic-response', data: lote(4, 1300) });
    expect(cliente.lotes.get('V1')?.seq).toBe(2);
    expect(buscarSnapshot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(JANELA_DE_ORDEM_MS);
    expect(buscarSnapshot).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(cliente.lotes.get('V1')?.seq).toBe(9));
    // Connection lost: reconnect, rejoin, refetch.
    (sockets[0].s.onclose as () => void)();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    (sockets[1].s.onopen as () => void)();
    expect(enviados.filter((m) => (m as { event: string }).event === 'conectar-lances-lote')).toHaveLength(2);
    expect(buscarSnapshot).toHaveBeenCalledTimes(2);
    cliente.fechar();
    vi.useRealTimers();
  });

  it('interleaved events of two instances apply in order without a refetch; an estado ahead of the lot refetches it once', async () => {
    vi.useFakeTimers();
    const { cliente, buscarSnapshot, sockets, msg } = montar();
    cliente.conectar();
    (sockets[0].s.onopen as () => void)();
    cliente.entrar('V1', lote(1, 1000));
    for (const [a, b] of [
      [3, 2],
      [5, 4],
      [7, 6],
    ]) {
      msg({ event: 'on-elastic-response', data: lote(a, a * 1000) });
      await vi.advanceTimersByTimeAsync(20);
      msg({ event: 'on-elastic-response', data: lote(b, b * 1000) });
    }
    await vi.advanceTimersByTimeAsync(5 * JANELA_DE_ORDEM_MS);
    expect(cliente.lotes.get('V1')?.seq).toBe(7);
    expect(buscarSnapshot).not.toHaveBeenCalled();
    // The lot's last update (8) was lost on the bus; the hub's beat says the lot is at 8.
    msg({ event: 'estado-lote', data: { veiUid: 'V1', seq: 7 } });
    msg({ event: 'estado-lote', data: { veiUid: 'V1', seq: 8 } });
    msg({ event: 'estado-lote', data: { veiUid: 'V1', seq: 8 } });
    await vi.advanceTimersByTimeAsync(JANELA_DE_ORDEM_MS);
    expect(buscarSnapshot).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(cliente.lotes.get('V1')?.seq).toBe(9));
    await vi.advanceTimersByTimeAsync(5 * JANELA_DE_ORDEM_MS);
    expect(buscarSnapshot).toHaveBeenCalledTimes(1);
    cliente.fechar();
    vi.useRealTimers();
  });

  it('after a login or logout it opens a new socket (the hub reads the new session) and keeps its rooms', async () => {
    vi.useFakeTimers();
    const { cliente, enviados, sockets } = montar();
    let fechou = 0;
    cliente.conectar();
    sockets[0].s.close = () => {
      fechou++;
      (sockets[0].s.onclose as () => void)();
    };
    (sockets[0].s.onopen as () => void)();
    cliente.entrar('V1', lote(1, 1000));
    cliente.reconectar();
    expect(fechou).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    (sockets[1].s.onopen as () => void)();
    expect(enviados.filter((m) => (m as { event: string }).event === 'conectar-lances-lote')).toHaveLength(2);
    cliente.fechar();
    vi.useRealTimers();
  });
});

describe('lerMensagemDoServidor (the server-to-client union, checked where the browser parses it)', () => {
  const valor = { lance: 1100, atual: 1100, proximo: 1200, incremento: 100 };
  it('accepts each event with its data', () => {
    expect(
      lerMensagemDoServidor(JSON.stringify({ event: 'on-elastic-response', data: { veiUid: 'V1', seq: 2, valor, campoNovo: 1 } })),
    ).toMatchObject({
      event: 'on-elastic-response',
      data: { veiUid: 'V1', seq: 2, campoNovo: 1 },
    });
    expect(lerMensagemDoServidor(JSON.stringify({ event: 'pong', data: { t: 1, servidor: 2 } }))?.event).toBe('pong');
    expect(
      lerMensagemDoServidor(JSON.stringify({ event: 'lance-superado', data: { loteId: 1, veiUid: 'V1', numero: '7', nome: 'Gol', valor } }))
        ?.event,
    ).toBe('lance-superado');
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown event', JSON.stringify({ event: 'algo-novo', data: {} })],
    ['a lot update without its sequence', JSON.stringify({ event: 'on-elastic-response', data: { veiUid: 'V1', valor } })],
    [
      'a lot update with a text value',
      JSON.stringify({ event: 'on-elastic-response', data: { veiUid: 'V1', seq: 2, valor: { ...valor, atual: '1100' } } }),
    ],
    ['an outbid notice without its lot', JSON.stringify({ event: 'lance-superado', data: { valor } })],
  ])('drops %s', (_caso, bruto) => {
    expect(lerMensagemDoServidor(bruto)).toBeNull();
  });
});
