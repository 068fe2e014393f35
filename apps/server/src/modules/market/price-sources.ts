import { z } from 'zod';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { Quotes } from '../live/event-bus.ts';

/** Where quotes come from: asked once per tick by the process that runs the feed. */
export interface PriceSource {
  readonly name: string;
  /** The next quotes, or null when the source has nothing (it counts towards 'market source disconnect'). */
  next(now: Date): Promise<Quotes | null>;
}

export interface SimulatedLevels {
  xau: string;
  xpt: string;
  xag: string;
  usdMyr: string;
  /** Relative standard deviation of one step (e.g. 0.0004). */
  volatility: number;
  /** For reproducible walks in tests. */
  seed?: number;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The embedded default (DECISIONS.md §4): a random walk around configurable levels, pulled back
 * towards them so it never drifts away. The step is a float draw; every price is a decimal.
 */
export function simulatedSource(levels: SimulatedLevels): PriceSource {
  const random = mulberry32(levels.seed ?? Date.now());
  const current: Record<'xau' | 'xpt' | 'xag' | 'usdMyr', Decimal> = {
    xau: new Decimal(levels.xau),
    xpt: new Decimal(levels.xpt),
    xag: new Decimal(levels.xag),
    usdMyr: new Decimal(levels.usdMyr),
  };
  let high = current.usdMyr;
  let low = current.usdMyr;
  let day = '';
  const step = (key: keyof typeof current, anchor: string) => {
    const gauss = Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
    const pull = new Decimal(anchor).minus(current[key]).div(anchor).times(0.05);
    current[key] = current[key].times(new Decimal(1).plus(gauss * levels.volatility).plus(pull));
  };
  return {
    name: 'simulated',
    async next(now) {
      step('xau', levels.xau);
      step('xpt', levels.xpt);
      step('xag', levels.xag);
      step('usdMyr', levels.usdMyr);
      const today = now.toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        high = current.usdMyr;
        low = current.usdMyr;
      }
      high = Decimal.max(high, current.usdMyr);
      low = Decimal.min(low, current.usdMyr);
      const metal = (v: Decimal, spread: string) => ({ bid: roundTo(v.minus(spread), 2), ask: roundTo(v.plus(spread), 2) });
      return {
        at: now.toISOString(),
        source: 'simulated',
        metals: { xau: metal(current.xau, '0.40'), xpt: metal(current.xpt, '0.75'), xag: metal(current.xag, '0.02') },
        usdMyr: {
          bid: roundTo(current.usdMyr.minus('0.0015'), 4),
          ask: roundTo(current.usdMyr.plus('0.0015'), 4),
          high: roundTo(high.plus('0.0015'), 4),
          low: roundTo(low.minus('0.0015'), 4),
        },
      };
    },
  };
}

const money = z.string().regex(/^\d+(\.\d+)?$/);
const BidAsk = z.object({ bid: money, ask: money });
/** What an outside provider must answer (JSON): metals in USD per troy ounce and the USD/MYR rate. */
export const ProviderQuotes = z.object({
  metals: z.object({ xau: BidAsk, xpt: BidAsk, xag: BidAsk }),
  usdMyr: BidAsk.extend({ high: money.optional(), low: money.optional() }),
});

/** An outside provider polled over HTTP (configured by URL); a failed or malformed answer is no data. */
export function httpPollingSource(url: string, timeoutMs = 2000): PriceSource {
  return {
    name: 'http',
    async next(now) {
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!r.ok) return null;
        const parsed = ProviderQuotes.safeParse(await r.json());
        if (!parsed.success) return null;
        const q = parsed.data;
        return {
          at: now.toISOString(),
          source: 'http',
          metals: q.metals,
          usdMyr: { bid: q.usdMyr.bid, ask: q.usdMyr.ask, high: q.usdMyr.high ?? q.usdMyr.ask, low: q.usdMyr.low ?? q.usdMyr.bid },
        };
      } catch {
        return null;
      }
    },
  };
}
