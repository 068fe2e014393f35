import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { dayCloseChecks, firstOpenDay, type CloseDateRefusal, type DayCloseCheck } from '@aurum/domain/finance/day-close';
import { dayCloseRefusal } from '@aurum/domain/finance/periods';
import type { DayCloseCheckAnswer, DayClosesAnswer, DayCloseView } from '@aurum/domain/finance/day-close-schemas';
import { businessDate, startOfBusinessDay } from '@aurum/domain/system/business-time';
import { appError, auditedRefusal } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { holidayDates } from '../system/holiday-service.ts';
import { barsHeld } from '../vault/vault-service.ts';
import {
  closedCustomerBooksBelowZero,
  closedThrough,
  customerBooksBelowZero,
  firstEntryDay,
  foldClosed,
  latestCloses,
  lockJournal,
  metalHeldInBooks,
  periodCloses,
  recordClose,
  type CloseRow,
} from '../ledger/ledger-close-service.ts';
import { postCloseEntries } from './close-entries-service.ts';
import { trialBalanceBetween } from './finance-service.ts';

/**
 * The day close (decisions 1001, 1041): a finance approver closes the next business day once it has
 * ended and its checks pass; the close posts its accruals and revaluation, the books are snapshotted
 * at its end (decision 1002) and the journal refuses any entry dated before that end. Reopening is a
 * proposal a second superAdmin decides (period-service.ts).
 */

/** How many closes the list shows; a negative customer book list is cut at this many. */
const CLOSES_SHOWN = 60;
const NEGATIVE_SHOWN = 20;

export const closeView = (c: CloseRow): DayCloseView => ({
  date: c.date,
  from: c.startsAt?.toISOString() ?? null,
  to: c.endsAt.toISOString(),
  closedBy: c.closedBy,
  closedAt: c.closedAt.toISOString(),
});

/** The closed days and where postings may be dated now. */
export async function closesAnswer(q: Queryable, now: Date): Promise<DayClosesAnswer> {
  const closes = await latestCloses(q, CLOSES_SHOWN);
  const today = businessDate(now);
  const lastClosed = closes[0]?.date ?? null;
  const through = await closedThrough(q);
  const periods = (await periodCloses(q, CLOSES_SHOWN)).map((p) => ({ ...p, closedAt: p.closedAt.toISOString() }));
  return { lastClosed, firstOpenDay: firstOpenDay(lastClosed, today), today, items: closes.map(closeView), lastClosedMonth: through.month, lastClosedYear: through.year, periods };
}

interface Stretch {
  date: string;
  startsAt: Date | null;
  endsAt: Date;
  refusal: CloseDateRefusal | null;
}

async function stretchOf(q: Queryable, date: string, now: Date): Promise<Stretch & { previous: string | null }> {
  const [latest] = await latestCloses(q, 1);
  const refusal = dayCloseRefusal(date, await closedThrough(q), businessDate(now), await holidayDates(q), await firstEntryDay(q));
  return { date, previous: latest?.date ?? null, startsAt: latest?.endsAt ?? null, endsAt: startOfBusinessDay(date, 1), refusal };
}

/**
 * The checks of a stretch of the journal: its trial balance, the customer books at its end, the
 * metal books against the bars now. `folded`: the stretch is in the closed balances already (the
 * close, in its transaction), so they are read from there; else (a preview) from its postings.
 */
async function checksOf(q: Queryable, s: Stretch, folded: boolean): Promise<DayCloseCheck[]> {
  const units = await trialBalanceBetween(q, s.startsAt ?? new Date(0), s.endsAt);
  const negative = folded ? await closedCustomerBooksBelowZero(q, NEGATIVE_SHOWN) : await customerBooksBelowZero(q, s.startsAt, s.endsAt, NEGATIVE_SHOWN);
  const books = new Map((await metalHeldInBooks(q, folded ? s.endsAt : s.startsAt)).map((m) => [m.metal, m.grams]));
  const bars = await barsHeld(q);
  const metals = [...new Set([...books.keys(), ...bars.map((b) => b.metal)])].sort().map((metal) => ({
    metal,
    books: books.get(metal) ?? '0',
    bars: bars.find((b) => b.metal === metal)?.grams ?? '0',
  }));
  return dayCloseChecks({ units, negativeCustomerBooks: negative, metals });
}

const answerOf = (s: Stretch, checks: DayCloseCheck[]): DayCloseCheckAnswer => ({
  date: s.date,
  from: s.startsAt?.toISOString() ?? null,
  to: s.endsAt.toISOString(),
  refusal: s.refusal,
  checks,
  closable: s.refusal === null && checks.every((c) => c.ok),
});

/** What closing a day would find now; nothing is written. A refused date still shows the checks of the stretch it would close. */
export async function dayCloseCheck(q: Queryable, date: string, now: Date): Promise<DayCloseCheckAnswer> {
  const s = await stretchOf(q, date, now);
  if (s.refusal?.rule === 'alreadyClosed') return answerOf(s, []);
  return answerOf(s, await checksOf(q, s, false));
}

const REFUSAL_TEXT: { [R in CloseDateRefusal['rule']]: (r: Extract<CloseDateRefusal, { rule: R }>, date: string) => string } = {
  notEnded: (r, date) => `${date} has not ended yet (today is ${r.today}).`,
  alreadyClosed: (r, date) => `${date} is closed already (closed through ${r.lastClosed}).`,
  businessDayOpen: (r, date) => `The business day ${r.open} before ${date} is still open: close it first.`,
  beforeJournal: (r, date) => `${date} is before the journal's first entry (${r.first}): the first close is that day or later.`,
  yearOpen: (r, date) => `${r.open} has closed days but is not closed: close the year ${r.open} before ${date}.`,
};

function refusalText(r: CloseDateRefusal, date: string): string {
  return (REFUSAL_TEXT[r.rule] as (r: CloseDateRefusal, date: string) => string)(r, date);
}

/** Closes a business day: the journal locked, the date and the checks verified, the balances folded and snapshotted. */
export async function closeDay(c: Change, date: string): Promise<DayCloseView> {
  await lockJournal(c.q);
  const s = await stretchOf(c.q, date, c.now);
  if (s.refusal) {
    const { rule, ...rest } = s.refusal;
    throw appError(ErrorCode.DayCloseRefused, refusalText(s.refusal, date), { detail: { rule, ...rest } });
  }
  // the close's own entries (accruals, revaluation) are in the stretch it folds; their reversal in the next day
  const posted = await postCloseEntries(c, date, s.previous);
  // the stretch's postings are read once into the closed balances; a refusal rolls the fold back
  await foldClosed(c.q, s.startsAt, s.endsAt, 1);
  const checks = await checksOf(c.q, s, true);
  const failed = checks.filter((k) => !k.ok);
  if (failed.length > 0) {
    const names = failed.map((k) => k.check).join(',');
    throw auditedRefusal(appError(ErrorCode.DayCloseRefused, `${date} was not closed: its checks failed (${names}).`, { detail: { rule: 'checks', failed: names } }), {
      action: 'finance.dayClose',
      detail: { decision: 'refused', date, checks: failed },
    });
  }
  await recordClose(c.q, { date, startsAt: s.startsAt, endsAt: s.endsAt, by: c.by, at: c.now });
  const [closed] = await latestCloses(c.q, 1);
  c.audit.after({ date, from: s.startsAt?.toISOString() ?? null, to: s.endsAt.toISOString(), checks, posted });
  return closeView(closed!);
}
