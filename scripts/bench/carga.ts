/**
 * The benches' load generator, in a child process: autocannon reading 150 kB pages on the server's own
 * thread was part of what it measured (the server and its client shared one core).
 * Protocol (IPC): the parent sends either autocannon's options, or `{ lista }` (a list of distinct requests
 * asked in a given order, see `Lista`); the child answers with its result and exits.
 */
import http from 'node:http';
import autocannon from 'autocannon';

/** A run over many distinct requests: `ordem` (indexes into `pedidos`) is asked once, in order, by `conexoes` keep-alive connections. */
export interface Lista {
  porta: number;
  host: string;
  cabecalhos?: Record<string, string>;
  pedidos: { metodo: 'GET' | 'POST'; caminho: string; corpo?: string }[];
  ordem: number[];
  conexoes: number;
  /** Stop early after this many seconds (the requests asked by then count). */
  segundos?: number;
}

/** What a run answers: the fields of autocannon's result the benches read, for both kinds of run. */
export interface ResultadoDaCarga {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function correrLista(l: Lista): Promise<ResultadoDaCarga> {
  const tempos: number[] = [];
  let naoOk = 0;
  let erros = 0;
  let proximo = 0;
  const inicio = performance.now();
  const fim = l.segundos ? inicio + l.segundos * 1000 : Infinity;
  await Promise.all(
    Array.from({ length: l.conexoes }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (proximo < l.ordem.length && performance.now() < fim) {
        const p = l.pedidos[l.ordem[proximo++]];
        const t0 = performance.now();
        const status = await new Promise<number>((resolve) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: l.porta,
              path: p.caminho,
              method: p.metodo,
              agent,
              headers: { host: l.host, ...(p.corpo ? { 'content-type': 'application/json' } : {}), ...l.cabecalhos },
            },
            (res) => (res.resume(), res.on('end', () => resolve(res.statusCode ?? 0))),
          );
          req.on('error', () => resolve(0));
          req.end(p.corpo);
        });
        if (status === 0) erros++;
        else if (status < 200 || status > 299) naoOk++;
        else tempos.push(performance.now() - t0);
      }
      agent.destroy();
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  tempos.sort((a, b) => a - b);
  const p = (q: number) => (tempos.length ? tempos[Math.min(tempos.length - 1, Math.floor(q * tempos.length))] : NaN);
  const total = tempos.length + naoOk + erros;
  return {
    requests: { average: total / segundos, total },
    latency: { p50: p(0.5), p97_5: p(0.975), p99: p(0.99) },
    non2xx: naoOk,
    errors: erros,
    timeouts: 0,
  };
}

process.once('message', async (m: autocannon.Options | { lista: Lista }) => {
  let resultado: ResultadoDaCarga;
  if ('lista' in m) resultado = await correrLista(m.lista);
  else {
    const r = await autocannon(m);
    resultado = { requests: r.requests, latency: r.latency, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
  }
  process.send!(resultado, () => process.exit(0));
});
