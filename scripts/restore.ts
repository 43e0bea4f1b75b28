/**
 * `npm run db:restore -- --arquivo ARQUIVO [--substituir]`: restores a backup of `npm run db:backup`
 * into the database the settings name, then applies this version's migrations to it.
 *  - a `.dump` (PostgreSQL) into DATABASE_URL: into DATABASE_SCHEMA (any name, not only the one it was
 *    taken from) for a schema backup, into the database itself for a whole-database one. A target
 *    with tables is refused unless --substituir (then replaced in one transaction).
 *  - a `.tar.gz` (embedded) into PGLITE_DIR, which must be a new or empty folder.
 * Start the app on the same settings afterwards (docs/operations.md).
 */
import { z } from 'zod';
import { getEnv } from '~/utils/env.server';
import { descreverContagens, descreverDuracao, ErroDeBackup, lerArgumentos, mascararUrl, tipoDoArquivo } from './backup/comum';
import { restaurarPglite } from './backup/pglite';
import { restaurarPostgres } from './backup/postgres';
import { existsSync } from 'node:fs';

/** What the restore did to the schema: nothing (the backup was current) or the migrations it lacked. */
const migracoes = (n: number) => (n === 0 ? 'migrações em dia' : n === 1 ? '1 migração aplicada' : `${n} migrações aplicadas`);

const USO = 'uso: npm run db:restore -- --arquivo ARQUIVO [--substituir]';

const argsSchema = z.object({
  arquivo: z
    .string({ error: '--arquivo é obrigatório' })
    .trim()
    .min(1, '--arquivo precisa de um caminho de arquivo')
    .refine((a) => existsSync(a), { error: (i) => `o arquivo ${String(i.input)} não existe` }),
  substituir: z.boolean().default(false),
});

try {
  const { arquivo, substituir } = lerArgumentos({ arquivo: { type: 'string' }, substituir: { type: 'boolean' } }, argsSchema, USO);
  const env = getEnv();
  const tipo = tipoDoArquivo(arquivo);
  if (!tipo) throw new ErroDeBackup(`${arquivo} não é um backup do Martelo (nem .dump do pg_dump, nem .tar.gz do banco embutido).`);
  if (tipo === 'postgres' && !env.DATABASE_URL) {
    throw new ErroDeBackup(`${arquivo} é um backup do PostgreSQL: defina DATABASE_URL (e DATABASE_SCHEMA, se for o caso) do destino.`);
  }
  if (tipo === 'pglite' && env.DATABASE_URL) {
    throw new ErroDeBackup(`${arquivo} é um backup do banco embutido: restaure-o sem DATABASE_URL, numa PGLITE_DIR nova.`);
  }
  if (tipo === 'pglite' && substituir) {
    throw new ErroDeBackup('--substituir vale só para o PostgreSQL: o banco embutido é restaurado numa pasta nova (PGLITE_DIR).');
  }
  const inicio = performance.now();
  const resultado = env.DATABASE_URL
    ? await restaurarPostgres({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, arquivo, substituir })
    : await restaurarPglite({ pasta: env.PGLITE_DIR, arquivo });
  const destino = env.DATABASE_URL
    ? `PostgreSQL ${mascararUrl(env.DATABASE_URL)}${env.DATABASE_SCHEMA ? `, schema ${env.DATABASE_SCHEMA}` : ''}`
    : `banco embutido ${env.PGLITE_DIR}`;
  console.log(
    `backup restaurado: ${arquivo} → ${destino} (${descreverDuracao(performance.now() - inicio)}; ` +
      `${migracoes(resultado.migracoesAplicadas)})\n` +
      `  ${descreverContagens(resultado.contagens)}`,
  );
} catch (erro) {
  console.error(`Restauro não feito: ${erro instanceof Error ? erro.message : String(erro)}`);
  process.exit(1);
}
