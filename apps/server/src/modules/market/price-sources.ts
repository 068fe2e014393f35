import { z } from 'zod';
import { Decimal, roundTo } from '@aurum/domain/money/decimal';
import type { Quotes } from '../../live/event-bus.ts';
import { seededRandom } from '@aurum/domain/system/seeded-random';

/**
 * The outside USD/MYR references of the exchange prices (SPEC.md §3: integral and investing),
 * shown beside the rate the market uses; they do not price anything.
 */
export const REFERENCE_SOURCES = ['integral', 'investing'] as const;
export type ReferenceSource = (typeof REFERENCE_SOURCES)[number];
export interface RateSet {
  bid: string;
  ask: string;
  high: string;
  low: string;
}

/** Quotes plus the reference rates the source has this tick (a reference it has no value for is absent). */
export interface MarketQuotes extends Quotes {
  references?: Partial<Record<ReferenceSource, RateSet>>;
  /** Which configured source sent it: the primary (absent) or the cross-check (decision 0862). */
  feed?: 'primary' | 'check';
}

/** Where quotes come from: asked once per tick by the process that runs the feed. */
export interface PriceSource {
  readonly name: string;
  /** The next quotes, or null when the source has nothing (it counts towards 'market source disconnect'). */
  next(now: Date): Promise<MarketQuotes | null>;
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

const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());

/** How the simulated references sit around the market's USD/MYR: half their spread, and how far they wander. */
const SIMULATED_REFERENCES: Record<ReferenceSource, { halfSpread: string; wander: number }> = {
  integral: { halfSpread: '0.0010', wander: 1 },
  investing: { halfSpread: '0.0025', wander: 2 },
};

/**
 * The embedded default (DECISIONS.md §4): a random walk around configurable levels, pulled back
 * towards them so it never drifts away. The step is a float draw; every price is a decimal.
 * The references (integral, investing) are simulated as sources of their own: each keeps its own
 * offset from the market's USD/MYR, a random walk pulled back to zero, so they move with the
 * market but disagree with it and with each other. They draw from their own generator, so a seed
 * gives the same market walk as before they existed.
 */
export function simulatedSource(levels: SimulatedLevels): PriceSource {
  const seed = levels.seed ?? Date.now();
  const random = seededRandom(seed);
  const referenceRandom = seededRandom(seed ^ 0x5bd1e995);
  const current: Record<'xau' | 'xpt' | 'xag' | 'usdMyr', Decimal> = {
    xau: new Decimal(levels.xau),
    xpt: new Decimal(levels.xpt),
    xag: new Decimal(levels.xag),
    usdMyr: new Decimal(levels.usdMyr),
  };
  let high = current.usdMyr;
  let low = current.usdMyr;
  let day = '';
  const offsets: Record<ReferenceSource, number> = { integral: 0, investing: 0 };
  const referenceRange: Partial<Record<ReferenceSource, { high: Decimal; low: Decimal }>> = {};
  const step = (key: keyof typeof current, anchor: string) => {
    const gauss = gaussian(random);
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
        for (const name of REFERENCE_SOURCES) delete referenceRange[name];
      }
      high = Decimal.max(high, current.usdMyr);
      low = Decimal.min(low, current.usdMyr);
      const references: Partial<Record<ReferenceSource, RateSet>> = {};
      for (const name of REFERENCE_SOURCES) {
        const { halfSpread, wander } = SIMULATED_REFERENCES[name];
        offsets[name] += gaussian(referenceRandom) * levels.volatility * wander - offsets[name] * 0.1;
        const mid = current.usdMyr.times(new Decimal(1).plus(offsets[name]));
        const range = referenceRange[name];
        referenceRange[name] = range ? { high: Decimal.max(range.high, mid), low: Decimal.min(range.low, mid) } : { high: mid, low: mid };
        references[name] = {
          bid: roundTo(mid.minus(halfSpread), 4),
          ask: roundTo(mid.plus(halfSpread), 4),
          high: roundTo(referenceRange[name].high.plus(halfSpread), 4),
          low: roundTo(referenceRange[name].low.minus(halfSpread), 4),
        };
      }
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
        references,
      };
    },
  };
}

const money = z.string().regex(/^\d+(\.\d+)?$/);
const BidAsk = z.object({ bid: money, ask: money });
const Rate = BidAsk.extend({ high: money.optional(), low: money.optional() });
/**
 * What an outside provider must answer (JSON): metals in USD per troy ounce and the USD/MYR rate;
 * it may add the reference rates (integral, investing) it knows, in the shape of usdMyr.
 */
export const ProviderQuotes = z.object({
  /** The provider's own time of the quotes (ISO 8601); when absent, the time the answer arrived. */
  at: z.iso.datetime({ offset: true }).optional(),
  metals: z.object({ xau: BidAsk, xpt: BidAsk, xag: BidAsk }),
  usdMyr: Rate,
  integral: Rate.optional(),
  investing: Rate.optional(),
});

/** A rate as a full set: a provider that sends no high or low gives the ask and the bid. */
const rateSet = (r: z.infer<typeof Rate>): RateSet => ({ bid: r.bid, ask: r.ask, high: r.high ?? r.ask, low: r.low ?? r.bid });

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
        const references: Partial<Record<ReferenceSource, RateSet>> = {};
        for (const name of REFERENCE_SOURCES) {
          const r = q[name];
          if (r) references[name] = rateSet(r);
        }
        return {
          // the provider's time when it sends one: a tick older than the last accepted one is dropped
          at: q.at ? new Date(q.at).toISOString() : now.toISOString(),
          source: 'http',
          metals: q.metals,
          usdMyr: rateSet(q.usdMyr),
          ...(Object.keys(references).length > 0 ? { references } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}
