import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { PriceData, SocketMessage, MyrRateData } from '@aurum/domain/system/live-messages';
import { marketStatus, type MarketStatus } from '@aurum/domain/system/market-status';
import type { Metal } from '@aurum/domain/system/metals';
import { customerPrice, type AdjustSettings } from '@aurum/domain/orders/order-pricing';
import { priceFrame } from '@aurum/domain/market/price-frame';
import { isOutOfOrder, type FeedHealthState } from '@aurum/domain/market/price-health';
import type { AuditEntry } from '../../http/route.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { intervalJob, type Job } from '../../jobs/jobs-runner.ts';
import type { EventBus, LiveEvent, Quotes } from '../../live/event-bus.ts';
import { EventRetries } from '../../live/event-retries.ts';
import { toMetalAdjustAnswer, type Variant } from '../system/adjust-service.ts';
import { releaseFeedLease, takeFeedLease } from './market-repository.ts';
import { modesForMoney, settingsFloor, settingsHeard } from '../system/mode-service.ts';
import { loadSettings, modesOf, readSettingsSnapshot, type Settings } from './market-settings-service.ts';
import { FeedHealthRecorder, feedHealthView, type FeedHealthView } from './feed-health.ts';
import { VersionedCopy } from '../../cache/versioned-copy.ts';
import type { IssuedQuote, QuoteCheck, QuotePricing, QuoteSigner } from './price-quotes.ts';
import { REFERENCE_SOURCES, type MarketQuotes, type PriceSource, type RateSet, type ReferenceSource } from './price-sources.ts';

/** How a live event that failed is tried again: soon, then at most every 5 s while the database is away. */
const RETRY_BACKOFF = { baseMs: 200, capMs: 5_000 } as const;

/** One pending try per setting (and per resync): a later failure of the same replaces the earlier. */
function retryKey(event: Extract<LiveEvent, { kind: 'settings' | 'resync' }>): string {
  return event.kind === 'settings' ? `settings/${event.what}/${event.metal ?? ''}` : 'resync';
}

/** A reference rate as last received, with the moment of its quotes. */
export type ReferenceRate = RateSet & { updatedAt: string };

export interface MarketOptions {
  tickMs: number;
  /** The primary source's freshness limit, in market-open time (the domain's isStale). */
  staleMs: number;
  /** Recent prices kept for the chart. */
  historySize: number;
  /**
   * The cross-check (decision 0862): a second source is configured (in this process or another one), its
   * freshness limit, and how far (basis points) its gold mid may be from the primary's. Null: none.
   */
  check?: { staleMs: number; disagreeBps: number } | null;
  /** Signs the quote of every Price frame (quoteId, expiresAt); none: frames carry no quote. */
  quotes?: QuoteSigner | null;
  /** Writes the audit row of a health change (route()'s writer; none: no audit row). */
  writeAudit?: ((q: Queryable, entry: AuditEntry) => Promise<void>) | null;
  /** Where a dropped (out-of-order) tick is logged. */
  log?: { warn: (detail: object, message: string) => void } | null;
}

export interface PricePoint {
  at: string;
  myrBuy: string;
  myrSell: string;
  usdBuy: string;
  usdSell: string;
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
  /** The feed lease's holder: names the process (host and pid) so an operator sees who leads. */
  private readonly id = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  /** The settings as this process knows them: replaced only by the same or a later version (a reload landing late changes nothing). */
  private readonly copy = new VersionedCopy<Settings>();
  private quotes: Quotes | null = null;
  private sessionCloseRate: Quotes['usdMyr'] | null = null;
  /** The last value of each reference source; a source that never sent one is absent. */
  private readonly references = new Map<ReferenceSource, ReferenceRate>();
  private price: PriceData | null = null;
  private status: MarketStatus | null = null;
  private lastKey = '';
  /** The figures of the last Price emitted: its prices, status, manual price and source time. */
  private lastFigures = '';
  private readonly history: PricePoint[] = [];
  private readonly listeners = new Set<(message: SocketMessage, urgent: boolean) => void>();
  /** The cross-check source's latest quotes (decision 0862). */
  private checkQuotes: Quotes | null = null;
  /** Source time of the last accepted tick per source; an older one is dropped. */
  private readonly lastAccepted: Record<'primary' | 'check', Date | null> = { primary: null, check: null };
  private readonly dropped = { primary: 0, check: 0 };
  /** Records each health change this process sees (price_feed_health, the audit row). */
  private readonly health: FeedHealthRecorder;
  private quote: IssuedQuote | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Settings notices and resyncs that could not be applied, tried again (a quote is not: the next tick replaces it). */
  private readonly retries: EventRetries<LiveEvent>;
  private leading = false;
  private ticking = false;

  private readonly db: Db;
  private readonly bus: EventBus;
  private readonly source: PriceSource | null;
  private readonly checkSource: PriceSource | null;
  private readonly now: () => Date;
  private readonly options: MarketOptions;
  /** The feed (only with a source): every tickMs, a tick at once when started; stopping hands the lease over. */
  readonly feedJob: Job;
  /** Every second, the status again: a change by time alone (staleness, trading hours) is emitted. */
  readonly statusJob: Job;

  constructor(db: Db, bus: EventBus, source: PriceSource | null, now: () => Date, options: MarketOptions, checkSource: PriceSource | null = null) {
    this.db = db;
    this.bus = bus;
    this.source = source;
    this.checkSource = checkSource;
    this.now = now;
    this.options = options;
    this.feedJob = intervalJob('priceFeed', {
      everyMs: source ? options.tickMs : 0,
      runAtStart: true,
      run: (at) => this.tick(at),
      onStop: () => this.releaseLease(),
    });
    this.retries = new EventRetries((event) => this.onEvent(event), {
      backoff: RETRY_BACKOFF,
      onFailure: (error, attempt) => options.log?.warn({ err: error, attempt }, 'market: a live event could not be applied; trying again'),
    });
    this.statusJob = intervalJob('marketStatus', { everyMs: 1000, run: () => this.recompute(false) });
    this.health = new FeedHealthRecorder({
      db,
      now,
      writeAudit: options.writeAudit ?? null,
      reasonOf: (state) => this.computeStatus(state).reason,
      log: options.log ?? null,
    });
  }

  private get settings(): Settings | null {
    return this.copy.peek() ?? null;
  }

  /** Loads the settings and listens to the bus (quotes and settings of every process); starts no timer. */
  async open(): Promise<void> {
    await this.reloadSettings();
    // a reload that fails (the database going away as the notice arrives) leaves the copy as it was
    // (money reads the settings version in its own transaction, inForce) and is tried again until
    // it applies; never an unhandled rejection, which ends a process
    this.unsubscribe ??= this.bus.subscribe(
      (event) =>
        void this.onEvent(event).catch((error: unknown) => {
          if (event.kind === 'settings' || event.kind === 'resync') this.retries.failed(retryKey(event), event, error);
          else this.options.log?.warn({ err: error, event: event.kind }, 'market: a live event could not be applied');
        }),
    );
  }

  /** Stops listening and hands the feed lease over when this process holds it. */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.retries.stop();
    await this.releaseLease();
  }

  private async releaseLease(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    await releaseFeedLease(this.db, this.id).catch(() => undefined);
  }

  /**
   * Socket hub and tests listen here. `urgent`: a Price frame that carries a decision (a setting, a
   * manual price, the market's status) rather than the feed's next tick; it is not held back.
   */
  onMessage(listener: (message: SocketMessage, urgent: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  currentPrice(): PriceData | null {
    return this.price;
  }

  /** The latest Price frame brought up to date first (a health or status change by time alone, a quote due), as price/current answers it. */
  freshPrice(): PriceData | null {
    this.recompute(false);
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

  /** The market status; `settings`: those in force in a caller's transaction (inForce), else this process's. */
  currentStatus(settings?: Settings): MarketStatus {
    return this.computeStatus(this.feedHealth().state, settings);
  }

  /**
   * What prices an order at this moment, exactly as the Price frames are priced: the gold quote
   * (a manual price when one is in force), the USD/MYR rate (the session's final rate after hours in
   * trading-period mode), the active variant's xau settings and the market status; null before the
   * first quotes.
   */
  orderPricing(
    settings: Settings | null = this.settings,
  ): { quote: { bid: string; ask: string }; fx: { bid: string; ask: string }; settings: AdjustSettings; status: MarketStatus } | null {
    if (!this.quotes || !settings) return null;
    const status = this.computeStatus(this.feedHealth().state, settings);
    const fx = status.variant === 'afterHour' && settings.modes.tradingPeriod && this.sessionCloseRate ? this.sessionCloseRate : this.quotes.usdMyr;
    return { quote: this.manualPrice('xau', settings) ?? this.quotes.metals.xau, fx, settings: settings.adjust.xau[status.variant], status };
  }

  /** The xau adjust settings of a variant (interest rates of orders): of `settings` (inForce), else as this process knows them. */
  xauSettings(variant: Variant, settings: Settings | null = this.settings): AdjustSettings | null {
    return settings?.adjust.xau[variant] ?? null;
  }

  /**
   * The settings a money-moving transaction acts on: the modes row read on `q` under the settings lock (shared)
   * (a switch in flight is waited for; none commits until `q` ends), and this process's copy when it
   * is of that row's settings version, else the settings read again on `q` (kept as the process's
   * copy: an adjust or a manual price acknowledged anywhere prices this order and every later one).
   * The modes are always the row's.
   */
  async inForce(q: Queryable): Promise<Settings> {
    const row = await modesForMoney(q);
    const held = this.settings;
    const settings = held && held.version === row.settings_version ? held : await this.adopt(await loadSettings(q, row, this.now()));
    return { ...settings, modes: modesOf(row, this.now()) };
  }

  /**
   * Brings this process's copy up to a settings change it knows of (one it acknowledged itself, or
   * heard of): what price/current answers after a switch's 200 reflects the switch.
   */
  async upToDate(): Promise<void> {
    if (this.copy.version < settingsFloor(this.bus)) await this.reloadSettings();
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
      const check = this.checkSource;
      const [quotes, checked] = await Promise.all([
        this.source.next(now),
        check ? check.next(now).catch(() => null) : Promise.resolve(null),
      ]);
      // the cross-check's quotes travel marked, so every process compares the same two sources; they
      // go first, so that the primary's (which prices) meets the check of the same tick
      if (checked) await this.bus.publish(this.db, { kind: 'quotes', quotes: { ...checked, feed: 'check' } as MarketQuotes });
      if (quotes) await this.bus.publish(this.db, { kind: 'quotes', quotes });
    } catch {
      // a failed step is a missed tick; staleness will tell if it lasts
    } finally {
      this.ticking = false;
    }
  }

  /** A manual price in force for a metal (Manual Metal Price Setting), or null. */
  private manualPrice(metal: Metal, settings: Settings | null = this.settings): { bid: string; ask: string } | null {
    const m = settings?.manual.get(metal);
    if (!m || (m.expiresAt && m.expiresAt <= this.now())) return null;
    return { bid: m.bid, ask: m.ask };
  }

  private async onEvent(event: LiveEvent): Promise<void> {
    if (event.kind === 'quotes') {
      const feed = (event.quotes as MarketQuotes).feed === 'check' ? 'check' : 'primary';
      const at = new Date(event.quotes.at);
      if (Number.isNaN(at.getTime()) || isOutOfOrder(at, this.lastAccepted[feed])) {
        // never shown nor quoted: counted, logged
        this.dropped[feed] += 1;
        this.options.log?.warn({ feed, source: event.quotes.source, at: event.quotes.at, lastAccepted: this.lastAccepted[feed]?.toISOString() ?? null }, 'price tick out of order: dropped');
        return;
      }
      this.lastAccepted[feed] = at;
      if (feed === 'check') {
        this.checkQuotes = event.quotes;
        this.recompute(false);
        return;
      }
      this.quotes = event.quotes;
      const references = (event.quotes as MarketQuotes).references ?? {};
      for (const name of REFERENCE_SOURCES) {
        const r = references[name];
        if (r) this.references.set(name, { bid: r.bid, ask: r.ask, high: r.high, low: r.low, updatedAt: event.quotes.at });
      }
      this.recompute(true);
      const rate = this.currentRate();
      if (rate) this.emit({ type: 'MyrRate', data: rate });
    } else if (event.kind === 'resync') {
      // notifications may be missing: read the settings again
      await this.reloadSettings();
      this.recompute(true, true);
    } else if (event.kind === 'settings') {
      // already in force here (an order's transaction read it first): no reload
      if (event.version === undefined || event.version > this.copy.version) await this.reloadSettings();
      if (event.what === 'adjust' && event.metal && this.settings) {
        const metal = event.metal as Metal;
        this.emit({ type: 'GlobalSetting', data: { metal, ...toMetalAdjustAnswer(this.settings.adjust[metal]) } });
      }
      this.recompute(true, true);
    }
  }

  /** Reads the settings again (one snapshot) and keeps them unless a later version is held meanwhile. */
  async reloadSettings(): Promise<void> {
    await this.adopt(await readSettingsSnapshot(this.db, this.now()));
  }

  /** Keeps `loaded` as this process's copy unless a later version is held; answers it either way. */
  private async adopt(loaded: Settings): Promise<Settings> {
    settingsHeard(this.bus, loaded.version);
    if (this.copy.offer(loaded.version, loaded)) this.recompute(false);
    return loaded;
  }

  /**
   * The feed's health now, on this process's quotes and calendar (feedHealthView).
   */
  feedHealth(): FeedHealthView {
    const check = this.options.check ?? null;
    return feedHealthView({
      now: this.now(),
      calendar: { holidays: this.settings?.holidays ?? [], tradingPeriod: this.settings?.modes.tradingPeriod ?? false },
      primary: { quotes: this.quotes, staleMs: this.options.staleMs },
      check: check ? { quotes: this.checkQuotes, staleMs: check.staleMs, disagreeBps: check.disagreeBps } : null,
      dropped: this.dropped,
    });
  }

  private computeStatus(health: FeedHealthState = this.feedHealth().state, settings: Settings | null = this.settings): MarketStatus {
    // a manual gold price keeps the market priced while the feed is silent or disputed (the rate is the last one)
    const manual = this.quotes !== null && this.manualPrice('xau', settings) !== null;
    return marketStatus({
      now: this.now(),
      holidays: settings?.holidays ?? [],
      modes: settings?.modes ?? { panic: false, tradingPeriod: false, autoSettle: false },
      sourceConnected: (this.quotes !== null && health !== 'stale') || manual,
      sourcesDisagree: health === 'disagree' && !manual,
    });
  }

  /** Waits for the health records in hand (tests, shutdown). */
  settled(): Promise<void> {
    return this.health.settled();
  }

  /** A quote's pricing, when it is one of ours and not expired at `now` (the request's clock). */
  checkQuote(quoteId: string, now: Date): QuoteCheck {
    return this.options.quotes ? this.options.quotes.check(quoteId, now) : { ok: false, why: 'unknown' };
  }

  /**
   * Recomputes the gold price; emits it when new quotes arrived (`force`), or when the status or
   * the price itself changed (a manual price expiring, trading hours ending). A settings change
   * (`decided`) or a change of status or manual price is sent at once; a feed tick alone may wait
   * for the client's throttle.
   */
  private recompute(force: boolean, decided = false): void {
    if (!this.quotes || !this.settings) return;
    const health = this.feedHealth();
    this.health.note(health);
    const status = this.computeStatus(health.state);
    const manual = this.manualPrice('xau');
    const key = JSON.stringify([status, manual]);
    // a quote past half its life is renewed even without a new tick (a market open on a quiet feed)
    const signer = this.options.quotes;
    const quoteDue = signer !== null && signer !== undefined && this.quote !== null && new Date(this.quote.expiresAt).getTime() - this.now().getTime() < signer.lifetimeMs / 2;
    if (!force && key === this.lastKey && !quoteDue) return;
    const urgent = decided || key !== this.lastKey;
    this.lastKey = key;
    this.status = status;
    if (status.variant === 'regular') this.sessionCloseRate = this.quotes.usdMyr;
    // trading-period mode: XAU/MYR after hours uses the final rate of the trading session
    const fx = status.variant === 'afterHour' && this.settings.modes.tradingPeriod && this.sessionCloseRate ? this.sessionCloseRate : this.quotes.usdMyr;
    const pricing: QuotePricing = { quote: manual ?? this.quotes.metals.xau, fx, settings: this.settings.adjust.xau[status.variant], variant: status.variant };
    const p = customerPrice(pricing.quote, pricing.fx, pricing.settings);
    const figures = JSON.stringify([p, key, this.quotes.at]);
    // a decision this process already priced (settings it adopted, then their event): nothing new to send
    if (decided && !quoteDue && figures === this.lastFigures) return;
    this.lastFigures = figures;
    // a quote only while some live pair trades on it: never from the last good price of an unhealthy feed
    const quoted = status.myr.available || status.usd.available;
    this.quote = quoted && this.options.quotes ? this.options.quotes.issue(pricing, this.now()) : null;
    this.price = priceFrame({ p, prev: this.price, status, source: manual ? 'manual' : this.quotes.source, at: this.quotes.at, quote: this.quote });
    if (force) {
      this.history.push({ at: this.quotes.at, myrBuy: p.myr.buy, myrSell: p.myr.sell, usdBuy: p.usd.buy, usdSell: p.usd.sell });
      if (this.history.length > this.options.historySize) this.history.splice(0, this.history.length - this.options.historySize);
    }
    this.emit({ type: 'Price', data: this.price }, urgent);
  }

  private emit(message: SocketMessage, urgent = false): void {
    for (const l of this.listeners) {
      try {
        l(message, urgent);
      } catch {
        // a listener's failure is its own
      }
    }
  }
}
