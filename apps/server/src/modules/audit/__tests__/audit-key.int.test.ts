import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditVerifyAnswer } from '@aurum/domain/audit/audit-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { freshPostgresDatabase } from '../../../testing/postgres-databases.ts';
import { openDatabase } from '../../../bootstrap.ts';
import { prepareAuditChain, verifyAuditChain } from '../audit-chain.ts';
import { auditKeyId } from '../audit-keys.ts';
import { writeAudit, type AuditRow } from '../audit-writer.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const CLI = join(import.meta.dirname, '..', '..', '..', 'cli', 'audit-verify.ts');

const K1 = 'first-audit-key-of-these-tests-0123456789';
const K2 = 'second-audit-key-of-these-tests-9876543210';
const K3 = 'a-wrong-audit-key-nobody-configured-000000';
const keys = (current: string, ...previous: string[]) => ({ auditHmacKey: current, auditHmacPreviousKeys: previous });
const row = (username: string): AuditRow => ({ username, adminId: null, action: 'user.update', detail: { by: username }, device: null, ip: null });

/** `npm run audit:verify` as a process: exit code and output. */
function runVerify(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.AUDIT_HMAC_KEY;
  delete base.AUDIT_HMAC_PREVIOUS_KEYS;
  const child = spawn(process.execPath, [CLI], { env: { ...base, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe(`audit chain key: keyed rows, rotation, verify with the configured keys, on ${driver}`, () => {
  let ts: TestServer;
  let jwt: string;
  let api: ReturnType<typeof client>;
  const verify = () => api.call<AuditVerifyAnswer>('GET', `${S}/audit_trail/verify`, { token: jwt });

  beforeAll(async () => {
    ts = await startTestServer({ env: { AUDIT_HMAC_KEY: K1 } });
    api = client(ts);
    jwt = (await api.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password)).body.jwt;
  });
  afterAll(() => ts?.close());

  it('keys every row with AUDIT_HMAC_KEY: the server verifies its chain, a verifier with another key does not', async () => {
    const r = await verify();
    expect(r.body).toMatchObject({ ok: true, keyed: { keyId: auditKeyId(K1), rotations: 0 }, broken: null });
    expect(await ts.db.query('SELECT id FROM audit_log WHERE key_id IS DISTINCT FROM $1', [auditKeyId(K1)])).toEqual([]);
    // the key itself is nowhere in the database
    const dump = await ts.db.query<{ t: string }>("SELECT string_agg(detail::text || coalesce(device, ''), ' ') AS t FROM audit_log");
    expect(dump[0]!.t).not.toContain(K1);
    expect(await verifyAuditChain(ts.db, keys(K3))).toMatchObject({ ok: false, broken: { id: r.body.keyed.cutoverId, kind: 'key', reason: expect.stringMatching(/does not hold/) } });
  });

  it('records a rotation keyed with the new key and endorsed with the old one; verify walks across it with both keys', async () => {
    await ts.db.transaction((tx) => writeAudit(tx, row('rotating'), keys(K2, K1)));
    const [rotation, written] = await ts.db.query<{ id: number; action: string; key_id: string; detail: Record<string, string> }>(
      "SELECT id, action, key_id, detail FROM audit_log WHERE id >= (SELECT max(id) - 1 FROM audit_log) ORDER BY id",
    );
    expect(rotation).toMatchObject({ action: 'audit.keyRotation', key_id: auditKeyId(K2), detail: { fromKeyId: auditKeyId(K1), toKeyId: auditKeyId(K2), endorsement: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect(written).toMatchObject({ action: 'user.update', key_id: auditKeyId(K2) });

    expect(await verifyAuditChain(ts.db, keys(K2, K1))).toMatchObject({ ok: true, keyed: { keyId: auditKeyId(K2), rotations: 1 }, head: { id: written!.id } });
    // the new configuration without the previous key cannot check the rows before the rotation
    const withoutPrevious = await verifyAuditChain(ts.db, keys(K2));
    expect(withoutPrevious.broken).toMatchObject({ kind: 'key', reason: expect.stringMatching(new RegExp(`key ${auditKeyId(K1)}, which the configuration does not hold`)) });
    // a wrong current key
    expect((await verifyAuditChain(ts.db, keys(K3, K1))).broken).toMatchObject({ id: rotation!.id, kind: 'key' });
    // and nothing more is recorded by a configuration that has the new key: the chain is at it already
    expect(await prepareAuditChain(ts.db, keys(K2, K1))).toEqual({ recorded: null, keyId: auditKeyId(K2) });
  });

  it('a process left on the old key writes no more audited changes and reports the chain as not its own', async () => {
    const before = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n;
    const refused = await api.call('POST', `${S}/holiday/create`, { token: jwt, body: { name: 'After rotation', date: '2034-01-02' } });
    // 503 with the catalogue's 3301, never a 500 (the log tells the operator what to run)
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 3301 });
    // the change rolled back with its audit row
    expect(await ts.db.query("SELECT id FROM holidays WHERE name = 'After rotation'")).toEqual([]);
    expect((await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0]!.n).toBe(before);
    const r = await verify();
    expect(r.body).toMatchObject({ ok: false, broken: { kind: 'key' } });
    // a start with a key the chain does not know is refused
    await expect(prepareAuditChain(ts.db, keys(K3))).rejects.toThrow(new RegExp(`keyed with key ${auditKeyId(K2)}, which this configuration does not hold`));
  });

  it('a superuser who rewrites the whole trail with plain sha256 hashes (the cut-over gone) is caught: the trail does not end keyed', async () => {
    await ts.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER ALL');
      await tx.query("UPDATE audit_log SET username = 'mallory' WHERE username = 'rotating'");
      await tx.query(`DO $$
        DECLARE r record; prev text := repeat('0', 64); h text;
        BEGIN
          -- the new hashes first go to rows out of the way of the unique prev_hash index
          UPDATE audit_log SET prev_hash = md5(id::text) || md5(id::text);
          FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
            h := audit_log_row_hash(r.id, r.at, r.admin_id, r.username, r.action, r.detail, r.device, r.ip, prev);
            UPDATE audit_log SET prev_hash = prev, row_hash = h, key_id = NULL WHERE id = r.id;
            prev := h;
          END LOOP;
        END $$`);
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER ALL');
    });
    const [last] = await ts.db.query<{ id: number }>('SELECT max(id)::int AS id FROM audit_log');
    const result = await verifyAuditChain(ts.db, keys(K2, K1));
    expect(result).toMatchObject({ ok: false, keyed: { cutoverId: null }, broken: { id: last!.id, kind: 'key', reason: expect.stringMatching(/plain sha256 hash, not with the current key/) } });
  });
});

describe(`npm run audit:verify checks the chain with the configured keys, on ${driver}`, () => {
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let where: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'aurum-audit-cli-'));
    const pgdb = driver === 'postgres' ? await freshPostgresDatabase() : null;
    drop = pgdb?.drop;
    where = pgdb ? { DATABASE_URL: pgdb.url } : { DATA_DIR: dataDir };
    const opened = await openDatabase({ databaseUrl: pgdb?.url ?? null, dataDir });
    try {
      await opened.db.transaction((tx) => writeAudit(tx, row('one'), keys(K1)));
      await opened.db.transaction((tx) => writeAudit(tx, row('two'), keys(K2, K1)));
    } finally {
      await opened.close();
    }
  });
  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('passes across the rotation with the current and previous keys, fails without them, and needs a key in production', async () => {
    const ok = await runVerify({ ...where, NODE_ENV: 'production', AUDIT_HMAC_KEY: K2, AUDIT_HMAC_PREVIOUS_KEYS: K1 });
    expect(ok.output).toMatch(new RegExp(`^OK: 4 audit rows chained \\(head row 4 [0-9a-f]{64}; keyed from row 1, key ${auditKeyId(K2)}, 1 rotation\\(s\\)\\)`));
    expect(ok.code).toBe(0);

    const noPrevious = await runVerify({ ...where, NODE_ENV: 'production', AUDIT_HMAC_KEY: K2 });
    expect(noPrevious.output).toMatch(/^BROKEN at audit row 1 \(key\)/);
    expect(noPrevious.code).toBe(1);

    const wrong = await runVerify({ ...where, NODE_ENV: 'production', AUDIT_HMAC_KEY: K3, AUDIT_HMAC_PREVIOUS_KEYS: K1 });
    expect(wrong.output).toMatch(/^BROKEN at audit row 3 \(key\)/);
    expect(wrong.code).toBe(1);

    const none = await runVerify({ ...where, NODE_ENV: 'production' });
    expect(none.output).toContain('AUDIT_HMAC_KEY is required in production');
    expect(none.code).toBe(2);
    // four verifier processes, one after the other (each opens the embedded database alone): their starts take the time
  }, 90_000);
});
