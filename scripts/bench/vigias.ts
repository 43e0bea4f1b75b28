/**
 * The fan-out bench's watchers, run in child processes so the load generator is not what is measured:
 * each is a bare TCP socket that does the websocket handshake by hand, joins the lot's room and only
 * looks for the sequence number in the frames it receives (no ws library, no JSON parse per message).
 * Arrival times are absolute (performance.timeOrigin + now), comparable across processes.
 *
 * Protocol with the bench (IPC, advanced serialisation): { conectar: { portas, n, host, veiUid } } → 'conectados';
 * with `leilaoUid` instead, a watcher joins the auction's auditorium (`conectar-leilao`) and records, for each
 * `lot-selected-updated` that puts a lot on the floor (its lot AO_VIVO), that lot's id in `seqs`;
 * and, for each `chat-mensagem` whose text is `bench <k>`, k in `chatSeqs`;
 * { resultados: true } → { seqs: Int32Array, tempos: Float64Array, chatSeqs: Int32Array, chatTempos: Float64Array };
 * { fechar: true } → 'fechados'.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const agora = () => performance.timeOrigin + performance.now();

/** A client frame must be masked; a zero mask key leaves the payload as it is. */
function quadroDeTexto(texto: string, opcode = 0x1) {
  const dados = Buffer.from(texto);
  if (dados.length > 125) throw new Error('mensagem longa demais para este cliente');
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | dados.length, 0, 0, 0, 0]), dados]);
}

const SEQ = Buffer.from('"seq":');
const EVENTO = Buffer.from('on-elastic-response');
const SALA_CONECTADA = Buffer.from('sala-conectada');
const PREGAO = Buffer.from('lot-selected-updated');
const LOTE_ID = Buffer.from('"loteId":');
const NO_AR = Buffer.from('"situacao":"AO_VIVO","valor"');
const CHAT = Buffer.from('"event":"chat-mensagem"');
const TEXTO_BENCH = Buffer.from('"texto":"bench ');

const LEITURA = Buffer.alloc(64 * 1024);
const VAZIO = Buffer.alloc(0);
const seqs: number[] = [];
const tempos: number[] = [];
const chatSeqs: number[] = [];
const chatTempos: number[] = [];
const sockets: net.Socket[] = [];

function vigiar(porta: number, host: string, veiUid: string, leilaoUid?: string) {
  return new Promise<void>((pronto, falhou) => {
    // onread: the kernel's bytes land in one reused buffer and reach us without the stream machinery.
    const s = net.connect({
      host: '127.0.0.1',
      port: porta,
      noDelay: true,
      onread: { buffer: LEITURA, callback: (n) => (receber(LEITURA.subarray(0, n)), true) },
    });
    sockets.push(s);
    let resto: Buffer = VAZIO;
    let aberto = false;
    s.once('error', falhou);
    s.on('connect', () =>
      s.write(
        `GET /ws HTTP/1.1\r\nHost: ${host}:${porta}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    function receber(pedaco: Buffer) {
      const t = agora();
      let b = resto.length ? Buffer.concat([resto, pedaco]) : pedaco;
      if (!aberto) {
        const fim = b.indexOf('\r\n\r\n');
        if (fim < 0) return void (resto = Buffer.from(b));
        if (!b.subarray(0, 12).toString().includes('101')) return falhou(new Error(b.subarray(0, fim).toString()));
        aberto = true;
        s.write(
          quadroDeTexto(
            JSON.stringify(
              leilaoUid ? { event: 'conectar-leilao', data: { leilaoUid } } : { event: 'conectar-lances-lote', data: { veiUid } },
            ),
          ),
        );
        b = b.subarray(fim + 4);
      }
      // Server frames are never masked: 2 bytes, + 2 or 8 bytes of length.
      let i = 0;
      while (b.length - i >= 2) {
        const opcode = b[i] & 0x0f;
        let tamanho = b[i + 1] & 0x7f;
        let inicio = i + 2;
        if (tamanho === 126) {
          if (b.length - i < 4) break;
          tamanho = b.readUInt16BE(i + 2);
          inicio = i + 4;
        } else if (tamanho === 127) {
          if (b.length - i < 10) break;
          tamanho = Number(b.readBigUInt64BE(i + 2));
          inicio = i + 10;
        }
        if (b.length < inicio + tamanho) break;
        const dados = b.subarray(inicio, inicio + tamanho);
        if (opcode === 0x1) {
          if (leilaoUid && dados.includes(CHAT)) {
            const p = dados.indexOf(TEXTO_BENCH);
            if (p >= 0) {
              let k = 0;
              for (let j = p + TEXTO_BENCH.length; dados[j] >= 48 && dados[j] <= 57; j++) k = k * 10 + dados[j] - 48;
              chatSeqs.push(k);
              chatTempos.push(t);
            }
          } else if (leilaoUid && dados.includes(PREGAO)) {
            if (dados.includes(NO_AR)) {
              const p = dados.indexOf(LOTE_ID) + LOTE_ID.length;
              let id = 0;
              for (let k = p; dados[k] >= 48 && dados[k] <= 57; k++) id = id * 10 + dados[k] - 48;
              seqs.push(id);
              tempos.push(t);
            }
          } else if (dados.includes(EVENTO)) {
            const p = dados.indexOf(SEQ) + SEQ.length;
            let seq = 0;
            for (let k = p; dados[k] >= 48 && dados[k] <= 57; k++) seq = seq * 10 + dados[k] - 48;
            seqs.push(seq);
            tempos.push(t);
          } else if (dados.includes(SALA_CONECTADA)) pronto();
        } else if (opcode === 0x9) s.write(quadroDeTexto(dados.toString('latin1'), 0xa)); // ping → pong
        i = inicio + tamanho;
      }
      resto = i < b.length ? Buffer.from(b.subarray(i)) : VAZIO;
    }
  });
}

const responder = (m: unknown) => process.send!(m);
process.on(
  'message',
  async (m: {
    conectar?: { portas: number[]; n: number; host: string; veiUid: string; leilaoUid?: string };
    resultados?: true;
    fechar?: true;
  }) => {
    if (m.conectar) {
      const { portas, n, host, veiUid, leilaoUid } = m.conectar;
      // In batches, so the listen backlog is not the thing measured.
      for (let i = 0; i < n; i += 250) {
        await Promise.all(
          Array.from({ length: Math.min(250, n - i) }, (_, k) => vigiar(portas[(i + k) % portas.length], host, veiUid, leilaoUid)),
        );
      }
      responder('conectados');
    } else if (m.resultados) {
      responder({
        seqs: Int32Array.from(seqs),
        tempos: Float64Array.from(tempos),
        chatSeqs: Int32Array.from(chatSeqs),
        chatTempos: Float64Array.from(chatTempos),
      });
      for (const a of [seqs, tempos, chatSeqs, chatTempos]) a.length = 0;
    } else if (m.fechar) {
      for (const s of sockets) s.destroy();
      sockets.length = 0;
      responder('fechados');
    }
  },
);
