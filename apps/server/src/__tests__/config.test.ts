import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeNull();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.adminUsername).toBe('admin');
    expect(c.accessTokenTtlSeconds).toBe(60);
  });

  it('names every bad variable with a clear message', () => {
    let error: ConfigError | null = null;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x/y',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
        AURUM_ADMIN_PASSWORD: 'password',
        NODE_ENV: 'staging',
        SMTP_URL: 'not a url',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      "NODE_ENV must be development, production or test, got 'staging'",
      "PORT must be a whole number, got 'eighty'",
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'",
      'JWT_SECRET must be at least 32 characters long',
      'AURUM_ADMIN_PASSWORD must have at least 8 characters with a lowercase and an uppercase letter, a number and a symbol, and no spaces',
      "DATABASE_URL must start with postgres:// or postgresql://, got 'mysql://'",
      'SMTP_URL is not a valid URL',
    ]);
    expect(error!.message).toContain('Invalid configuration:');
  });

  it('checks ranges', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => loadConfig({ AURUM_ADMIN_USERNAME: 'bad name' })).toThrow(/AURUM_ADMIN_USERNAME/);
  });
});

describe('README', () => {
  it("bounds the dealer's letterhead: one line each, within its length", () => {
    const c = loadConfig({ DEALER_NAME: '  Emas Niaga Sdn. Bhd. ', DEALER_ADDRESS: '1 Jalan Emas, 50000 Kuala Lumpur', DEALER_REGISTRATION: '202001234567 (1234567-A)' });
    expect([c.dealerName, c.dealerAddress, c.dealerRegistration]).toEqual(['Emas Niaga Sdn. Bhd.', '1 Jalan Emas, 50000 Kuala Lumpur', '202001234567 (1234567-A)']);
    expect(() => loadConfig({ DEALER_NAME: 'x'.repeat(101) })).toThrow(/DEALER_NAME must be one line of 1 to 100 characters/);
    expect(() => loadConfig({ DEALER_ADDRESS: 'line one\nline two' })).toThrow(/DEALER_ADDRESS must be one line/);
    expect(() => loadConfig({ DEALER_REGISTRATION: 'x'.repeat(51) })).toThrow(/DEALER_REGISTRATION/);
  });

  it('documents every configuration variable', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { CONFIG_VARIABLES } = await import('../config.ts');
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    for (const [name] of CONFIG_VARIABLES) expect(readme).toContain(`| \`${name}\` |`);
  });

  it('holds the configuration table generated from CONFIG_SCHEMA (run `npm run docs:config` when this fails)', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { configTable, withConfigTable } = await import('../config-table.ts');
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(configTable());
    expect(withConfigTable(readme), 'README.md is stale: run `npm run docs:config`').toBe(readme);
  });

  it('tells a stale table: an edited row or a missing variable is rewritten', async () => {
    const { CONFIG_TABLE_END, CONFIG_TABLE_START, withConfigTable } = await import('../config-table.ts');
    const fresh = withConfigTable(`# x\n\n${CONFIG_TABLE_START}\n${CONFIG_TABLE_END}\n`);
    const edited = fresh.replace('| `PORT` | HTTP port of the API, the socket and the console | `3000` |', '| `PORT` | HTTP port | `8080` |');
    expect(edited).not.toBe(fresh);
    expect(withConfigTable(edited)).toBe(fresh);
    const missing = fresh.replace(/^\| `HSTS` .*\n/m, '');
    expect(missing).not.toBe(fresh);
    expect(withConfigTable(missing)).toBe(fresh);
    expect(() => withConfigTable('# no markers')).toThrow(/markers/);
  });
});
