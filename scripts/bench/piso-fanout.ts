/**
 * The fan-out bench's floor: a plain Node server (http + ws, nothing of ours) that delivers one message
 * to every socket of a room the way the hub does (the frame built once, one write per socket), with no
 * HTTP request, transaction, Redis or bid around it. fanout.ts runs two of these in the same run, with
 * the same watcher processes and the same payload our servers sent, so "our delivery" and "what this
 * machine allows for the writes alone" are measured side by side (like search.ts's plain Node server).
 *
 * Two floors. Told over IPC (`{ enviar: { seq } }`): the delivery alone. With PISO_REDIS, PISO_DATABASE and
 * PISO_TABELA in the environment, also the hops a bid makes, without our code: `POST /lance` with
 * `{ seq }` reads one row from PostgreSQL, then inserts one and commits (the WAL flush a bid waits for),
 * publishes on Redis and answers 200; every instance fans out what Redis brings.
 *
 * Protocol with the bench (IPC, advanced serialisation): started with PORTA and PISO_MODELO (the payload our
 * servers sent; its "seq":<n> is replaced per message) in the environment, it answers 'pronto' once
 * listening (and subscribed); { enviar: { seq } } delivers at once; { fechar: true } closes the sockets
 * → 'fechados'. A watcher's `conectar-lances-lote` is answered with `sala-conectada`, as the hub answers it.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis } from 'ioredis';
import pg from 'pg';
import * as modulosDoWs from 'ws';
import { WebSocketServer, type WebSocket } from 'ws';

interface SenderDoWs {
  frame(dados: Buffer, opcoes: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }): Buffer[];
}
const SENDER = (modulosDoWs as unknown as { Sender: SenderDoWs }).Sender;

const porta = Number(process.env.PORTA);
const modelo = process.env.PISO_MODELO!;
const { PISO_REDIS, PISO_DATABASE, PISO_TABELA } = process.env;
// One channel per bench run (its schema), so two fan-out benches on one Redis never hear each other.
const CANAL = `martelo-bench:${process.env.PISO_CANAL ?? 'piso'}`;

function entregar(seq: number) {
  const texto = modelo.replace(/"seq":\d+/, `"seq":${seq}`);
  const partes = SENDER.frame(Buffer.from(texto), { fin: true, opcode: 0x1, mask: false, readOnly: true, rsv1: false });
  const quadro = partes.length === 1 ? partes[0] : Buffer.concat(partes);
  for (const ws of sala) (ws as unknown as { _socket: Duplex })._socket.write(quadro);
}

const banco = PISO_DATABASE ? new pg.Pool({ connectionString: PISO_DATABASE, max: 4 }) : null;
const publicador = PISO_REDIS ? new Redis(PISO_REDIS) : null;
const assinante = PISO_REDIS ? new Redis(PISO_REDIS) : null;
if (assinante) {
  await assinante.subscribe(CANAL);
  assinante.on('message', (_canal, m: string) => entregar(Number(m)));
}

const servidor = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/lance' || !banco || !publicador) return void res.writeHead(404).end();
  let corpo = '';
  req.on('data', (c: Buffer) => (corpo += c));
  req.on('end', async () => {
    const { seq } = JSON.parse(corpo) as { seq: number };
    // The bid's two statements: a read (the gate), then a write that commits, both named like ours.
    await banco.query({ name: 'piso_le', text: `SELECT count(*) FROM ${PISO_TABELA} WHERE seq = $1`, values: [seq] });
    await banco.query({ name: 'piso_grava', text: `INSERT INTO ${PISO_TABELA} (seq) VALUES ($1)`, values: [seq] });
    await publicador.publish(CANAL, String(seq));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ seq }));
  });
});
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

process.on('message', (m: { enviar?: { seq: number }; fechar?: true }) => {
  if (m.enviar) entregar(m.enviar.seq);
  else if (m.fechar) {
    for (const ws of sala) ws.terminate();
    sala.clear();
    process.send!('fechados');
  }
});

servidor.listen(porta, '127.0.0.1', () => process.send!('pronto'));
process.on('SIGTERM', () => {
  publicador?.disconnect();
  assinante?.disconnect();
  void banco?.end();
  servidor.close();
  wss.close();
  process.exit(0);
});
