import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { RAIZ } from '~/utils/raiz.server';
import { iniciarPglite } from './pglite.server';
import * as schema from './schema/index';

/** Both drivers expose the same query builder; app code is written against this one type. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Where the tables live (search_path); null means the server default (public). */
  schema: string | null;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database that stops answering (packets dropped, not refused) must not hang the server: connecting
 * gives up after CONEXAO_MS, a statement after COMANDO_MS (server side, and client side for a server
 * that cannot even say so), and a transaction left idle is ended by the server.
 */
export const LIMITES_BANCO = { conexaoMs: 5_000, comandoMs: 30_000, transacaoOciosaMs: 60_000 };

/** From the project's folder: bundled into build/index.js, import.meta.url would point into build/. */
export const MIGRATIONS_DIR = join(RAIZ, 'db', 'migrations');
const MIGRATION_LOCK = 727_001;

export interface OpenOptions {
  /** Real PostgreSQL. */
  url?: string;
  /** Schema to create and use on `url` (CI and tests: a fresh schema per run). */
  schema?: string;
  /** Embedded data folder; `memory://` for a throwaway instance. */
  pgliteDir?: string;
  /**
   * An already open PGlite (tests restore one from a migrated template), or one being started (`npm start`
   * begins it while the build loads, decision 297).
   */
  pglite?: PGlite | Promise<PGlite>;
  /** Pool size on real PostgreSQL. */
  max?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.schema, opts.max ?? 20);
  return openPglite(opts.pglite, opts.pgliteDir ?? '.data/pglite');
}

async function openPostgres(url: string, schemaName: string | undefined, max: number): Promise<Database> {
  if (schemaName && !/^[a-z_][a-z0-9_]{0,62}$/.test(schemaName)) throw new Error(`schema inválido: ${schemaName}`);
  const limites = {
    connectionTimeoutMillis: LIMITES_BANCO.conexaoMs,
    statement_timeout: LIMITES_BANCO.comandoMs,
    query_timeout: LIMITES_BANCO.comandoMs + 2_000,
    idle_in_transaction_session_timeout: LIMITES_BANCO.transacaoOciosaMs,
  };
  if (schemaName) {
    // The schema must exist before pooled connections start using it as their search_path.
    const boot = new pg.Client({ connectionString: url, ...limites });
    // A broken connection also rejects the query in flight, which the catch below names.
    boot.on('error', () => {});
    try {
      await boot.connect();
      await boot.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    } catch (erro) {
      throw erroDeConexao(url, erro);
    } finally {
      await boot.end().catch(() => {}); // closing a connection that already failed: nothing to add
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...limites,
    options: schemaName ? `-c search_path="${schemaName}"` : undefined,
  });
  // A client that loses its server must not crash the process. pg-pool listens for errors only while a
  // client is idle; a client checked out for a transaction has no listener, and a connection reset in the
  // middle of one emitted an unhandled 'error' that killed the process. Every client gets its own
  // listener for its whole life: the query in flight rejects (answered 503, retryable) and the pool
  // drops the broken client.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {})); // see above
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  // The readiness probe has a connection of its own: under a flood the pool's queue would make a healthy
  // instance look down (a load balancer would then pull it and push its load onto the others).
  let sonda: Promise<pg.Client> | null = null;
  const abrirSonda = async () => {
    const c = new pg.Client({ connectionString: url, ...limites, options: schemaName ? `-c search_path="${schemaName}"` : undefined });
    c.on('error', () => {
      sonda = null;
    });
    await c.connect();
    return c;
  };
  return {
    db,
    kind: 'postgres',
    schema: schemaName ?? null,
    async ping() {
      const atual = (sonda ??= abrirSonda());
      try {
        await (await atual).query('select 1');
      } catch (erro) {
        if (sonda === atual) sonda = null;
        void atual.then((c) => c.end()).catch(() => {}); // the probe failed: closing it is best effort
        throw erro;
      }
    },
    async migrate() {
      // Several instances may start at once: one migrates, the others wait on the advisory lock.
      const client = await pool.connect().catch((erro) => {
        throw erroDeConexao(url, erro);
      });
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_DIR,
          migrationsSchema: schemaName ?? 'drizzle',
        });
      } finally {
        // The lock is the session's: if unlocking fails, releasing the broken client ends it anyway.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async close() {
      const aberta = sonda;
      sonda = null;
      await aberta?.then((c) => c.end()).catch(() => {}); // a probe that never connected has nothing to close
      await pool.end();
    },
  };
}

/** Startup failures name the setting to fix, in pt-BR and English, without the URL's password. */
export function erroDeConexao(url: string, causa: unknown): Error {
  let destino = 'DATABASE_URL';
  try {
    const u = new URL(url);
    destino = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    // an unparsable URL is named only by its variable
  }
  const motivo = causa instanceof Error ? causa.message : String(causa);
  return new Error(
    `Não foi possível conectar ao PostgreSQL de DATABASE_URL (${destino}): ${motivo}. Verifique DATABASE_URL e se o banco está no ar.\n` +
      `Could not connect to the PostgreSQL in DATABASE_URL (${destino}): ${motivo}.`,
    { cause: causa },
  );
}

async function openPglite(existing: PGlite | Promise<PGlite> | undefined, dir: string): Promise<Database> {
  const client = await (existing ?? iniciarPglite(dir));
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    schema: null,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

/** What executarNomeada reads of a drizzle database or transaction (public JS fields, not in its types). */
interface PorDentroDoDrizzle {
  dialect: { sqlToQuery(consulta: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      consulta: { sql: string; params: unknown[] },
      campos: undefined,
      nome: string | undefined,
      emArrays: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `executor.execute(consulta)` sent as a named statement on PostgreSQL (decision 100): each pooled
 * connection parses it once and PostgreSQL keeps its plan (a generic one once custom plans cost no
 * less), where an unnamed statement, which is what drizzle sends, is parsed and planned on every call
 * (the bid gate's join: ≈ 1.3 ms to plan, 0.1 ms to run). For hot statements of fixed shape only: every
 * connection keeps each one for its life. Works on a database or a transaction, through drizzle's own
 * prepared query, so rows are parsed exactly as `execute` parses them (timestamps as text). The name is `prefixo` and a hash of the text, so a
 * statement whose text varies (an optional clause) is kept once per form and never clashes with
 * another under one name. On PGlite the name is ignored.
 */
export async function executarNomeada<L>(executor: Db | Tx, prefixo: string, consulta: SQL): Promise<L[]> {
  const { dialect, session } = executor as unknown as PorDentroDoDrizzle;
  const q = dialect.sqlToQuery(consulta);
  const nome = `${prefixo}_${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`;
  return ((await session.prepareQuery(q, undefined, nome, false).execute()) as { rows: L[] }).rows;
}
