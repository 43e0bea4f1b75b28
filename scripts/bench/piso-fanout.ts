/**
 * The fan-out bench's floor: a plain Node server (http + ws, nothing of ours) that delivers one message
 * to every socket of a room the way the hub does (the frame built once, one write per socket), with no
 * HTTP request, transaction, Redis or bid around it. fanout.ts runs two of these in the same run, with
 * the same watcher processes and the same payload our servers sent, so "our delivery" and "what this
 * machine allows for the writes alone" are measured side by side (like search.ts's plain Node server).
 *
 * Protocol with the bench (IPC, advanced serialisation): started with PORTA in the environment, it
 * answers 'pronto' once listening; { enviar: { seq, modelo } } writes `modelo` with its "seq":<n>
 * replaced by seq to every socket that joined a room; { fechar: true } closes the sockets → 'fechados'.
 * A watcher's `conectar-lances-lote` is answered with `sala-conectada`, as the hub answers it.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import * as modulosDoWs from 'ws';
import { WebSocketServer, type WebSocket } from 'ws';

interface SenderDoWs {
  frame(dados: Buffer, opcoes: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[];
}
const SENDER = (modulosDoWs as unknown as { Sender: SenderDoWs }).Sender;

const porta = Number(process.env.PORTA);
const servidor = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server: servidor, perMessageDeflate: false, clientTracking: false });
const sala = new Set<WebSocket>();

wss.on('connection', (ws) => {
  ws.on('message', (m) => {
    const { event, data } = JSON.parse(String(m)) as { event: string; data: { veiUid?: string } };
    if (event !== 'conectar-lances-lote') return;
    sala.add(ws);
    ws.send(JSON.stringify({ event: 'sala-conectada', data: { sala: `lote:${data.veiUid}` } }));
  });
  ws.on('close', () => sala.delete(ws));
});

process.on('message', (m: { enviar?: { seq: number; modelo: string }; fechar?: true }) => {
  if (m.enviar) {
    const texto = m.enviar.modelo.replace(/"seq":\d+/, `"seq":${m.enviar.seq}`);
    const partes = SENDER.frame(Buffer.from(texto), { fin: true, opcode: 0x1, mask: false, readOnly: true, rsv1: false });
    const quadro = partes.length === 1 ? partes[0] : Buffer.concat(partes);
    for (const ws of sala) (ws as unknown as { _socket: Duplex })._socket.write(quadro);
  } else if (m.fechar) {
    for (const ws of sala) ws.terminate();
    sala.clear();
    process.send!('fechados');
  }
});

servidor.listen(porta, '127.0.0.1', () => process.send!('pronto'));
