import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one with package.json), whether this code runs from source (tsx, vitest:
 * app/utils/) or from the compiled bundle (build/index.js). Files read at run time (migrations, brand
 * folders, public/) are found from here, never from import.meta.url of the module that reads them:
 * bundled, every module's import.meta.url is build/index.js.
 */
export function raizDoProjeto(de: string = import.meta.url): string {
  let pasta = dirname(fileURLToPath(de));
  while (!existsSync(join(pasta, 'package.json'))) {
    const acima = dirname(pasta);
    if (acima === pasta) throw new Error(`package.json não encontrado acima de ${fileURLToPath(de)}`);
    pasta = acima;
  }
  return pasta;
}

export const RAIZ = raizDoProjeto();
