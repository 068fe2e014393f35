import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { debitBalanceOf } from '@aurum/domain/finance/close-postings';
import { hedgeBooking, hedgeLinkResult, hedgePostings, hedgeResultPostings, hedgeSettlementPostings } from '@aurum/domain/hedges/hedge-postings';
import type { HedgeCurrency, HedgeSide } from '@aurum/domain/hedges/hedge-schemas';
import { reversalPostings } from '@aurum/domain/orders/order-postings';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';
import { houseAccount, type Posting } from '@aurum/domain/wallet/ledger';
import { appError } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import { postingsOfSource, refuseClosedMoment } from '../ledger/ledger-close-service.ts';
import { postEntry } from '../ledger/ledger-service.ts';

/**
 * A hedge's side of the journal (decision 1042): its own entry when it is recorded (metal, price,
 * fee), one entry per order it covers with its result against the order's mid, a settlement against
 * the bank, and on cancel the reverse of all of them. Every entry's source is the hedge.
 */

export interface JournalHedge {
  id: number;
  side: HedgeSide;
  metal: TreasuryMetal;
  quantity: string;
  price: string;
  currency: HedgeCurrency;
  fee: string;
  tradedAt: Date;
}

/** What a covered order contributes to a result: its action, mid, rate and user. */
export interface CoveredOrder {
  orderId: number;
  grams: string;
  action: 'BUY' | 'SELL';
  midMyrPerGram: string | null;
  exchangeRate: string | null;
  userId: number;
}

const source = (hedgeId: number) => ({ kind: 'hedge' as const, id: hedgeId });

/** Refuses a hedge whose trade time is in a closed business day (3230), before anything is written. */
export async function refuseClosedTrade(c: Change, tradedAt: Date): Promise<void> {
  await refuseClosedMoment(c.q, tradedAt, 'The hedge');
}

/** Posts the hedge's own entry, dated at its trade time: a USD hedge at `rate` (422, 3222 without one). */
export async function bookHedge(c: Change, h: JournalHedge, rate: string | null): Promise<void> {
  const booking = hedgeBooking(h, rate);
  if (!booking) throw appError(ErrorCode.HedgeNeedsRate, 'A USD hedge needs a USD/MYR rate to be booked at: give exchangeRate, link an order, or record it while the price feed is live.');
  await postEntry(c.q, { kind: 'hedge.trade', userId: null, note: `hedge ${h.id}`, createdBy: c.by, postings: hedgePostings(booking), at: h.tradedAt, source: source(h.id), metal: h.metal });
}

/** Posts the hedge's result on each covered order (against the order's mid), dated at `at`; an order without a mid or rate has none. */
export async function bookResults(c: Change, h: JournalHedge, orders: readonly CoveredOrder[], at: Date): Promise<void> {
  for (const o of orders) {
    const result = hedgeLinkResult(h, { action: o.action, midMyrPerGram: o.midMyrPerGram, grams: o.grams, exchangeRate: o.exchangeRate });
    const postings = result === null ? [] : hedgeResultPostings(result);
    if (postings.length === 0) continue;
    await postEntry(c.q, {
      kind: 'hedge.result',
      userId: o.userId,
      note: `hedge ${h.id} against order ${o.orderId}`,
      createdBy: c.by,
      postings,
      at,
      source: source(h.id),
      metal: h.metal,
    });
  }
}

/** Everything the hedge's entries posted so far. */
async function postedOf(c: Change, hedgeId: number): Promise<Posting[]> {
  return (await postingsOfSource(c.q, source(hedgeId))).map((p) => ({ from: p.from_account, to: p.to_account, asset: p.asset, amount: p.amount }) as Posting);
}

/** Pays (or receives) what the hedge left in the providers' account, from (or into) the bank, now. */
export async function bookSettlement(c: Change, h: JournalHedge): Promise<void> {
  // the providers' account is a claim book: its credits minus debits is what the house owes
  const owed = debitBalanceOf(await postedOf(c, h.id), houseAccount('hedgeProviders')).neg();
  const postings = hedgeSettlementPostings(owed.toFixed());
  if (postings.length > 0) await postEntry(c.q, { kind: 'hedge.settle', userId: null, note: `hedge ${h.id} settled`, createdBy: c.by, postings, source: source(h.id), metal: h.metal });
}

/** Reverses every posting of the hedge's entries, now. */
export async function bookCancel(c: Change, h: JournalHedge): Promise<void> {
  const postings = reversalPostings(await postedOf(c, h.id));
  if (postings.length > 0) await postEntry(c.q, { kind: 'hedge.cancel', userId: null, note: `hedge ${h.id} canceled`, createdBy: c.by, postings, source: source(h.id), metal: h.metal });
}
