import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { DatabaseUnavailableError } from '../../../db/connection-errors.ts';
import type { EventBus, LiveEvent } from '../../../live/event-bus.ts';
import type { SocketMessage } from '@aurum/domain/system/live-messages';
import { openTestDb, testDriver } from '../../../testing/test-db.ts';
import { until } from '../../../testing/until.ts';
import { MarketService } from '../market-service.ts';

/**
 * A settings notice that arrives while the database is going away: the reload fails, the process
 * carries on with the copy it had (money reads the version in its own transaction) and logs it,
 * never an unhandled rejection, which would end the process; once the database answers, the notice
 * is applied by itself (the consoles get the changed setting) without waiting for a resync.
 */
describe(`market: a live event the database cannot serve, on ${testDriver}`, () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    opened = await openTestDb();
  });
  afterAll(() => opened?.close());

  it('logs the failed reload, keeps running and applies the notice once the database answers', async () => {
    let down = false;
    let failedReads = 0;
    const db: Db = {
      ...opened.db,
      transaction: (fn, to) => {
        if (!down) return opened.db.transaction(fn, to);
        failedReads += 1;
        return Promise.reject(new DatabaseUnavailableError(new Error('terminating connection due to administrator command')));
      },
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
    const told: SocketMessage[] = [];
    market.onMessage((m) => told.push(m));
    try {
      await market.open();
      down = true;
      deliver!({ kind: 'settings', what: 'adjust', metal: 'xau', version: 1_000_000 });
      // tried again while the database stays away: each failure logged, nothing applied
      await until('the reload failed and was tried again', () => failedReads >= 3, 10_000);
      expect(warnings.length).toBeGreaterThanOrEqual(2);
      expect(warnings.every((w) => /could not be applied; trying again/.test(w))).toBe(true);
      expect(told.filter((m) => m.type === 'GlobalSetting')).toEqual([]);
      down = false;
      await until('the notice applied by itself', () => told.some((m) => m.type === 'GlobalSetting'), 10_000);
      expect(told.find((m) => m.type === 'GlobalSetting')).toMatchObject({ type: 'GlobalSetting', data: { metal: 'xau' } });
      // a turn of the event loop for a rejection to surface, had there been one
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      const failures = warnings.length;
      await market.upToDate();
      expect(warnings).toHaveLength(failures);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await market.close();
    }
  });
});
