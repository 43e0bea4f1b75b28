import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '@db/client.server';
import { backupPglite, restaurarPglite } from '@scripts/backup/pglite';
import { backupPostgres, restaurarPostgres } from '@scripts/backup/postgres';
import { lerPastaDaMarca } from '@tenants/brand-folder.server';
import { onboardHotsite } from '~/modules/hotsites/onboard.server';
import { criarBancoDeTeste, envDeTeste } from '../db';
import { criarCliente, criarLoteEmDisputa } from '../lances';
import { iniciarInstancia, type Instancia } from '../server';

/**
 * `npm run db:backup` and `npm run db:restore` on both databases: a bid placed before the backup is in
 * the restored copy, the app starts on that copy and serves the brand, and takes the next bid.
 */
const H = 'h1.localhost';
const pasta = mkdtempSync(join(tmpdir(), 'martelo-backup-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));

const lance = (app: Instancia, auth: Record<string, string>, loteId: number, valor: number) =>
  app.pedir(H, '/v1/lances', { method: 'POST', headers: auth, corpo: { loteId, valor } });

async function umLance(database: Database, app: Instancia) {
  const lote = await criarLoteEmDisputa(database.db, { minimo: 12_300_00 });
  const cliente = await criarCliente(database.db, { leilaoId: lote.leilaoId });
  expect((await lance(app, cliente.auth, lote.loteId, 12_300_00)).status).toBe(201);
  return { ...lote, cliente };
}

/** The app on the restored copy: the bid is there, the brand's home page answers, the next bid is taken. */
async function conferirCopia(database: Database, { veiUid, loteId, cliente }: Awaited<ReturnType<typeof umLance>>) {
  const app = await iniciarInstancia({ database });
  try {
    const estado = await app.pedir(H, `/v1/lances/lote/${veiUid}`);
    expect(estado.status).toBe(200);
    expect(estado.json()).toMatchObject({ valor: { lance: 12_300_00 } });
    const inicio = await app.pedir(H, '/');
    expect(inicio.status).toBe(200);
    expect(inicio.texto).toContain('Brasil Leilões');
    // Sequences and triggers came along: a new bid gets a new id and the lot moves on.
    const seguinte = await lance(app, cliente.auth, loteId, 12_800_00);
    expect(seguinte.status).toBe(201);
    expect(seguinte.json()).toMatchObject({ lote: { valor: { lance: 12_800_00 } } });
  } finally {
    await app.close();
  }
}

describe('embedded database (PGLITE_DIR)', () => {
  it('refuses while the app has the folder open; once stopped, the copy restores into a new folder and the app starts on it', async () => {
    const origem = join(pasta, 'origem');
    const arquivo = join(pasta, 'embutido.tar.gz');
    // The suite's migrated and seeded template when there is one (embedded run); otherwise (a PostgreSQL
    // run has none) a migrated folder with brand 1 alone.
    const template = inject('pgliteTemplate');
    const pglite = await PGlite.create({ dataDir: origem, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });
    const database = await openDatabase({ pglite });
    if (!template) {
      await database.migrate();
      await onboardHotsite(database.db, lerPastaDaMarca('tenants/brasil-leiloes'));
    }
    const app = await iniciarInstancia({ database });
    const feito = await umLance(database, app);

    await expect(backupPglite({ pasta: origem, arquivo })).rejects.toThrow(/está aberto .*pare o Martelo antes do backup/);
    await app.close();
    await database.close();

    const backup = await backupPglite({ pasta: origem, arquivo });
    expect(backup.bytes).toBeGreaterThan(100_000);
    expect(backup.contagens.find((c) => c.tabela === 'lance')?.linhas).toBeGreaterThan(0);

    const destino = join(pasta, 'destino');
    const restauro = await restaurarPglite({ pasta: destino, arquivo });
    expect(restauro.contagens).toEqual(backup.contagens);
    expect(restauro.migracoesAplicadas).toBe(0);
    await expect(restaurarPglite({ pasta: destino, arquivo })).rejects.toThrow(/A pasta .*destino não está vazia/);

    const copia = await openDatabase({ pgliteDir: destino });
    try {
      await conferirCopia(copia, feito);
    } finally {
      await copia.close();
    }
  }, 120_000);
});

describe.runIf(envDeTeste.DATABASE_URL)('PostgreSQL (DATABASE_URL)', () => {
  it('backs up while the app serves, restores into another schema, refuses a full target without --substituir, migrates an older backup', async () => {
    const url = envDeTeste.DATABASE_URL!;
    const banco = await criarBancoDeTeste();
    const destino = `${banco.schema}_r`;
    const arquivo = join(pasta, 'postgres.dump');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const app = await iniciarInstancia({ database: banco });
      const feito = await umLance(banco, app);
      const backup = await backupPostgres({ url, schema: banco.schema!, arquivo });
      await app.close();
      expect(backup.contagens.find((t) => t.tabela === 'lance')?.linhas).toBeGreaterThan(0);

      const restauro = await restaurarPostgres({ url, schema: destino, arquivo });
      expect(restauro.contagens).toEqual(backup.contagens);
      const copia = await openDatabase({ url, schema: destino, max: 5 });
      try {
        await conferirCopia(copia, feito);
      } finally {
        await copia.close();
      }

      await expect(restaurarPostgres({ url, schema: destino, arquivo })).rejects.toThrow(/não está vazio: .*Use --substituir/);
      // Replaced: the bid taken after the backup is gone, the one before it is there.
      await restaurarPostgres({ url, schema: destino, arquivo, substituir: true });
      const { rows } = await c.query(`select valor from "${destino}".lance where lote_id = $1 order by valor`, [feito.loteId]);
      expect(rows.map((r) => Number(r.valor))).toEqual([12_300_00]);

      // A backup from the version before the last migration (0059, the outbid e-mail through the queue only): the
      // restore applies it. This undo follows the newest migration: the fast path's function as 0032 left it and
      // the leader-changed trigger's function as 0037 wrote it.
      const migracao = (arquivo: string) =>
        readFileSync(join(process.cwd(), 'db/migrations', arquivo), 'utf8').split('--> statement-breakpoint');
      const antes = migracao('0032_apelido_do_cliente.sql')[1];
      const gatilhoAntes = migracao('0037_notificacoes.sql')
        .find((s) => s.includes('CREATE FUNCTION notificar_lider_trocado()'))!
        .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION');
      await c.query(`SET search_path TO "${banco.schema}"`);
      await c.query(antes);
      await c.query(gatilhoAntes);
      await c.query('RESET search_path');
      const corpo = async (schema: string, funcao: string) =>
        (
          await c.query(
            `SELECT p.prosrc FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE p.proname = $2 AND s.nspname = $1`,
            [schema, funcao],
          )
        ).rows[0].prosrc as string;
      const corpoDoLote = (schema: string) => corpo(schema, 'lance_manual_lote');
      expect(await corpoDoLote(banco.schema!)).toContain('mensagem_saida');
      expect(await corpo(banco.schema!, 'notificar_lider_trocado')).not.toContain('compreJa');
      await c.query(
        `DELETE FROM "${banco.schema}".__drizzle_migrations WHERE id = (SELECT max(id) FROM "${banco.schema}".__drizzle_migrations)`,
      );
      const antigo = join(pasta, 'postgres-antigo.dump');
      await backupPostgres({ url, schema: banco.schema!, arquivo: antigo });
      const atualizado = await restaurarPostgres({ url, schema: destino, arquivo: antigo, substituir: true });
      expect(atualizado.migracoesAplicadas).toBe(1);
      expect(await corpoDoLote(destino)).not.toContain('mensagem_saida');
      expect(await corpo(destino, 'notificar_lider_trocado')).toContain('compreJa');
    } finally {
      await c.query(`DROP SCHEMA IF EXISTS "${destino}" CASCADE`);
      await c.end();
      await banco.descartar();
    }
  }, 120_000);
});
