/** The environment schema: what the service's config accepts and refuses, and the .env.example written from it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../services/http/config.ts';
import { envExample } from '../../services/shared/env-example.ts';
import { EnvSchema } from '../../services/shared/env-schema.ts';

// A secret of its own keeps the mail config from making var/mail-link-secret in the working directory.
const SECRET = 'x'.repeat(32);
const load = (env: Record<string, string> = {}) => loadConfig({}, { ...env, MAIL_LINK_SECRET: env.MAIL_LINK_SECRET || SECRET });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('environment schema', () => {
  it('the committed .env.example is the one the schema writes (run `npm run env:example` after a change)', () => {
    expect(readFileSync('.env.example', 'utf8')).toBe(envExample());
  });

  it('lists every variable with a description, and .env.example as written loads to the defaults', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'));
    for (const [name, schema] of Object.entries(EnvSchema.properties)) {
      expect(schema.description, name).toMatch(/\S/);
      expect(example, name).toHaveProperty(name);
    }
    expect(load(example as Record<string, string>)).toEqual(load());
  });

  it('applies the defaults to unset and blank variables', () => {
    const config = load({ LOG_LEVEL: '', CLICK_BUDGET_PER_MINUTE: '  ' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      distDir: resolve('dist'),
      logLevel: 'info',
      scheduledBuilds: false,
      trustProxy: false,
      clickBudgetPerMinute: 20,
      pageViewBudgetPerMinute: 30,
      clickJournalMaxBytes: 1024 * 1024 * 1024,
      rollupRefreshMs: 60_000,
      corsOrigins: [],
      db: { pgliteDir: 'var/pglite', poolSize: 10 },
      mail: { retrySeconds: 60, mailDir: resolve('var/mail'), linkSecretFrom: 'MAIL_LINK_SECRET' },
    });
    expect(config.redisUrl).toBeUndefined();
    expect(config.statsToken).toBeUndefined();
  });

  it('reads set values as their types', () => {
    const config = load({
      PORT: '9000',
      SCHEDULED_BUILDS: '1',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'debug',
      CORS_ORIGINS: 'https://a.example.com/, http://b.example.com',
      GEO_COUNTRY_HEADER: 'CF-IPCountry',
      MAIL_RETRY_SECONDS: '0.5',
    });
    expect(config).toMatchObject({
      port: 9000,
      scheduledBuilds: true,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'debug',
      corsOrigins: ['https://a.example.com', 'http://b.example.com'],
      geoCountryHeader: 'cf-ipcountry',
      mail: { retrySeconds: 0.5 },
    });
  });

  it('refuses a wrong type with one line naming the variable and what it takes', () => {
    expect(refusal({ CLICK_BUDGET_PER_MINUTE: 'lots' })).toBe(
      'CLICK_BUDGET_PER_MINUTE must be a whole number of at least 0 (found "lots")',
    );
    expect(refusal({ CLICK_BATCH_CAP: '1.5' })).toBe('CLICK_BATCH_CAP must be a whole number of at least 1 (found "1.5")');
    expect(refusal({ SCHEDULED_BUILDS: 'yes' })).toBe('SCHEDULED_BUILDS must be 1 (on) or 0 (off) (found "yes")');
    expect(refusal({ REDIS_URL: 'http://cache' })).toBe('REDIS_URL must be a redis:// or rediss:// URL');
    expect(refusal({ CORS_ORIGINS: 'https://a.example.com/path' })).toMatch(/^CORS_ORIGINS must be a comma list of origins/);
    expect(refusal({ DATABASE_POOL_SIZE: 'ten' })).toBe('DATABASE_POOL_SIZE must be a whole number of at least 1 (found "ten")');
  });

  it('refuses a number out of its range', () => {
    expect(refusal({ PORT: '70000' })).toBe('PORT must be a whole number from 0 to 65535 (found "70000")');
    expect(refusal({ FORM_RATE_LIMIT: '0' })).toBe('FORM_RATE_LIMIT must be a whole number of at least 1 (found "0")');
    expect(refusal({ LINK_FAILOVER_REFRESH_MS: '99' })).toBe(
      'LINK_FAILOVER_REFRESH_MS must be a whole number of at least 100 (found "99")',
    );
    expect(refusal({ MAIL_RETRY_SECONDS: '0' })).toBe('MAIL_RETRY_SECONDS must be a number of seconds from 0 to 3600 (found "0")');
    expect(refusal({ HEADERS_TIMEOUT_MS: '40000' })).toBe('HEADERS_TIMEOUT_MS (40000) must not be more than REQUEST_TIMEOUT_MS (30000)');
  });

  it('refuses an unknown LOG_LEVEL or LOG_FORMAT, listing the ones it takes', () => {
    expect(refusal({ LOG_LEVEL: 'loud' })).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent (found "loud")');
    expect(refusal({ LOG_FORMAT: 'xml' })).toBe('LOG_FORMAT must be pretty or json (found "xml")');
  });

  it('never repeats a secret in its refusal', () => {
    expect(refusal({ STATS_TOKEN: 'short secret' })).toBe(
      'STATS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 32)',
    );
    expect(refusal({ MAIL_LINK_SECRET: 'too-short' })).not.toContain('too-short');
  });
});
