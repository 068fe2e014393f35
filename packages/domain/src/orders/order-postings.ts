import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { houseAccount, userAccount, type LedgerAsset, type Posting } from '../wallet/ledger.ts';
import type { FillIncome } from '../finance/fill-income.ts';
import type { Reservation } from './order-money.ts';

/**
 * The ledger postings of an order's life (DECISIONS.md §5, §6; decision 0403), pure. Zero amounts are left in: the server posts only the non-zero ones.
 */

/** Fill: a buy moves balanceDeducted fund -> fundHeld and creditDeducted credit -> house:creditLine; a sell moves goldReserved gold -> goldHeld. */
export function fillPostings(userId: number, action: 'BUY' | 'SELL', r: Reservation): Posting[] {
  if (action === 'BUY') {
    return [
      { from: userAccount(userId, 'fund'), to: userAccount(userId, 'fundHeld'), asset: 'MYR', amount: r.balanceDeducted },
      { from: userAccount(userId, 'credit'), to: houseAccount('creditLine'), asset: 'MYR', amount: r.creditDeducted },
    ];
  }
  return [{ from: userAccount(userId, 'gold'), to: userAccount(userId, 'goldHeld'), asset: 'XAU', amount: r.goldReserved }];
}

/** Settle: what the fill reserved goes to the trading desk. */
export function settlePostings(userId: number, balanceDeducted: string, goldReserved: string): Posting[] {
  return [
    { from: userAccount(userId, 'fundHeld'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: balanceDeducted },
    { from: userAccount(userId, 'goldHeld'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(goldReserved, SCALE.XAU) },
  ];
}

/** Completion (PAID): a buyer gets the gold, a seller the MYR amount. */
export function completePostings(userId: number, action: 'BUY' | 'SELL', quantityGrams: string, amount: string): Posting[] {
  return action === 'BUY'
    ? [{ from: houseAccount('tradingXau'), to: userAccount(userId, 'gold'), asset: 'XAU', amount: roundTo(quantityGrams, SCALE.XAU) }]
    : [{ from: houseAccount('tradingMyr'), to: userAccount(userId, 'fund'), asset: 'MYR', amount }];
}

/**
 * A payment: a buyer pays MYR from the fund (its principal part gives the credit line back); a
 * seller delivers gold. The principal goes to the trading desk, the interest to the interest book
 * of the owed unit (decision 1020).
 */
export function paymentPostings(userId: number, action: 'BUY' | 'SELL', parts: { toInterest: string; toPrincipal: string }): Posting[] {
  return action === 'BUY'
    ? [
        { from: userAccount(userId, 'fund'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: roundTo(parts.toPrincipal, SCALE.MYR) },
        { from: userAccount(userId, 'fund'), to: houseAccount('interestMyr'), asset: 'MYR', amount: roundTo(parts.toInterest, SCALE.MYR) },
        { from: houseAccount('creditLine'), to: userAccount(userId, 'credit'), asset: 'MYR', amount: roundTo(parts.toPrincipal, SCALE.MYR) },
      ]
    : [
        { from: userAccount(userId, 'gold'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(parts.toPrincipal, SCALE.XAU) },
        { from: userAccount(userId, 'gold'), to: houseAccount('interestXau'), asset: 'XAU', amount: roundTo(parts.toInterest, SCALE.XAU) },
      ];
}

/**
 * A fill's income (decision 1020): the spread and the fee move from the trading desk, which keeps
 * the metal's cost at the mid, to their income books; a negative spread moves the other way. Only
 * house books: no customer balance changes.
 */
export function fillIncomePostings(income: Pick<FillIncome, 'spread' | 'fee'>): Posting[] {
  const spread = new Decimal(income.spread);
  const desk = houseAccount('tradingMyr');
  const earned = houseAccount('spread');
  return [
    spread.gte(0) ? { from: desk, to: earned, asset: 'MYR', amount: roundTo(spread, SCALE.MYR) } : { from: earned, to: desk, asset: 'MYR', amount: roundTo(spread.neg(), SCALE.MYR) },
    { from: desk, to: houseAccount('fees'), asset: 'MYR', amount: roundTo(income.fee, SCALE.MYR) },
  ];
}

/** Interest the trading desk received before the interest books existed, moved to the interest book of the owed unit (decision 1021). */
export function interestReclassPostings(action: 'BUY' | 'SELL', interest: string): Posting[] {
  return action === 'BUY'
    ? [{ from: houseAccount('tradingMyr'), to: houseAccount('interestMyr'), asset: 'MYR', amount: roundTo(interest, SCALE.MYR) }]
    : [{ from: houseAccount('tradingXau'), to: houseAccount('interestXau'), asset: 'XAU', amount: roundTo(interest, SCALE.XAU) }];
}

/** An order's share of the income reclassification (decision 1021): its spread, its fee and the interest its payments made before the split. */
export function incomeSharePostings(action: 'BUY' | 'SELL', share: { spread: string; fee: string; interest: string }): Posting[] {
  return [...fillIncomePostings(share), ...interestReclassPostings(action, share.interest)];
}

/**
 * Postings netted per account pair: for each pair with a net movement, one posting of it in the
 * direction it moved (none for a pair that nets to zero).
 */
export function netPostings(postings: readonly Posting[]): Posting[] {
  const net = new Map<string, Decimal>();
  for (const p of postings) {
    const [a, b] = p.from < p.to ? [p.from, p.to] : [p.to, p.from];
    const key = `${a}|${b}|${p.asset}`;
    const signed = new Decimal(p.amount).times(p.from === a ? 1 : -1);
    net.set(key, (net.get(key) ?? new Decimal(0)).plus(signed));
  }
  const out: Posting[] = [];
  for (const [key, value] of net) {
    if (value.isZero()) continue;
    const [a, b, asset] = key.split('|') as [Posting['from'], Posting['to'], LedgerAsset];
    out.push(value.gt(0) ? { from: a, to: b, asset, amount: roundTo(value, SCALE[asset]) } : { from: b, to: a, asset, amount: roundTo(value.neg(), SCALE[asset]) });
  }
  return out;
}

/**
 * The reverse of everything an order posted (cancel, revert), netted per account pair so that a
 * reservation released once is not released again: for each pair with a net movement a -> b, one
 * posting b -> a of that amount. Posting them leaves every account as before the order, its
 * income books included.
 */
export function reversalPostings(posted: readonly Posting[]): Posting[] {
  return netPostings(posted).map((p) => ({ from: p.to, to: p.from, asset: p.asset, amount: p.amount }));
}
