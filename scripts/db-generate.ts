/**
 * `npm run db:generate -- --name <capability>`: drizzle-kit generate, then drop the `"public".`
 * qualifiers so migrations apply inside any schema (CI runs in a fresh one via search_path).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'db/drizzle.config.ts', ...process.argv.slice(2)], { stdio: 'inherit' });

const dir = new URL('../db/migrations', import.meta.url).pathname;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replaceAll('"public".', '');
  if (after !== before) {
    writeFileSync(path, after);
    console.log(`sem "public".: ${file}`);
  }
}
