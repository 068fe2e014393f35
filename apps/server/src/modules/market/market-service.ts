import { randomBytes } from 'node:crypto';
import type { PriceData, SocketMessage, MyrRateData, Trend } from '@aurum/domain/system/live-messages';
import { marketStatus, type MarketStatus } from '@aurum/domain/system/market-status';
import { METALS, type Metal } from '@aurum/domain/system/metals';
import { customerPrice, type AdjustSettings } from '@aurum/domain/orders/order-pricing';
import { Decimal } from '@aurum/domain/money/decimal';
import type { Db, Queryable } from '../../db/db.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import type { EventBus, LiveEvent, Quotes } from '../../live/event-bus.ts';
import { readAdjust, toMetalAdjustAnswer, type Variant } from '../system/adjust-service.ts';
import { holidayDates } from '../system/holiday-service.ts';
import { manualPriceRows, releaseFeedLease, takeFeedLease } from './market-repository.ts';
import { readModes } from '../system/mode-service.ts';
import { REFERENCE_SOURCES, type MarketQuotes, type PriceSource, type RateSet, type ReferenceSource } from './price-sources.ts';

/** A reference rate as last received, with the moment of its quotes. */
export type ReferenceRate = RateSet & { updatedAt: string };

export interface MarketOptions {
  tickMs: number;
  staleMs: number;
  /** Recent prices kept for the chart. */
  historySize: number;
}

export interface PricePoint {
  at: string;
  myrBuy: string;
  myrSell: string;
  usdBuy: string;
  usdSell: string;
}

interface Settings {
  adjust: Record<Metal, Record<Variant, AdjustSettings>>;
  modes: { panic: boolean; tradingPeriod: boolean; autoSettle: boolean };
  holidays: string[];
  manual: Map<Metal, { bid: string; ask: string; expiresAt: Date | null }>;
}

/**
 * The live market of one server process. One process at a time (a lease row) runs the price
 * feed and publishes its quotes over the event bus; every process turns the latest quotes and
 * the settings into the Price and MyrRate messages its sockets receive. open() (at build) loads
 * the settings and listens to the bus, so the process shows what others publish; its two jobs
 * run only once started: `priceFeed` (ask the source, publish) and `marketStatus` (staleness,
 * holidays and trading hours change with time alone).
 */
export class MarketService {
  private readonly id = randomBytes(8).toString('hex');
  private settings: Settings | null = null;
  private quotes: Quotes | null = null;
  private sessionCloseRate: Quotes['usdMyr'] | null = null;
  /** The last value of each reference source; a source that never sent one is absent. */
  private readonly references = new Map<ReferenceSource, ReferenceRate>();
  private price: PriceData | null = null;
  private status: MarketStatus | null = null;
  private lastKey = '';
  private readonly history: PricePoint[] = [];
  private readonly listeners = new Set<(message: SocketMessage) => void>();
  private unsubscribe: (() => void) | null = null;
  private leading = false;
  private ticking = false;

  private readonly db: Db;
  private readonly bus: EventBus;
  private readonly source: PriceSource | null;
  private readonly now: () => Date;
  private readonly options: MarketOptions;
  /** The feed (only with a source): every tickMs, a tick at once when started; stopping hands the lease over. */
  readonly feedJob: Job;
  /** Every second, the status again: a change by time alone (staleness, trading hours) is emitted. */
  readonly statusJob: Job;

  constructor(db: Db, bus: EventBus, source: PriceSource | null, now: () => Date, options: MarketOptions) {
    this.db = db;
    this.bus = bus;
    this.source = source;
    this.now = now;
    this.options = options;
    this.feedJob = intervalJob('priceFeed', {
      everyMs: source ? options.tickMs : 0,
      runAtStart: true,
      run: (at) => this.tick(at),
      onStop: () => this.releaseLease(),
    });
    this.statusJob = intervalJob('marketStatus', { everyMs: 1000, run: () => this.recompute(false) });
  }

  /** Loads the settings and listens to the bus (quotes and settings of every process); starts no timer. */
  async open(): Promise<void> {
    await this.reloadSettings();
    this.unsubscribe ??= this.bus.subscribe((event) => void this.onEvent(event));
  }

  /** Stops listening and hands the feed lease over when this process holds it. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.releaseLease();
  }

  private async releaseLease(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await releaseFeedLease(this.db, this.id).catch(() => undefined);
  }

  /** Socket hub and tests listen here. */
  onMessage(listener: (message: SocketMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  currentPrice(): PriceData | null {
    return this.price;
  }

  currentRate(): MyrRateData | null {
    const q = this.quotes;
    return q ? { bidPrice: q.usdMyr.bid, askPrice: q.usdMyr.ask, highPrice: q.usdMyr.high, lowPrice: q.usdMyr.low } : null;
  }

  currentQuotes(): Quotes | null {
    return this.quotes;
  }

  /**
   * The reference rates (integral, investing) as last received: each keeps its last value and the
   * time of it when later quotes lack it; null for a source that has sent no value yet.
   */
  currentReferences(): Record<ReferenceSource, ReferenceRate | null> {
    const out = {} as Record<ReferenceSource, ReferenceRate | null>;
    for (const name of REFERENCE_SOURCES) out[name] = this.references.get(name) ?? null;
    return out;
  }

  currentStatus(): MarketStatus {
    return this.computeStatus();
  }

  /**
   * What prices an order at this moment, exactly as the Price frames are priced: the gold quote
   * (a manual price when one is in force), the USD/MYR rate (the session's final rate after hours in
   * trading-period mode), the active variant's xau settings and the market status; null before the
   * first quotes.
   */
  orderPricing(): { quote: { bid: string; ask: string }; fx: { bid: string; ask: string }; settings: AdjustSettings; status: MarketStatus } | null {
    if (!this.quotes || !this.settings) return null;
    const status = this.computeStatus();
    const fx = status.variant === 'afterHour' && this.settings.modes.tradingPeriod && this.sessionCloseRate ? this.sessionCloseRate : this.quotes.usdMyr;
    return { quote: this.manualPrice('xau') ?? this.quotes.metals.xau, fx, settings: this.settings.adjust.xau[status.variant], status };
  }

  /** The xau adjust settings of a variant as this process knows them (interest rates of orders). */
  xauSettings(variant: Variant): AdjustSettings | null {
    return this.settings?.adjust.xau[variant] ?? null;
  }

  recentHistory(): PricePoint[] {
    return [...this.history];
  }

  isLeading(): boolean {
    return this.leading;
  }

  /** One feed step at `now`: renew the lease; the holder asks its source and publishes the quotes. */
  async tick(now: Date = this.now()): Promise<void> {
    if (!this.source || this.ticking) return;
    this.ticking = true;
    try {
      const leaseMs = Math.max(3 * this.options.tickMs, 3000);
      this.leading = await takeFeedLease(this.db, this.id, leaseMs);
      if (!this.leading) return;
      const quotes = await this.source.next(now);
      if (!quotes) return;
      await this.bus.publish(this.db, { kind: 'quotes', quotes });
    } catch {
      // a failed step is a missed tick; staleness will tell if it lasts
    } finally {
      this.ticking = false;
    }
  }

  /** A manual price in force for a metal (Manual Metal Price Setting), or null. */
  private manualPrice(metal: Metal): { bid: string; ask: string } | null {
    const m = this.settings?.manual.get(metal);
    if (!m || (m.expiresAt && m.expiresAt <= this.now())) return null;
    return { bid: m.bid, ask: m.ask };
  }

  private async onEvent(event: LiveEvent): Promise<void> {
    if (event.kind === 'quotes') {
      this.quotes = event.quotes;
      const references = (event.quotes as MarketQuotes).references ?? {};
      for (const name of REFERENCE_SOURCES) {
        const r = references[name];
        if (r) this.references.set(name, { bid: r.bid, ask: r.ask, high: r.high, low: r.low, updatedAt: event.quotes.at });
      }
      this.recompute(true);
      const rate = this.currentRate();
      if (rate) this.emit({ type: 'MyrRate', data: rate });
    } else if (event.kind === 'settings') {
      await this.reloadSettings();
      if (event.what === 'adjust' && event.metal && this.settings) {
        const metal = event.metal as Metal;
        this.emit({ type: 'GlobalSetting', data: { metal, ...toMetalAdjustAnswer(this.settings.adjust[metal]) } });
      }
      this.recompute(true);
    }
  }

  async reloadSettings(q: Queryable = this.db): Promise<void> {
    const adjust = {} as Settings['adjust'];
    for (const metal of METALS) adjust[metal] = await readAdjust(q, metal);
    const modes = await readModes(q, this.now());
    const holidays = await holidayDates(q);
    const manualRows = await manualPriceRows(q);
    const manual = new Map(manualRows.map((m) => [m.metal, { bid: m.bid, ask: m.ask, expiresAt: m.expires_at }]));
    this.settings = { adjust, modes: { panic: modes.panic, tradingPeriod: modes.tradingPeriod, autoSettle: modes.autoSettle }, holidays, manual };
  }

  private computeStatus(): MarketStatus {
    const now = this.now();
    const fresh = this.quotes !== null && now.getTime() - new Date(this.quotes.at).getTime() <= this.options.staleMs;
    // a manual gold price keeps the market priced while the feed is silent (the rate is the last one)
    const manual = this.quotes !== null && this.manualPrice('xau') !== null;
    return marketStatus({
      now,
      holidays: this.settings?.holidays ?? [],
      modes: this.settings?.modes ?? { panic: false, tradingPeriod: false, autoSettle: false },
      sourceConnected: fresh || manual,
    });
  }

  /**
   * Recomputes the gold price; emits it when new quotes arrived (`force`), or when the status or
   * the price itself changed (a manual price expiring, trading hours ending).
   */
  private recompute(force: boolean): void {
    if (!this.quotes || !this.settings) return;
    const status = this.computeStatus();
    const manual = this.manualPrice('xau');
    const key = JSON.stringify([status, manual]);
    if (!force && key === this.lastKey) return;
    this.lastKey = key;
    this.status = status;
    if (status.variant === 'regular') this.sessionCloseRate = this.quotes.usdMyr;
    // trading-period mode: XAU/MYR after hours uses the final rate of the trading session
    const fx = status.variant === 'afterHour' && this.settings.modes.tradingPeriod && this.sessionCloseRate ? this.sessionCloseRate : this.quotes.usdMyr;
    const p = customerPrice(manual ?? this.quotes.metals.xau, fx, this.settings.adjust.xau[status.variant]);
    const prev = this.price;
    const trend = (value: string, before: string | undefined): Trend => (before !== undefined && new Decimal(value).lt(before) ? 'down' : 'up');
    this.price = {
      myr: { buy: p.myr.buy, sell: p.myr.sell, buyTrend: trend(p.myr.buy, prev?.myr.buy), sellTrend: trend(p.myr.sell, prev?.myr.sell) },
      usd: { buy: p.usd.buy, sell: p.usd.sell, buyTrend: trend(p.usd.buy, prev?.usd.buy), sellTrend: trend(p.usd.sell, prev?.usd.sell) },
      available: { myr: status.myr.available, usd: status.usd.available, offline: status.offline.available },
      reason: status.reason,
      variant: status.variant,
      source: manual ? 'manual' : this.quotes.source,
      at: this.quotes.at,
    };
    if (force) {
      this.history.push({ at: this.quotes.at, myrBuy: p.myr.buy, myrSell: p.myr.sell, usdBuy: p.usd.buy, usdSell: p.usd.sell });
      if (this.history.length > this.options.historySize) this.history.splice(0, this.history.length - this.options.historySize);
    }
    this.emit({ type: 'Price', data: this.price });
  }

  private emit(message: SocketMessage): void {
    for (const l of this.listeners) {
      try {
        l(message);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}
