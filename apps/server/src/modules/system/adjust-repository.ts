import type { Updateable } from 'kysely';
import type { Metal } from '@aurum/domain/system/metals';
import type { AdjustSettings } from '@aurum/domain/orders/order-pricing';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import type { Queryable } from '../../db/db.ts';
import type { AdjustSettingsTable } from '../../db/db-types.ts';
import { kysely } from '../../db/query-builder.ts';

export type Variant = 'regular' | 'afterHour';

const COLUMNS = ['variant', 'currency_bid', 'currency_ask', 'buy_spread', 'sell_spread', 'premium', 'refinery_fees', 'interest_rate'] as const;

export async function readAdjust(q: Queryable, metal: Metal, lock = false): Promise<Record<Variant, AdjustSettings>> {
  const rows = await kysely(q)
    .selectFrom('adjust_settings')
    .select(COLUMNS)
    .where('metal', '=', metal)
    .$if(lock, (qb) => qb.forUpdate())
    .execute();
  const find = (v: Variant): AdjustSettings => {
    const r = rows.find((row) => row.variant === v)!;
    return {
      currency: { bid: r.currency_bid, ask: r.currency_ask },
      spread: { buySpread: r.buy_spread, sellSpread: r.sell_spread },
      fee: { premium: r.premium, refineryFees: r.refinery_fees, interestRate: r.interest_rate },
    };
  };
  return { regular: find('regular'), afterHour: find('afterHour') };
}

/** The adjustable columns of one part (currency, spread or user fee). */
export type AdjustColumns = Pick<
  Updateable<AdjustSettingsTable>,
  'currency_bid' | 'currency_ask' | 'buy_spread' | 'sell_spread' | 'refinery_fees' | 'premium' | 'interest_rate'
>;

export async function updateAdjust(q: Queryable, metal: Metal, variant: Variant, columns: AdjustColumns, by: number): Promise<void> {
  await kysely(q)
    .updateTable('adjust_settings')
    .set((eb) => ({ ...columns, updated_at: eb.fn('now'), updated_by: by }))
    .where('metal', '=', metal)
    .where('variant', '=', variant)
    .execute();
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
