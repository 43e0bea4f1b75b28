import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIZ } from '~/utils/raiz.server';

/**
 * The rules of docs/architecture.md that lint enforces, and its dead-code check, tried on small files:
 * each wrong import or unused export must be refused by `npm run lint`'s own configuration, and the
 * right way to write it must pass.
 */
const executar = promisify(execFile);

/** A scratch house with the repo's aliases; `arquivos` maps a path to its source. */
function casa(arquivos: Record<string, string>) {
  const raiz = mkdtempSync(join(tmpdir(), 'martelo-lint-'));
  const tsconfig = {
    compilerOptions: {
      baseUrl: '.',
      moduleResolution: 'Bundler',
      module: 'ESNext',
      paths: { '~/*': ['./app/*'], '@db/*': ['./db/*'], '@theme/*': ['./theme/*'] },
    },
  };
  writeFileSync(join(raiz, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [caminho, fonte] of Object.entries(arquivos)) {
    mkdirSync(dirname(join(raiz, caminho)), { recursive: true });
    writeFileSync(join(raiz, caminho), fonte);
  }
  return raiz;
}

interface Violacao {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs dependency-cruiser with the repo's .dependency-cruiser.cjs on the scratch house. */
async function cruzar(raiz: string): Promise<Violacao[]> {
  const bin = join(RAIZ, 'node_modules/.bin/depcruise');
  const config = join(RAIZ, '.dependency-cruiser.cjs');
  const saida = await executar(bin, ['app', 'db', 'theme', '--config', config, '--output-type', 'json'], { cwd: raiz }).catch(
    // depcruise exits non-zero when it finds violations; its report is still on stdout.
    (erro: { stdout?: string }) => ({ stdout: erro.stdout ?? '' }),
  );
  return (JSON.parse(saida.stdout) as { summary: { violations: Violacao[] } }).summary.violations;
}

describe('dependency-cruiser refuses what docs/architecture.md forbids', () => {
  let raiz: string;
  let violacoes: Violacao[];
  const de = (arquivo: string) => violacoes.filter((v) => v.from === arquivo).map((v) => `${v.rule.name} → ${v.to}`);

  beforeAll(async () => {
    raiz = casa({
      'db/client.ts': 'export const db = 1;\n',
      'theme/contract.css.ts': 'export const tema = 1;\n',
      'app/utils/formato.ts': 'export const formato = 1;\n',
      'app/components/botao.tsx': 'export const botao = 1;\n',
      // An upward import: a use case reaching a component.
      'app/modules/lances/para-cima.server.ts': "import { botao } from '~/components/botao';\nexport const x = botao;\n",
      // The realtime layer calling a use case.
      'app/realtime/hub.server.ts': "import { certo } from '~/modules/lances/certo.server';\nexport const hub = certo;\n",
      // A relative path across top-level folders, where @db/ is the way.
      'app/modules/lances/relativo.server.ts': "import { db } from '../../../db/client';\nexport const y = db;\n",
      // A relative path into another area of app/, where ~/ is the way.
      'app/modules/lances/outra-area.server.ts': "import { formato } from '../../utils/formato';\nexport const z = formato;\n",
      // The right ways: aliases across folders, a relative path for a sibling, the .css.ts exception.
      'app/modules/lances/certo.server.ts':
        "import { db } from '@db/client';\nimport { formato } from '~/utils/formato';\nimport { y } from './relativo.server';\n" +
        'export const certo = [db, formato, y];\n',
      'app/components/botao.css.ts': "import { tema } from '../../theme/contract.css';\nexport const estilo = tema;\n",
    });
    violacoes = await cruzar(raiz);
  }, 60_000);
  afterAll(() => rmSync(raiz, { recursive: true, force: true }));

  it('an upward import (a module importing a component)', () => {
    expect(de('app/modules/lances/para-cima.server.ts')).toEqual(['modulos-abaixo-das-telas → app/components/botao.tsx']);
  });

  it('app/realtime importing a module', () => {
    expect(de('app/realtime/hub.server.ts')).toEqual(['realtime-sem-modulos → app/modules/lances/certo.server.ts']);
  });

  it('a relative ../../../db import instead of @db/', () => {
    expect(de('app/modules/lances/relativo.server.ts')).toEqual(['alias-entre-pastas → db/client.ts']);
  });

  it('a relative import into another area of app/ instead of ~/', () => {
    expect(de('app/modules/lances/outra-area.server.ts')).toEqual(['alias-entre-areas-do-app → app/utils/formato.ts']);
  });

  it('aliases, a sibling and a .css.ts reaching the theme contract pass', () => {
    expect(de('app/modules/lances/certo.server.ts')).toEqual([]);
    expect(de('app/components/botao.css.ts')).toEqual([]);
  });
});

describe('ESLint keeps Remix and Express out of app/modules/', () => {
  const eslint = new ESLint({ cwd: RAIZ });
  const regras = async (arquivo: string, fonte: string) =>
    (await eslint.lintText(fonte, { filePath: join(RAIZ, arquivo) }))[0].messages.map((m) => m.ruleId);
  const fonte = (pacote: string) => `import { redirect } from '${pacote}';\nexport const ir = () => redirect('/login');\n`;

  it('a module importing @remix-run/* or express is refused', async () => {
    expect(await regras('app/modules/identidade/exemplo.server.ts', fonte('@remix-run/node'))).toContain('no-restricted-imports');
    expect(await regras('app/modules/identidade/exemplo.server.ts', fonte('@remix-run/react'))).toContain('no-restricted-imports');
    expect(await regras('app/modules/identidade/exemplo.server.ts', fonte('express'))).toContain('no-restricted-imports');
  });

  it('the page layer may', async () => {
    expect(await regras('app/paginas/exemplo.server.ts', fonte('@remix-run/node'))).toEqual([]);
  });
});

describe('knip refuses dead code', () => {
  let raiz: string;
  afterAll(() => rmSync(raiz, { recursive: true, force: true }));

  it("an export nobody imports, with the repo's knip.jsonc", async () => {
    raiz = casa({
      'package.json': JSON.stringify({ name: 'casa', private: true, type: 'module' }),
      'app/routes/_index.tsx': "import { usado } from '~/utils/formato';\nexport default function Pagina() {\n  return usado;\n}\n",
      // `interno` is read beside its declaration (not dead); `esquecido` by nobody.
      'app/utils/formato.ts': 'export const interno = 1;\nexport const usado = interno + 1;\nexport const esquecido = 2;\n',
    });
    copyFileSync(join(RAIZ, 'knip.jsonc'), join(raiz, 'knip.jsonc'));
    const saida = await executar(join(RAIZ, 'node_modules/.bin/knip'), ['--no-progress', '--reporter', 'json'], { cwd: raiz }).then(
      () => ({ stdout: '', falhou: false }),
      (erro: { stdout?: string }) => ({ stdout: erro.stdout ?? '', falhou: true }),
    );
    expect(saida.falhou).toBe(true);
    const { issues } = JSON.parse(saida.stdout) as { issues: { file: string; exports: { name: string }[] }[] };
    expect(issues.flatMap((i) => i.exports.map((e) => `${i.file} ${e.name}`))).toEqual(['app/utils/formato.ts esquecido']);
  }, 60_000);
});
