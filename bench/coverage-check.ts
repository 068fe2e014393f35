/**
 * bench/coverage-check: what the treasury's coverage rule (decisions 0835
 * and 0836) adds to order creation under load. One real server (the test
 * harness's, in this process: the switch below is a function of the treasury module, not a setting
 * a client can reach), market buys of 1 g created by --workers concurrent clients for distinct
 * users, in alternating slices of --seconds with the rule checked and skipped
 * (`skipCoverageForBench`), --rounds of each, so that whatever else the machine does weighs on both
 * alike. Prints orders per second each way and the ratio of the time per order (with / without).
 * Goal: at most 1.10x.
 *
 *   node bench/coverage-check.ts [--seconds 3] [--rounds 3] [--workers 8] [--db pglite|postgres]
 */
import { parseArgs } from 'node:util';
import { startTestServer } from '../apps/server/src/testing/test-server.ts';
import { client } from '../apps/server/src/testing/client.ts';
import { controlledSource } from '../apps/server/src/testing/controlled-source.ts';
import { postEntry } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { skipCoverageForBench } from '../apps/server/src/modules/treasury/treasury-service.ts';
import { benchPostgresUrl, fmt, reportBench } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '8' },
    db: { type: 'string', default: 'pglite' },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const WORKERS = Number(values.workers);
const GOAL = 1.1;
if (values.db === 'postgres') process.env.TEST_DATABASE_URL = benchPostgresUrl();

/** Monday 7 January 2030, 10:00 in Kuala Lumpur: regular trading hours. */
const TRADING_MOMENT = Date.parse('2030-01-07T02:00:00Z');

const source = controlledSource();
const ts = await startTestServer({
  driver: values.db === 'postgres' ? 'postgres' : 'pglite',
  env: { PRICE_TICK_MS: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' },
  app: { priceSource: source },
  jobs: ['priceFeed', 'treasuryBooks'],
});
try {
  ts.advanceClock(TRADING_MOMENT - Date.now());
  for (let i = 0; i < 200 && !ts.app.market.orderPricing(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!ts.app.market.orderPricing()) throw new Error('the market never priced the quote');
  const api = client(ts);
  const maker = ts.demo.byRole.financeMaker!;
  const jwt = (await api.login(maker.username, maker.password)).body.jwt;

  // one buyer per worker, each with money enough for every order it may create
  const users: number[] = [];
  for (let i = 0; i < WORKERS; i++) {
    const [u] = await ts.db.query<{ id: number }>(
      `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ($1, $2, '65', $3) RETURNING id`,
      [`bench${i}`, `bench${i}@example.com`, String(91000000 + i)],
    );
    users.push(u!.id);
    await ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId: u!.id, createdBy: null, postings: [{ from: 'house:bank', to: `user:${u!.id}:fund`, asset: 'MYR', amount: '100000000.00' }] }),
    );
  }
  const body = (userId: number) =>
    JSON.stringify({ userId, action: 0, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null });

  /** Orders created in one slice by WORKERS clients, each one request after another. */
  const slice = async (checked: boolean, seconds: number): Promise<{ orders: number; ms: number }> => {
    skipCoverageForBench(!checked);
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    let orders = 0;
    await Promise.all(
      users.map(async (userId) => {
        while (performance.now() < until) {
          const r = await fetch(`${ts.url}/v0/web/secure/order/create`, {
            method: 'POST',
            headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
            body: body(userId),
          });
          const text = await r.text();
          if (r.status !== 200) throw new Error(`order/create answered ${r.status}: ${text}`);
          orders += 1;
        }
      }),
    );
    return { orders, ms: performance.now() - t0 };
  };

  await slice(true, 1); // warm-up, both ways
  await slice(false, 1);
  const totals = { checked: { orders: 0, ms: 0 }, skipped: { orders: 0, ms: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const checked of round % 2 === 0 ? [true, false] : [false, true]) {
      const s = await slice(checked, SECONDS);
      const t = checked ? totals.checked : totals.skipped;
      t.orders += s.orders;
      t.ms += s.ms;
    }
  }
  skipCoverageForBench(false);
  const rate = (t: { orders: number; ms: number }) => (t.orders * 1000) / t.ms;
  const withRule = rate(totals.checked);
  const without = rate(totals.skipped);
  const ratio = without / withRule; // time per order with the rule / without
  console.log(`\norder/create (market buy 1 g, ${WORKERS} clients, ${values.db}), ${ROUNDS} x ${SECONDS} s each way:`);
  console.log(`  coverage rule checked: ${fmt(withRule)} orders/s (${totals.checked.orders} orders)`);
  console.log(`  coverage rule skipped: ${fmt(without)} orders/s (${totals.skipped.orders} orders)`);
  console.log(`  time per order, checked / skipped: ${fmt(ratio, 3)}x (goal <= ${GOAL}x)`);
  reportBench({
    bench: 'coverage-check',
    what: `order/create with the coverage rule (${values.db})`,
    figure: 1000 / withRule,
    baseline: 1000 / without,
    unit: 'ms/order',
    goal: `<= ${GOAL}x`,
    ratio,
    met: ratio <= GOAL,
  });
} finally {
  skipCoverageForBench(false);
  await ts.close();
}
