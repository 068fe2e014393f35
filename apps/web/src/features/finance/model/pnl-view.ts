import type { PnlAnswer, PnlDrillLine, PnlDrillQuery, PnlFigure, PnlGroup, PnlQuery, PnlRow } from '@aurum/domain/finance/pnl-schemas';
import { PNL_GROUPS } from '@aurum/domain/finance/pnl-schemas';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { USER_CATEGORIES } from '@aurum/domain/users/user-enums';
import { businessDate } from '@aurum/domain/system/business-time';

/** The P&L screen's view logic: its query from the address, and what a figure's drawer asks. */

/** The first of this month in Kuala Lumpur to today: the month so far, what the desk reads first. */
export function defaultRange(now: Date): { from: string; to: string } {
  const today = businessDate(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => (v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined);

/** The query kept in the address (?from&to&groupBy&metal&category); what is missing or unknown takes its default. */
export function queryFromParams(params: URLSearchParams, now: Date): PnlQuery {
  const range = defaultRange(now);
  return {
    from: params.get('from') ?? range.from,
    to: params.get('to') ?? range.to,
    groupBy: oneOf<PnlGroup>(PNL_GROUPS, params.get('groupBy')) ?? 'day',
    metal: oneOf(TREASURY_METALS, params.get('metal')),
    category: oneOf(USER_CATEGORIES, params.get('category')),
  };
}

export function paramsOfQuery(q: PnlQuery): Record<string, string> {
  const out: Record<string, string> = { from: q.from, to: q.to, groupBy: q.groupBy };
  if (q.metal) out.metal = q.metal;
  if (q.category) out.category = q.category;
  return out;
}

/** The dates a period covers within the range: the day itself, or the month clipped to the range. */
export function periodRange(period: string, range: { from: string; to: string }): { from: string; to: string } {
  if (period.length === 10) return { from: period, to: period };
  const first = `${period}-01`;
  const [year, month] = period.split('-').map(Number);
  // day 0 of the next month is this month's last
  const last = new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
  return { from: first < range.from ? range.from : first, to: last > range.to ? range.to : last };
}

/** A drawer's subject: a figure of one row (its period, metal and category), or of the totals (row null). */
export interface DrillSubject {
  figure: PnlFigure;
  row: PnlRow | null;
}

/** What the drawer asks: the row's dates and its metal and category when it has them (null ones are narrowed by `linesOfRow`). */
export function drillQuery(subject: DrillSubject, answer: Pick<PnlAnswer, 'from' | 'to'>, query: PnlQuery): PnlDrillQuery {
  const r = subject.row;
  const dates = r ? periodRange(r.period, answer) : { from: answer.from, to: answer.to };
  return { ...dates, figure: subject.figure, metal: r?.metal ?? query.metal, category: r?.category ?? query.category };
}

/** The lines of exactly the row's metal and category (a null one means "none", which the server cannot filter by). */
export function linesOfRow(lines: readonly PnlDrillLine[], row: PnlRow | null): PnlDrillLine[] {
  if (!row) return [...lines];
  return lines.filter((l) => l.metal === row.metal && l.category === row.category);
}
