import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('parseEnv', () => {
  it('defaults to the embedded database, in-process bus and port 3000', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ REDIS_URL: '', DATABASE_URL: '' }).REDIS_URL).toBeUndefined();
  });

  it('fails fast listing every bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATABASE_SCHEMA: 'Drop Table' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DATABASE_SCHEMA/,
    );
  });

  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'martelo-dev-secret-troque-em-producao' })).toThrow(/SESSION_SECRET/);
  });

  it('production without SESSION_SECRET: generates one, keeps it in SESSION_SECRET_FILE (0600) and reuses it', () => {
    const arquivo = join(mkdtempSync(join(tmpdir(), 'segredo-')), 'sub', 'session-secret');
    const a = parseEnv({ NODE_ENV: 'production', SESSION_SECRET_FILE: arquivo });
    expect(a.SESSION_SECRET_GERADO).toBe(true);
    expect(a.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(statSync(arquivo).mode & 0o777).toBe(0o600);
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET_FILE: arquivo }).SESSION_SECRET).toBe(a.SESSION_SECRET);
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET_GERADO).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY lists them (addresses, CIDRs, names or a hop count)', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1',
    ]);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('links: from the brand domain when real mail goes out, else local', () => {
    expect(parseEnv({}).LINKS_DAS_MARCAS).toBe('local');
    expect(parseEnv({ SMTP_URL: 'smtp://mail.exemplo.com.br' }).LINKS_DAS_MARCAS).toBe('dominio');
    expect(parseEnv({ SMTP_URL: 'smtp://mail.exemplo.com.br', LINKS_DAS_MARCAS: 'local' }).LINKS_DAS_MARCAS).toBe('local');
  });
});
