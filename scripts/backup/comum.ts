/**
 * What the backup and restore scripts share: the error they end with, the report of a few key tables,
 * how a backup file is told apart (by its first bytes, not its name) and how a database URL is shown
 * without its password.
 */
import { closeSync, existsSync, fsyncSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import { formatarBytes } from '~/utils/formatar-bytes';

/** A refusal or failure told to the operator in pt-BR; the command prints the message alone and exits 1. */
export class ErroDeBackup extends Error {}

/**
 * The command's options read by parseArgs and checked by `schema`; any mistake becomes a pt-BR
 * ErroDeBackup ending with the usage line.
 */
export function lerArgumentos<T>(opcoes: NonNullable<ParseArgsConfig['options']>, schema: z.ZodType<T>, uso: string, argv?: string[]): T {
  let brutos: unknown;
  try {
    brutos = parseArgs({ args: argv, options: opcoes }).values;
  } catch (erro) {
    const nome = /'([^' ]+)/.exec((erro as Error).message)?.[1] ?? '';
    const codigo = (erro as { code?: string }).code;
    const motivo =
      codigo === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `opção desconhecida: ${nome}`
        : codigo === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
          ? `falta o valor da opção ${nome}`
          : codigo === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
            ? `argumento inesperado: ${nome}`
            : 'opções inválidas';
    throw new ErroDeBackup(`${motivo}\n${uso}`);
  }
  const lidos = schema.safeParse(brutos);
  if (!lidos.success) throw new ErroDeBackup(`${lidos.error.issues.map((i) => i.message).join('; ')}\n${uso}`);
  return lidos.data;
}

/** Tables whose rows the scripts count, to show at a glance that the copy holds the site. */
export const TABELAS_CONTADAS = [
  ['hotsite', 'marcas'],
  ['leilao', 'leilões'],
  ['lote', 'lotes'],
  ['lance', 'lances'],
  ['venda', 'vendas'],
  ['usuario', 'usuários'],
] as const;

export type Contagem = { tabela: string; rotulo: string; linhas: number | null };

/** Rows of the key tables; a table the database does not have yet (an older version) counts as null. */
export async function contarTabelas(consultar: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Contagem[]> {
  const contagens: Contagem[] = [];
  for (const [tabela, rotulo] of TABELAS_CONTADAS) {
    const [existe] = await consultar(`select to_regclass('${tabela}') is not null as existe`);
    const linhas = existe?.existe ? Number((await consultar(`select count(*) as n from "${tabela}"`))[0]?.n) : null;
    contagens.push({ tabela, rotulo, linhas });
  }
  return contagens;
}

const numero = new Intl.NumberFormat('pt-BR');

export function descreverContagens(contagens: Contagem[]): string {
  return contagens.map((c) => `${c.rotulo} ${c.linhas === null ? '(sem tabela)' : numero.format(c.linhas)}`).join(', ');
}

export const descreverTamanho = (bytes: number) => formatarBytes(bytes);

export const descreverDuracao = (ms: number) => `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(ms / 1000)} s`;

/** `postgres://user:***@host:5432/db`: what the scripts print of DATABASE_URL. */
export function mascararUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * How pg_dump, pg_restore and psql reach DATABASE_URL without the password on their command line, where
 * `ps` shows it to every user of the machine: the URL without it, naming a libpq password file (mode
 * 0600, in a folder of its own) that `limpar` removes.
 */
export function conexaoLibpq(url: string): { dbname: string; limpar: () => void } {
  const u = new URL(url);
  const senha = decodeURIComponent(u.password);
  if (!senha) return { dbname: url, limpar: () => {} };
  const pasta = mkdtempSync(join(tmpdir(), 'martelo-pgpass-'));
  const arquivo = join(pasta, 'pgpass');
  writeFileSync(arquivo, `*:*:*:*:${senha.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, { mode: 0o600 });
  u.password = '';
  u.searchParams.set('passfile', arquivo);
  return { dbname: u.toString(), limpar: () => rmSync(pasta, { recursive: true, force: true }) };
}

export type TipoDeBackup = 'postgres' | 'pglite';

/** pg_dump's custom format starts with "PGDMP"; the embedded backup is a gzip'd tarball (1f 8b). */
export function tipoDoArquivo(arquivo: string): TipoDeBackup | null {
  const cabecalho = Buffer.alloc(5);
  const fd = openSync(arquivo, 'r');
  try {
    readSync(fd, cabecalho, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (cabecalho.toString('latin1') === 'PGDMP') return 'postgres';
  if (cabecalho[0] === 0x1f && cabecalho[1] === 0x8b) return 'pglite';
  return null;
}

/** `.data/backups/martelo-postgres-20261128-031500.dump`: the default name, sortable by time. */
export function arquivoPadrao(tipo: TipoDeBackup, agora = new Date()): string {
  const d = (n: number) => String(n).padStart(2, '0');
  const carimbo = `${agora.getFullYear()}${d(agora.getMonth() + 1)}${d(agora.getDate())}-${d(agora.getHours())}${d(agora.getMinutes())}${d(agora.getSeconds())}`;
  return `.data/backups/martelo-${tipo}-${carimbo}.${tipo === 'postgres' ? 'dump' : 'tar.gz'}`;
}

export interface ResultadoDoBackup {
  arquivo: string;
  bytes: number;
  contagens: Contagem[];
}

export interface ResultadoDoRestauro {
  contagens: Contagem[];
  /** Migrations the restored copy lacked and received (a backup from an older version). */
  migracoesAplicadas: number;
}

export function recusarArquivoExistente(arquivo: string) {
  if (existsSync(arquivo)) throw new ErroDeBackup(`${arquivo} já existe: o backup nunca sobrescreve um arquivo. Escolha outro --saida.`);
}

export function fsyncArquivo(caminho: string) {
  const fd = openSync(caminho, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
