import type { FastifyInstance } from 'fastify';
import { can } from '@aurum/domain/access/permissions';
import { ModeAnswer, ModeBody } from '@aurum/domain/system/system-schemas';
import { forbidden } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { currentModes, switchMode, type Modes } from './mode-service.ts';

const SECURE = '/v0/web/secure';

function toAnswer(m: Modes): ModeAnswer {
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
    handler: async () => toAnswer(await currentModes(deps)),
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
      handler: async ({ db, body, admin, audit, onRollback }) => {
        // switching off has its own permission (granted to the same roles today)
        if (!body.enabled && !can(admin, s.off)) throw forbidden();
        const { before, after } = await switchMode(deps, db, s.column, body.enabled, admin!.id, onRollback);
        audit.before(toAnswer(before));
        audit.after(toAnswer(after));
        return toAnswer(after);
      },
    });
  }
}
