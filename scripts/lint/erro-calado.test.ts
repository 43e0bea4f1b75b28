import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import erroCalado from './erro-calado.js';

const linter = new Linter({ configType: 'flat' });
const config = [
  {
    plugins: { martelo: { rules: { 'erro-calado': erroCalado } } },
    rules: { 'martelo/erro-calado': 'error' as const },
  },
];
const acusados = (codigo: string) => linter.verify(codigo, config).map((m) => m.line);

describe('lint: no silent error', () => {
  it.each([
    ['p.catch(() => {});'],
    ['p.catch(() => undefined);'],
    ['const x = await p.catch(() => null);'],
    ['p.then((v) => v, () => {});'],
    ["s.on('error', () => {});"],
    ['for (const c of cs) await c.close().catch(function () {});'],
  ])('fails %s without a reason', (codigo) => {
    expect(acusados(`async function f() {\n  ${codigo}\n}`)).toEqual([2]);
  });

  it.each([
    ['// closing is best effort: the socket is gone anyway\n  p.catch(() => {});'],
    ['p.catch(() => {}); // the next beat publishes again'],
    ['p.catch(() => null /* not JSON: reported below */);'],
    ['p\n    // aborted on unmount\n    .catch(() => {});'],
    ['// faults broke them on purpose\n  for (const c of cs) await c.close().catch(() => {});'],
  ])('passes %s with a reason', (codigo) => {
    expect(acusados(`async function f() {\n  ${codigo}\n}`)).toEqual([]);
  });

  it('passes a handler that does something with the error', () => {
    expect(acusados("p.catch((e) => log.warn({ err: e }, 'falhou'));\ns.on('error', (e) => log.warn(e));")).toEqual([]);
  });
});
