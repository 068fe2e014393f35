import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../testing/postgres-databases.ts';
import { openDatabase } from '../../bootstrap.ts';
import type { Db } from '../../db/db.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const CLI = join(import.meta.dirname, '..');

/** A CLI of apps/server/src/cli as a process (development settings): exit code and output. */
function run(script: string, env: Record<string, string>, args: string[]): Promise<{ code: number | null; output: string }> {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'AUDIT_HMAC_KEY', 'AUDIT_HMAC_PREVIOUS_KEYS', 'AUDIT_ANCHOR', 'NODE_ENV']) delete base[name];
  const child = spawn(process.execPath, [join(CLI, script), ...args], { env: { ...base, LOG_LEVEL: 'silent', NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe(`admin:second-factor-reset, the recovery of a last superAdmin (issue 17), on ${driver}`, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('removes the factor and the recovery codes, audited as the server command; a second run finds none', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'aurum-2fa-cli-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
    if (pgdb) cleanups.push(() => pgdb.drop());
    const env: Record<string, string> = pgdb ? { DATABASE_URL: pgdb.url } : { DATA_DIR: dataDir };
    const inside = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      const opened = await openDatabase({ databaseUrl: pgdb?.url ?? null, dataDir });
      try {
        return await fn(opened.db);
      } finally {
        await opened.close();
      }
    };

    const created = await run('create-admin.ts', { ...env, AURUM_ADMIN_PASSWORD: 'S0me#Strong-one' }, ['--username', 'root', '--email', 'root@example.com']);
    expect(created.code, created.output).toBe(0);
    await inside(async (db) => {
      const [{ id }] = (await db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'root'")) as [{ id: number }];
      await db.query("INSERT INTO admin_second_factors (admin_id, secret_enc, confirmed_at) VALUES ($1, 'v1.x.y.z', now())", [id]);
      await db.query("INSERT INTO admin_recovery_codes (admin_id, code_hash) VALUES ($1, 'h1'), ($1, 'h2')", [id]);
    });

    const reset = await run('reset-second-factor.ts', env, ['--username', 'root']);
    expect(reset.output).toMatch(/Removed the second factor of root/);
    expect(reset.code).toBe(0);
    const after = await inside(async (db) => ({
      factors: (await db.query('SELECT 1 FROM admin_second_factors')).length,
      codes: (await db.query('SELECT 1 FROM admin_recovery_codes')).length,
      audit: await db.query<{ action: string; username: string; device: string }>("SELECT action, username, device FROM audit_log WHERE action = 'admin.secondFactorRecover'"),
    }));
    expect(after).toEqual({ factors: 0, codes: 0, audit: [{ action: 'admin.secondFactorRecover', username: 'system', device: 'cli' }] });

    const again = await run('reset-second-factor.ts', env, ['--username', 'root']);
    expect(again.output).toMatch(/root has no second factor/);
    expect(again.code).toBe(1);
    const unknown = await run('reset-second-factor.ts', env, ['--username', 'nobody']);
    expect(unknown.code).toBe(1);
  });
});
