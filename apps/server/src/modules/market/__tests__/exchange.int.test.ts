import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '@aurum/domain/money/decimal';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { httpPollingSource, simulatedSource } from '../price-sources.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const EXCHANGE = '/v0/web/secure/currency/exchange';

interface PriceSet {
  bid: string;
  ask: string;
  high: string;
  low: string;
  updatedAt: string;
}
interface Exchange {
  adjustExchange: PriceSet | null;
  current: (PriceSet & { source: string }) | null;
  integral: PriceSet | null;
  investing: PriceSet | null;
  adjustments: { regular: { bid: string; ask: string }; afterHour: { bid: string; ask: string } };
}

/** A signed-in reader of currency/exchange on a test server. */
async function exchangeReader(ts: TestServer) {
  const api = client(ts);
  const who = ts.demo.byRole.none!;
  const jwt = (await api.login(who.username, who.password)).body.jwt;
  return async () => {
    const r = await api.call<Exchange>('GET', EXCHANGE, { token: jwt });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
}

/** Waits for the answer that satisfies `ok` (the feed ticks every 100 ms). */
const waitFor = (read: () => Promise<Exchange>, ok: (e: Exchange) => boolean) =>
  vi.waitUntil(
    async () => {
      const e = await read();
      return ok(e) ? e : false;
    },
    { timeout: 10_000, interval: 50 },
  );

const expectFullSet = (set: PriceSet | null, name: string) => {
  expect(set, name).not.toBeNull();
  for (const k of ['bid', 'ask', 'high', 'low'] as const) expect(set![k], `${name}.${k}`).toMatch(/^\d+\.\d{4}$/);
  expect(new Decimal(set!.bid).lt(set!.ask), `${name} bid < ask`).toBe(true);
  expect(new Decimal(set!.low).lte(set!.bid), `${name} low <= bid`).toBe(true);
  expect(new Decimal(set!.high).gte(set!.ask), `${name} high >= ask`).toBe(true);
  expect(Number.isNaN(Date.parse(set!.updatedAt)), `${name}.updatedAt`).toBe(false);
};

describe(`currency/exchange with the simulated feed on ${driver}`, () => {
  let ts: TestServer;
  let read: () => Promise<Exchange>;
  beforeAll(async () => {
    ts = await startTestServer({
      env: { PRICE_TICK_MS: '100' },
      app: { priceSource: simulatedSource({ xau: '2650', xpt: '980', xag: '31.5', usdMyr: '4.4700', volatility: 0.001, seed: 5 }) },
      jobs: ['priceFeed'],
    });
    read = await exchangeReader(ts);
  });
  afterAll(() => ts?.close());

  it('fills integral and investing as sources of their own, ticking with the feed', async () => {
    const first = await waitFor(read, (e) => e.current !== null && e.integral !== null && e.investing !== null);
    expectFullSet(first.current, 'current');
    expectFullSet(first.integral, 'integral');
    expectFullSet(first.investing, 'investing');
    // each has its own spread, and stays near the market (within 1 %)
    expect(new Decimal(first.integral!.ask).minus(first.integral!.bid).toFixed(4)).toBe('0.0020');
    expect(new Decimal(first.investing!.ask).minus(first.investing!.bid).toFixed(4)).toBe('0.0050');
    for (const set of [first.integral!, first.investing!]) {
      expect(new Decimal(set.bid).minus(first.current!.bid).abs().div(first.current!.bid).lt('0.01')).toBe(true);
    }
    // they tick with the feed: later quotes carry new values and a later updatedAt
    const later = await waitFor(read, (e) => e.integral !== null && Date.parse(e.integral.updatedAt) > Date.parse(first.integral!.updatedAt));
    expect(Date.parse(later.investing!.updatedAt)).toBeGreaterThan(Date.parse(first.investing!.updatedAt));
    expect(later.integral!.updatedAt).toBe(later.current!.updatedAt);
  });

  it('walks the references on their own: their offset from the market changes from tick to tick', async () => {
    const source = simulatedSource({ xau: '2650', xpt: '980', xag: '31.5', usdMyr: '4.4700', volatility: 0.001, seed: 9 });
    const offsets = { integral: new Set<string>(), investing: new Set<string>() };
    const start = Date.parse('2030-01-07T02:00:00Z');
    for (let i = 0; i < 20; i++) {
      const q = (await source.next(new Date(start + i * 1000)))!;
      const mid = new Decimal(q.usdMyr.bid).plus(q.usdMyr.ask).div(2);
      for (const name of ['integral', 'investing'] as const) {
        const r = q.references![name]!;
        offsets[name].add(new Decimal(r.bid).plus(r.ask).div(2).minus(mid).toFixed(4));
      }
    }
    // not a fixed shift of the market: the offsets take several values, and the two disagree
    expect(offsets.integral.size).toBeGreaterThan(3);
    expect(offsets.investing.size).toBeGreaterThan(3);
    expect([...offsets.integral]).not.toEqual([...offsets.investing]);
  });
});

describe(`currency/exchange with an http provider on ${driver}`, () => {
  let ts: TestServer;
  let read: () => Promise<Exchange>;
  let stub: Server;
  const quotes = { metals: { xau: { bid: '2650.10', ask: '2650.90' }, xpt: { bid: '980.00', ask: '981.00' }, xag: { bid: '31.40', ask: '31.60' } }, usdMyr: { bid: '4.4700', ask: '4.4800' } };
  let answer: Record<string, unknown> = quotes;
  beforeAll(async () => {
    stub = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/quotes`;
    ts = await startTestServer({
      env: { PRICE_SOURCE: 'http', PRICE_SOURCE_URL: url, PRICE_TICK_MS: '100' },
      app: { priceSource: httpPollingSource(url, 500) },
      jobs: ['priceFeed'],
    });
    read = await exchangeReader(ts);
  });
  afterAll(async () => {
    await ts?.close();
    await new Promise<void>((r) => stub.close(() => r()));
  });

  it('answers a reference the provider does not send as null, while current is there', async () => {
    const e = await waitFor(read, (x) => x.current !== null);
    expect(e.current).toMatchObject({ bid: '4.4700', ask: '4.4800', high: '4.4800', low: '4.4700', source: 'http' });
    expect(e.integral).toBeNull();
    expect(e.investing).toBeNull();
  });

  it('shows a reference once the provider sends it, and keeps its last value and time when it stops', async () => {
    answer = { ...quotes, integral: { bid: '4.4690', ask: '4.4710', high: '4.4800', low: '4.4600' }, investing: { bid: '4.4650', ask: '4.4750' } };
    const sent = await waitFor(read, (x) => x.integral !== null && x.investing !== null);
    expect(sent.integral).toEqual({ bid: '4.4690', ask: '4.4710', high: '4.4800', low: '4.4600', updatedAt: sent.integral!.updatedAt });
    // no high or low from the provider: the ask and the bid, as for the current rate
    expect(sent.investing).toMatchObject({ bid: '4.4650', ask: '4.4750', high: '4.4750', low: '4.4650' });
    answer = { ...quotes, investing: { bid: '4.4660', ask: '4.4760' } };
    const switched = await waitFor(read, (x) => x.investing?.bid === '4.4660');
    // integral went quiet: its last set stays, dated when it was last sent, older than the rate of later ticks
    const again = await waitFor(read, (x) => Date.parse(x.current!.updatedAt) > Date.parse(switched.current!.updatedAt));
    const { updatedAt, ...values } = again.integral!;
    expect(values).toEqual({ bid: '4.4690', ask: '4.4710', high: '4.4800', low: '4.4600' });
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.integral!.updatedAt));
    expect(Date.parse(updatedAt)).toBeLessThan(Date.parse(switched.current!.updatedAt) + 1);
    expect(Date.parse(updatedAt)).toBeLessThan(Date.parse(again.current!.updatedAt));
    expect(again.investing).toMatchObject({ bid: '4.4660', ask: '4.4760' });
  });
});

describe(`currency/exchange with PRICE_SOURCE=none on ${driver}`, () => {
  let ts: TestServer;
  let read: () => Promise<Exchange>;
  beforeAll(async () => {
    // server.ts gives the application no source for PRICE_SOURCE=none
    ts = await startTestServer({ env: { PRICE_SOURCE: 'none' }, app: { priceSource: null } });
    read = await exchangeReader(ts);
  });
  afterAll(() => ts?.close());

  it('answers every price set null (nothing invented), the adjustments as set', async () => {
    const e = await read();
    expect(e).toEqual({
      adjustExchange: null,
      current: null,
      integral: null,
      investing: null,
      adjustments: { regular: expect.objectContaining({ bid: expect.any(String), ask: expect.any(String) }), afterHour: expect.objectContaining({ bid: expect.any(String), ask: expect.any(String) }) },
    });
  });

  it('documents the null sets in the OpenAPI answer of the route', async () => {
    const api = client(ts);
    const r = await api.call<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>> }>('GET', '/docs/json');
    const schema = JSON.stringify(r.body.paths[EXCHANGE]!.get!.responses['200']!.content['application/json']!.schema);
    expect(schema).toContain('null while the source has sent no value');
  });
});
