import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import type { ReclassifyIncomeAnswer } from '@aurum/domain/finance/finance-schemas';
import { incomeSharePostings, netPostings } from '@aurum/domain/orders/order-postings';
import { businessClock } from '@aurum/domain/system/business-time';
import type { Change } from '../../http/change.ts';
import { incomeBeforeSplit, recordReclassified, type OrderIncomeShare } from '../orders/order-income-service.ts';
import { lockForMoney } from '../wallet/wallet-service.ts';
import { postEntry } from '../ledger/ledger-service.ts';

/**
 * The one-time reclassification of an existing database's income (decision 1021): the spread and
 * fees of the orders filled before the split, and the interest paid before the interest books,
 * leave the trading desk for the income books as ONE dated journal entry, audited by the route.
 * Only house books move. Run again, it finds nothing left to move and posts nothing.
 */

const total = (shares: readonly OrderIncomeShare[], pick: (s: OrderIncomeShare) => string, scale: number) =>
  roundTo(shares.reduce((sum, s) => sum.plus(pick(s)), new Decimal(0)), scale);

export async function reclassifyIncome(change: Change): Promise<ReclassifyIncomeAnswer> {
  const found = await incomeBeforeSplit(change.q);
  const ids = found.shares.map((s) => s.orderId);
  // the orders' locks (lock order of decision 0530) keep a cancel or revert from running between the read and the entry
  if (ids.length > 0) await lockForMoney(change.q, { orderIds: ids });
  const shares = ids.length > 0 ? (await incomeBeforeSplit(change.q, ids)).shares : [];
  const postings = netPostings(shares.flatMap((s) => incomeSharePostings(s.action, s)));
  let entryId: number | null = null;
  if (postings.length > 0) {
    entryId = await postEntry(change.q, {
      kind: 'finance.reclassification',
      userId: null,
      note: `Income of ${shares.length} orders filled or paid before the income books, moved from the trading desk as of ${businessClock(change.now).date}`,
      createdBy: change.by,
      postings,
    });
    await recordReclassified(change.q, entryId, shares);
  }
  const moved = entryId === null ? [] : shares;
  const answer: ReclassifyIncomeAnswer = {
    entryId,
    orders: moved.length,
    spread: total(moved, (s) => s.spread, SCALE.MYR),
    fees: total(moved, (s) => s.fee, SCALE.MYR),
    interestMyr: total(moved.filter((s) => s.action === 'BUY'), (s) => s.interest, SCALE.MYR),
    interestXau: total(moved.filter((s) => s.action === 'SELL'), (s) => s.interest, SCALE.XAU),
    withoutMid: found.withoutMid,
  };
  change.audit.after(answer);
  return answer;
}
