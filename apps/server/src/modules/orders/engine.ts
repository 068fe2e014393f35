import { Decimal } from '@aurum/domain/money/decimal';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { AppError, refusalAuditOf, type RefusalAudit } from '../../http/app-error.ts';
import { routeAuditWriter } from '../audit/audit-service.ts';
import { intervalJob, JobRuns, type Job, type JobRunListener } from '../../jobs/jobs-runner.ts';
import type { MarketService } from '../market/market-service.ts';
import { modesAt, modesForMoney } from '../system/mode-service.ts';
import { lockForMoney } from '../wallet/wallet-service.ts';
import { findOrder, type OrderRow } from './order-repository.ts';
import { coverageRefusedLately, expiredGtdBatch, interestStartedBatch, orderSavepoint, tryEngineLock, usdFilledBatch, waitingLimitBatch } from './engine-repository.ts';
import { businessDate, cancelOrder, fillOrder, livePrices, markOverdue, publishOrder, settleOrder, tradeUser, type OrderContext } from './order-life-cycle-service.ts';
import { isHeld } from '../compliance/hold-service.ts';

export const ENGINE_JOBS = ['expire', 'match', 'autoSettle', 'overdue'] as const;
export type EngineJob = (typeof ENGINE_JOBS)[number];
export type EngineReport = Record<EngineJob, number | null>;

/**
 * The order engine (DECISIONS.md §5, §11): GTD expiry, limit matching, XAU/USD auto settle and
 * overdue marking. Each job run is one transaction that first takes its advisory lock with
 * pg_try_advisory_xact_lock (engine-repository.ts): when another process runs the same job, this one skips it (null in
 * the report). Each order is handled under a savepoint, so one order's failure does not undo the
 * others. Every change writes its timeline entry and publishes OrderUpdated; the engine is not an
 * admin, so it writes no audit row. The engine is the job `orderEngine` (every
 * ORDER_ENGINE_INTERVAL_MS once started, 0: never); tests drive it with runOnce(now).
 */
export class OrderEngine implements Job {
  readonly name = 'orderEngine';
  private readonly timer: Job;
  private readonly runs = new JobRuns(this.name);
  private readonly deps: AppDeps;
  private readonly market: MarketService;

  /** The audit writer (the engine is not an admin: it writes rows only for the treasury's coverage rule). */
  private readonly writeAudit: ReturnType<typeof routeAuditWriter>;

  constructor(deps: AppDeps, market: MarketService) {
    this.writeAudit = routeAuditWriter(deps.config);
    this.deps = deps;
    this.market = market;
    this.timer = intervalJob(this.name, { everyMs: deps.config.orderEngineIntervalMs, run: () => this.runOnce() });
  }

  start(): void {
    this.timer.start();
  }

  /** Stops the timer and waits for the run in hand. */
  stop(): Promise<void> {
    return this.timer.stop();
  }

  onRun(listener: JobRunListener): void {
    this.runs.listen(listener);
  }

  /** Runs every job once at `now` (tests drive the engine with it; the timer too). */
  runOnce(now: Date = this.deps.now()): Promise<EngineReport> {
    return this.runs.track(async () => {
      const report = {} as EngineReport;
      for (const [i, job] of ENGINE_JOBS.entries()) report[job] = await this.run(i + 1, now, job);
      return report;
    });
  }

  private ctx(q: Queryable, now: Date): OrderContext {
    return {
      q,
      events: this.deps.events,
      now,
      by: null,
      graceDays: this.deps.config.orderInterestGraceDays,
      // mode alert: a limit buy filled although customers are uncovered is flagged on an audit row of its own
      coverageFlagged: (flag) =>
        this.writeAudit(q, { username: 'system', adminId: null, action: 'treasury.coverage', detail: { decision: 'flagged', what: 'order.fill', ...flag }, device: null, ip: null }),
    };
  }

  private run(jobNo: number, now: Date, job: EngineJob): Promise<number | null> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await tryEngineLock(tx, jobNo))) return null;
      const ctx = this.ctx(tx, now);
      switch (job) {
        case 'expire':
          return this.expire(ctx);
        case 'match':
          return this.match(ctx);
        case 'autoSettle':
          return this.autoSettle(ctx);
        case 'overdue':
          return this.overdue(ctx);
      }
    });
  }

  /**
   * Runs `fn` for each order under a savepoint, its user's wallet and the order locked first
   * (lockForMoney); answers how many changed. An order that fails (a deadlock included: its locks
   * go with the savepoint) is left for the next run.
   */
  private async each(ctx: OrderContext, ids: readonly number[], fn: (row: OrderRow) => Promise<boolean>): Promise<number> {
    let changed = 0;
    for (const id of ids) {
      await orderSavepoint.open(ctx.q);
      try {
        await lockForMoney(ctx.q, { orderIds: [id] });
        const row = await findOrder(ctx.q, id, true);
        if (row && (await fn(row))) changed += 1;
        await orderSavepoint.release(ctx.q);
      } catch {
        await orderSavepoint.rollBack(ctx.q);
      }
    }
    return changed;
  }

  /** GTD orders still waiting once their good-till date (Asia/Kuala_Lumpur) has ended: CANCELED. */
  private async expire(ctx: OrderContext): Promise<number> {
    const ids = await expiredGtdBatch(ctx.q, businessDate(ctx.now));
    return this.each(ctx, ids, async (row) => {
      if (row.status !== 'CREATED') return false;
      await publishOrder(ctx, await cancelOrder(ctx, row, 'expire'), 'OrderUpdated');
      return true;
    });
  }

  /**
   * Limit orders fill when the user's live price reaches the limit (buy: price <= limit, sell:
   * price >= limit) while their market is open. One that cannot be paid for any more (2080) is
   * canceled.
   */
  private async match(ctx: OrderContext): Promise<number> {
    // the modes row under the settings lock (shared) for the whole run: a panic switch waits for the fills read before it, and none follows it
    const pricing = this.market.orderPricing(await this.market.inForce(ctx.q));
    if (!pricing) return 0;
    const ids = await waitingLimitBatch(ctx.q);
    let changed = 0;
    for (const id of ids) {
      let refused = false;
      let uncovered: RefusalAudit | null = null;
      changed += await this.each(ctx, [id], async (row) => {
        if (row.status !== 'CREATED' || row.limit_price === null) return false;
        // a held or frozen customer's open order waits, unfilled, until the hold is released (decision 1101)
        if (await isHeld(ctx.q, row.user_id)) return false;
        const pair = row.symbol === 'XAU/MYR' ? 'myr' : 'usd';
        if (!pricing.status[pair].available) return false;
        const user = await tradeUser(ctx.q, row.user_id);
        const live = livePrices(pricing, user, row.action);
        const current = new Decimal(pair === 'myr' ? live.prices.myrPrice : live.prices.usdPrice!);
        const reached = row.action === 'BUY' ? current.lte(row.limit_price) : current.gte(row.limit_price);
        if (!reached) return false;
        try {
          await publishOrder(ctx, await fillOrder(ctx, row, live.prices, user), 'OrderUpdated');
        } catch (e) {
          // customers would be uncovered (2090): the order stays waiting, and the refusal is audited below
          if (e instanceof AppError && e.code === ErrorCode.CustomersUncovered) uncovered = refusalAuditOf(e);
          else if (e instanceof AppError && e.status === 422) refused = true;
          throw e;
        }
        return true;
      });
      const refusal = uncovered as RefusalAudit | null; // set inside the callback
      if (refusal && !(await coverageRefusedLately(ctx.q, id))) {
        // after the savepoint rolled the fill back: the row stays in the engine's transaction (once an hour per order, not every run)
        await this.writeAudit(ctx.q, { username: 'system', adminId: null, action: refusal.action, detail: { ...refusal.detail, orderId: id, engine: 'match' }, device: null, ip: null });
      }
      if (refused) {
        changed += await this.each(ctx, [id], async (row) => {
          await publishOrder(ctx, await cancelOrder(ctx, row, 'expire'), 'OrderUpdated');
          return true;
        });
      }
    }
    return changed;
  }

  /** XAU/USD fills settle by themselves, unless auto-settle mode has switched that off (until 12:00). */
  private async autoSettle(ctx: OrderContext): Promise<number> {
    // the modes row under the settings lock (shared) for the whole run: a switch in flight is waited for and then seen, and waits for this run
    if (modesAt(await modesForMoney(ctx.q), ctx.now).autoSettle) return 0;
    const ids = await usdFilledBatch(ctx.q);
    return this.each(ctx, ids, async (row) => {
      if (row.status !== 'FILLED') return false;
      await publishOrder(ctx, await settleOrder(ctx, row), 'OrderUpdated');
      return true;
    });
  }

  /** SETTLED orders still owing once interest has started: OVERDUE. */
  private async overdue(ctx: OrderContext): Promise<number> {
    const ids = await interestStartedBatch(ctx.q, ctx.now);
    return this.each(ctx, ids, async (row) => {
      if (row.status !== 'SETTLED') return false;
      await publishOrder(ctx, await markOverdue(ctx, row), 'OrderUpdated');
      return true;
    });
  }
}
