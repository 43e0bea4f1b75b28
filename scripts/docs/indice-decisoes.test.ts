import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indice, lerPasta, verificar } from './indice-decisoes';

const registro = (numero: string, titulo: string, situacao = 'accepted') =>
  `# ${numero} — ${titulo}\n\nDate: 2026-11-27\nStatus: ${situacao}\n\n## Context\n\nx\n`;

function pasta(arquivos: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'decisoes-'));
  for (const [nome, texto] of Object.entries(arquivos)) writeFileSync(join(dir, nome), texto);
  return dir;
}

describe('the decision records index', () => {
  it('passes when the README is the one the records give', () => {
    const dir = pasta({ '001-a.md': registro('001', 'A'), '002-b.md': registro('002', 'B', 'superseded by 001') });
    const readme = indice(lerPasta(dir).registros);
    expect(readme).toContain('| [002](002-b.md) | B | 2026-11-27 | superseded by 001 |');
    expect(verificar(dir, readme)).toEqual([]);
  });

  it('fails when a new record has no index line, and names the missing line', () => {
    const dir = pasta({ '001-a.md': registro('001', 'A') });
    const readme = indice(lerPasta(dir).registros);
    writeFileSync(join(dir, '150-nova.md'), registro('150', 'Nova'));
    const problemas = verificar(dir, readme);
    expect(problemas[0]).toMatch(/não corresponde aos registros/);
    expect(problemas).toContain('  falta ou difere: | [150](150-nova.md) | Nova | 2026-11-27 | accepted |');
  });

  it('fails when a record changes its status but the index still shows the old one', () => {
    const dir = pasta({ '001-a.md': registro('001', 'A'), '002-b.md': registro('002', 'B') });
    const readme = indice(lerPasta(dir).registros);
    writeFileSync(join(dir, '001-a.md'), registro('001', 'A', 'superseded by 002'));
    expect(verificar(dir, readme)).not.toEqual([]);
  });

  it('refuses a record without Date or with a status outside the template', () => {
    const dir = pasta({
      '001-a.md': '# 001 — A\n\nStatus: accepted\n',
      '002-b.md': registro('002', 'B', 'talvez'),
      '003-c.md': registro('003', 'C', 'superseded by 999'),
    });
    expect(verificar(dir, '')).toEqual([
      '001-a.md: falta a linha "Date: AAAA-MM-DD"',
      '002-b.md: Status "talvez" não é accepted, deprecated nem superseded by NNN',
      '003-c.md: substituído por 999, que não existe',
    ]);
  });

  it("matches this repository's records", () => {
    const dir = fileURLToPath(new URL('../../docs/decisions', import.meta.url));
    expect(verificar(dir, readFileSync(join(dir, 'README.md'), 'utf8'))).toEqual([]);
  });
});
