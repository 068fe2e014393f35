import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, auditCanonical, cutoverDetail, type ChainedRow } from '@aurum/domain/audit/audit-chain';
import type { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { freshCliDatabase, runCli } from '../../../testing/cli-process.ts';
import { DEV_AUDIT_HMAC_KEY } from '../../../config.ts';
import type { Db, Queryable } from '../../../db/db.ts';
import { prepareAuditChain, verifyAuditChain } from '../audit-chain.ts';
import { DEV_AUDIT_KEY_ID, auditKeyId, auditKeyring } from '../audit-keys.ts';
import { AuditChainNotReadyError, writeAudit, type AuditRow } from '../audit-writer.ts';

/**
 * The review finding "a superuser's rewrite is endorsed by the next start": in production the
 * cut-over is never automatic and the public development key is not held, so a trail rewritten as
 * plain sha256 or under the development key makes audited changes answer 503 (3301) and verify
 * report the break, instead of being endorsed by a fresh cut-over or a rotation.
 */
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

const K1 = 'production-audit-key-of-these-tests-0123456789';
const K2 = 'rotated-production-audit-key-of-tests-987654';
const K3 = 'an-unlisted-production-audit-key-00000000000';
const prod = (current: string, ...previous: string[]) => ({ nodeEnv: 'production' as const, auditHmacKey: current, auditHmacPreviousKeys: previous });
const row = (username: string): AuditRow => ({ username, adminId: null, action: 'user.update', detail: { by: username }, device: null, ip: null });

const CHAIN_SQL = `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, admin_id AS "adminId", username, action,
  detail::text AS detail, device, ip, prev_hash AS "prevHash", row_hash AS "rowHash", key_id AS "keyId" FROM audit_log ORDER BY id`;

/** What a database superuser can do: anything to the table, behind its triggers. */
async function asSuperuser(db: Db, fn: (tx: Queryable) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER ALL');
    await fn(tx);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER ALL');
  });
}

/** Attack (a): every row, keyed ones included, rewritten as one consistent plain sha256 chain. */
const rewritePlain = (db: Db) =>
  asSuperuser(db, async (tx) => {
    await tx.query("UPDATE audit_log SET username = 'mallory' WHERE action = 'admin.create'");
    await tx.query(`DO $$
      DECLARE r record; prev text := repeat('0', 64); h text;
      BEGIN
        UPDATE audit_log SET prev_hash = md5(id::text) || md5(id::text);
        FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
          h := audit_log_row_hash(r.id, r.at, r.admin_id, r.username, r.action, r.detail, r.device, r.ip, prev);
          UPDATE audit_log SET prev_hash = prev, row_hash = h, key_id = NULL WHERE id = r.id;
          prev := h;
        END LOOP;
      END $$`);
  });

/** Attack (b): every row rewritten as one consistent chain under the public development key (its first row the cut-over to it). */
const rewriteUnderDevKey = (db: Db) =>
  asSuperuser(db, async (tx) => {
    const dev = auditKeyring({ auditHmacKey: DEV_AUDIT_HMAC_KEY, auditHmacPreviousKeys: [] });
    await tx.query("UPDATE audit_log SET username = 'mallory' WHERE action = 'admin.create'");
    await tx.query("UPDATE audit_log SET detail = $1::jsonb WHERE action = 'audit.keyCutover'", [JSON.stringify(cutoverDetail(DEV_AUDIT_KEY_ID))]);
    await tx.query('UPDATE audit_log SET prev_hash = md5(id::text) || md5(id::text)');
    let prev = GENESIS_HASH;
    for (const r of await tx.query<ChainedRow>(CHAIN_SQL)) {
      const hash = dev.hmac(DEV_AUDIT_KEY_ID, auditCanonical({ ...r, prevHash: prev, keyId: DEV_AUDIT_KEY_ID }))!;
      await tx.query('UPDATE audit_log SET prev_hash = $2, row_hash = $3, key_id = $4 WHERE id = $1', [r.id, prev, hash, DEV_AUDIT_KEY_ID]);
      prev = hash;
    }
  });

describe(`production: no automatic cut-over, no development key; a rewritten trail is refused and reported, on ${driver}`, () => {
  let ts: TestServer;
  let jwt: string;
  let api: ReturnType<typeof client>;
  const verify = () => api.call<AuditVerifyAnswer>('GET', `${S}/audit_trail/verify`, { token: jwt });
  const count = async () => (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
  const holiday = (name: string) => api.call('POST', `${S}/holiday/create`, { token: jwt, body: { name, date: '2035-03-04' } });
  /** The trail as the first admin left it, put back after each attack. */
  const restore = () =>
    asSuperuser(ts.db, async (tx) => {
      await tx.query('DELETE FROM audit_log');
      await tx.query('INSERT INTO audit_log SELECT * FROM audit_backup');
    });

  beforeAll(async () => {
    ts = await startTestServer({ env: { NODE_ENV: 'production', AUDIT_HMAC_KEY: K1 } });
    api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
    await ts.db.query('CREATE TABLE audit_backup AS SELECT * FROM audit_log');
  });
  afterAll(() => ts?.close());

  it('the first admins of an empty database record the cut-over as the first row, under the configured key', async () => {
    const [first] = await ts.db.query<{ id: number; action: string; key_id: string }>('SELECT id, action, key_id FROM audit_log ORDER BY id LIMIT 1');
    expect(first).toMatchObject({ action: 'audit.keyCutover', key_id: auditKeyId(K1) });
    expect((await verify()).body).toMatchObject({ ok: true, keyed: { cutoverId: first!.id, keyId: auditKeyId(K1), rotations: 0 } });
  });

  it('(a) a trail rewritten as plain sha256: audited changes answer 503 (3301) and roll back, nothing endorses it, verify reports it', async () => {
    const head = (await verify()).body.head!;
    await rewritePlain(ts.db);
    const before = await count();

    const refused = await holiday('After the plain rewrite');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 3301, context: expect.stringMatching(/audit trail is not ready/) });
    expect(await ts.db.query("SELECT id FROM holidays WHERE name = 'After the plain rewrite'")).toEqual([]);
    expect(await count()).toBe(before);
    // a restart records no cut-over either: it stops with the operator's instructions
    await expect(prepareAuditChain(ts.db, ts.config)).rejects.toThrow(/plain sha256 row.*npm run audit:cutover.*npm run audit:verify/);
    expect(await count()).toBe(before);

    const r = await verify();
    expect(r.body).toMatchObject({ ok: false, keyed: { cutoverId: null }, broken: { kind: 'key', reason: expect.stringMatching(/plain sha256 hash, not with the current key/) } });

    // outside production the cut-over is automatic (a development convenience): it would endorse the
    // rewrite, and only an anchor kept outside the database catches it then
    await ts.db.transaction((tx) => writeAudit(tx, row('dev'), { ...ts.config, nodeEnv: 'test' }));
    expect(await verifyAuditChain(ts.db, prod(K1))).toMatchObject({ ok: true });
    expect(await verifyAuditChain(ts.db, prod(K1), undefined, head)).toMatchObject({ ok: false, broken: { id: head.id, kind: 'altered', reason: expect.stringMatching(/anchored hash/) } });
    await restore();
  });

  it('(b) a trail rewritten under the public development key: 503 (3301), no rotation from it, verify reports its first row', async () => {
    await rewriteUnderDevKey(ts.db);
    const before = await count();
    const [first] = await ts.db.query<{ id: number }>('SELECT min(id)::int AS id FROM audit_log');

    const refused = await holiday('After the dev-key rewrite');
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 3301 });
    expect(await count()).toBe(before);
    await expect(prepareAuditChain(ts.db, ts.config)).rejects.toThrow(/public development key, which production never trusts/);
    expect(await count()).toBe(before);

    const breakAtFirst = { ok: false, broken: { id: first!.id, kind: 'key', reason: expect.stringMatching(/public development key/) } };
    expect((await verify()).body).toMatchObject(breakAtFirst);
    // even listed explicitly (so that the server may rotate off it), its rows never verify in production
    expect(await verifyAuditChain(ts.db, prod(K1, DEV_AUDIT_HMAC_KEY))).toMatchObject(breakAtFirst);
    await restore();
    expect((await verify()).body).toMatchObject({ ok: true });
  });

  it('rotates automatically from a key listed in AUDIT_HMAC_PREVIOUS_KEYS only; the process left on the old key answers 503', async () => {
    // an unlisted current key finds the chain under a key it does not hold: nothing is written
    const unlisted = ts.db.transaction((tx) => writeAudit(tx, row('unlisted'), prod(K3)));
    await expect(unlisted).rejects.toBeInstanceOf(AuditChainNotReadyError);
    await expect(unlisted).rejects.toMatchObject({ status: 503, code: 3301 });

    const rotated = prod(K2, K1);
    expect(await ts.db.transaction((tx) => writeAudit(tx, row('rotating'), rotated))).toBe('rotation');
    expect(await verifyAuditChain(ts.db, rotated)).toMatchObject({ ok: true, keyed: { keyId: auditKeyId(K2), rotations: 1 } });

    const old = await holiday('On the old key');
    expect(old.status).toBe(503);
    expect(old.body).toMatchObject({ code: 3301 });
  });
});

/** A CLI with production settings and the run's key. */
const run = (script: string, env: Record<string, string>, args: string[] = []) => runCli(script, { NODE_ENV: 'production', AUDIT_HMAC_KEY: K1, ...env }, args);

// the CLIs run as processes: up to 22 s a test on a quiet machine, 50 s at half the CPU; the limit guards against a hang
describe(`production operator commands: admin:create, audit:cutover, audit:verify with an anchor, on ${driver}`, { timeout: 180_000 }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });
  /** A fresh, empty database: where the CLIs find it, and a way to look into it between runs. */
  const freshDatabase = () => freshCliDatabase(driver, cleanups);
  const admin = (env: Record<string, string>, username: string) =>
    run('create-admin.ts', { ...env, AURUM_ADMIN_PASSWORD: 'S0me#Strong-one' }, ['--username', username, '--email', `${username}@example.com`]);
  const trail = (db: Db) => db.query<{ id: number; action: string; key_id: string | null; row_hash: string }>('SELECT id::int AS id, action, key_id, row_hash FROM audit_log ORDER BY id');

  it('admin:create on an empty audit table records the cut-over first; audit:cutover then refuses; verify checks an anchor', async () => {
    const { env, inside } = await freshDatabase();
    const created = await admin(env, 'root');
    expect(created.output).toMatch(/Created superAdmin root/);
    expect(created.output).toMatch(/cut-over/);
    expect(created.code).toBe(0);
    const rows = await inside(trail);
    expect(rows.map((r) => [r.action, r.key_id])).toEqual([
      ['audit.keyCutover', auditKeyId(K1)],
      ['admin.create', auditKeyId(K1)],
    ]);

    const again = await run('audit-cutover.ts', env);
    expect(again.output).toMatch(/^Refused: the audit trail is keyed from row 1 on/);
    expect(again.output).toMatch(/OK: 2 audit rows chained/);
    expect(again.code).toBe(1);
    expect(await inside(trail)).toHaveLength(2);

    const [cutover] = rows;
    const anchored = await run('audit-verify.ts', env, ['--anchor-id', String(cutover!.id), '--anchor-hash', cutover!.row_hash]);
    expect(anchored.output).toMatch(/^OK: 2 audit rows chained .*it holds the anchor row 1\./);
    expect(anchored.code).toBe(0);
    const wrong = await run('audit-verify.ts', env, ['--anchor-id', '1', '--anchor-hash', 'f'.repeat(64)]);
    expect(wrong.output).toMatch(/^BROKEN at audit row 1 \(altered\): row 1 does not carry the anchored hash/);
    expect(wrong.code).toBe(1);
    const missing = await run('audit-verify.ts', { ...env, AUDIT_ANCHOR: `99:${cutover!.row_hash}` });
    expect(missing.output).toMatch(/^BROKEN at audit row 99 \(link\): the anchor row 99/);
    expect(missing.code).toBe(1);
  });

  it('a trail of plain rows from before the keyed chain: admin:create refuses, audit:cutover records the cut-over once, then admin:create works', async () => {
    const { env, inside } = await freshDatabase();
    await inside((db) =>
      db.query(`WITH n AS (SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id, now() AS at)
        INSERT INTO audit_log (id, at, username, action, detail, prev_hash, row_hash)
        SELECT id, at, 'old', 'auth.login', '{}'::jsonb, repeat('0', 64), audit_log_row_hash(id, at, NULL, 'old', 'auth.login', '{}'::jsonb, NULL, NULL, repeat('0', 64)) FROM n`),
    );

    const refused = await admin(env, 'early');
    expect(refused.output).toMatch(/Cannot create the admin: .*plain sha256 row.*npm run audit:cutover/);
    expect(refused.code).toBe(1);
    expect(await inside((db) => db.query("SELECT id FROM admins WHERE username = 'early'"))).toEqual([]);

    const cut = await run('audit-cutover.ts', env);
    expect(cut.output).toMatch(/^Cut-over recorded: audit row 2 starts the keyed chain/);
    const anchor = /AUDIT_ANCHOR=(\d+:[0-9a-f]{64})/.exec(cut.output)![1]!;
    expect(cut.code).toBe(0);
    expect((await run('audit-cutover.ts', env)).code).toBe(1);

    const created = await admin(env, 'root');
    expect(created.code).toBe(0);
    expect(created.output).not.toMatch(/cut-over/);
    const verified = await run('audit-verify.ts', { ...env, AUDIT_ANCHOR: anchor });
    expect(verified.output).toMatch(/^OK: 3 audit rows chained .*keyed from row 2.*it holds the anchor row 2\./);
    expect(verified.code).toBe(0);
  });
});
