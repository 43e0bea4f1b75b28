import { describe, expect, it, vi } from 'vitest';
import {
  adicionarAoChat,
  aplicarLeituras,
  aplicarPregao,
  ATRASO_LEITURA_MS,
  atrasoDoEvento,
  ClienteAuditorio,
  completarNoPregao,
  mesclarNoPregao,
  ocultarDoChat,
} from './auditorio-cliente';
import { JANELA_DE_ORDEM_MS } from './ordem-dos-lotes';
import type { ChatMensagem, LotePregao, PregaoMsg } from './protocol';

const lote = (veiUid: string, seq: number, situacao = 'AO_VIVO'): LotePregao => ({
  loteId: 1,
  veiUid,
  numero: '001',
  nome: 'Gol',
  foto: null,
  situacao,
  valor: { lance: null, atual: 100, proximo: 100, incremento: 10 },
  apelido: null,
  lanceDePista: false,
  quantidadeLances: 0,
  dataFim: null,
  seq,
});
const pregao = (l: LotePregao | null, leilaoUid = 'L1'): PregaoMsg => ({
  leilaoUid,
  situacao: 'AO_VIVO',
  pausado: false,
  lote: l,
  servidor: 0,
});
const msg = (uid: string): ChatMensagem => ({ leilaoUid: 'L1', uid, apelido: 'Ana S.', texto: uid, data: '' });

describe('the auditorium merges what arrives', () => {
  it('a newer bid on the floor lot is merged; a stale one, or one of another lot, is not', () => {
    const p = pregao(lote('A', 5));
    expect(
      mesclarNoPregao(p, { veiUid: 'A', seq: 6, situacao: 'AO_VIVO', valor: { lance: 110, atual: 110, proximo: 120, incremento: 10 } })
        .lote,
    ).toMatchObject({ seq: 6, valor: { atual: 110 } });
    expect(mesclarNoPregao(p, { veiUid: 'A', seq: 5 })).toBe(p);
    expect(mesclarNoPregao(p, { veiUid: 'B', seq: 9 })).toBe(p);
    expect(mesclarNoPregao(pregao(null), { veiUid: 'A', seq: 9 }).lote).toBeNull();
  });

  it.each([
    ['a new lot replaces the floor', pregao(lote('A', 5)), pregao(lote('B', 1)), 'B', 1],
    ['an older event of the same lot keeps the bid already merged', pregao(lote('A', 7)), pregao(lote('A', 6, 'DOULHE_UMA')), 'A', 7],
    ['a newer event of the same lot wins', pregao(lote('A', 7)), pregao(lote('A', 8, 'DOULHE_UMA')), 'A', 8],
  ])('%s', (_n, atual, novo, veiUid, seq) => {
    expect(aplicarPregao(atual, novo).lote).toMatchObject({ veiUid, seq });
  });

  it("another auction's event is ignored", () => {
    const p = pregao(lote('A', 1));
    expect(aplicarPregao(p, pregao(lote('B', 1), 'L2'))).toBe(p);
  });

  it('chat: appends once, keeps the last 100, drops a hidden message', () => {
    let chat: ChatMensagem[] = [];
    for (let i = 0; i < 105; i++) chat = adicionarAoChat(chat, msg(`m${i}`));
    expect(chat).toHaveLength(100);
    expect(chat[0].uid).toBe('m5');
    expect(adicionarAoChat(chat, msg('m104'))).toBe(chat);
    expect(ocultarDoChat(chat, 'm50').some((m) => m.uid === 'm50')).toBe(false);
  });

  it.each([
    [1_000, 1_040, 0, 40],
    [1_000, 1_040, 25, 65], // the screen's clock is 25 ms behind the server's
    [1_000, 990, 0, 0],
  ])('sent at %s, received at %s local with offset %s → %s ms behind', (servidor, recebido, offset, atraso) => {
    expect(atrasoDoEvento(servidor, recebido, offset)).toBe(atraso);
  });

  it('on-transmissao switches the video of this auction only; a malformed one is dropped', () => {
    const c = new ClienteAuditorio({ url: 'ws://x', inicial: { pregao: pregao(null), chat: [] }, buscarSnapshot: async () => null });
    const t = (leilaoUid: string, url: string) =>
      JSON.stringify({
        event: 'on-transmissao',
        data: { leilaoUid, transmissaoUid: 'T', url, videoAtivo: true, audioAtivo: false, posicaoTemplate: 0, videoLoop: false },
      });
    c.receber(t('OUTRO', 'https://youtu.be/aaaaaaaaaaa'), 0);
    expect(c.estado.transmissao).toBeNull();
    c.receber(t('L1', 'https://youtu.be/bbbbbbbbbbb'), 0);
    expect(c.estado.transmissao).toMatchObject({ url: 'https://youtu.be/bbbbbbbbbbb', audioAtivo: false });
    c.receber(JSON.stringify({ event: 'on-transmissao', data: { leilaoUid: 'L1', url: 'https://youtu.be/ccccccccccc' } }), 0);
    expect(c.estado.transmissao?.url).toBe('https://youtu.be/bbbbbbbbbbb');
  });
});

describe("a bid on the floor lot: its count and who gave it (issue #28: '0 lance / —' after a bid)", () => {
  const bid = (seq: number, lance: number) =>
    JSON.stringify({
      event: 'on-elastic-response',
      data: { veiUid: 'A', seq, situacao: 'AO_VIVO', valor: { lance, atual: lance, proximo: lance + 10, incremento: 10 } },
    });

  it('the lot snapshot completes the floor lot at the same or a newer sequence, never an older one or another lot', () => {
    const p = pregao(lote('A', 6));
    const leitura = { veiUid: 'A', seq: 6, quantidadeLances: 1, apelido: 'Ana S.', lanceDePista: false };
    expect(completarNoPregao(p, leitura).lote).toMatchObject({ seq: 6, quantidadeLances: 1, apelido: 'Ana S.' });
    expect(completarNoPregao(p, { ...leitura, seq: 5 })).toBe(p);
    expect(completarNoPregao(p, { ...leitura, veiUid: 'B' })).toBe(p);
    const pista = completarNoPregao(p, {
      veiUid: 'A',
      seq: 7,
      quantidadeLances: 2,
      apelido: null,
      lanceDePista: true,
      valor: { lance: 120, atual: 120, proximo: 130, incremento: 10 },
      situacao: 'AO_VIVO',
      dataFim: null,
    });
    expect(pista.lote).toMatchObject({ seq: 7, quantidadeLances: 2, apelido: null, lanceDePista: true, valor: { atual: 120 } });
  });

  it('after a bid event the screen reads the lot once, and once more for the bids that came meanwhile', async () => {
    let liberar: () => void = () => {};
    const lidos: string[] = [];
    const c = new ClienteAuditorio({
      url: 'ws://x',
      inicial: { pregao: pregao(lote('A', 5)), chat: [] },
      buscarSnapshot: async () => null,
      buscarLote: async (veiUid) => {
        lidos.push(veiUid);
        await new Promise<void>((r) => (liberar = r));
        return { veiUid, seq: 5 + lidos.length, quantidadeLances: lidos.length, apelido: 'Ana S.', lanceDePista: false };
      },
    });
    c.receber(bid(6, 110), 0);
    c.receber(bid(7, 120), 0);
    c.receber(bid(7, 120), 0); // stale: merged nothing, reads nothing
    expect(lidos).toEqual(['A']);
    liberar();
    await vi.waitFor(() => expect(lidos).toEqual(['A', 'A']));
    liberar();
    await vi.waitFor(() => expect(c.estado.pregao.lote).toMatchObject({ seq: 7, quantidadeLances: 2, apelido: 'Ana S.' }));
  });
});

describe('staff counts and read receipts', () => {
  it('conectados and chat-leituras of this auction reach the state; another auction’s do not', () => {
    const c = new ClienteAuditorio({
      url: 'ws://x',
      inicial: { pregao: pregao(null), chat: [msg('m1'), msg('m2')] },
      buscarSnapshot: async () => null,
    });
    c.receber(JSON.stringify({ event: 'conectados', data: { leilaoUid: 'OUTRO', quantidade: 9 } }), 0);
    expect(c.estado.conectados).toBeNull();
    c.receber(JSON.stringify({ event: 'conectados', data: { leilaoUid: 'L1', quantidade: 3 } }), 0);
    expect(c.estado.conectados).toBe(3);
    c.receber(JSON.stringify({ event: 'chat-leituras', data: { leilaoUid: 'L1', leituras: [{ uid: 'm2', quantidade: 4 }] } }), 0);
    expect(c.estado.chat.map((m) => m.lidas)).toEqual([undefined, 4]);
    // A late, smaller count never lowers what is shown.
    expect(aplicarLeituras(c.estado.chat, [{ uid: 'm2', quantidade: 2 }])[1].lidas).toBe(4);
  });

  it('messages shown are confirmed once, 300 ms later, together', async () => {
    vi.useFakeTimers();
    try {
      const enviados: unknown[] = [];
      const socket = {
        readyState: 1,
        send: (m: string) => enviados.push(JSON.parse(m)),
        close() {},
        onopen: null,
        onclose: null,
        onmessage: null,
        onerror: null,
      };
      const c = new ClienteAuditorio({
        url: 'ws://x',
        inicial: { pregao: pregao(null), chat: [] },
        buscarSnapshot: async () => null,
        criarSocket: () => socket,
      });
      c.conectar();
      enviados.length = 0;
      c.exibidas(['a', 'b']);
      c.exibidas(['b', 'c']);
      vi.advanceTimersByTime(ATRASO_LEITURA_MS - 1);
      expect(enviados).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(enviados).toEqual([{ event: 'chat-leitura', data: { leilaoUid: 'L1', mensagemUids: ['a', 'b', 'c'] } }]);
      c.exibidas(['a', 'b', 'c']);
      vi.advanceTimersByTime(1_000);
      expect(enviados).toHaveLength(1);
      c.fechar();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the auditorium resyncs by itself', () => {
  it('the floor lot behind the hub’s estado-lote is refetched after the window (unless the update arrives); ressincronizar refetches too', async () => {
    vi.useFakeTimers();
    try {
      const buscarSnapshot = vi.fn(async () => ({ pregao: pregao(lote('A', 9, 'AG_PAGAMENTO')), chat: [] }));
      const c = new ClienteAuditorio({ url: 'ws://x', inicial: { pregao: pregao(lote('A', 5)), chat: [] }, buscarSnapshot });
      const estado = (veiUid: string, seq: number) => c.receber(JSON.stringify({ event: 'estado-lote', data: { veiUid, seq } }), 0);
      estado('A', 5);
      estado('B', 9);
      await vi.advanceTimersByTimeAsync(5 * JANELA_DE_ORDEM_MS);
      expect(buscarSnapshot).not.toHaveBeenCalled();
      // Behind, but the update was only late: no refetch.
      estado('A', 6);
      c.receber(JSON.stringify({ event: 'on-elastic-response', data: { veiUid: 'A', seq: 6 } }), 0);
      await vi.advanceTimersByTimeAsync(JANELA_DE_ORDEM_MS);
      expect(buscarSnapshot).not.toHaveBeenCalled();
      // The hammer's update was lost on the bus.
      estado('A', 7);
      await vi.advanceTimersByTimeAsync(JANELA_DE_ORDEM_MS);
      expect(buscarSnapshot).toHaveBeenCalledTimes(1);
      expect(c.estado.pregao.lote).toMatchObject({ seq: 9, situacao: 'AG_PAGAMENTO' });
      c.receber(JSON.stringify({ event: 'ressincronizar', data: {} }), 0);
      await vi.advanceTimersByTimeAsync(JANELA_DE_ORDEM_MS);
      expect(buscarSnapshot).toHaveBeenCalledTimes(2);
      c.fechar();
    } finally {
      vi.useRealTimers();
    }
  });
});
