import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@aurum/domain/money/decimal';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { PositionAnswer, PositionHistoryAnswer } from '@aurum/domain/treasury/position-schemas';
import { S, startOrderServer, type OrderTestServer } from '../../orders/__tests__/order-helpers.ts';
import { TREASURY_HISTORY_MS, historySlot } from '../treasury-jobs.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`treasury exposure history on ${driver}`, () => {
  let o: OrderTestServer;
  beforeAll(async () => {
    o = await startOrderServer();
  });
  afterAll(() => o?.ts.close());

  const history = (hours?: number) => o.call<PositionHistoryAnswer>('none', 'GET', `${S}/treasury/history${hours === undefined ? '' : `?hours=${hours}`}`);
  const xauNet = async () => (await o.call<PositionAnswer>('none', 'GET', `${S}/treasury/position`)).body.items.find((i) => i.metal === 'XAU')!.net;

  it('the band check writes one point per metal per five-minute slot, valued at the live price; the history answers them oldest first', async () => {
    const bands = o.ts.app.jobs.get('treasuryBands')!;
    const start = historySlot(o.ts.now());
    await bands.runOnce(new Date(start.getTime() + 1_000));
    await bands.runOnce(new Date(start.getTime() + 60_000)); // same slot: nothing more
    const net = await xauNet();
    // a 10 g hedge buy moves the net; the next slot records it
    await o.ts.db.query(
      `INSERT INTO hedges (client_ref, provider, metal, side, quantity, price, currency, traded_at, state, position_before, position_after, request_hash)
       VALUES ('history-1', 'Acme Metals', 'XAU', 'BUY', 10, 2650, 'USD', now(), 'filled', 0, 0, 'test')`,
    );
    await bands.runOnce(new Date(start.getTime() + TREASURY_HISTORY_MS + 1_000));
    const rows = await o.ts.db.query<{ metal: string; n: number }>('SELECT metal, count(*)::int AS n FROM treasury_history GROUP BY metal ORDER BY metal');
    expect(rows).toEqual([
      { metal: 'XAG', n: 2 },
      { metal: 'XAU', n: 2 },
      { metal: 'XPT', n: 2 },
    ]);
    const valued = await o.ts.db.query<{ mtm_usd: string | null }>("SELECT mtm_usd::text FROM treasury_history WHERE metal = 'XAU' ORDER BY at LIMIT 1");
    expect(valued[0]!.mtm_usd).not.toBeNull();

    // the server's clock is at the first slot: ask far enough back and forward-looking points are included
    const answer = await history(2);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.everyMinutes).toBe(5);
    const xau = answer.body.points.map((p) => [p.at, p.net.XAU]);
    expect(xau).toEqual([
      [start.toISOString(), net],
      [new Date(start.getTime() + TREASURY_HISTORY_MS).toISOString(), new Decimal(net).plus(10).toFixed(4)],
    ]);
    expect(answer.body.points[0]!.net).toHaveProperty('XPT');
  });

  it('refuses an out-of-range or malformed span with 400 1001 (hours)', async () => {
    for (const hours of ['0', '2161', 'day', '1.5']) {
      const r = await o.call('none', 'GET', `${S}/treasury/history?hours=${hours}`);
      expect([r.status, r.body.code, r.body.context], hours).toEqual([400, ErrorCode.InvalidFormat, 'hours']);
    }
    expect((await history()).status).toBe(200);
  });
});
