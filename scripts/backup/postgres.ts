/**
 * Backup and restore on PostgreSQL (DATABASE_URL, with DATABASE_SCHEMA when the app lives in one schema).
 *
 * Backup: `pg_dump --format=custom` of the whole database, or of DATABASE_SCHEMA alone, taken on a
 * snapshot exported by a read-only transaction that also counts the key tables, so the counts printed
 * are the dump's. It runs while the app serves: pg_dump reads a consistent snapshot without blocking
 * writers. The file is written beside its final name and renamed when complete.
 *
 * Restore: pg_restore turns the dump into SQL and psql runs it in one transaction, after the statements
 * that empty the target (`substituir`): a restore that fails half-way leaves the target as it was. A
 * schema dump restores into another schema name by rewriting the schema's qualified names in the SQL
 * (pg_restore cannot rename a schema). The migrations run afterwards, so a backup from an older version
 * comes up to this version's tables.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { LIMITES_BANCO, openDatabase } from '@db/client.server';
import {
  conexaoLibpq,
  contarTabelas,
  ErroDeBackup,
  fsyncArquivo,
  mascararUrl,
  recusarArquivoExistente,
  tipoDoArquivo,
  type ResultadoDoBackup,
  type ResultadoDoRestauro,
} from './comum';

export async function backupPostgres({
  url,
  schema,
  arquivo,
}: {
  url: string;
  schema?: string;
  arquivo: string;
}): Promise<ResultadoDoBackup> {
  recusarArquivoExistente(arquivo);
  const client = await conectar(url);
  const parcial = `${arquivo}.parcial`;
  try {
    if (schema && !(await client.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount) {
      throw new ErroDeBackup(`O schema ${schema} (DATABASE_SCHEMA) não existe em ${mascararUrl(url)}.`);
    }
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows;
    if (schema) await client.query(`set local search_path to "${schema}"`);
    const contagens = await contarTabelas(async (texto) => (await client.query(texto)).rows);
    mkdirSync(dirname(resolve(arquivo)), { recursive: true });
    const { dbname, limpar } = conexaoLibpq(url);
    try {
      await executar('pg_dump', [
        '--format=custom',
        `--file=${parcial}`,
        `--snapshot=${snapshot}`,
        ...(schema ? [`--schema=${schema}`] : []),
        `--dbname=${dbname}`,
      ]);
    } finally {
      limpar();
    }
    await client.query('commit');
    // It holds personal data and password hashes: readable by its owner only, and on the disk before it is named.
    chmodSync(parcial, 0o600);
    fsyncArquivo(parcial);
    renameSync(parcial, arquivo);
    return { arquivo, bytes: statSync(arquivo).size, contagens };
  } catch (erro) {
    rmSync(parcial, { force: true });
    throw erro;
  } finally {
    await client.end().catch(() => {}); // the work's own outcome is already decided above
  }
}

export async function restaurarPostgres({
  url,
  schema,
  arquivo,
  substituir = false,
}: {
  url: string;
  schema?: string;
  arquivo: string;
  substituir?: boolean;
}): Promise<ResultadoDoRestauro> {
  if (tipoDoArquivo(arquivo) !== 'postgres') {
    throw new ErroDeBackup(`${arquivo} não é um backup do PostgreSQL (um .dump de npm run db:backup, formato custom do pg_dump).`);
  }
  const esquemas = esquemasDasTabelas(await executar('pg_restore', ['--list', arquivo]));
  if (!esquemas.length) throw new ErroDeBackup(`${arquivo} não tem tabelas.`);
  // A dump of DATABASE_SCHEMA holds one schema (not public); a dump of the whole database holds public
  // (and drizzle, the journal of migrations).
  const schemaDoBackup = esquemas.length === 1 && esquemas[0] !== 'public' ? esquemas[0] : null;
  if (schema && !schemaDoBackup) {
    throw new ErroDeBackup(
      `${arquivo} é um backup do banco inteiro (schemas ${esquemas.join(', ')}): restaure-o sem DATABASE_SCHEMA, num banco vazio.`,
    );
  }
  if (!schema && schemaDoBackup) {
    throw new ErroDeBackup(
      `${arquivo} é um backup do schema ${schemaDoBackup}: defina DATABASE_SCHEMA (${schemaDoBackup} ou um schema novo).`,
    );
  }
  const alvos = schema ? [schema] : esquemas;
  const destino = `${mascararUrl(url)}, ${schema ? `schema ${schema}` : `schemas ${alvos.join(', ')}`}`;

  const client = await conectar(url);
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
      [alvos],
    );
    const ocupadas = Number(rows[0].n);
    if (ocupadas > 0 && !substituir) {
      throw new ErroDeBackup(
        `O destino (${destino}) não está vazio: tem ${ocupadas} tabelas e sequências. Use --substituir para apagá-lo e ` +
          'restaurar o backup no lugar (tudo numa transação: se o restauro falhar, o destino fica como está).',
      );
    }
  } finally {
    await client.end().catch(() => {}); // the work's own outcome is already decided above
  }

  // What empties the target, in the restore's own transaction. The script creates every schema it
  // holds except public, which pg_dump takes as existing.
  const preludio = alvos.map((e) =>
    e === 'public' ? 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n' : `DROP SCHEMA IF EXISTS "${e}" CASCADE;\n`,
  );
  const { dbname, limpar } = conexaoLibpq(url);
  try {
    const pgRestore = iniciar('pg_restore', ['--no-owner', '--no-privileges', '--file=-', arquivo]);
    const psql = iniciar('psql', [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
      '--file=-',
    ]);
    const reescrita = reescritaDoScript({ preludio: preludio.join(''), de: schemaDoBackup, para: schema ?? null });
    // A broken copy shows as psql's or pg_restore's own error, which names the cause (below).
    const copia = pipeline(pgRestore.filho.stdout!, reescrita, psql.filho.stdin!).catch(() => {});
    const [fimPsql, fimRestore] = await Promise.all([psql.fim, pgRestore.fim, copia]);
    // psql's error names the statement that failed; pg_restore's is then only the broken pipe.
    for (const fim of [fimPsql, fimRestore]) if (fim.erro) throw fim.erro;
  } finally {
    limpar();
  }

  const database = await openDatabase({ url, schema, max: 2 });
  try {
    const consultar = async (texto: string) => (await database.db.execute(sql.raw(texto))).rows as Record<string, unknown>[];
    const diario = schema ? `"${schema}".__drizzle_migrations` : 'drizzle.__drizzle_migrations';
    const feitas = async () => Number((await consultar(`select count(*) as n from ${diario}`))[0].n);
    const antes = await feitas();
    await database.migrate();
    const migracoesAplicadas = (await feitas()) - antes;
    return { contagens: await contarTabelas(consultar), migracoesAplicadas };
  } finally {
    await database.close();
  }
}

/** The schemas of the dump's tables, from `pg_restore --list` ("217; 1259 16386 TABLE public lote postgres"). */
export function esquemasDasTabelas(lista: string): string[] {
  const esquemas = new Set<string>();
  for (const linha of lista.split('\n')) {
    const m = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) /.exec(linha);
    if (m) esquemas.add(m[1]);
  }
  return [...esquemas].sort();
}

/**
 * The SQL pg_restore writes, with `preludio` first and, when `de` and `para` differ, every name
 * qualified by schema `de` requalified by `para`. Only SQL is rewritten: the rows between a
 * `COPY ... FROM stdin;` and its `\.` pass untouched, whatever they hold. The migrations qualify no name
 * (decision 028), so function bodies, which pg_dump does not qualify either, need nothing.
 */
export function criarReescrita(de: string | null, para: string | null): (linha: string) => string {
  let emDados = false;
  const trocar = de && para && de !== para;
  const qualificado = trocar ? new RegExp(`(?<![\\w$"])(?:${de}|"${de}")(?=\\.)`, 'g') : null;
  const criacao = trocar ? new RegExp(`^CREATE SCHEMA (?:${de}|"${de}");$`) : null;
  return (linha) => {
    if (emDados) {
      if (linha === '\\.') emDados = false;
      return linha;
    }
    if (/^COPY .* FROM stdin;$/.test(linha)) emDados = true;
    if (!qualificado || !criacao) return linha;
    return criacao.test(linha) ? `CREATE SCHEMA "${para}";` : linha.replace(qualificado, `"${para}"`);
  };
}

function reescritaDoScript({ preludio, de, para }: { preludio: string; de: string | null; para: string | null }): Transform {
  const reescrever = criarReescrita(de, para);
  const decodificador = new StringDecoder('utf8');
  let resto = '';
  let comecou = false;
  return new Transform({
    transform(pedaco: Buffer, _codificacao, feito) {
      let texto = resto + decodificador.write(pedaco);
      const fim = texto.lastIndexOf('\n');
      resto = texto.slice(fim + 1);
      texto = fim < 0 ? '' : texto.slice(0, fim + 1);
      const saida = texto ? texto.slice(0, -1).split('\n').map(reescrever).join('\n') + '\n' : '';
      feito(null, (comecou ? '' : preludio) + saida);
      comecou = true;
    },
    flush(feito) {
      const ultimo = resto + decodificador.end();
      feito(null, (comecou ? '' : preludio) + (ultimo ? reescrever(ultimo) : ''));
    },
  });
}

async function conectar(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: LIMITES_BANCO.conexaoMs });
  // A broken connection also rejects the call in flight, which is reported.
  client.on('error', () => {});
  try {
    await client.connect();
    return client;
  } catch (erro) {
    await client.end().catch(() => {}); // never connected: the error below is the one to report
    throw new ErroDeBackup(`Não foi possível conectar ao PostgreSQL de DATABASE_URL (${mascararUrl(url)}): ${(erro as Error).message}.`);
  }
}

const CLIENTE_DO_POSTGRES =
  'instale o cliente do PostgreSQL da mesma versão do servidor ou mais nova (no Debian: apt-get install postgresql-client)';

/** A PostgreSQL client program; `fim` tells how it ended (its stderr in the error), never rejects. */
function iniciar(programa: string, args: string[]) {
  const filho = spawn(programa, args, { stdio: [programa === 'psql' ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  let erros = '';
  filho.stderr!.setEncoding('utf8').on('data', (t: string) => (erros += t));
  const fim = new Promise<{ saida?: string; erro?: ErroDeBackup }>((resolver) => {
    filho.once('error', (erro: NodeJS.ErrnoException) =>
      resolver({
        erro: new ErroDeBackup(
          erro.code === 'ENOENT' ? `${programa} não encontrado: ${CLIENTE_DO_POSTGRES}.` : `${programa}: ${erro.message}`,
        ),
      }),
    );
    filho.once('close', (codigo) =>
      resolver(
        codigo === 0
          ? {}
          : { erro: new ErroDeBackup(`${programa} falhou (código ${codigo}):\n${erros.trim().split('\n').slice(-8).join('\n')}`) },
      ),
    );
  });
  return { filho, fim };
}

/** Runs a client program to its end and answers what it printed. */
async function executar(programa: string, args: string[]): Promise<string> {
  const { filho, fim } = iniciar(programa, args);
  let saida = '';
  filho.stdout!.setEncoding('utf8').on('data', (t: string) => (saida += t));
  const { erro } = await fim;
  if (erro) throw erro;
  return saida;
}
