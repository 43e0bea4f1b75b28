import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conexaoLibpq, ErroDeBackup, lerArgumentos, mascararUrl, tipoDoArquivo } from './comum';
import { criarReescrita, esquemasDasTabelas } from './postgres';

describe('what the scripts print of DATABASE_URL', () => {
  it.each([
    ['postgres://martelo:s3gr3do@db.interno:5432/martelo', 'postgres://martelo:***@db.interno:5432/martelo'],
    ['postgresql://u:p%40ss@h/db?sslmode=require', 'postgresql://u:***@h/db?sslmode=require'],
    ['postgres://postgres@127.0.0.1:5432/test', 'postgres://postgres@127.0.0.1:5432/test'],
    ['não é url s3gr3do', 'DATABASE_URL'],
  ])('%s → %s', (url, esperado) => {
    expect(mascararUrl(url)).toBe(esperado);
  });

  it('hands the password to pg_dump in a password file, never on the command line', () => {
    const { dbname, limpar } = conexaoLibpq('postgres://martelo:a:b\\c@db:5432/martelo?sslmode=require');
    expect(dbname).not.toContain('a:b');
    const passfile = new URL(dbname).searchParams.get('passfile')!;
    expect(new URL(dbname).searchParams.get('sslmode')).toBe('require');
    expect(readFileSync(passfile, 'utf8')).toBe('*:*:*:*:a\\:b\\\\c\n');
    limpar();
    expect(() => readFileSync(passfile)).toThrow();
    expect(conexaoLibpq('postgres://postgres@h/db').dbname).toBe('postgres://postgres@h/db');
  });
});

describe('a backup file is told by its first bytes', () => {
  const pasta = mkdtempSync(join(tmpdir(), 'martelo-tipo-'));
  it.each([
    ['PGDMP\x01\x0e', 'postgres'],
    ['\x1f\x8b\x08\x00', 'pglite'],
    ['SELECT 1;', null],
  ])('%j → %s', (conteudo, tipo) => {
    const arquivo = join(pasta, 'x');
    writeFileSync(arquivo, Buffer.from(conteudo, 'latin1'));
    expect(tipoDoArquivo(arquivo)).toBe(tipo);
  });
});

describe('the commands read their options in pt-BR', () => {
  const schema = z.object({ saida: z.string().min(1, '--saida precisa de um caminho').optional(), forcar: z.boolean().default(false) });
  const opcoes = { saida: { type: 'string' }, forcar: { type: 'boolean' } } as const;
  const ler = (argv: string[]) => lerArgumentos(opcoes, schema, 'uso: x', argv);
  it('answers the options', () => {
    expect(ler(['--saida', 'a.dump', '--forcar'])).toEqual({ saida: 'a.dump', forcar: true });
  });
  it.each([
    [['--sadia', 'a'], 'opção desconhecida: --sadia\nuso: x'],
    [['--saida'], 'falta o valor da opção --saida\nuso: x'],
    [['a.dump'], 'argumento inesperado: a.dump\nuso: x'],
    [['--saida', ''], '--saida precisa de um caminho\nuso: x'],
  ])('%j → %s', (argv, mensagem) => {
    expect(() => ler(argv)).toThrow(new ErroDeBackup(mensagem));
  });
});

describe('pg_restore --list', () => {
  it('names the schemas of the tables, not of their data', () => {
    const lista = [
      ';     Dumped from database version: 15.20',
      '5; 2615 16385 SCHEMA - drizzle postgres',
      '217; 1259 16386 TABLE public lote postgres',
      '218; 1259 16390 TABLE drizzle __drizzle_migrations postgres',
      '3380; 0 16386 TABLE DATA public lote postgres',
      '219; 1259 16392 SEQUENCE public lote_id_seq postgres',
    ].join('\n');
    expect(esquemasDasTabelas(lista)).toEqual(['drizzle', 'public']);
    expect(esquemasDasTabelas('217; 1259 16386 TABLE t_ab12 lote postgres\n3380; 0 16386 TABLE DATA t_ab12 lote postgres')).toEqual([
      't_ab12',
    ]);
  });
});

describe('restoring a schema under another name', () => {
  const script = [
    'CREATE SCHEMA t_ab12;',
    'CREATE TABLE t_ab12.lote (',
    "    id integer DEFAULT nextval('t_ab12.lote_id_seq'::regclass) NOT NULL,",
    '    nome text',
    ');',
    'CREATE TRIGGER x AFTER INSERT ON t_ab12.lote FOR EACH STATEMENT EXECUTE FUNCTION t_ab12.f();',
    'COPY t_ab12.lote (id, nome) FROM stdin;',
    '1\tt_ab12.lote e "t_ab12".x ficam como estão',
    '\\.',
    "SELECT pg_catalog.setval('t_ab12.lote_id_seq', 1, true);",
    'ALTER TABLE ONLY "t_ab12".lote ADD CONSTRAINT lote_pkey PRIMARY KEY (id);',
    'CREATE INDEX ix ON xt_ab12.lote USING btree (nome);',
  ];

  it('requalifies every name of the old schema in the SQL and leaves the rows as they are', () => {
    const reescrever = criarReescrita('t_ab12', 'novo');
    expect(script.map(reescrever)).toEqual([
      'CREATE SCHEMA "novo";',
      'CREATE TABLE "novo".lote (',
      `    id integer DEFAULT nextval('"novo".lote_id_seq'::regclass) NOT NULL,`,
      '    nome text',
      ');',
      'CREATE TRIGGER x AFTER INSERT ON "novo".lote FOR EACH STATEMENT EXECUTE FUNCTION "novo".f();',
      'COPY "novo".lote (id, nome) FROM stdin;',
      '1\tt_ab12.lote e "t_ab12".x ficam como estão',
      '\\.',
      `SELECT pg_catalog.setval('"novo".lote_id_seq', 1, true);`,
      'ALTER TABLE ONLY "novo".lote ADD CONSTRAINT lote_pkey PRIMARY KEY (id);',
      'CREATE INDEX ix ON xt_ab12.lote USING btree (nome);',
    ]);
  });

  it('changes nothing when the schema keeps its name', () => {
    expect(script.map(criarReescrita('t_ab12', 't_ab12'))).toEqual(script);
    expect(script.map(criarReescrita(null, null))).toEqual(script);
  });
});
