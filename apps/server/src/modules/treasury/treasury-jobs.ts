import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { bandCrossing, markToMarket, outsideBand } from '@aurum/domain/treasury/treasury-books';
import { Decimal } from '@aurum/domain/money/decimal';
import type { AppDeps } from '../../app-deps.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import { routeAuditWriter } from '../audit/audit-service.ts';
import type { Quotes } from '../../live/event-bus.ts';
import { flipOutsideBand, foldBooks, insertHistoryPoint, lockSettings, superAdminEmails, vacuumBooks } from './treasury-repository.ts';
import { metalPrice, netPosition } from './treasury-service.ts';

/** How often the book deltas are folded and the bands checked. */
export const TREASURY_BOOKS_FOLD_MS = 2_000;
export const TREASURY_BAND_CHECK_MS = 15_000;
/** The exposure history keeps one point per metal per slot of this length (the band check writes it). */
export const TREASURY_HISTORY_MS = 5 * 60_000;

/** The start of the history slot a moment falls in. */
export const historySlot = (at: Date) => new Date(Math.floor(at.getTime() / TREASURY_HISTORY_MS) * TREASURY_HISTORY_MS);

/**
 * The job `treasuryBooks`: folds treasury_book_deltas into one row per (metal, book) (migration
 * 020), so the coverage rule's read inside every buy sums a handful of rows whatever the traffic.
 * VACUUMs the small tables (and the coverage quota, updated by every buy) after a fold that
 * removed rows (PGlite runs no autovacuum).
 */
export function treasuryBooksJob(deps: Pick<AppDeps, 'db'>, everyMs: number = TREASURY_BOOKS_FOLD_MS): Job {
  return intervalJob('treasuryBooks', {
    everyMs,
    run: async () => {
      const folded = await deps.db.transaction((tx) => foldBooks(tx));
      if (folded > 0) await vacuumBooks(deps.db);
      return folded;
    },
  });
}

export interface BandReport {
  metal: string;
  crossing: 'left' | 'returned';
  net: string;
}

/**
 * The job `treasuryBands`: per metal, when the net position has left its band (|net - target| >
 * band) or come back inside since the last check (the `outside_band` flag), once per crossing: an
 * audit row `treasury.band`, a TreasuryBand socket message to the consoles (shown to superAdmins)
 * and an e-mail to every superAdmin through the mail outbox, all in one transaction with the flag.
 * It also writes the exposure history: the net (and its value at `quotes`, the live prices) at the
 * start of each TREASURY_HISTORY_MS slot, once per slot whichever process gets there first.
 * runOnce answers the crossings it found.
 */
export function treasuryBandJob(deps: AppDeps, options: { everyMs?: number; quotes?: () => Quotes | null } = {}): Job {
  const everyMs = options.everyMs ?? TREASURY_BAND_CHECK_MS;
  const quotes = options.quotes ?? (() => null);
  const writeAudit = routeAuditWriter(deps.config);
  const run = async (now: Date = deps.now()): Promise<BandReport[]> => {
    const found: BandReport[] = [];
    for (const metal of TREASURY_METALS) {
      const report = await deps.db.transaction(async (tx): Promise<BandReport | null> => {
        const setting = await lockSettings(tx, metal); // one process alerts once: the flag row is locked
        if (!setting) return null;
        const net = await netPosition(tx, metal);
        const price = metalPrice(quotes(), metal);
        const value = markToMarket(net, price);
        await insertHistoryPoint(tx, { metal, at: historySlot(now), net, mtmMyr: value.mtmMyr, mtmUsd: value.mtmUsd, price });
        const target = new Decimal(setting.target).toFixed(4);
        const band = new Decimal(setting.band).toFixed(4);
        const crossing = bandCrossing(setting.outside_band, outsideBand(net, target, band));
        if (!crossing || !(await flipOutsideBand(tx, metal, crossing === 'left'))) return null;
        await writeAudit(tx, {
          username: 'system',
          adminId: null,
          action: 'treasury.band',
          detail: { metal, crossing, net, target, band, at: now.toISOString() },
          device: null,
          ip: null,
        });
        await deps.events.publish(tx, { kind: 'treasury', type: 'TreasuryBand', data: { metal, crossing, net, target, band } });
        const subject =
          crossing === 'left' ? `Treasury: ${metal} net position outside its band` : `Treasury: ${metal} net position back inside its band`;
        const text = [
          crossing === 'left'
            ? `The net ${metal} position is ${net} g, outside its band of ${band} g around the target ${target} g.`
            : `The net ${metal} position is ${net} g, back inside its band of ${band} g around the target ${target} g.`,
          `Checked at ${now.toISOString()}. See the Treasury screen of the console.`,
        ].join('\n');
        for (const to of await superAdminEmails(tx)) await deps.mailer.send(tx, { to, subject, text });
        return { metal, crossing, net };
      });
      if (report) found.push(report);
    }
    return found;
  };
  return intervalJob('treasuryBands', { everyMs, run: (now?: Date) => run(now) });
}
