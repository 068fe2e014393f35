import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PriceData } from '@aurum/domain/system/live-messages';
import type { MarketStatus } from '@aurum/domain/system/market-status';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { controlledSource } from '../../../testing/controlled-source.ts';
import { postEntry } from '../../ledger/ledger-service.ts';
import type { FeedHealthView } from '../feed-health.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
/** Business time is UTC+8; 4 January 2030 is a Friday, 7 January a Monday. */
const kl = (local: string) => Date.parse(`${local}+08:00`);

interface Current {
  price: PriceData | null;
  status: MarketStatus;
  health: FeedHealthView;
}

describe(`price-feed health and quotes on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const primary = controlledSource();
  const check = controlledSource();
  let userId = 0;

  /** Moves the server's clock to a business-time moment (the real clock keeps running from there). */
  const clockTo = (at: number) => ts.advanceClock(at - ts.now().getTime());
  const token = async (role: string) => {
    const who = ts.demo.byRole[role]!;
    return (await api.login(who.username, who.password)).body.jwt as string;
  };
  /** One feed step now (both sources), then waits until both ticks came back over the bus. */
  const tick = async () => {
    const before = { p: ts.app.market.currentQuotes()?.at, dropped: ts.app.market.feedHealth().outOfOrder };
    const at = ts.now();
    await ts.app.market.tick(at);
    await vi.waitUntil(
      () => {
        const h = ts.app.market.feedHealth();
        const arrived = (feed: 'primary' | 'check', lastAt: string | null, source: typeof primary) =>
          lastAt === (source.at ?? at).toISOString() || h.outOfOrder[feed] > before.dropped[feed];
        return arrived('primary', h.primary.lastTickAt, primary) && arrived('check', h.check!.lastTickAt, check);
      },
      { timeout: 5000, interval: 10 },
    );
  };
  /** The status job's run (staleness by time alone), then what the price endpoint says. */
  const current = async (): Promise<Current> => {
    await ts.app.jobs.get('marketStatus').runOnce();
    await ts.app.market.settled();
    const r = await api.call<Current>('GET', `${S}/price/current`, { token: await token('none') });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const healthRows = async () =>
    (await ts.db.query<{ detail: { before: { state: string }; after: { state: string; reason: string | null } } }>(
      "SELECT detail FROM audit_log WHERE action = 'price.feedHealth' ORDER BY id",
    )).map((r) => `${r.detail.before.state}->${r.detail.after.state}`);
  const marketBuy = (extra: Record<string, unknown> = {}) => ({
    userId,
    action: 0,
    orderType: 'MARKET',
    price: null,
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity: '2',
    goodTillDate: null,
    comment: null,
    ...extra,
  });
  const orderCount = async () => Number((await ts.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE user_id = $1', [userId]))[0]!.n);
  const create = async (body: unknown) => api.call<{ id: number; code?: number; context?: string }>('POST', `${S}/order/create`, { token: await token('financeMaker'), body });

  beforeAll(async () => {
    ts = await startTestServer({
      env: { PRICE_STALE_SECONDS: '10', PRICE_CHECK_STALE_SECONDS: '10', PRICE_DISAGREE_BPS: '50', PRICE_QUOTE_SECONDS: '10' },
      app: { priceSource: primary, priceCheckSource: check },
    });
    api = client(ts);
    const [u] = await ts.db.query<{ id: number }>(
      `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ('feedbuyer', 'feedbuyer@example.com', '65', '91234567') RETURNING id`,
    );
    userId = u!.id;
    await ts.db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId, createdBy: null, postings: [{ from: 'house:bank', to: `user:${userId}:fund`, asset: 'MYR', amount: '100000.00' }] }),
    );
  });
  afterAll(() => ts?.close());

  it('a weekend without ticks is not stale; the Monday session without ticks is, once, with one audit row per change', async () => {
    clockTo(kl('2030-01-04T17:29:57')); // the last tick before Friday's close
    await tick();
    let c = await current();
    expect(c.health.state).toBe('healthy');
    expect(c.status.myr.available).toBe(true);

    clockTo(kl('2030-01-05T12:00:00')); // Saturday, no tick since Friday
    c = await current();
    expect(c.health.state).toBe('healthy');
    expect(c.status.reason).toBe('bank closed');

    clockTo(kl('2030-01-07T09:00:03')); // Monday: 3 s of Friday + 3 s of Monday are open time
    c = await current();
    expect(c.health.state).toBe('healthy');
    expect(c.status.myr.available && c.status.usd.available).toBe(true);
    expect(await healthRows()).toEqual([]);

    clockTo(kl('2030-01-07T09:00:20')); // 20 s of the Monday session without a tick
    c = await current();
    expect(c.health.state).toBe('stale');
    expect(c.status.reason).toBe('market source disconnect');
    expect(c.price).toMatchObject({ available: { myr: false, usd: false, offline: true }, reason: 'market source disconnect', quoteId: null, expiresAt: null });
    expect((await create(marketBuy())).body).toMatchObject({ code: 1008, context: 'market source disconnect' });
    await current(); // still stale: no second row
    expect(await healthRows()).toEqual(['healthy->stale']);

    await tick();
    c = await current();
    expect(c.health.state).toBe('healthy');
    expect(c.price?.quoteId).toEqual(expect.any(String));
    expect(await healthRows()).toEqual(['healthy->stale', 'stale->healthy']);
  });

  it('two sources that disagree beyond the threshold refuse market orders with 1008 until they agree', async () => {
    clockTo(kl('2030-01-08T10:00:00')); // Tuesday
    await current(); // stale since Monday: the status job says so before the feed resumes
    await tick();
    expect((await current()).health.state).toBe('healthy');
    // a limit buy far above the market (about 290 MYR/g): it waits for the engine's next run to fill
    const limit = await create(marketBuy({ orderType: 'LIMIT', price: '400.000' }));
    expect(limit.status, limit.text).toBe(200);
    const limitStatus = async () => (await ts.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [limit.body.id]))[0]!.status;
    const orders = await orderCount();
    check.xau = { bid: '2011.00', ask: '2012.00' }; // mid 2011.5 vs 2000.5: 55 bps
    await tick();
    let c = await current();
    expect(c.health.state).toBe('disagree');
    expect(c.health.check?.disagreeBps).toBeCloseTo(54.99, 1);
    expect(c.status.reason).toBe('sources disagree');
    expect(c.price).toMatchObject({ available: { myr: false, usd: false, offline: true }, reason: 'sources disagree', quoteId: null });
    expect((await create(marketBuy())).body).toMatchObject({ code: 1008, context: 'sources disagree' });
    expect(await orderCount()).toBe(orders);
    await ts.app.orders.runOnce(ts.now()); // limit fills stop while the sources disagree
    expect(await limitStatus()).toBe('CREATED');

    check.xau = { bid: '2009.00', ask: '2010.00' }; // 45 bps: within the threshold
    await tick();
    c = await current();
    expect(c.health.state).toBe('healthy');
    const accepted = await create(marketBuy());
    expect(accepted.status, accepted.text).toBe(200);
    expect(await orderCount()).toBe(orders + 1);
    await ts.app.orders.runOnce(ts.now());
    expect(await limitStatus()).toBe('FILLED');
    expect((await healthRows()).slice(-2)).toEqual(['healthy->disagree', 'disagree->healthy']);
    check.xau = { ...primary.xau };
  });

  it('an out-of-order tick is ignored: never shown nor quoted, counted', async () => {
    clockTo(kl('2030-01-08T11:00:00'));
    await tick();
    const good = (await current()).price!;
    const before = ts.app.market.feedHealth().outOfOrder.primary;
    primary.at = new Date(ts.now().getTime() - 5000);
    check.at = primary.at;
    primary.xau = { bid: '2500.00', ask: '2501.00' };
    check.xau = { ...primary.xau };
    try {
      await tick();
    } finally {
      primary.at = null;
      check.at = null;
    }
    const c = await current();
    expect(c.health.outOfOrder.primary).toBe(before + 1);
    expect(ts.app.market.currentQuotes()?.metals.xau).toEqual({ bid: '2000.00', ask: '2001.00' });
    expect(c.price?.at).toBe(good.at);
    expect(c.price?.usd.buy).toBe(good.usd.buy);
    primary.xau = { bid: '2000.00', ask: '2001.00' };
    check.xau = { ...primary.xau };
  });

  it('a fresh quote is honoured at its price; an expired or unknown one is refused with 2091 and changes nothing', async () => {
    clockTo(kl('2030-01-08T14:00:00'));
    await tick();
    const quoted = (await current()).price!;
    expect(quoted.quoteId).toEqual(expect.any(String));
    expect(Date.parse(quoted.expiresAt!) - ts.now().getTime()).toBeGreaterThan(8000);

    // the market moves; the order given the quote is priced at the quote
    primary.xau = { bid: '2100.00', ask: '2101.00' };
    check.xau = { ...primary.xau };
    await tick();
    const atQuote = await create(marketBuy({ quoteId: quoted.quoteId }));
    expect(atQuote.status, atQuote.text).toBe(200);
    const [row] = await ts.db.query<{ cost_price: string; myr_price: string }>('SELECT cost_price, myr_price FROM orders WHERE id = $1', [atQuote.body.id]);
    expect(Number(row!.cost_price)).toBe(2001);
    expect(Number(row!.myr_price)).toBe(Number(quoted.myr.buy));
    const live = await create(marketBuy()); // without a quote: the live price, as a console built from SPEC.md does
    const [liveRow] = await ts.db.query<{ cost_price: string }>('SELECT cost_price FROM orders WHERE id = $1', [live.body.id]);
    expect(Number(liveRow!.cost_price)).toBe(2101);

    // 11 s later (the feed still fresh) the quote has expired
    const fresh = (await current()).price!;
    ts.advanceClock(11_000);
    await tick();
    const orders = await orderCount();
    const [fund] = await ts.db.query<{ n: string }>('SELECT count(*) AS n FROM ledger_postings');
    const expired = await create(marketBuy({ quoteId: fresh.quoteId }));
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: 2091, context: 'quoteId' });
    const forged = await create(marketBuy({ quoteId: `${fresh.quoteId!.split('.')[0]}.AAAA` }));
    expect(forged.body).toMatchObject({ code: 2091 });
    expect((await create(marketBuy({ quoteId: 'x'.repeat(3000) }))).body).toMatchObject({ code: 1001, context: 'quoteId' });
    expect(await orderCount()).toBe(orders);
    expect((await ts.db.query<{ n: string }>('SELECT count(*) AS n FROM ledger_postings'))[0]!.n).toBe(fund!.n);
    primary.xau = { bid: '2000.00', ask: '2001.00' };
    check.xau = { ...primary.xau };
  });

  it('a quote issued by one process is honoured by another on the same database', async () => {
    clockTo(kl('2030-01-08T15:00:00'));
    await tick();
    const quoted = (await current()).price!;
    await ts.restart(); // another process: a new market service, the same database and signing key
    primary.xau = { bid: '2200.00', ask: '2201.00' };
    check.xau = { ...primary.xau };
    await tick();
    const r = await create(marketBuy({ quoteId: quoted.quoteId }));
    expect(r.status, r.text).toBe(200);
    const [row] = await ts.db.query<{ cost_price: string }>('SELECT cost_price FROM orders WHERE id = $1', [r.body.id]);
    expect(Number(row!.cost_price)).toBe(2001);
    primary.xau = { bid: '2000.00', ask: '2001.00' };
    check.xau = { ...primary.xau };
  });
});
