import '~/utils/zod-pt-br';
import { afterEach, vi } from 'vitest';

// A test fails on console.error: an error nobody asserted on is a bug nobody will see.
const original = console.error;
let erros: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  erros.push(args);
  original(...args);
});
// pg's "Calling client.query() when the client is already executing a query": two statements at once on one
// client (a transaction's `Promise.all`), which pg 9 makes an error. Node warns once per process, so the test
// running when it comes fails, and the warning's text says what to look for.
const global_ = globalThis as { avisosDoPg?: string[] };
if (!global_.avisosDoPg) {
  const avisos: string[] = [];
  global_.avisosDoPg = avisos;
  process.on('warning', (aviso) => {
    if (/already executing a query/.test(aviso.message)) avisos.push(aviso.stack ?? aviso.message);
  });
}
afterEach(() => {
  const avisosDoPg = global_.avisosDoPg!.splice(0);
  const vistos = erros;
  erros = [];
  if (avisosDoPg.length) throw new Error(`uma transação mandou duas consultas ao mesmo tempo:\n${avisosDoPg.join('\n')}`);
  if (vistos.length) throw new Error(`console.error chamado durante o teste:\n${vistos.map((a) => a.map(String).join(' ')).join('\n')}`);
});
