/**
 * bench/journal-export: the accounting exports over a large range (decisions 1004, 1016, 1017). Seeds
 * a fresh database with the demo data, `--users` users and `--postings` journal postings over the
 * `--days` business days ending yesterday (Kuala Lumpur), each entry a customer's purchase (ringgit in
 * from the bank and out to the desk, gold from the desk: three postings, two in ringgit), closes
 * yesterday (the first close covers the whole journal), then downloads through the real application
 * (node:http, in this process) and reports time, lines and lines per second (the second of two runs) of:
 *   - the journal lines in ringgit (`unit=MYR`), then in gold (`unit=XAU`), of the whole range;
 *   - the daily summarised journal in ringgit, of the whole range.
 * A build without units (before decision 1016) ignores `unit` and writes every unit in one file: the
 * same command run on it gives the figure before. Not part of npm test.
 *
 *   node bench/journal-export.ts [--db postgres|pglite] [--postings 300000] [--days 31] [--users 2000]
 *   (PostgreSQL: a fresh database aurum_bench_journal_* on BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 *   else postgres://postgres@127.0.0.1:5432/postgres, dropped at the end.)
 */
import { parseArgs } from 'node:util';
import { dayAfter } from '../packages/domain/src/finance/day-close.ts';
import { businessDate, startOfBusinessDay } from '../packages/domain/src/system/business-time.ts';
import { DEMO_ADMINS } from '../apps/server/src/seed/demo-accounts.ts';
import { benchPostgresUrl, postJson, reportBench } from './support/bench-kit.ts';
import { openInProcessApp } from './support/in-process-app.ts';

process.env.TEST_DATABASE_URL = benchPostgresUrl();

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    postings: { type: 'string', default: '300000' },
    days: { type: 'string', default: '31' },
    users: { type: 'string', default: '2000' },
  },
});
const driver = values.db === 'pglite' ? 'pglite' : 'postgres';
const POSTINGS = Number(values.postings);
const DAYS = Number(values.days);
const USERS = Number(values.users);
for (const [name, v] of Object.entries({ postings: POSTINGS, days: DAYS, users: USERS })) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a positive integer`);
}

const LAST = dayAfter(businessDate(new Date()), -1);
const FIRST = dayAfter(LAST, -(DAYS - 1));

/** `$1` purchases dated evenly over [$2, $3), the users taken in turn. */
const PURCHASES = `
INSERT INTO ledger_entries (kind, user_id, created_at)
SELECT 'bench.purchase', u.ids[1 + (g % array_length(u.ids, 1))],
       $2::timestamptz + (g + 0.5)::float8 * (($3::timestamptz - $2::timestamptz) / $1::int)
  FROM generate_series(0, $1::int - 1) AS g
 CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM users) AS u`;

/** Each purchase's postings: its ringgit from the bank to the customer and on to the desk, its grams from the desk to the customer. */
const PURCHASE_POSTINGS = `
INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount)
SELECT e.id, x.from_account, x.to_account, x.asset, x.amount
  FROM ledger_entries e
 CROSS JOIN LATERAL (SELECT (1 + e.id % 20)::numeric / 10 AS grams) AS m
 CROSS JOIN LATERAL (VALUES
   ('house:bank', 'user:' || e.user_id || ':fund', 'MYR', m.grams * 400),
   ('user:' || e.user_id || ':fund', 'house:tradingMyr', 'MYR', m.grams * 400),
   ('house:tradingXau', 'user:' || e.user_id || ':gold', 'XAU', m.grams)
 ) AS x (from_account, to_account, asset, amount)
 WHERE e.kind = 'bench.purchase'
 ORDER BY e.id`;

/** The demo finance approver's access token (the close needs closeBusinessDay, the exports exportData). */
async function approverToken(base: string): Promise<string> {
  const { username, password } = DEMO_ADMINS.find((a) => a.role === 'financeApprover')!;
  const r = await postJson(`${base}/v0/web/auth/admin/login`, {}, { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` });
  if (r.status !== 200) throw new Error(`sign-in of ${username} refused: ${r.status} ${r.text}`);
  return (JSON.parse(r.text) as { jwt: string }).jwt;
}

/** Downloads an export, counting its bytes and lines as they stream in. */
async function download(base: string, token: string, path: string): Promise<{ status: number; seconds: number; bytes: number; lines: number }> {
  const t0 = performance.now();
  const r = await fetch(`${base}/v0/web/secure/export/${path}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 0x0a) lines++;
  }
  // the header is not a line of the journal
  return { status: r.status, seconds: (performance.now() - t0) / 1000, bytes, lines: Math.max(0, lines - 1) };
}

const o = await openInProcessApp(driver, 'aurum_bench_journal');
try {
  const entries = Math.ceil(POSTINGS / 3);
  console.log(`journal export bench: ${USERS.toLocaleString('en-US')} users, ${(entries * 3).toLocaleString('en-US')} postings over ${DAYS} days (${FIRST} to ${LAST}) on ${o.label} (node ${process.version})`);
  const t0 = performance.now();
  await o.db.transaction(async (tx) => {
    if (driver === 'postgres') await tx.query('SET LOCAL synchronous_commit = off');
    await tx.query("INSERT INTO users (username, email, first_name, last_name, category) SELECT 'jbench' || g, 'jbench' || g || '@bench.example', 'Bench', 'User ' || g, 'individual' FROM generate_series(1, $1::int) AS g", [USERS]);
    await tx.query(PURCHASES, [entries, startOfBusinessDay(FIRST).toISOString(), startOfBusinessDay(LAST, 1).toISOString()]);
    await tx.query(PURCHASE_POSTINGS);
  });
  if (driver === 'postgres') await o.db.query('ANALYZE');
  console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const token = await approverToken(o.base);
  const t1 = performance.now();
  const close = await fetch(`${o.base}/v0/web/secure/ledger/closes`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ date: LAST }) });
  if (close.status !== 200) throw new Error(`close of ${LAST}: ${close.status} ${await close.text()}`);
  console.log(`close of ${LAST} (the first: the whole journal): ${((performance.now() - t1) / 1000).toFixed(1)} s`);

  const range = `from=${FIRST}&to=${LAST}`;
  for (const [name, path] of [
    ['journal lines, MYR', `journal?${range}&unit=MYR`],
    ['journal lines, XAU', `journal?${range}&unit=XAU`],
    ['daily summary, MYR', `journal_daily?${range}&unit=MYR`],
  ] as const) {
    // the second of two runs: the first warms the code and the database's cache
    await download(o.base, token, path);
    const r = await download(o.base, token, path);
    if (r.status !== 200) {
      console.log(`${name.padEnd(20)} ${r.status} (not in this build)`);
      continue;
    }
    console.log(
      `${name.padEnd(20)} ${r.lines.toLocaleString('en-US').padStart(10)} lines  ${(r.bytes / 1e6).toFixed(1).padStart(7)} MB  ${r.seconds.toFixed(2).padStart(7)} s  ${Math.round(r.lines / r.seconds).toLocaleString('en-US').padStart(9)} lines/s`,
    );
    reportBench({ bench: 'journal-export', what: `${name}, ${DAYS} days, ${(entries * 3).toLocaleString('en-US')} postings, ${driver}`, figure: r.seconds, baseline: null, unit: 's', goal: 'for the record', met: true });
  }
} finally {
  await o.close();
}
