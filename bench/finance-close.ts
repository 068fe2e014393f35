/**
 * bench/finance-close: the finance desk's balances and the day close (decisions 1001 and 1002) at a
 * few years of trading, on PostgreSQL and on PGlite. Seeds a fresh database with the demo data,
 * `--users` users, `--orders` orders (bench/support/order-seed.ts) and `--postings` journal postings
 * spread over three years up to the end of D0 (three days ago, Kuala Lumpur), each in one set-based
 * INSERT ... SELECT generate_series straight into ledger_entries and ledger_postings, as the wallet
 * writes them: per user, a deposit (house:bank -> user:N:fund) then two buys (user:N:fund ->
 * house:tradingMyr, house:tradingXau -> user:N:gold), so no customer book is ever below zero and
 * the metal books (vaults, transit) stay as the demo's bars hold them. Then, with the real
 * application listening in this process (node:http, one kept-alive connection):
 *   1. seeds D1 (two days ago) as a regular day: the history's postings per day (5,000,000 over three
 *      years: ~4,600);
 *   2. `GET ledger/balances?at=` (the last second of D1) with no close at all: the whole history, next
 *      to the plain whole-history `SELECT asset, sum(amount)` (for the record: what a snapshot saves);
 *   3. closes D0 through `POST ledger/closes` (the first close reads all history: reported apart);
 *   4. the same balances read, now from D0's snapshot plus D1's postings, sampled in turn with the
 *      plainest SQL doing comparable work: `SELECT asset, sum(amount)` over the postings of D1 up to
 *      that moment (goal: within 2x, median and p95), checking the answer equals the one of step 2;
 *   5. closes D1 (a regular day; goal < 5 s), `--closes` times (reopened by the superAdmin in between);
 *   6. seeds D2 (yesterday) as the worst case of the close: `--busy` postings touching every user's
 *      fund and gold book, and closes it the same way (goal < 5 s).
 * Every close posts its own entries too (decision 1041): the interest accrued on the seed's settled
 * and overdue orders (a fifth of them, given a rate and an interest start), the revaluation of each
 * metal from the treasury's history (hourly points with their mids over the run's days) and the FX
 * revaluation of `--hedges` unsettled USD hedges. A reopening is a superAdmin's proposal a second
 * superAdmin approves; its time is the approval's.
 * The BENCH lines go to bench/run-all.ts's summary.
 *
 *   node bench/finance-close.ts [--db postgres|pglite|both] [--full] [--orders N] [--postings N] [--users N] [--busy N]
 *                               [--iterations 30] [--closes 3] [--explain]
 *   (defaults: 100,000 orders, 500,000 postings, 10,000 users, a busy day of 200,000 postings, 30 runs;
 *   --full: 1,000,000 orders and 5,000,000 postings on PostgreSQL, 1,000,000 orders and 1,000,000
 *   postings on PGlite, 100 runs. --explain: EXPLAIN ANALYZE of the baseline, of the balance read and of
 *   the close's reads on the regular and the busy day, as the server's repositories build them.
 *   PostgreSQL: a fresh database aurum_bench_finance_* on BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/postgres, dropped at the end. PGlite: a data folder in $TMPDIR, removed at the end.)
 */
import { parseArgs } from 'node:util';
import { dayAfter } from '../packages/domain/src/finance/day-close.ts';
import { businessDate, startOfBusinessDay } from '../packages/domain/src/system/business-time.ts';
import type { Db, Queryable } from '../apps/server/src/db/db.ts';
import { metalBooksHeld, negativeCustomerBooks } from '../apps/server/src/modules/ledger/ledger-close-repository.ts';
import { bookSums } from '../apps/server/src/modules/ledger/ledger-sums-repository.ts';
import { benchPostgresUrl, getText, postJson, reportBench } from './support/bench-kit.ts';
import { openInProcessApp } from './support/in-process-app.ts';
import { SEED_ORDERS } from './support/order-seed.ts';
import { timedTogether, type Timing } from './support/timed-runs.ts';

type Driver = 'postgres' | 'pglite';

process.env.TEST_DATABASE_URL = benchPostgresUrl();

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_DB ?? 'both' },
    full: { type: 'boolean', default: false },
    orders: { type: 'string' },
    postings: { type: 'string' },
    users: { type: 'string', default: '10000' },
    busy: { type: 'string', default: '200000' },
    iterations: { type: 'string' },
    closes: { type: 'string', default: '3' },
    hedges: { type: 'string', default: '1000' },
    explain: { type: 'boolean', default: false },
  },
});
const FULL = values.full!;
const ordersOf = () => Number(values.orders ?? (FULL ? 1_000_000 : 100_000));
const postingsOf = (d: Driver) => Number(values.postings ?? (FULL ? (d === 'postgres' ? 5_000_000 : 1_000_000) : 500_000));
const USERS = Number(values.users);
const BUSY = Number(values.busy);
const ITERATIONS = Number(values.iterations ?? (FULL ? 100 : 30));
const WARMUP = Math.max(3, Math.floor(ITERATIONS / 10));
const CLOSES = Math.max(1, Number(values.closes));
const HEDGES = Math.max(0, Number(values.hedges));
/** The whole-history read is timed over a few runs only: it is the figure the snapshot avoids. */
const HISTORY_RUNS = FULL ? 3 : 5;
const DRIVERS: readonly Driver[] | null = values.db === 'both' ? ['postgres', 'pglite'] : values.db === 'postgres' || values.db === 'pglite' ? [values.db] : null;
if (!DRIVERS) throw new Error('--db is postgres, pglite or both');
for (const [name, v] of Object.entries({ users: USERS, busy: BUSY, iterations: ITERATIONS, postings: postingsOf('postgres'), orders: ordersOf() })) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a positive integer`);
}

/** Three years of history: a day holds the history's postings / this many. */
const HISTORY_DAYS = 3 * 365;
const SECURE = '/v0/web/secure';

/** The days of the run, Kuala Lumpur: D0 ends the history (the first close), D1 a regular day, D2 the busy one; all have ended. */
const TODAY = businessDate(new Date());
const D0 = dayAfter(TODAY, -3);
const D1 = dayAfter(TODAY, -2);
const D2 = dayAfter(TODAY, -1);

const SEED_USERS = `
INSERT INTO users (username, email, first_name, last_name, category)
SELECT 'bench' || g, 'bench' || g || '@bench.example', 'Bench', 'User ' || g, 'individual'
  FROM generate_series(1, $1::int) AS g`;

/**
 * `$1` entries dated evenly over [$2, $3), in id order: per user (the users round-robin) a deposit
 * then two buys, so a user's fund never goes below zero at any moment.
 */
const SEED_ENTRIES = `
INSERT INTO ledger_entries (kind, user_id, created_at)
SELECT CASE WHEN g % 3 = 0 THEN 'bench.deposit' ELSE 'bench.buy' END,
       u.ids[1 + ((g / 3) % array_length(u.ids, 1))],
       $2::timestamptz + (g + 0.5)::float8 * (($3::timestamptz - $2::timestamptz) / $1::int)
  FROM generate_series(0, $1::int - 1) AS g
 CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM users) AS u`;

/**
 * The postings of the entries dated in [$1, $2): a deposit of MYR 2,000 to 2,900 (one posting), a
 * buy of 0.1 to 2 g at MYR 400 a gram (two: the ringgit to the desk, the gold from it).
 */
const SEED_POSTINGS = `
INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount)
SELECT e.id, x.from_account, x.to_account, x.asset, x.amount
  FROM ledger_entries e
 CROSS JOIN LATERAL (SELECT (1 + e.id % 20)::numeric / 10 AS grams) AS m
 CROSS JOIN LATERAL (
   SELECT 'house:bank' AS from_account, 'user:' || e.user_id || ':fund' AS to_account, 'MYR' AS asset, (2000 + (e.id % 10) * 100)::numeric AS amount
    WHERE e.kind = 'bench.deposit'
   UNION ALL
   SELECT 'user:' || e.user_id || ':fund', 'house:tradingMyr', 'MYR', m.grams * 400 WHERE e.kind = 'bench.buy'
   UNION ALL
   SELECT 'house:tradingXau', 'user:' || e.user_id || ':gold', 'XAU', m.grams WHERE e.kind = 'bench.buy'
 ) AS x
 WHERE e.kind IN ('bench.deposit', 'bench.buy') AND e.created_at >= $1 AND e.created_at < $2
 ORDER BY e.id`;

/** The plainest SQL of a balance read: the units' sums over the postings dated in [$1, $2). */
const DAY_SUMS = `
SELECT p.asset, sum(p.amount) AS total
  FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
 WHERE e.created_at >= $1 AND e.created_at < $2
 GROUP BY p.asset`;
/** The same over every posting before $1 (no close to start from). */
const HISTORY_SUMS = `
SELECT p.asset, sum(p.amount) AS total
  FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
 WHERE e.created_at < $1
 GROUP BY p.asset`;

/** The settled and overdue orders accrue interest (decision 1041): a rate, an interest start a few days before the run. */
const SEED_ACCRUING = `
UPDATE orders SET interest_rate_personal = 0.05, interest_rate_global = 0.01, interest_from = $1::date, interest_carried = 0
 WHERE status IN ('SETTLED', 'OVERDUE')`;

/** The treasury's history: a point per metal and hour over [$1, $2), with its net, value and mids moving. */
const SEED_HISTORY = `
INSERT INTO treasury_history (metal, at, net, mtm_myr, mtm_usd, usd_per_ounce, usd_myr)
SELECT m.metal, t.at, 1000 + (h % 7) * 10, NULL, NULL, m.base + (h % 13) * 1.5, 4.5 + (h % 5) * 0.01
  FROM generate_series(0, (extract(epoch FROM $2::timestamptz - $1::timestamptz) / 3600)::int - 1) AS h
 CROSS JOIN LATERAL (SELECT $1::timestamptz + h * interval '1 hour' AS at) AS t
 CROSS JOIN (VALUES ('XAU', 2400.0), ('XPT', 950.0), ('XAG', 30.0)) AS m(metal, base)
ON CONFLICT DO NOTHING`;

/** $1 unsettled USD hedges in the journal, booked at 4.5, traded before the history's end. */
const SEED_HEDGES = `
INSERT INTO hedges (client_ref, provider, metal, side, quantity, price, currency, fee, traded_at, state, position_before, position_after, request_hash, booked_rate, in_journal)
SELECT 'bench-hedge-' || g, 'Bench LP', 'XAU', CASE WHEN g % 2 = 0 THEN 'BUY' ELSE 'SELL' END, 10, 2400, 'USD', 5, $2::timestamptz, 'filled', 0, 0, 'bench', 4.5, true
  FROM generate_series(1, $1::int) AS g`;

/** Runs seed statements in one transaction, on PostgreSQL without waiting for the WAL flush. */
async function seed(db: Db, driver: Driver, statements: ReadonlyArray<[string, unknown[]]>): Promise<number> {
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    if (driver === 'postgres') await tx.query('SET LOCAL synchronous_commit = off');
    for (const [text, params] of statements) await tx.query(text, params);
  });
  return (performance.now() - t0) / 1000;
}

/** The entries and postings of about `postings` postings dated evenly over [from, to) (five postings per three entries). */
const stretch = (postings: number, from: Date, to: Date): Array<[string, unknown[]]> => {
  const entries = Math.max(3, Math.round((postings * 3) / 5 / 3) * 3);
  return [
    [SEED_ENTRIES, [entries, from.toISOString(), to.toISOString()]],
    [SEED_POSTINGS, [from.toISOString(), to.toISOString()]],
  ];
};

async function signIn(base: string, username: string, password: string): Promise<string> {
  const r = await fetch(`${base}/v0/web/auth/admin/login`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } });
  if (r.status !== 200) throw new Error(`sign-in of ${username} refused: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { jwt: string }).jwt;
}

/**
 * A Queryable that prints EXPLAIN (ANALYZE, BUFFERS) of every statement handed to it (and then answers
 * its rows): the server's own read functions, run through it, show the plans of their statements.
 */
function explaining(db: Db, title: string): Queryable {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<T[]> {
      const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      console.log(`\nEXPLAIN ANALYZE, ${title}:\n  ${text.replace(/\s+/g, ' ')}\n${plan.map((l) => `  ${l['QUERY PLAN']}`).join('\n')}`);
      // the statement's own rows too: a read of several statements (bookSums) builds its next one from them
      return db.query<T>(text, params);
    },
  };
}

/** The plans of the balance read at `at` (from the close ended by then) and of the close's reads over [since, before): the statements of finance-repository.ts and day-close-repository.ts. */
async function explainReads(db: Db, label: string, at: Date, close?: { since: Date; before: Date }): Promise<void> {
  await bookSums(explaining(db, `${label}: the balances at ${at.toISOString()} (bookSums)`), at, at);
  if (!close) return;
  await bookSums(explaining(db, `${label}: the close's trial balance (bookSums)`), close.since, close.before);
  await negativeCustomerBooks(explaining(db, `${label}: the customer books (negativeCustomerBooks)`), close.since, close.before, 20);
  await metalBooksHeld(explaining(db, `${label}: the metal books (metalBooksHeld)`), close.since);
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function benchOne(driver: Driver): Promise<void> {
  const ORDERS = ordersOf();
  const POSTINGS = postingsOf(driver);
  const DAY = Math.max(5, Math.round(POSTINGS / HISTORY_DAYS));
  const o = await openInProcessApp(driver, 'aurum_bench_finance');
  try {
    const db = o.db;
    const size = `${ORDERS.toLocaleString('en-US')} orders, ${POSTINGS.toLocaleString('en-US')} postings, ${driver}`;
    console.log(
      `\nfinance close bench: ${USERS.toLocaleString('en-US')} users, ${ORDERS.toLocaleString('en-US')} orders, ${POSTINGS.toLocaleString('en-US')} postings over ${HISTORY_DAYS} days up to ${D0} on ${o.label} (node ${process.version}); regular day ${D1} of ${DAY.toLocaleString('en-US')} postings, busy day ${D2} of ${BUSY.toLocaleString('en-US')}; ${ITERATIONS} runs after ${WARMUP} warm-up`,
    );

    // the history, then a regular day after it (dated after D0's end: the journal takes it after the close too)
    const historyFrom = startOfBusinessDay(D0, 1 - HISTORY_DAYS);
    const d0End = startOfBusinessDay(D0, 1);
    const d1End = startOfBusinessDay(D1, 1);
    const d2End = startOfBusinessDay(D2, 1);
    const seedUsers = await seed(db, driver, [[SEED_USERS, [USERS]]]);
    const seedOrders = await seed(db, driver, [[SEED_ORDERS, [ORDERS]]]);
    const seedHistory = await seed(db, driver, stretch(POSTINGS, historyFrom, d0End));
    const seedCloseFacts = await seed(db, driver, [
      [SEED_ACCRUING, [dayAfter(D0, -5)]],
      [SEED_HISTORY, [startOfBusinessDay(D0, -1).toISOString(), startOfBusinessDay(D2, 1).toISOString()]],
      [SEED_HEDGES, [HEDGES, startOfBusinessDay(D0, -1).toISOString()]],
    ]);
    console.log(`close facts (accruing orders, hourly history, ${HEDGES} USD hedges): ${seedCloseFacts.toFixed(1)} s`);
    const seedDay = await seed(db, driver, stretch(DAY, d0End, d1End));
    const t0 = performance.now();
    for (const table of ['users', 'orders', 'ledger_entries', 'ledger_postings']) await db.query(`VACUUM ANALYZE ${table}`);
    const vacuum = (performance.now() - t0) / 1000;
    const [counts] = await db.query<{ entries: string; postings: string; day: string }>(
      `SELECT (SELECT count(*) FROM ledger_entries)::text AS entries, (SELECT count(*) FROM ledger_postings)::text AS postings,
              (SELECT count(*) FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id WHERE e.created_at >= $1 AND e.created_at < $2)::text AS day`,
      [d0End.toISOString(), d1End.toISOString()],
    );
    console.log(
      `seed: users ${seedUsers.toFixed(1)} s, orders ${seedOrders.toFixed(1)} s, history ${seedHistory.toFixed(1)} s, day ${seedDay.toFixed(1)} s, VACUUM ANALYZE ${vacuum.toFixed(1)} s; journal ${Number(counts!.entries).toLocaleString('en-US')} entries, ${Number(counts!.postings).toLocaleString('en-US')} postings (${Number(counts!.day).toLocaleString('en-US')} in ${D1})`,
    );

    const viewer = await signIn(o.base, 'viewer', 'Viewer#Read1');
    const approver = await signIn(o.base, 'financeapprover', 'Finance#Approve1');
    const superAdmin = await signIn(o.base, 'admin', 'Aurum#Demo2026');
    // a reopening needs a second superAdmin (decision 1041)
    const created = await postJson(
      `${o.base}${SECURE}/admin/create`,
      { username: 'benchroot2', email: 'benchroot2@bench.example', firstName: 'Bench', lastName: 'Root', role: 'superAdmin', password: 'Bench#Root2026' },
      { authorization: `Bearer ${superAdmin}` },
    );
    if (created.status !== 200) throw new Error(`a second superAdmin: ${created.status} ${created.text}`);
    const secondSuperAdmin = await signIn(o.base, 'benchroot2', 'Bench#Root2026');
    const at = new Date(d1End.getTime() - 1000);
    const balances = async () => {
      const r = await getText(`${o.base}${SECURE}/ledger/balances?at=${encodeURIComponent(at.toISOString())}`, { authorization: `Bearer ${viewer}` });
      if (r.status !== 200) throw new Error(`balances: ${r.status} ${r.text.slice(0, 500)}`);
      return r.text;
    };
    const daySums = () => db.query(DAY_SUMS, [d0End.toISOString(), at.toISOString()]);
    const historySums = () => db.query(HISTORY_SUMS, [at.toISOString()]);
    /**
     * The plainest endpoint that sums the day as the user would meet it: the same authenticated HTTP
     * round trip to this server (GET mode, the cheapest guarded read) and the day's plain SQL sum.
     */
    const mode = async () => {
      const r = await getText(`${o.base}${SECURE}/mode`, { authorization: `Bearer ${viewer}` });
      if (r.status !== 200) throw new Error(`mode: ${r.status}`);
    };
    const plainEndpoint = async () => {
      await mode();
      await daySums();
    };
    /** The balance read's own SQL, without HTTP: the latest snapshot's books and the sums since it, one statement. */
    const readSql = () => bookSums(db, at, at);
    /** A POST through the real server, timed (seconds); refused answers throw with their detail. */
    const timedPost = async (path: string, body: unknown, token: string) => {
      const t = performance.now();
      const r = await postJson(`${o.base}${SECURE}/${path}`, body, { authorization: `Bearer ${token}` });
      const seconds = (performance.now() - t) / 1000;
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 1000)}`);
      return seconds;
    };
    const closeDay = (date: string) => timedPost('ledger/closes', { date }, approver);
    /** Proposes reopening a day and times the second superAdmin's approval, which reopens it. */
    const reopenDay = async (date: string) => {
      const proposed = await postJson(`${o.base}${SECURE}/ledger/closes/${date}/reopen`, { reason: 'bench: the same close timed again' }, { authorization: `Bearer ${superAdmin}` });
      if (proposed.status !== 200) throw new Error(`reopen ${date}: ${proposed.status} ${proposed.text}`);
      return timedPost(`ledger/proposals/${(JSON.parse(proposed.text) as { id: number }).id}/approve`, {}, secondSuperAdmin);
    };
    /** Closes a day `CLOSES` times, reopening it in between: the closes' and reopens' seconds. */
    const closeRepeatedly = async (date: string) => {
      const closes: number[] = [];
      const reopens: number[] = [];
      for (let i = 0; i < CLOSES; i++) {
        if (i > 0) reopens.push(await reopenDay(date));
        closes.push(await closeDay(date));
      }
      return { closes, reopens };
    };

    // 1. no close at all: the read sums the whole history
    const whole = await balances();
    const [historyRead, historySql] = (await timedTogether([balances, historySums], HISTORY_RUNS, 1)) as [Timing, Timing];

    // 2. the first close: everything before D0's end
    const firstClose = await closeDay(D0);

    // 3. the read from D0's snapshot plus D1's postings, against the plain sum over those postings
    const fromSnapshot = await balances();
    const strip = (text: string) => JSON.stringify((JSON.parse(text) as { units: unknown }).units);
    if (strip(fromSnapshot) !== strip(whole)) throw new Error(`the snapshot's balances differ from the journal's:\n${whole}\n${fromSnapshot}`);
    const [read, plain, daySql, ownSql] = (await timedTogether([balances, plainEndpoint, daySums, readSql], ITERATIONS, WARMUP)) as [Timing, Timing, Timing, Timing];
    if (values.explain) {
      await explaining(db, `the day's sums (baseline), ${D1}`).query(DAY_SUMS, [d0End.toISOString(), at.toISOString()]);
      await explainReads(db, D1, at, { since: d0End, before: d1End });
    }

    // 4. a regular day's close
    const regular = await closeRepeatedly(D1);

    // 5. the busy day: many postings, every user's fund and gold book
    const seedBusy = await seed(db, driver, stretch(BUSY, d1End, d2End));
    const [busyCounts] = await db.query<{ postings: string; accounts: string }>(
      `SELECT count(DISTINCT p.id)::text AS postings, count(DISTINCT v.account)::text AS accounts
         FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id, LATERAL (VALUES (p.from_account), (p.to_account)) AS v(account)
        WHERE e.created_at >= $1 AND e.created_at < $2`,
      [d1End.toISOString(), d2End.toISOString()],
    );
    if (values.explain) await explainReads(db, D2, new Date(d2End.getTime() - 1000), { since: d1End, before: d2End });
    const busy = await closeRepeatedly(D2);
    const busyPostings = Number(busyCounts!.postings);
    const busyAccounts = Number(busyCounts!.accounts);
    console.log(`busy day ${D2}: ${busyPostings.toLocaleString('en-US')} postings over ${busyAccounts.toLocaleString('en-US')} accounts, seeded in ${seedBusy.toFixed(1)} s`);
    const [own] = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ledger_entries WHERE kind IN ('finance.close', 'finance.closeReversal')`);
    console.log(`the closes' own entries (accruals, revaluation and their reversals): ${own!.n}`);

    const ms = (v: number) => v.toFixed(2).padStart(9);
    const s = (xs: readonly number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    console.log('');
    console.log(`${'read'.padEnd(52)} | ${'p50 ms'.padStart(9)} ${'p95'.padStart(9)} | ${'plain SQL p50'.padStart(13)} ${'p95'.padStart(9)} | ratio p50    p95`);
    const line = (what: string, t: Timing, b: Timing) =>
      console.log(`${what.padEnd(52)} | ${ms(t.p50)} ${ms(t.p95)} | ${ms(b.p50).padStart(13)} ${ms(b.p95)} | ${(t.p50 / b.p50).toFixed(2).padStart(8)}x ${(t.p95 / b.p95).toFixed(2).padStart(6)}x`);
    line(`balances at ${at.toISOString()}, after ${D0}'s close`, read, daySql);
    line('  against an HTTP GET plus the plain SQL sum', read, plain);
    line("  the read's SQL alone (snapshot + sums since)", ownSql, daySql);
    line('the same, no close (whole history)', historyRead, historySql);
    console.log(`(the snapshot saves ${(historyRead.p50 / read.p50).toFixed(0)}x at the median)`);
    console.log(`first close ${D0} (all history): ${firstClose.toFixed(2)} s`);
    console.log(`regular close ${D1} (${Number(counts!.day).toLocaleString('en-US')} postings): ${s(regular.closes)} s; reopens ${s(regular.reopens)} s`);
    console.log(`busy close ${D2} (${busyPostings.toLocaleString('en-US')} postings, ${busyAccounts.toLocaleString('en-US')} accounts): ${s(busy.closes)} s; reopens ${s(busy.reopens)} s`);
    console.log('(reads: HTTP GET to the application in this process; plain SQL through the same database\'s query; closes: HTTP POST, seconds)');

    const dayPostings = Number(counts!.day).toLocaleString('en-US');
    const goal = "<= 2x an HTTP GET plus the day's SQL sum";
    reportBench({ bench: 'finance-close', what: `ledger/balances p50 in an open day after a close (${dayPostings} postings since), ${size}`, figure: read.p50, baseline: plain.p50, unit: 'ms', goal, met: read.p50 <= 2 * plain.p50 });
    reportBench({ bench: 'finance-close', what: `ledger/balances p95 in an open day after a close, ${size}`, figure: read.p95, baseline: plain.p95, unit: 'ms', goal, met: read.p95 <= 2 * plain.p95 });
    reportBench({ bench: 'finance-close', what: `ledger/balances' SQL p50 (snapshot + sums since), ${size}`, figure: ownSql.p50, baseline: daySql.p50, unit: 'ms', goal: "<= 2x the day's SQL sum", met: ownSql.p50 <= 2 * daySql.p50 });
    reportBench({ bench: 'finance-close', what: `ledger/balances p50 against the bare SQL sum, ${size}`, figure: read.p50, baseline: daySql.p50, unit: 'ms', goal: 'report', met: true });
    reportBench({ bench: 'finance-close', what: `ledger/balances p50 with no close (whole history), ${size}`, figure: historyRead.p50, baseline: historySql.p50, unit: 'ms', goal: 'report', met: true });
    reportBench({ bench: 'finance-close', what: `first day close (all history), ${size}`, figure: firstClose, baseline: null, unit: 's', goal: 'report', met: true });
    const regularS = median(regular.closes);
    reportBench({ bench: 'finance-close', what: `day close, regular day (${dayPostings} postings), median of ${CLOSES}, ${size}`, figure: regularS, baseline: null, unit: 's', goal: '< 5 s', met: regularS < 5 });
    const busyS = median(busy.closes);
    reportBench({
      bench: 'finance-close',
      what: `day close, busy day (${busyPostings.toLocaleString('en-US')} postings, ${busyAccounts.toLocaleString('en-US')} accounts), median of ${CLOSES}, ${size}`,
      figure: busyS,
      baseline: null,
      unit: 's',
      goal: '< 5 s',
      met: busyS < 5,
    });
  } finally {
    await o.close();
  }
}

for (const driver of DRIVERS) await benchOne(driver);
