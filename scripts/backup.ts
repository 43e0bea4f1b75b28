/**
 * `npm run db:backup [-- --saida ARQUIVO] [--forcar]`: a backup of the database the app uses.
 *  - DATABASE_URL set: `pg_dump --format=custom` of the database, or of DATABASE_SCHEMA alone, while the
 *    app runs; a `.dump` file.
 *  - otherwise the embedded database in PGLITE_DIR, with the app stopped (PGlite allows one process per
 *    folder): PGlite's own copy of its folder, a `.tar.gz`.
 * Default file: .data/backups/martelo-<postgres|pglite>-<date-time>.<dump|tar.gz>. Restore with
 * `npm run db:restore` (docs/operations.md).
 */
import { z } from 'zod';
import { getEnv } from '~/utils/env.server';
import { arquivoPadrao, descreverContagens, descreverDuracao, descreverTamanho, lerArgumentos, mascararUrl } from './backup/comum';
import { backupPglite } from './backup/pglite';
import { backupPostgres } from './backup/postgres';

const USO = 'uso: npm run db:backup [-- --saida ARQUIVO] [--forcar]';

const argsSchema = z.object({
  saida: z.string().trim().min(1, '--saida precisa de um caminho de arquivo').optional(),
  forcar: z.boolean().default(false),
});

try {
  const args = lerArgumentos({ saida: { type: 'string' }, forcar: { type: 'boolean' } }, argsSchema, USO);
  const env = getEnv();
  const inicio = performance.now();
  const tipo = env.DATABASE_URL ? 'postgres' : 'pglite';
  const arquivo = args.saida ?? arquivoPadrao(tipo);
  const resultado = env.DATABASE_URL
    ? await backupPostgres({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, arquivo })
    : await backupPglite({ pasta: env.PGLITE_DIR, arquivo, forcar: args.forcar });
  const origem = env.DATABASE_URL
    ? `PostgreSQL ${mascararUrl(env.DATABASE_URL)}${env.DATABASE_SCHEMA ? `, schema ${env.DATABASE_SCHEMA}` : ', banco inteiro'}`
    : `banco embutido ${env.PGLITE_DIR}`;
  console.log(
    `backup feito: ${origem} → ${resultado.arquivo} (${descreverTamanho(resultado.bytes)}, ${descreverDuracao(performance.now() - inicio)})\n` +
      `  ${descreverContagens(resultado.contagens)}`,
  );
} catch (erro) {
  // A refusal or a failure is told in a sentence, not a stack.
  console.error(`Backup não feito: ${erro instanceof Error ? erro.message : String(erro)}`);
  process.exit(1);
}
