import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.server';

type Fluxo = { nfd?: number; stream_ops: { fsync?: (s: unknown) => number } };

describe('the embedded database on disk is durable', () => {
  const pasta = mkdtempSync(join(tmpdir(), 'martelo-duravel-'));
  let banco: Database | undefined;
  afterAll(async () => {
    await banco?.close();
    rmSync(pasta, { recursive: true, force: true });
  });

  it('runs with fsync on, and a commit reaches the disk through an fsync', async () => {
    banco = await openDatabase({ pgliteDir: pasta });
    const mostrar = async (nome: string) =>
      ((await banco!.db.execute(sql.raw(`show ${nome}`))) as unknown as { rows: Record<string, string>[] }).rows[0][nome];
    expect(await mostrar('fsync')).toBe('on');
    expect(await mostrar('wal_sync_method')).toBe('fsync');
    // Count the fsyncs the file system receives while one row is committed.
    const cliente = (banco.db as unknown as { $client: PGlite }).$client as unknown as { mod: { FS: { streams: (Fluxo | null)[] } } };
    const ops = cliente.mod.FS.streams.find((s) => s?.nfd != null)!.stream_ops;
    const original = ops.fsync!;
    let fsyncs = 0;
    ops.fsync = (s) => (fsyncs++, original(s));
    await banco.db.execute(sql`create table duravel (a int)`);
    fsyncs = 0;
    await banco.db.execute(sql`insert into duravel values (1)`);
    expect(fsyncs).toBeGreaterThan(0);
  });
});
