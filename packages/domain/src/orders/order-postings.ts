import { Decimal, SCALE, roundTo } from '../money/decimal.ts';
import { houseAccount, userAccount, type LedgerAsset, type Posting } from '../wallet/ledger.ts';
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

/** A payment: a buyer pays MYR from the fund (its principal part gives the credit line back); a seller delivers gold. */
export function paymentPostings(userId: number, action: 'BUY' | 'SELL', amount: string, toPrincipal: string): Posting[] {
  return action === 'BUY'
    ? [
        { from: userAccount(userId, 'fund'), to: houseAccount('tradingMyr'), asset: 'MYR', amount: roundTo(amount, SCALE.MYR) },
        { from: houseAccount('creditLine'), to: userAccount(userId, 'credit'), asset: 'MYR', amount: roundTo(toPrincipal, SCALE.MYR) },
      ]
    : [{ from: userAccount(userId, 'gold'), to: houseAccount('tradingXau'), asset: 'XAU', amount: roundTo(amount, SCALE.XAU) }];
}

/**
 * The reverse of everything an order posted (cancel, revert), netted per account pair so that a
 * reservation released once is not released again: for each pair with a net movement a -> b, one
 * posting b -> a of that amount. Posting them leaves every account as before the order.
 */
export function reversalPostings(posted: readonly Posting[]): Posting[] {
  const net = new Map<string, Decimal>();
  for (const p of posted) {
    const [a, b] = p.from < p.to ? [p.from, p.to] : [p.to, p.from];
    const key = `${a}|${b}|${p.asset}`;
    const signed = new Decimal(p.amount).times(p.from === a ? 1 : -1);
    net.set(key, (net.get(key) ?? new Decimal(0)).plus(signed));
  }
  const reversal: Posting[] = [];
  for (const [key, value] of net) {
    if (value.isZero()) continue;
    const [a, b, asset] = key.split('|') as [Posting['from'], Posting['to'], LedgerAsset];
    // value > 0: a net moved to b, so move it back from b to a
    reversal.push(value.gt(0) ? { from: b, to: a, asset, amount: roundTo(value, SCALE[asset]) } : { from: a, to: b, asset, amount: roundTo(value.neg(), SCALE[asset]) });
  }
  return reversal;
}
