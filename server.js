/**
 * `npm start`: the compiled build, nothing compiled at run time. build/index.js is the one bundle of the
 * Express app, the JSON API and the Remix routes (app/entry.server.tsx re-exports createMartelo), so
 * every module, and the state built from it, exists once in this process. Build it first:
 * `npm run build` (docs/decisions/014-um-build.md).
 */
import * as build from './build/index.js';

build.entry.module.iniciarServidor(build).catch((erro) => {
  // A failed start says what to fix (invalid setting, DATABASE_URL, REDIS_URL), not a stack.
  console.error(`Martelo não iniciou / Martelo did not start:\n${erro instanceof Error ? erro.message : String(erro)}`);
  process.exit(1);
});
