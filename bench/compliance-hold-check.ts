/**
 * bench/compliance-hold-check: what the compliance gate's read (decisions 1101, 1106: the hold,
 * and with enforcement on the due diligence file, in one statement) adds to a money call, at
 * 100,000 customers of whom 10,000 are held, every file verified and enforcement on. One real
 * server in this process (the test harness's), market buys of 1 g by one client at a time for a
 * verified customer who is not held, in alternating slices with the read made and skipped
 * (`skipHoldCheckForBench`, the desk off), --rounds of each.
 * Prints p50 and p95 per call each way and the difference at p95. Goal: at most 5 ms more at p95.
 *
 *   node bench/compliance-hold-check.ts [--calls 300] [--rounds 3] [--db pglite|postgres]
 */
import { parseArgs } from 'node:util';
import { startTestServer } from '../apps/server/src/testing/test-server.ts';
import { client } from '../apps/server/src/testing/client.ts';
import { controlledSource } from '../apps/server/src/testing/controlled-source.ts';
import { postEntry } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { skipHoldCheckForBench } from '../apps/server/src/modules/compliance/gate-service.ts';
import { benchPostgresUrl, fmt, percentile, reportBench } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    customers: { type: 'string', default: '100000' },
    held: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'pglite' },
  },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const GOAL_MS = 5;
if (values.db === 'postgres') process.env.TEST_DATABASE_URL = benchPostgresUrl();

/** Monday 7 January 2030, 10:00 in Kuala Lumpur: regular trading hours. */
const TRADING_MOMENT = Date.parse('2030-01-07T02:00:00Z');

const source = controlledSource();
const ts = await startTestServer({
  driver: values.db === 'postgres' ? 'postgres' : 'pglite',
  env: { PRICE_TICK_MS: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' },
  app: { priceSource: source },
  jobs: ['priceFeed'],
});
try {
  ts.advanceClock(TRADING_MOMENT - Date.now());
  for (let i = 0; i < 200 && !ts.app.market.orderPricing(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!ts.app.market.orderPricing()) throw new Error('the market never priced the quote');

  // the realistic table: many customers, a tenth of them held by officers long ago
  await ts.db.query(
    `INSERT INTO users (username, email, phone_country_code, phone_number)
     SELECT 'c' || g, 'c' || g || '@example.com', '60', (100000000 + g)::text FROM generate_series(1, $1::int) g`,
    [Number(values.customers)],
  );
  const [{ admin }] = (await ts.db.query<{ admin: number }>("SELECT id AS admin FROM admins WHERE username = 'admin'")) as [{ admin: number }];
  await ts.db.query(
    `INSERT INTO compliance_holds (user_id, status, source, note, placed_by, placed_at)
     SELECT id, 'held', 'officer', 'bench', $2, now() FROM users WHERE username LIKE 'c%' ORDER BY id LIMIT $1`,
    [Number(values.held), admin],
  );
  await ts.db.query('ANALYZE users');
  await ts.db.query('ANALYZE compliance_holds');
  const [buyer] = await ts.db.query<{ id: number }>(`INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('benchbuyer', 'benchbuyer@example.com', '65', '91000001') RETURNING id`);
  await ts.db.transaction((tx) =>
    postEntry(tx, { kind: 'deposit', userId: buyer!.id, createdBy: null, postings: [{ from: 'house:bank', to: `user:${buyer!.id}:fund`, asset: 'MYR', amount: '100000000.00' }] }),
  );
  // the desk on: due diligence enforced, every customer's file verified and not due for review
  await ts.db.query(
    `INSERT INTO due_diligence_files (user_id, status, verified_by, verified_at, next_review_on, updated_at)
     SELECT id, 'verified', $1, now(), '2099-12-31', now() FROM users
     ON CONFLICT (user_id) DO UPDATE SET status = 'verified', verified_by = $1, verified_at = now(), next_review_on = '2099-12-31'`,
    [admin],
  );
  await ts.db.query('INSERT INTO compliance_policy (id, enforce, updated_at) VALUES (1, true, now()) ON CONFLICT (id) DO UPDATE SET enforce = true');
  await ts.db.query('ANALYZE due_diligence_files');
  const api = client(ts);
  const maker = ts.demo.byRole.financeMaker!;
  const jwt = (await api.login(maker.username, maker.password)).body.jwt;
  const body = JSON.stringify({ userId: buyer!.id, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null });

  /** The time of each of `calls` market buys, one after another. */
  const slice = async (checked: boolean, calls: number): Promise<number[]> => {
    skipHoldCheckForBench(!checked);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const r = await fetch(`${ts.url}/v0/web/secure/order/create`, { method: 'POST', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`order/create answered ${r.status}: ${text}`);
      times.push(performance.now() - t0);
    }
    return times;
  };

  await slice(true, 30);
  await slice(false, 30);
  const checked: number[] = [];
  const skipped: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const check of round % 2 === 0 ? [true, false] : [false, true]) (check ? checked : skipped).push(...(await slice(check, CALLS)));
  }
  skipHoldCheckForBench(false);
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const [c, s] = [sorted(checked), sorted(skipped)];
  const p95 = { checked: percentile(c, 95), skipped: percentile(s, 95) };
  const delta = p95.checked - p95.skipped;
  console.log(`\norder/create (market buy 1 g, one client, ${values.db}), ${values.customers} customers, ${values.held} held, ${ROUNDS} x ${CALLS} calls each way:`);
  console.log(`  gate read made:    p50 ${fmt(percentile(c, 50), 2)} ms, p95 ${fmt(p95.checked, 2)} ms`);
  console.log(`  gate read skipped: p50 ${fmt(percentile(s, 50), 2)} ms, p95 ${fmt(p95.skipped, 2)} ms`);
  console.log(`  p95 difference: ${fmt(delta, 2)} ms (goal <= ${GOAL_MS} ms); ratio ${fmt(p95.checked / p95.skipped, 3)}x`);
  reportBench({
    bench: 'compliance-hold-check',
    what: `order/create p95 with the compliance gate's read, enforcement on (${values.db}, ${values.held} of ${values.customers} held, every file verified)`,
    figure: p95.checked,
    baseline: p95.skipped,
    unit: 'ms p95',
    goal: `<= +${GOAL_MS} ms`,
    met: delta <= GOAL_MS,
  });
} finally {
  skipHoldCheckForBench(false);
  await ts.close();
}
