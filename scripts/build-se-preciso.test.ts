import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { impressaoDasFontes } from './build-se-preciso.js';

/** `npm start` skips the build only when the fingerprint of the sources is the one the build left. */
describe('impressão das fontes do build', () => {
  const pastas: string[] = [];
  afterEach(() => pastas.splice(0).forEach((p) => rmSync(p, { recursive: true, force: true })));

  function projeto() {
    const raiz = mkdtempSync(join(tmpdir(), 'impressao-'));
    pastas.push(raiz);
    mkdirSync(join(raiz, 'app/routes'), { recursive: true });
    writeFileSync(join(raiz, 'app/routes/_index.tsx'), 'export default function I() { return null; }');
    writeFileSync(join(raiz, 'server.ts'), 'console.log(1);');
    writeFileSync(join(raiz, 'package-lock.json'), '{}');
    return raiz;
  }

  it('is the same for the same sources, and changes with a source, a new file or the lockfile', () => {
    const raiz = projeto();
    const antes = impressaoDasFontes(raiz);
    expect(impressaoDasFontes(raiz)).toBe(antes);
    writeFileSync(join(raiz, 'app/routes/_index.tsx'), 'export default function I() { return 1; }');
    const editada = impressaoDasFontes(raiz);
    expect(editada).not.toBe(antes);
    writeFileSync(join(raiz, 'app/routes/sobre.tsx'), '');
    expect(impressaoDasFontes(raiz)).not.toBe(editada);
    const comArquivo = impressaoDasFontes(raiz);
    writeFileSync(join(raiz, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(impressaoDasFontes(raiz)).not.toBe(comArquivo);
  });

  it('ignores test files, which the build never reads', () => {
    const raiz = projeto();
    const antes = impressaoDasFontes(raiz);
    writeFileSync(join(raiz, 'app/routes/x.test.ts'), 'it()');
    expect(impressaoDasFontes(raiz)).toBe(antes);
  });
});
