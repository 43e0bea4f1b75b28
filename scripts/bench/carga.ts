/**
 * The catalogue bench's load generator, in a child process: autocannon reading 150 kB pages on the
 * server's own thread was part of what it measured (the server and its client shared one core).
 * Protocol (IPC): the parent sends autocannon's options; the child answers with its result and exits.
 */
import autocannon from 'autocannon';

process.once('message', async (opcoes: autocannon.Options) => {
  const r = await autocannon(opcoes);
  process.send!({ requests: r.requests, latency: r.latency, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }, () =>
    process.exit(0),
  );
});
