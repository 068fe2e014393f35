import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { PNL_DRILL_LIMIT, type PnlAnswer, type PnlDrillAnswer, type PnlDrillLine, type PnlDrillQuery, type PnlFigure, type PnlQuery } from '@aurum/domain/finance/pnl-schemas';
import { assemblePnl, type PnlColumn, type PnlFact } from '@aurum/domain/finance/pnl';
import { startOfBusinessDay } from '@aurum/domain/system/business-time';
import type { Queryable } from '../../db/db.ts';
import { latestCloses } from '../ledger/ledger-close-service.ts';
import { PNL_BOOKS, filledOrders, incomeByDay, incomePostings, volumeByDay, type PnlBook, type PnlRange } from './pnl-repository.ts';

/**
 * The dealer's P&L and its drill-down (decisions 1030, 1045): every MYR figure is a movement of the
 * income and expense books in the journal (revaluation and accrued interest posted by the closes,
 * hedges by their entries), so the total equals the GL's income less expense; the volume is the
 * orders filled less those undone, each on its own day. A closed day's figures never change.
 */

const COLUMN_OF_BOOK: Readonly<Record<PnlBook, PnlColumn>> = {
  'house:spread': 'spread',
  'house:fees': 'fees',
  'house:interestMyr': 'interest',
  'house:interestXau': 'interestXauGrams',
  'house:hedging': 'hedges',
  'house:hedgeFees': 'hedges',
  'house:revaluation': 'revaluation',
  'house:bankCharges': 'expenses',
  'house:custodyFees': 'expenses',
  'house:refineryCharges': 'expenses',
  'house:providerFees': 'expenses',
};

/** The books behind each figure but the volume. */
const BOOKS_OF_FIGURE = Object.fromEntries(
  (['spread', 'fees', 'interest', 'hedges', 'revaluation', 'expenses'] as const).map((figure) => [
    figure,
    PNL_BOOKS.filter((b) => COLUMN_OF_BOOK[b] === figure || (figure === 'interest' && COLUMN_OF_BOOK[b] === 'interestXauGrams')),
  ]),
) as Record<Exclude<PnlFigure, 'volume'>, PnlBook[]>;

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

/** `GET finance/pnl`: the figures per period, metal and category, each period's total and the range's totals. */
export async function pnlOf(q: Queryable, query: PnlQuery): Promise<PnlAnswer> {
  const r = rangeOf(query);
  const facts: PnlFact[] = [];
  for (const i of await incomeByDay(q, r)) facts.push({ date: i.date, metal: i.metal, category: i.category, column: COLUMN_OF_BOOK[i.book], amount: i.amount });
  for (const v of await volumeByDay(q, r)) {
    facts.push({ date: v.date, metal: v.metal, category: v.category, column: 'volumeGrams', amount: v.grams });
    facts.push({ date: v.date, metal: v.metal, category: v.category, column: 'volumeMyr', amount: v.amount });
  }
  const [latest] = await latestCloses(q, 1);
  return assemblePnl(query, facts, latest?.date ?? null);
}

/** `GET finance/pnl/drill`: the lines behind one figure, latest first, at most PNL_DRILL_LIMIT, with their count and sums. */
export async function pnlDrill(q: Queryable, query: PnlDrillQuery): Promise<PnlDrillAnswer> {
  const r = rangeOf(query);
  const figure = query.figure;
  if (figure === 'volume') {
    const { lines, sums } = await filledOrders(q, r, PNL_DRILL_LIMIT);
    return {
      figure,
      lines: lines.map((o) =>
        line({
          at: new Date(o.at).toISOString(),
          kind: o.kind === 'order.fill' ? `order.${o.action.toLowerCase()}` : `order.${o.action.toLowerCase()}.undone`,
          amount: roundTo(o.amount, SCALE.MYR),
          orderId: Number(o.id),
          userId: Number(o.user_id),
          metal: o.metal,
          category: o.category,
          grams: roundTo(o.grams, SCALE.XAU),
          note: o.symbol,
        }),
      ),
      count: sums.count,
      sums: [
        { unit: 'MYR', amount: roundTo(sums.amount, SCALE.MYR) },
        { unit: 'grams', amount: roundTo(sums.grams, SCALE.XAU) },
      ],
    };
  }
  const books = BOOKS_OF_FIGURE[figure];
  const { lines, sums } = await incomePostings(q, r, books, PNL_DRILL_LIMIT);
  const unitOf = (book: PnlBook) => (book === 'house:interestXau' ? 'XAU' : 'MYR');
  const units = [...new Set(books.map(unitOf))];
  return {
    figure,
    lines: lines.map((p) =>
      line({
        at: new Date(p.created_at).toISOString(),
        kind: p.kind,
        entryId: Number(p.entry_id),
        orderId: p.order_id === null ? null : Number(p.order_id),
        hedgeId: p.source_kind === 'hedge' ? Number(p.source_id) : null,
        userId: p.user_id === null ? null : Number(p.user_id),
        metal: p.metal,
        category: p.category,
        amount: roundTo(p.amount, SCALE[unitOf(p.book)]),
        unit: unitOf(p.book),
        note: p.note,
      }),
    ),
    count: sums.reduce((t, s) => t + s.count, 0),
    sums: units.map((unit) => ({
      unit,
      amount: roundTo(
        sums.filter((s) => unitOf(s.book) === unit).reduce((t, s) => t.plus(s.amount), new Decimal(0)),
        SCALE[unit],
      ),
    })),
  };
}
