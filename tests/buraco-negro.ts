import net from 'node:net';

/**
 * A TCP endpoint on loopback that stands for a server gone silent: it accepts connections and
 * answers nothing (a firewall dropping packets, a frozen host), unlike a closed port, which refuses
 * at once. With `alvo` it first forwards to the real server; `silenciar()` then drops every byte,
 * on open connections and new ones alike. `cortar()` resets every open connection (a database restart, a
 * load balancer dropping its flows) and `recusar()` closes new ones as soon as they arrive.
 * `perderResposta(trecho)` lets the next request whose bytes contain `trecho` (`commit`, a statement's
 * name) reach the server, then drops the server's answer and resets that client connection: the server
 * did the work (committed), the client only learns that its connection failed.
 */
export async function buracoNegro(alvo?: { host: string; port: number }) {
  let encaminhar = !!alvo;
  let recusando = false;
  let perder: { trecho: Buffer; depoisDe: Buffer | null; entao?: () => void } | null = null;
  let perdidas = 0;
  const sockets = new Set<net.Socket>();
  const servidor = net.createServer((cliente) => {
    if (recusando) {
      // Resetting clients is this endpoint's job: their errors are the expected outcome.
      cliente.on('error', () => {});
      cliente.resetAndDestroy();
      return;
    }
    sockets.add(cliente);
    cliente.on('error', () => {}); // as above: cut and silenced on purpose
    cliente.on('close', () => sockets.delete(cliente));
    if (!encaminhar || !alvo) return;
    const destino = net.connect(alvo);
    sockets.add(destino);
    destino.on('error', () => cliente.destroy());
    destino.on('close', () => sockets.delete(destino));
    let perdendo = false;
    let viu = false;
    let entao: (() => void) | undefined;
    cliente.on('data', (d) => {
      if (perder?.depoisDe && d.includes(perder.depoisDe)) viu = true;
      if (perder && (viu || !perder.depoisDe) && d.includes(perder.trecho)) {
        entao = perder.entao;
        perder = null;
        perdendo = true;
        perdidas++;
      }
      if (encaminhar) destino.write(d);
    });
    destino.on('data', (d) => {
      if (perdendo) {
        // The server answered (it did the work): the client never hears it.
        cliente.resetAndDestroy();
        destino.end();
        entao?.();
        return;
      }
      if (encaminhar) cliente.write(d);
    });
    cliente.on('close', () => destino.destroy());
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    port: (servidor.address() as net.AddressInfo).port,
    /** `silenciar(false)` forwards again (new connections; the silenced ones lost bytes: cut them). */
    silenciar(sim = true) {
      encaminhar = sim ? false : !!alvo;
    },
    cortar() {
      for (const s of sockets) s.resetAndDestroy();
    },
    /**
     * `depoisDe`: only on a connection that sent that first (in this transaction, say); `entao`: called
     * once the answer was dropped.
     */
    perderResposta(trecho: string, depoisDe?: string, entao?: () => void) {
      perder = { trecho: Buffer.from(trecho), depoisDe: depoisDe ? Buffer.from(depoisDe) : null, entao };
    },
    /** How many answers perderResposta dropped. */
    perdidas: () => perdidas,
    recusar(sim = true) {
      recusando = sim;
    },
    fechar: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        servidor.close(() => resolve());
      }),
  };
}
