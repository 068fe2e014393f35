import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { announceAdminsChanged } from '../../modules/auth/auth-cache.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';
import { calendarEdgeRequests, dateFieldsOf } from './fuzz-dates.ts';
import { fieldPaths, pct } from './fuzz-inputs.ts';
import { operationsOf, requestsOf } from './fuzz-requests.ts';

/**
 * Fuzzes every operation of the served OpenAPI document (GET /docs/json) with generated bad input:
 * NUL and lone surrogates, control characters, huge, negative and fractional numbers, wrong types,
 * 5,000-character values, missing and extra fields, malformed JSON and multipart bodies; in path
 * parameters, query strings, JSON bodies (nested) and multipart forms, signed in as the superAdmin
 * (so permission checks do not hide the handlers). Every answer must be below 500 and, when it is a
 * failure, the error contract {code: integer, context: string|null}; a refused call (>= 400) must
 * leave the database as it was, apart from what a refusal is meant to write (DIGEST_EXCLUDED).
 * Bad text that route() refuses in one place must come back as 400, 1001 naming the field.
 *
 * Each operation's budget is 40 requests plus 12 per field it takes (at most 240), about 12,000 in
 * all; the PGlite and the PostgreSQL runs share it, each sending half from a seed of its own (in CI
 * the PostgreSQL run's is the PGlite run's plus one), so the two runs of `npm test` together send the whole
 * budget of distinct requests, each run about 6,000. FUZZ_SEED replays a run (the seed is in the
 * test's name and in every failure); FUZZ_SCALE multiplies the number of requests (2: the whole
 * budget on one driver).
 *
 * Besides, every date field of the document (fuzz-dates.ts) gets the calendar's edges, alone and all
 * together, and each range the widest one: about 1,300 requests, all of them on each driver. A date
 * outside the product calendar must be refused (decision 0111); no call may go unanswered.
 */

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
/**
 * The seed: FUZZ_SEED when given; in CI (CI=true) a fixed one, so a landing run is reproducible; on a
 * developer's machine a new one each run, so local runs keep exploring (a failure prints its seed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20_261_123 + (driver === 'postgres' ? 1 : 0) : Math.floor(Math.random() * 2 ** 31)));
/** This driver's share of each operation's budget (the other driver's run sends the other half). */
const SHARE = 0.5;
/**
 * A call not answered within this is a failure, not a stuck suite (a hang guard, not a speed target:
 * the slowest answers here take well under a second). A call that holds the event loop cannot be
 * timed out from this thread, which shares the server's: the server's watchdog (decision 0937) ends
 * the test's process after WATCHDOG_SECONDS, its log line naming the call, and the run fails.
 */
const REQUEST_TIMEOUT_MS = 20_000;
const WATCHDOG_SECONDS = 20;

/** Operations that take a date, a moment, a month or a range of them (each sent the calendar's edges). */
const DATED_OPERATIONS = [
  'GET /v0/web/secure/finance/pnl',
  'GET /v0/web/secure/finance/pnl/drill',
  'GET /v0/web/secure/ledger/trial-balance',
  'GET /v0/web/secure/ledger/balances',
  'POST /v0/web/secure/ledger/closes',
  'GET /v0/web/secure/ledger/closes/check',
  'POST /v0/web/secure/ledger/closes/{date}/reopen',
  'GET /v0/web/secure/export/journal',
  'GET /v0/web/secure/statements/{userId}',
  'GET /v0/web/secure/statements/{userId}.pdf',
  'GET /v0/web/secure/statements/batch',
  'POST /v0/web/secure/holiday/create',
  'POST /v0/web/secure/order/create',
  'POST /v0/web/secure/order/payment/create',
  'POST /v0/web/secure/order/total_owed',
  'GET /v0/web/secure/export/orders',
  'POST /v0/web/secure/graphql',
  'GET /v0/web/secure/asset/list',
  'GET /v0/web/secure/hedge/list',
  'POST /v0/web/secure/hedge/create',
  'POST /v0/web/secure/vault/import',
  'POST /v0/web/secure/audit_trail/list',
  'GET /v0/web/secure/audit_trail/export',
  'POST /v0/web/secure/price/manual',
];

/**
 * What a refused call may still change, and why:
 * - audit_log: a refused call is audited (a route's auditFailure row, access.denied), and failed
 *   sign-ins are the login throttle's counters;
 * - refresh_failures: refused refreshes are the refresh throttle's counters;
 * - admin_sessions.last_seen_at: every authenticated call is an action of the admin (idle limit);
 * - market_feed_lease: the price feed renews its lease every tick, outside any request;
 * - mail_outbox and the delivery columns of notification_recipients: the notification worker
 *   delivers in the background what an earlier, successful send stored.
 */
const DIGEST_EXCLUDED: Record<string, readonly string[] | 'table'> = {
  audit_log: 'table',
  refresh_failures: 'table',
  market_feed_lease: 'table',
  mail_outbox: 'table',
  admin_sessions: ['last_seen_at'],
  notification_recipients: ['attempts', 'next_attempt_at', 'last_error', 'delivered_at', 'failed_at'],
};



describe(`fuzz: every operation of the OpenAPI document with bad input on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt = '';
  let digestSql = '';

  const signIn = async () => {
    const who = ts.demo.superAdmin;
    const r = await api.login(who.username, who.password);
    expect(r.status, r.text).toBe(200);
    jwt = r.body.jwt;
  };

  const digestOf = async (): Promise<Record<string, string>> => {
    const rows = await ts.db.query<{ t: string; d: string }>(digestSql);
    return Object.fromEntries(rows.map((r) => [r.t, r.d]));
  };
  // Every change to a (logged) table writes WAL: while the insert position has not moved since the
  // last digest, the tables are as they were and the digest is the last one (every table here is
  // logged). It saves reading every table after each of thousands of refusals that touched nothing.
  const walPosition = async () => (await ts.db.query<{ at: string }>('SELECT pg_current_wal_insert_lsn()::text AS at'))[0]!.at;
  let digested: { at: string; tables: Record<string, string> } | null = null;
  const digest = async (): Promise<Record<string, string>> => {
    const at = await walPosition();
    if (digested?.at === at) return digested.tables;
    const tables = await digestOf();
    // kept under the position read before it: a change committed meanwhile moves the position past it
    digested = { at, tables };
    return tables;
  };

  beforeAll(async () => {
    // no job is started (no background change to orders); tokens outlive the run
    ts = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '3600' }, watchdogSeconds: WATCHDOG_SECONDS });
    api = client(ts);
    await signIn();
    const tables = await ts.db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    expect(tables.length).toBeGreaterThan(20);
    digestSql = tables
      .filter((t) => DIGEST_EXCLUDED[t.tablename] !== 'table')
      .map((t) => {
        const without = DIGEST_EXCLUDED[t.tablename];
        const row = Array.isArray(without) ? `to_jsonb(r) - ARRAY[${without.map((c) => `'${c}'`).join(', ')}]::text[]` : 'to_jsonb(r)';
        return `SELECT '${t.tablename}' AS t, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS d FROM (SELECT ${row} AS x FROM ${t.tablename} r) s`;
      })
      .join('\nUNION ALL\n');
  });
  afterAll(() => ts?.close());

  it(
    `answers every bad request below 500 with {code, context}, and a refused one changes nothing (seed ${SEED})`,
    async () => {
      const doc = (await (await fetch(`${ts.url}/docs/json`)).json()) as Parameters<typeof operationsOf>[0];
      const ops = operationsOf(doc);
      expect(ops.length).toBeGreaterThan(80);
      // the date fields are found in the document itself: these at least (a new one is found the same way)
      const dated = ops.filter((op) => dateFieldsOf(op).length > 0).map((op) => `${op.method} ${op.path}`);
      expect(dated).toEqual(expect.arrayContaining(DATED_OPERATIONS));
      const problems: string[] = [];
      let sent = 0;
      let atEdges = 0;
      let timeouts = 0;
      const started = Date.now();
      let before = await digest();
      for (const [index, op] of ops.entries()) {
        const fields = op.params.length + (op.body ? fieldPaths(op.body.schema).length : 0);
        const runs = Math.max(1, Math.round(SCALE * SHARE * Math.min(240, 40 + 12 * fields)));
        const random = fc.sample(requestsOf(op), { numRuns: runs, seed: SEED + index });
        // the calendar's edges are few and exact: every run sends them all, whatever its share
        const edges = calendarEdgeRequests(op, SEED + index);
        atEdges += edges.length;
        let found = 0;
        for (const [i, req] of [...random, ...edges].entries()) {
          // three problems are enough to see what is wrong with an operation's random requests; its edges are sent all the same
          if (found >= 3 && i < random.length) continue;
          const url = `${ts.url}${req.path}${req.query.length ? `?${req.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : ''}`;
          const send = async (): Promise<{ status: number; text: string }> => {
            const headers: Record<string, string> = { authorization: req.basic ?? `Bearer ${jwt}` };
            if (req.body) headers['content-type'] = req.body.contentType;
            sent += 1;
            try {
              const r = await fetch(url, { method: req.method, headers, body: req.body ? new Uint8Array(req.body.bytes) : undefined, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
              return { status: r.status, text: await r.text() };
            } catch (error) {
              const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
              if (timedOut) timeouts += 1;
              return { status: 0, text: timedOut ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : `no answer: ${String(error)}` };
            }
          };
          let { status, text } = await send();
          if (status === 401 && !req.basic) {
            // an earlier call ended our session (a logout that succeeded): sign in again and send this one again
            await signIn();
            before = await digest();
            ({ status, text } = await send());
          }
          const after = await digest();
          const label = `${req.method} ${op.path} [${req.what}] -> ${status} ${text.slice(0, 200)}`;
          const fail = (why: string) => {
            found += 1;
            problems.push(`${why}: ${label}`);
          };
          let body: unknown = undefined;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          if (status === 0 || status >= 500) fail('5xx or no answer');
          else if (status >= 400) {
            const b = body as { code?: unknown; context?: unknown } | undefined;
            if (!b || !Number.isInteger(b.code) || !(typeof b.context === 'string' || b.context === null)) fail('not the error contract');
            // 1001 without a field is the database's refusal caught by the error handler's safety net: a schema lets the value through
            else if (b.code === 1001 && b.context === null) fail('refused by the database, not by a schema');
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (changed.length > 0) fail(`a refused call changed ${changed.join(', ')}`);
          }
          if (req.expect.kind !== 'any' && status < 400 && status > 0) fail('an invalid request was accepted');
          if (req.expect.kind === 'badText' && status > 0 && status < 500) {
            const b = body as { code?: unknown; context?: unknown } | undefined;
            if (status !== 400 || b?.code !== 1001 || b?.context !== req.expect.context) fail(`bad text not refused as 400 1001 '${req.expect.context}'`);
          }
          if (status === 401) {
            // a call that succeeded ended our session (logout, force logout of ourselves): sign in again
            await signIn();
          }
          const locksUsOut = status > 0 && status < 400 && op.path.endsWith('/second_factor/roles');
          if (locksUsOut) {
            // an accepted requirement of the second factor would refuse our (unenrolled) superAdmin
            // every secure call from now on (1156): undo it as the route would, caches included
            await ts.db.query('DELETE FROM second_factor_roles');
            await announceAdminsChanged(ts.db, (await ts.db.query<{ id: number }>('SELECT id FROM admins')).map((r) => r.id));
          }
          before = status === 401 || locksUsOut ? await digest() : after;
        }
      }
      const seconds = (Date.now() - started) / 1000;
      console.info(`fuzz on ${driver}: ${sent} requests (${atEdges} at the calendar's edges, ${timeouts} timeouts) over ${ops.length} operations in ${seconds.toFixed(1)} s (seed ${SEED})`);
      expect(atEdges, "the document declares date fields, each sent the calendar's edges").toBeGreaterThan(500);
      expect(problems, `seed ${SEED}`).toEqual([]);
      expect(timeouts).toBe(0);
    },
    15 * 60_000,
  );
});
