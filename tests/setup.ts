import '~/utils/zod-pt-br';
import { afterEach, vi } from 'vitest';

// A test fails on console.error: an error nobody asserted on is a bug nobody will see.
const original = console.error;
let erros: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  erros.push(args);
  original(...args);
});
afterEach(() => {
  const vistos = erros;
  erros = [];
  if (vistos.length) throw new Error(`console.error chamado durante o teste:\n${vistos.map((a) => a.map(String).join(' ')).join('\n')}`);
});
