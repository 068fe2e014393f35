import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { DatabaseUnavailableError } from '../../../db/connection-errors.ts';
import type { EventBus, LiveEvent } from '../../../live/event-bus.ts';
import { openTestDb, testDriver } from '../../../testing/test-db.ts';
import { until } from '../../../testing/until.ts';
import { MarketService } from '../market-service.ts';

/**
 * A settings notice that arrives while the database is going away: the reload fails, the process
 * carries on with the copy it had (money reads the version in its own transaction) and logs it,
 * never an unhandled rejection, which would end the process.
 */
describe(`market: a live event the database cannot serve, on ${testDriver}`, () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    opened = await openTestDb();
  });
  afterAll(() => opened?.close());

  it('logs the failed reload and keeps running; the next notice reloads', async () => {
    let down = false;
    const db: Db = {
      ...opened.db,
      transaction: (fn, to) => (down ? Promise.reject(new DatabaseUnavailableError(new Error('terminating connection due to administrator command'))) : opened.db.transaction(fn, to)),
    };
    let deliver: ((event: LiveEvent) => void) | null = null;
    const bus: EventBus = {
      publish: async () => undefined,
      subscribe: (handler) => {
        deliver = handler;
        return () => (deliver = null);
      },
      health: () => ({ connected: true, reconnects: 0 }),
      close: async () => undefined,
    };
    const warnings: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const market = new MarketService(db, bus, null, () => new Date(), { tickMs: 1000, staleMs: 60_000, historySize: 10, log: { warn: (_d, m) => warnings.push(m) } });
    try {
      await market.open();
      down = true;
      deliver!({ kind: 'settings', what: 'adjust', metal: 'XAU', version: 1_000_000 });
      await until('the failed reload logged', () => warnings.length === 1, 5_000);
      expect(warnings[0]).toMatch(/could not be applied/);
      down = false;
      deliver!({ kind: 'resync' });
      await until('the resync reloaded', () => market.upToDate().then(() => true), 5_000);
      // a turn of the event loop for a rejection to surface, had there been one
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(warnings).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await market.close();
    }
  });
});
