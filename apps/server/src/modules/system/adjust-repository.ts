import type { Metal } from '@aurum/domain/system/metals';
import type { AdjustSettings } from '@aurum/domain/orders/order-pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import type { Queryable } from '../../db/db.ts';

export type Variant = 'regular' | 'afterHour';

interface Row {
  variant: Variant;
  currency_bid: string;
  currency_ask: string;
  buy_spread: string;
  sell_spread: string;
  premium: string;
  refinery_fees: string;
  interest_rate: string;
}

function toSettings(r: Row): AdjustSettings {
  return {
    currency: { bid: r.currency_bid, ask: r.currency_ask },
    spread: { buySpread: r.buy_spread, sellSpread: r.sell_spread },
    fee: { premium: r.premium, refineryFees: r.refinery_fees, interestRate: r.interest_rate },
  };
}

export async function readAdjust(q: Queryable, metal: Metal, lock = false): Promise<Record<Variant, AdjustSettings>> {
  const rows = await q.query<Row>(
    `SELECT variant, currency_bid, currency_ask, buy_spread, sell_spread, premium, refinery_fees, interest_rate
       FROM adjust_settings WHERE metal = $1${lock ? ' FOR UPDATE' : ''}`,
    [metal],
  );
  const find = (v: Variant) => toSettings(rows.find((r) => r.variant === v)!);
  return { regular: find('regular'), afterHour: find('afterHour') };
}

/** The answer of GET adjust/{metal} (SPEC.md §7). */
export function toMetalAdjustAnswer(a: Record<Variant, AdjustSettings>): MetalAdjustAnswer {
  const part = (s: AdjustSettings) => ({
    currency: { ...s.currency, currencyKind: 'MYR' as const },
    spread: s.spread,
    userFee: { refineryFees: s.fee.refineryFees, premium: s.fee.premium, interestRate: s.fee.interestRate },
  });
  const regular = part(a.regular);
  const aht = part(a.afterHour);
  return { ...regular, ahtCurrency: aht.currency, ahtSpread: aht.spread, ahtUserFee: aht.userFee };
}
