/**
 * The decision records' index: `docs/decisions/README.md` holds the template and a table (number,
 * title, date, status) written from the records themselves.
 *
 * - `npm run docs:decisoes` rewrites the README from the records;
 * - `--verificar` (run by `npm run lint`) rewrites nothing and fails when a record lacks its title,
 *   `Date:` or `Status:` line, or when the README's table is not the one the records give (a new record
 *   without its index line, a changed title or status).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Registro = { numero: string; arquivo: string; titulo: string; data: string; situacao: string };

const NOME = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITULO = /^# (\d{3}) — (.+)$/;
const DATA = /^Date: (\d{4}-\d{2}-\d{2})$/m;
const SITUACAO = /^Status: (.+)$/m;
/** Epic Stack's statuses; a note in brackets may follow (e.g. the part a later record replaced). */
const SITUACAO_VALIDA = /^(accepted|deprecated|superseded by \d{3})( \(.+\))?$/;

/** Reads one record; returns the problems instead when a line is missing or malformed. */
export function lerRegistro(arquivo: string, texto: string): Registro | { arquivo: string; problemas: string[] } {
  const problemas: string[] = [];
  const numero = NOME.exec(arquivo)?.[1];
  if (!numero) problemas.push('o nome deve ser NNN-titulo-em-minusculas.md');
  const titulo = TITULO.exec(texto.split('\n', 1)[0] ?? '');
  if (!titulo) problemas.push('a primeira linha deve ser "# NNN — Título"');
  else if (numero && titulo[1] !== numero) problemas.push(`o título diz ${titulo[1]}, o nome do arquivo ${numero}`);
  const data = DATA.exec(texto)?.[1];
  if (!data) problemas.push('falta a linha "Date: AAAA-MM-DD"');
  const situacao = SITUACAO.exec(texto)?.[1];
  if (!situacao) problemas.push('falta a linha "Status: ..."');
  else if (!SITUACAO_VALIDA.test(situacao)) {
    problemas.push(`Status "${situacao}" não é accepted, deprecated nem superseded by NNN`);
  } else {
    const substituto = /superseded by (\d{3})/.exec(situacao)?.[1];
    if (substituto && substituto === numero) problemas.push('um registro não substitui a si mesmo');
  }
  if (problemas.length > 0 || !numero || !titulo || !data || !situacao) return { arquivo, problemas };
  return { numero, arquivo, titulo: titulo[2].trim(), data, situacao };
}

const celula = (texto: string) => texto.replaceAll('|', '\\|');

const MODELO = `# Decision records

One file per decision, \`NNN-short-name.md\`, numbered in the order they were taken. A decision is never
rewritten to say something else: a later record replaces it, and the earlier one's status says so.

## Template

\`\`\`md
# NNN — The decision in one sentence

Date: YYYY-MM-DD
Status: accepted | superseded by NNN | deprecated

## Context

What forced a choice: the problem, the figures, what was tried.

## Decision

What we do now, concretely enough to check in the code.

## Consequences

What it costs, what it leaves for later, what to watch.
\`\`\`

A note in brackets may follow the status when a later record replaced only part of this one, e.g.
\`accepted (its removal situations superseded by 081)\`.

## Index

Written by \`npm run docs:decisoes\` from the records' first lines; \`npm run lint\` fails when it does not
match them (a new record without its line here, a changed title or status).
`;

export function indice(registros: Registro[]): string {
  const linhas = [...registros]
    .sort((a, b) => a.numero.localeCompare(b.numero))
    .map((r) => `| [${r.numero}](${r.arquivo}) | ${celula(r.titulo)} | ${r.data} | ${celula(r.situacao)} |`);
  return `${MODELO}\n| # | decision | date | status |\n|---|---|---|---|\n${linhas.join('\n')}\n`;
}

/** Every record of a folder, or the problems of those that cannot be read. */
export function lerPasta(pasta: string): { registros: Registro[]; problemas: string[] } {
  const registros: Registro[] = [];
  const problemas: string[] = [];
  const arquivos = readdirSync(pasta).filter((a) => a.endsWith('.md') && a !== 'README.md');
  for (const arquivo of arquivos.sort()) {
    const lido = lerRegistro(arquivo, readFileSync(join(pasta, arquivo), 'utf8'));
    if ('problemas' in lido) problemas.push(...lido.problemas.map((p) => `${arquivo}: ${p}`));
    else registros.push(lido);
  }
  const numeros = new Map<string, string>();
  for (const r of registros) {
    const outro = numeros.get(r.numero);
    if (outro) problemas.push(`${r.arquivo}: o número ${r.numero} já é de ${outro}`);
    numeros.set(r.numero, r.arquivo);
  }
  for (const r of registros) {
    const substituto = /superseded by (\d{3})/.exec(r.situacao)?.[1];
    if (substituto && !numeros.has(substituto)) problemas.push(`${r.arquivo}: substituído por ${substituto}, que não existe`);
  }
  return { registros, problemas };
}

/** Problems of the folder and of its README against the records (empty when all is in order). */
export function verificar(pasta: string, readme: string | null): string[] {
  const { registros, problemas } = lerPasta(pasta);
  if (problemas.length > 0) return problemas;
  if (readme === null) return ['docs/decisions/README.md não existe'];
  if (readme === indice(registros)) return [];
  const linhas = new Set(readme.split('\n'));
  const faltam = indice(registros)
    .split('\n')
    .filter((l) => l.startsWith('| [') && !linhas.has(l));
  return [
    'docs/decisions/README.md não corresponde aos registros; rode npm run docs:decisoes',
    ...faltam.map((l) => `  falta ou difere: ${l}`),
  ];
}

function principal() {
  const pasta = fileURLToPath(new URL('../../docs/decisions', import.meta.url));
  const caminho = join(pasta, 'README.md');
  let readme: string | null = null;
  try {
    readme = readFileSync(caminho, 'utf8');
  } catch {
    // No README yet: --verificar reports it, a rewrite creates it.
  }
  if (process.argv.includes('--verificar')) {
    const problemas = verificar(pasta, readme);
    for (const p of problemas) console.error(p);
    process.exitCode = problemas.length > 0 ? 1 : 0;
    return;
  }
  const { registros, problemas } = lerPasta(pasta);
  if (problemas.length > 0) {
    for (const p of problemas) console.error(p);
    process.exitCode = 1;
    return;
  }
  writeFileSync(caminho, indice(registros));
  console.log(`docs/decisions/README.md: ${registros.length} registros`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) principal();
