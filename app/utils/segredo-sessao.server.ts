import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The session secret of a production run that was given none: read from `arquivo`, or generated once
 * (32 random bytes) and written there with mode 0600, so sessions survive a restart. Instances that do
 * not share the file do not share sessions: such deployments set SESSION_SECRET.
 */
export function segredoPersistido(arquivo: string): string {
  try {
    const lido = readFileSync(arquivo, 'utf8').trim();
    if (lido.length >= 32) return lido;
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code !== 'ENOENT') throw erro;
  }
  const segredo = randomBytes(32).toString('base64url');
  mkdirSync(dirname(arquivo), { recursive: true, mode: 0o700 });
  // 'wx': two instances starting at once on one folder must not overwrite each other's secret.
  try {
    writeFileSync(arquivo, `${segredo}\n`, { mode: 0o600, flag: 'wx' });
  } catch (erro) {
    if ((erro as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(arquivo, 'utf8').trim();
    throw erro;
  }
  chmodSync(arquivo, 0o600);
  return segredo;
}
