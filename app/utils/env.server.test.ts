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

  it('requires a real SESSION_SECRET in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });
});
