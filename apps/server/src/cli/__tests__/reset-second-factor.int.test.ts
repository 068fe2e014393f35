import { afterAll, describe, expect, it } from 'vitest';
import { freshCliDatabase, runCli } from '../../testing/cli-process.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A CLI with development settings. */
const run = (script: string, env: Record<string, string>, args: string[]) => runCli(script, { NODE_ENV: 'development', ...env }, args);

// each test runs the CLIs as processes (a PGlite opened in each): 20 s on a quiet machine, 81 s at
// half the CPU beside the other suite; the limit guards against a hang
describe(`admin:second-factor-reset, the recovery of a last superAdmin, on ${driver}`, { timeout: 180_000 }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('removes the factor and the recovery codes, audited as the server command; a second run finds none', async () => {
    const { env, inside } = await freshCliDatabase(driver, cleanups);

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
    // four command processes, one after the other, each opening the embedded database: their starts take the time
  }, 90_000);
});
