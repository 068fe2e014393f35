import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';
import { route } from '../../http/route.ts';
import { receiptRoot } from '../../modules/assets/receipt-storage.ts';
import { CONCURRENT_CHANGE_CONTEXT } from '../transaction-retry.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';
/** A real 1 x 1 PNG (receipts are decoded). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe(`transactions run again after a deadlock, on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  /** Per probe username: the runs of its handler, and the runs whose effects were undone. */
  const runs = new Map<string, number>();
  const undone = new Map<string, number[]>();
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ts = await startTestServer({
      app: {
        // a probe declared like any real route: a write, an audit note, an effect outside the
        // database with its undo, then a deadlock on the first `failures` runs
        extraRoutes: (app, deps) =>
          route(app, deps, {
            method: 'POST',
            url: `${SECURE}/test/retry_probe`,
            summary: 'test probe',
            tags: ['test'],
            auth: 'admin',
            permission: 'addUser',
            audit: 'admin.create',
            body: z.object({ username: z.string().regex(/^[a-z0-9]+$/), failures: z.number().int() }),
            handler: async ({ db, body, audit, onRollback }) => {
              const run = (runs.get(body.username) ?? 0) + 1;
              runs.set(body.username, run);
              const [row] = await db.query<{ id: number }>("INSERT INTO users (username, email) VALUES ($1, $1 || '@probe.example') RETURNING id", [
                body.username,
              ]);
              audit.note(`run${run}`, true);
              audit.after({ username: body.username, run });
              onRollback(async () => void undone.set(body.username, [...(undone.get(body.username) ?? []), run]));
              if (run <= body.failures) throw deadlock();
              return { id: row!.id, run };
            },
          }),
      },
    });
    api = client(ts);
    for (const role of ['superAdmin', 'financeMaker', 'financeApprover']) {
      const who = ts.demo.byRole[role]!;
      tokens[role] = (await api.login(who.username, who.password)).body.jwt;
    }
  });
  afterAll(() => ts?.close());

  const probe = (username: string, failures: number) =>
    api.call<{ id: number; run: number }>('POST', `${SECURE}/test/retry_probe`, { token: tokens.superAdmin, body: { username, failures } });
  const auditOf = (username: string) =>
    ts.db.query<{ detail: Record<string, unknown> }>("SELECT detail FROM audit_log WHERE action = 'admin.create' AND detail->'after'->>'username' = $1", [username]);
  const usersNamed = async (username: string) => (await ts.db.query('SELECT id FROM users WHERE username = $1', [username])).length;

  it('runs the handler and its audit row again as one transaction: one row, the audit row of the committed run only, the failed runs undone', async () => {
    const r = await probe('retryonce', 2);
    expect(r.status).toBe(200);
    expect(r.body.run).toBe(3);
    expect(runs.get('retryonce')).toBe(3);
    expect(undone.get('retryonce')).toEqual([1, 2]);
    expect(await usersNamed('retryonce')).toBe(1);
    const rows = await auditOf('retryonce');
    expect(rows).toHaveLength(1);
    // each run starts with an empty audit detail: nothing of the runs that rolled back
    expect(rows[0]!.detail).toEqual({ run3: true, after: { username: 'retryonce', run: 3 } });
  });

  it('gives up after 5 runs: 503 with code 3300 and its context, nothing saved, every run undone', async () => {
    const r = await probe('retrynever', 99);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ code: ErrorCode.ConcurrentChangeRetryLater, context: CONCURRENT_CHANGE_CONTEXT });
    expect(runs.get('retrynever')).toBe(5);
    expect(undone.get('retrynever')).toEqual([1, 2, 3, 4, 5]);
    expect(await usersNamed('retrynever')).toBe(0);
    expect(await auditOf('retrynever')).toHaveLength(0);
  });

  it('a deposit submitted and approved, each aborted once at its audit row, keeps exactly the receipt files its row names', async () => {
    // the audit row is the last statement, after the receipt is stored: a deadlock there is the worst case
    await ts.db.exec(`
      CREATE SEQUENCE test_fail_audit START 1;
      CREATE TABLE test_fail_audit_armed (armed boolean NOT NULL);
      CREATE FUNCTION test_fail_audit_once() RETURNS trigger AS $$
      BEGIN
        -- nextval survives the rollback: each armed round fails exactly once
        IF EXISTS (SELECT 1 FROM test_fail_audit_armed WHERE armed) AND nextval('test_fail_audit') % 2 = 1 THEN
          RAISE EXCEPTION 'injected deadlock' USING ERRCODE = '40P01';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER test_fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_audit_once();
      INSERT INTO test_fail_audit_armed VALUES (true);
    `);
    try {
      const [user] = await ts.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'");
      const multipart = async (path: string, role: string, fields: Record<string, string>, name: string) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('receipt', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), name);
        const r = await fetch(`${ts.url}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[role]}` } });
        return { status: r.status, body: (await r.json()) as { id: number; status: string; code?: number } };
      };
      const entriesBefore = (await ts.db.query('SELECT id FROM ledger_entries')).length;

      const created = await multipart(`${SECURE}/asset/deposit/create`, 'financeMaker', { userId: String(user!.id), type: 'MYR', amount: '250.00' }, 'slip.png');
      expect(created.status).toBe(200);
      const approved = await multipart(`${SECURE}/asset/deposit/${created.body.id}/approve`, 'financeApprover', {}, 'verified.png');
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('approved');

      // both calls did fail once (the sequence counts the audit inserts tried)
      const [{ n }] = (await ts.db.query<{ n: number }>('SELECT last_value AS n FROM test_fail_audit')) as [{ n: number }];
      expect(n).toBe(4);
      expect((await ts.db.query("SELECT id FROM audit_log WHERE action IN ('asset.create', 'asset.approve') AND detail->>'requestId' = $1", [String(created.body.id)])).length).toBe(2);
      // one request, posted once
      expect((await ts.db.query('SELECT id FROM payment_requests WHERE id >= $1', [created.body.id])).length).toBe(1);
      expect((await ts.db.query('SELECT id FROM ledger_entries')).length).toBe(entriesBefore + 1);
      // on disk: exactly the two files the row names, none of the runs that rolled back
      const [row] = await ts.db.query<{ user_receipt_key: string; verified_receipt_key: string }>(
        'SELECT user_receipt_key, verified_receipt_key FROM payment_requests WHERE id = $1',
        [created.body.id],
      );
      const root = receiptRoot(ts.config.dataDir);
      const entries = await readdir(join(root, 'requests', String(created.body.id)), { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
      expect(files.sort()).toEqual([row!.user_receipt_key, row!.verified_receipt_key].sort());
    } finally {
      await ts.db.exec('DROP TRIGGER test_fail_audit ON audit_log; DROP FUNCTION test_fail_audit_once(); DROP TABLE test_fail_audit_armed; DROP SEQUENCE test_fail_audit;');
    }
  });

  (driver === 'postgres' ? it : it.skip)('a real deadlock between two transactions: PostgreSQL aborts one, it runs again, both commit once', async () => {
    await ts.db.exec('CREATE TABLE test_deadlock_probe (who text NOT NULL)');
    const runsOf = { a: 0, b: 0 };
    let holding = 0;
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((r) => setTimeout(r, 10));
    };
    // a takes lock 1 then 2, b takes 2 then 1; on their first runs each waits until both hold their first lock
    const cross = (who: 'a' | 'b', first: number, second: number) =>
      ts.db.transaction(async (tx) => {
        runsOf[who] += 1;
        await tx.query('INSERT INTO test_deadlock_probe (who) VALUES ($1)', [who]);
        await tx.query('SELECT pg_advisory_xact_lock(7261999, $1)', [first]);
        if (runsOf[who] === 1) {
          holding += 1;
          await until(() => holding >= 2);
        }
        await tx.query('SELECT pg_advisory_xact_lock(7261999, $1)', [second]);
        return who;
      });
    expect((await Promise.all([cross('a', 1, 2), cross('b', 2, 1)])).sort()).toEqual(['a', 'b']);
    expect(runsOf.a + runsOf.b).toBe(3);
    // the aborted run's insert went with it
    const rows = await ts.db.query<{ who: string }>('SELECT who FROM test_deadlock_probe ORDER BY who');
    expect(rows.map((r) => r.who)).toEqual(['a', 'b']);
    await ts.db.exec('DROP TABLE test_deadlock_probe');
  });
});
