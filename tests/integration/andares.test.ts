import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The floors of app/modules hold by themselves: `npm run lint` runs dependency-cruiser with
 * .dependency-cruiser.cjs, and these cases run the same rules over a scratch tree laid out like the
 * repository, so a new upward import, a neighbour on the same floor or I/O in the ground floor fails.
 */
const { forbidden } = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

let raiz: string;
const arquivo = (caminho: string, texto: string) => {
  mkdirSync(dirname(join(raiz, caminho)), { recursive: true });
  writeFileSync(join(raiz, caminho), texto);
};

beforeAll(() => {
  raiz = mkdtempSync(join(tmpdir(), 'andares-'));
  arquivo('app/modules/dominio/dinheiro.ts', 'export const x = 1;\n');
  arquivo('app/modules/dominio/arquivo.ts', "import { readFileSync } from 'node:fs';\nexport const y = readFileSync;\n");
  arquivo('app/modules/dominio/banco.ts', "import { db } from '../../../db/client.server';\nexport const z = db;\n");
  arquivo('db/client.server.ts', 'export const db = 1;\n');
  arquivo('app/modules/identidade/guard.server.ts', "import { x } from '../dominio/dinheiro';\nexport const g = x;\n");
  // upward: identidade (floor 2) → lances (floor 7)
  arquivo('app/modules/identidade/sobe.ts', "import { l } from '../lances/regras';\nexport const s = l;\n");
  // downward: lances → identidade, lances → dominio
  arquivo('app/modules/lances/regras.ts', "import { g } from '../identidade/guard.server';\nexport const l = g;\n");
  // same floor: comitentes → conteudo (both floor 3)
  arquivo('app/modules/conteudo/blocks.ts', 'export const b = 1;\n');
  arquivo('app/modules/comitentes/vizinho.ts', "import { b } from '../conteudo/blocks';\nexport const v = b;\n");
  // the brand folders' data is no floor; their reader is above hotsites
  arquivo('tenants/_template/paginas.json', '[]\n');
  arquivo('app/modules/hotsites/template.ts', "import p from '../../../tenants/_template/paginas.json';\nexport const t = p;\n");
  arquivo('tenants/brand-folder.server.ts', "import { t } from '../app/modules/hotsites/template';\nexport const f = t;\n");
  arquivo('app/modules/hotsites/leitor.ts', "import { f } from '../../../tenants/brand-folder.server';\nexport const r = f;\n");
});
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

async function violacoes() {
  const anterior = process.cwd();
  process.chdir(raiz);
  try {
    const r = await cruise(['app', 'db', 'tenants'], { validate: true, ruleSet: { forbidden }, tsPreCompilationDeps: true });
    if (typeof r.output === 'string') throw new Error(r.output);
    // only the floors' rules: the fixture's relative paths across folders break another rule on purpose
    return r.output.summary.violations
      .filter((v) => /^(andar|dominio)-/.test(v.rule.name))
      .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
  } finally {
    process.chdir(anterior);
  }
}

describe('the floors of app/modules', () => {
  it('fail an upward import, a neighbour on the same floor, I/O or the database in the ground floor; pass the rest', async () => {
    expect((await violacoes()).sort()).toEqual(
      [
        'andar-2-identidade: app/modules/identidade/sobe.ts → app/modules/lances/regras.ts',
        'andar-3-comitentes-conteudo-consultas-eventos-indicacao: app/modules/comitentes/vizinho.ts → app/modules/conteudo/blocks.ts',
        'andar-4-hotsites: app/modules/hotsites/leitor.ts → tenants/brand-folder.server.ts',
        'dominio-puro: app/modules/dominio/banco.ts → db/client.server.ts',
        'dominio-sem-io: app/modules/dominio/arquivo.ts → fs',
      ].sort(),
    );
  });
});
