import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { roundTo, Decimal } from '@aurum/domain/money/decimal';
import type { ManualPriceBody } from '@aurum/domain/system/system-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { metalOf, readAdjust } from '../system/adjust-service.ts';
import { settingsChanged } from '../system/mode-service.ts';
import type { MarketService } from './market-service.ts';
import { deleteManualPrice, listManualPrices, lockManualPrice, upsertManualPrice } from './market-repository.ts';

export { listManualPrices };

/** USD/MYR as the console's exchange screen shows it: effective (current + active adjustment), current, references, adjustments. */
export async function exchangeView(q: Queryable, market: MarketService) {
  const adjust = await readAdjust(q, 'xau');
  const quotes = market.currentQuotes();
  const adj = adjust[market.currentStatus().variant].currency;
  const shift = (v: string, by: string) => roundTo(new Decimal(v).plus(by), 4);
  return {
    adjustExchange: quotes
      ? {
          bid: shift(quotes.usdMyr.bid, adj.bid),
          ask: shift(quotes.usdMyr.ask, adj.ask),
          high: shift(quotes.usdMyr.high, adj.ask),
          low: shift(quotes.usdMyr.low, adj.bid),
          updatedAt: quotes.at,
        }
      : null,
    current: quotes ? { ...quotes.usdMyr, updatedAt: quotes.at, source: quotes.source } : null,
    // the references as their source last sent them; null (not invented) while it sent none
    ...market.currentReferences(),
    adjustments: { regular: adjust.regular.currency, afterHour: adjust.afterHour.currency },
  };
}

/** Prices a metal by hand until it expires or is withdrawn; every process reloads it. */
export async function setManualPrice(c: Change, body: ManualPriceBody) {
  const metal = metalOf(body.metal);
  if (body.expiresAt && new Date(body.expiresAt) <= c.now) throw appError(ErrorCode.InvalidFormat, 'expiresAt');
  const before = await lockManualPrice(c.q, metal);
  const after = await upsertManualPrice(c.q, { metal, bid: body.bid, ask: body.ask, expiresAt: body.expiresAt, by: c.by, at: c.now });
  await settingsChanged(c, { what: 'manualPrice', metal });
  c.audit.before(before ?? null);
  c.audit.after(after);
  return after;
}

/** Withdraws a manual price: the metal returns to the feed. */
export async function clearManualPrice(c: Change, metalName: string): Promise<{ metal: string }> {
  const metal = metalOf(metalName);
  const deleted = await deleteManualPrice(c.q, metal);
  if (!deleted) throw notFound('manual price');
  await settingsChanged(c, { what: 'manualPrice', metal });
  c.audit.before(deleted);
  return { metal };
}
