/**
 * Backup and restore of the embedded database (PGlite in PGLITE_DIR).
 *
 * PGlite runs PostgreSQL inside the process that opened the folder and takes no lock on it: a second
 * process opening the same folder (this script beside a running Martelo) would corrupt it. While a
 * PGlite has the folder open it holds `postmaster.pid` there (removed when it closes), so the backup
 * refuses while that file exists; after a crash (kill -9, a power cut) the file is left behind and
 * `forcar` says the operator checked that nothing has the folder open.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@db/client.server';
import {
  contarTabelas,
  ErroDeBackup,
  fsyncArquivo,
  recusarArquivoExistente,
  tipoDoArquivo,
  type ResultadoDoBackup,
  type ResultadoDoRestauro,
} from './comum';

const consultarCom = (database: Database) => async (texto: string) =>
  (await database.db.execute(sql.raw(texto))).rows as Record<string, unknown>[];

/** The PGlite under a database opened by openDatabase (drizzle keeps its client as `$client`). */
const clienteDe = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

export async function backupPglite({ pasta, arquivo, forcar = false }: { pasta: string; arquivo: string; forcar?: boolean }) {
  if (!existsSync(join(pasta, 'PG_VERSION'))) {
    throw new ErroDeBackup(`Não há banco embutido em ${pasta} (falta PG_VERSION): confira PGLITE_DIR.`);
  }
  if (existsSync(join(pasta, 'postmaster.pid')) && !forcar) {
    throw new ErroDeBackup(
      `O banco embutido em ${pasta} está aberto (há um postmaster.pid): pare o Martelo antes do backup, pois o PGlite ` +
        'aceita um só processo por pasta. Se o Martelo parou sem fechar o banco (kill -9, queda de energia) e nenhum ' +
        'processo usa a pasta, repita com --forcar.',
    );
  }
  recusarArquivoExistente(arquivo);
  // Opened as the app opens it (durable), so the shutdown checkpoint this opening writes reaches the disk.
  const database = await openDatabase({ pgliteDir: pasta });
  try {
    const contagens = await contarTabelas(consultarCom(database));
    // Everything in the data files, not only in the WAL: the copy opens without replaying anything.
    await database.db.execute(sql`checkpoint`);
    const tar = await clienteDe(database).dumpDataDir('gzip');
    const bytes = Buffer.from(await tar.arrayBuffer());
    mkdirSync(dirname(resolve(arquivo)), { recursive: true });
    writeFileSync(arquivo, bytes, { flag: 'wx', mode: 0o600 });
    fsyncArquivo(arquivo);
    return { arquivo, bytes: bytes.length, contagens } satisfies ResultadoDoBackup;
  } finally {
    await database.close();
  }
}

export async function restaurarPglite({ pasta, arquivo }: { pasta: string; arquivo: string }): Promise<ResultadoDoRestauro> {
  if (tipoDoArquivo(arquivo) !== 'pglite') {
    throw new ErroDeBackup(`${arquivo} não é um backup do banco embutido (um .tar.gz de npm run db:backup).`);
  }
  if (existsSync(pasta) && readdirSync(pasta).length > 0) {
    throw new ErroDeBackup(
      `A pasta ${pasta} não está vazia: o backup só é restaurado numa pasta nova. Escolha outra PGLITE_DIR ` +
        '(ou, com o Martelo parado, mova a pasta atual para outro nome antes).',
    );
  }
  mkdirSync(pasta, { recursive: true });
  let resultado: ResultadoDoRestauro;
  try {
    // PGlite extracts its own tarball into the folder; it is closed at once and opened again as the app
    // opens it (durable), for the migrations.
    const extraida = await PGlite.create({ dataDir: pasta, loadDataDir: new Blob([readFileSync(arquivo)]) });
    await extraida.close();
    const database = await openDatabase({ pgliteDir: pasta });
    try {
      const antes = await migracoesFeitas(database);
      await database.migrate();
      const migracoesAplicadas = (await migracoesFeitas(database)) - antes;
      resultado = { contagens: await contarTabelas(consultarCom(database)), migracoesAplicadas };
    } finally {
      await database.close();
    }
  } catch (erro) {
    // The folder was empty: a failed restore leaves it empty again, ready for the next attempt.
    for (const nome of readdirSync(pasta)) rmSync(join(pasta, nome), { recursive: true, force: true });
    throw new ErroDeBackup(`Não foi possível restaurar ${arquivo} (${(erro as Error).message}); a pasta ${pasta} ficou vazia de novo.`, {
      cause: erro,
    });
  }
  // The extracted files were written without fsync: the restore is done once they are on the disk.
  await fsyncPasta(pasta);
  return resultado;
}

/** Rows in drizzle's journal of applied migrations (the embedded database keeps it in schema drizzle). */
async function migracoesFeitas(database: Database): Promise<number> {
  const consultar = consultarCom(database);
  const [{ existe }] = await consultar(`select to_regclass('drizzle.__drizzle_migrations') is not null as existe`);
  return existe ? Number((await consultar('select count(*) as n from drizzle.__drizzle_migrations'))[0].n) : 0;
}

/** Every file and folder of the copy on the disk, a few at a time (each one waits for the disk). */
async function fsyncPasta(pasta: string) {
  const arquivos: string[] = [];
  const pastas: string[] = [];
  const listar = (p: string) => {
    pastas.push(p);
    for (const nome of readdirSync(p)) {
      const caminho = join(p, nome);
      if (statSync(caminho).isDirectory()) listar(caminho);
      else arquivos.push(caminho);
    }
  };
  listar(pasta);
  const fila = [...arquivos, ...pastas.reverse()];
  const trabalhar = async () => {
    for (let caminho = fila.shift(); caminho; caminho = fila.shift()) {
      const arquivo = await open(caminho, 'r');
      await arquivo.sync().finally(() => arquivo.close());
    }
  };
  await Promise.all(Array.from({ length: 8 }, trabalhar));
}
