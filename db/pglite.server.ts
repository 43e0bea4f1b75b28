import { fsyncSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * Starting the embedded PostgreSQL of a data folder. Kept apart from client.server.ts so that `npm start` can
 * begin it while the server's build is still loading (build/pglite.js, decision 297): its WebAssembly compiles
 * off the main thread and its files open meanwhile. Stateless: the copy in build/pglite.js and the one in the
 * Remix build share nothing but this text.
 */

/**
 * PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (emscripten's NODEFS) has no
 * fsync of its own, so an acknowledged commit lived only in the OS's page cache: a power cut or an OS
 * crash could lose it or corrupt the folder. A data folder on disk is opened durable: fsync on, the WAL
 * flushed with fsync() (emscripten answers fdatasync() without doing anything), and NODEFS given an fsync
 * that reaches the disk. About 8 ms more per commit on this project's machines (decision 112).
 */
const PARAMETROS_DURAVEIS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

function fsyncNoDisco(client: PGlite) {
  const FS = (client as unknown as { mod?: { FS?: { streams: ({ nfd?: number; stream_ops: Record<string, unknown> } | null)[] } } }).mod
    ?.FS;
  const arquivo = FS?.streams.find((s) => s && s.nfd != null);
  if (!arquivo) throw new Error('PGlite sem arquivos abertos em disco: não foi possível ativar o fsync');
  arquivo.stream_ops.fsync = (stream: { nfd?: number }) => {
    if (stream.nfd != null) fsyncSync(stream.nfd);
    return 0;
  };
}

/** PGlite on `dir` (created if missing), durable on disk; `memory://` for a throwaway instance. */
export async function iniciarPglite(dir: string): Promise<PGlite> {
  if (dir.startsWith('memory://')) return PGlite.create({ dataDir: dir });
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, startParams: PARAMETROS_DURAVEIS });
  fsyncNoDisco(client);
  return client;
}
