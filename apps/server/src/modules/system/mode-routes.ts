import type { FastifyInstance } from 'fastify';
import { can } from '@aurum/domain/access/permissions';
import { autoSettleReenableAt } from '@aurum/domain/system/market-status';
import { ModeAnswer, ModeBody } from '@aurum/domain/system/system-schemas';
import { forbidden } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';

const SECURE = '/v0/web/secure';

interface ModesRow {
  panic: boolean;
  trading_period: boolean;
  auto_settle: boolean;
  auto_settle_since: Date | null;
}

/** The modes as they stand now: auto-settle mode has turned itself off once 12:00 has passed. */
export async function readModes(q: Queryable, now: Date): Promise<{ panic: boolean; tradingPeriod: boolean; autoSettle: boolean; reenableAt: Date | null }> {
  const [row] = await q.query<ModesRow>('SELECT panic, trading_period, auto_settle, auto_settle_since FROM system_modes WHERE id = 1');
  const reenableAt = row!.auto_settle && row!.auto_settle_since ? autoSettleReenableAt(row!.auto_settle_since) : null;
  const autoSettle = row!.auto_settle && reenableAt !== null && reenableAt > now;
  return { panic: row!.panic, tradingPeriod: row!.trading_period, autoSettle, reenableAt: autoSettle ? reenableAt : null };
}

function toAnswer(m: Awaited<ReturnType<typeof readModes>>): ModeAnswer {
  return {
    panicMode: m.panic,
    tradingPeriodMode: m.tradingPeriod,
    autoSettleConfig: { enabled: m.autoSettle, reenableAt: m.reenableAt?.toISOString() ?? null },
  };
}

export function registerModeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/mode`,
    summary: 'The system modes: panic, trading period, auto settle (with when it re-enables auto settlement)',
    tags: ['system'],
    auth: 'admin',
    response: ModeAnswer,
    handler: async ({ db }) => toAnswer(await readModes(db, deps.now())),
  });

  const setters = [
    { path: 'set_panic', column: 'panic', on: 'activatePanic', off: 'deactivatePanic', audit: 'mode.panic', label: 'Panic mode: disables all gold trading' },
    { path: 'set_trading_period', column: 'trading_period', on: 'activateTradingPeriod', off: 'deactivateTradingPeriod', audit: 'mode.tradingPeriod', label: 'Trading period mode: XAU/MYR trading outside regular hours' },
    { path: 'set_auto_settle', column: 'auto_settle', on: 'setAutoSettle', off: 'setAutoSettle', audit: 'mode.autoSettle', label: 'Auto settle mode: XAU/USD auto settlement off until 12:00' },
  ] as const;
  for (const s of setters) {
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/mode/${s.path}`,
      summary: `${s.label}; body {enabled}`,
      tags: ['system'],
      auth: 'admin',
      permission: s.on,
      audit: s.audit,
      body: ModeBody,
      response: ModeAnswer,
      handler: async ({ db, body, admin, audit }) => {
        // switching off has its own permission (granted to the same roles today)
        if (!body.enabled && !can(admin, s.off)) throw forbidden();
        const now = deps.now();
        const before = await readModes(db, now);
        await db.query(
          `UPDATE system_modes SET ${s.column} = $1, updated_at = $2, updated_by = $3${
            s.column === 'auto_settle' ? ', auto_settle_since = CASE WHEN $1 THEN $2::timestamptz ELSE NULL END' : ''
          } WHERE id = 1`,
          [body.enabled, now, admin!.id],
        );
        const after = await readModes(db, now);
        await deps.events.publish(db, { kind: 'settings', what: 'modes' });
        audit.before(toAnswer(before));
        audit.after(toAnswer(after));
        return toAnswer(after);
      },
    });
  }
}
