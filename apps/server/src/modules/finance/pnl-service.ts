import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { PNL_DRILL_LIMIT, type PnlAnswer, type PnlDrillAnswer, type PnlDrillLine, type PnlDrillQuery, type PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { assemblePnl, datesOf, hedgeFeeResult, hedgeLinkResult, revaluationOfDay, type PnlColumn, type PnlFact, type PositionPoint } from '@aurum/domain/finance/pnl';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import type { Queryable } from '../../db/db.ts';
import {
  filledOrders,
  hedgesTraded,
  incomeByDay,
  incomePostings,
  positionAtBoundaries,
  volumeByDay,
  type IncomeBook,
  type PnlRange,
} from './pnl-repository.ts';

/** The dealer's P&L and its drill-down (decision 1030): facts read from the journal, orders, hedges and the treasury's history, summed by the domain. */

const COLUMN_OF_BOOK: Readonly<Record<IncomeBook, PnlColumn>> = {
  'house:spread': 'spread',
  'house:fees': 'fees',
  'house:interestMyr': 'interest',
  'house:interestXau': 'interestXauGrams',
};

function rangeOf(query: { from: string; to: string; metal?: PnlRange['metal']; category?: PnlRange['category'] }): PnlRange {
  return { from: startOfBusinessDay(query.from), before: startOfBusinessDay(query.to, 1), metal: query.metal, category: query.category };
}

const line = (l: Partial<PnlDrillLine> & Pick<PnlDrillLine, 'at' | 'kind' | 'amount'>): PnlDrillLine => ({
  entryId: null,
  orderId: null,
  userId: null,
  hedgeId: null,
  metal: null,
  category: null,
  unit: 'MYR',
  grams: null,
  note: null,
  ...l,
});

/**
 * The hedges' results as lines: per covered order what the hedge gained against its mid (in the
 * order's category), and per hedge its fee (no category). Results without a mid or rate are left out.
 */
async function hedgeLines(q: Queryable, r: PnlRange): Promise<Array<PnlDrillLine & { date: string }>> {
  const rows = await hedgesTraded(q, r);
  const out: Array<PnlDrillLine & { date: string }> = [];
  const feeDone = new Set<number>();
  for (const h of rows) {
    const base = { date: h.date, at: new Date(h.traded_at).toISOString(), hedgeId: Number(h.hedge_id), metal: h.metal };
    if (h.order_id !== null && h.action !== null && h.grams !== null && (r.category === undefined || h.category === r.category)) {
      const amount = hedgeLinkResult({ price: h.price, currency: h.currency }, { action: h.action, midMyrPerGram: h.mid_myr_per_gram, grams: h.grams, exchangeRate: h.exchange_rate });
      if (amount !== null) {
        out.push({ ...line({ ...base, kind: 'hedge.order', amount, orderId: Number(h.order_id), userId: h.user_id, category: h.category, grams: h.grams }), date: h.date });
      }
    }
    if (feeDone.has(base.hedgeId) || r.category !== undefined) continue;
    feeDone.add(base.hedgeId);
    // a USD fee at the rate of the first covered order (rows come in order id order)
    const fee = new Decimal(h.fee).isZero() ? null : hedgeFeeResult(h.fee, h.currency, h.exchange_rate);
    if (fee !== null) out.push({ ...line({ ...base, kind: 'hedge.fee', amount: fee }), date: h.date });
  }
  return out;
}

/** Each day's revaluation per metal (none under a category filter: the position has no customer), and the days without a price. */
async function revaluationLines(q: Queryable, query: { from: string; to: string }, r: PnlRange) {
  const lines: Array<PnlDrillLine & { date: string }> = [];
  const unpriced: PnlAnswer['unpriced'] = [];
  if (r.category !== undefined) return { lines, unpriced };
  const dates = datesOf(query.from, query.to);
  const metals = r.metal ? [r.metal] : TREASURY_METALS;
  const points = await positionAtBoundaries(q, r.from, r.before, metals);
  const pointOf = (p: (typeof points)[number] | undefined): PositionPoint | null => (p && p.net !== null ? { net: p.net, mtmMyr: p.mtm_myr } : null);
  for (const metal of metals) {
    const ofMetal = points.filter((p) => p.metal === metal);
    dates.forEach((date, i) => {
      const open = pointOf(ofMetal[i]);
      const close = pointOf(ofMetal[i + 1]);
      const amount = revaluationOfDay(open, close);
      if (amount === null) {
        unpriced.push({ date, metal });
        return;
      }
      if (new Decimal(amount).isZero()) return;
      const price = (p: PositionPoint | null) => roundTo(new Decimal(p!.mtmMyr!).div(p!.net), SCALE.pricePerGram);
      const note = `${open!.net} g x (${price(close)} - ${price(open)})`;
      lines.push({ ...line({ at: startOfBusinessDay(date).toISOString(), kind: 'revaluation', amount, metal, grams: open!.net, note }), date });
    });
  }
  return { lines, unpriced };
}

/** `GET finance/pnl`: the figures per period, metal and category, each period's total and the range's totals. */
export async function pnlOf(q: Queryable, query: PnlQuery): Promise<PnlAnswer> {
  const r = rangeOf(query);
  const facts: PnlFact[] = [];
  for (const i of await incomeByDay(q, r)) facts.push({ date: i.date, metal: i.metal, category: i.category, column: COLUMN_OF_BOOK[i.book], amount: i.amount });
  for (const v of await volumeByDay(q, r)) {
    facts.push({ date: v.date, metal: v.metal, category: v.category, column: 'volumeGrams', amount: v.grams });
    facts.push({ date: v.date, metal: v.metal, category: v.category, column: 'volumeMyr', amount: v.amount });
  }
  for (const h of await hedgeLines(q, r)) facts.push({ date: h.date, metal: h.metal, category: h.category, column: 'hedges', amount: h.amount });
  const revaluation = await revaluationLines(q, query, r);
  for (const v of revaluation.lines) facts.push({ date: v.date, metal: v.metal, category: null, column: 'revaluation', amount: v.amount });
  return assemblePnl(query, facts, revaluation.unpriced);
}

const BOOKS_OF_FIGURE = {
  spread: ['house:spread'],
  fees: ['house:fees'],
  interest: ['house:interestMyr', 'house:interestXau'],
} as const satisfies Record<string, readonly IncomeBook[]>;

const sumOf = (lines: readonly PnlDrillLine[]) => roundTo(lines.reduce((t, l) => t.plus(l.amount), new Decimal(0)), SCALE.MYR);

/** `GET finance/pnl/drill`: the lines behind one figure, latest first, at most PNL_DRILL_LIMIT, with their count and sums. */
export async function pnlDrill(q: Queryable, query: PnlDrillQuery): Promise<PnlDrillAnswer> {
  const r = rangeOf(query);
  const figure = query.figure;
  if (figure === 'volume') {
    const { lines, sums } = await filledOrders(q, r, PNL_DRILL_LIMIT);
    return {
      figure,
      lines: lines.map((o) =>
        line({ at: new Date(o.filled_at!).toISOString(), kind: `order.${o.action.toLowerCase()}`, amount: o.amount, orderId: Number(o.id), userId: Number(o.user_id), metal: o.metal, category: o.category, grams: o.quantity_gram, note: o.symbol }),
      ),
      count: sums.count,
      sums: [
        { unit: 'MYR', amount: roundTo(sums.amount, SCALE.MYR) },
        { unit: 'grams', amount: roundTo(sums.grams, SCALE.XAU) },
      ],
    };
  }
  if (figure === 'hedges' || figure === 'revaluation') {
    const all = figure === 'hedges' ? await hedgeLines(q, r) : (await revaluationLines(q, query, r)).lines;
    const lines = all.map(({ date: _, ...l }) => l).sort((a, b) => b.at.localeCompare(a.at));
    return { figure, lines: lines.slice(0, PNL_DRILL_LIMIT), count: lines.length, sums: [{ unit: 'MYR', amount: sumOf(lines) }] };
  }
  const { lines, sums } = await incomePostings(q, r, BOOKS_OF_FIGURE[figure], PNL_DRILL_LIMIT);
  const unitOf = (book: IncomeBook) => (book === 'house:interestXau' ? 'XAU' : 'MYR');
  return {
    figure,
    lines: lines.map((p) =>
      line({
        at: new Date(p.created_at).toISOString(),
        kind: p.kind,
        entryId: Number(p.entry_id),
        orderId: p.order_id === null ? null : Number(p.order_id),
        userId: p.user_id === null ? null : Number(p.user_id),
        metal: p.metal,
        category: p.category,
        amount: roundTo(p.amount, SCALE[unitOf(p.book)]),
        unit: unitOf(p.book),
        note: p.note,
      }),
    ),
    count: sums.reduce((t, s) => t + s.count, 0),
    sums: BOOKS_OF_FIGURE[figure].map((book) => ({
      unit: unitOf(book),
      amount: roundTo(sums.find((s) => s.book === book)?.amount ?? '0', SCALE[unitOf(book)]),
    })),
  };
}
