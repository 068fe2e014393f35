import type { ClosureReason } from './market-status.ts';
import type { MetalAdjustAnswer } from './system-schemas.ts';
import type { RequestView } from '../assets/request-schemas.ts';

/**
 * Messages of the live socket (SPEC.md §7): `{type, data}` JSON frames. Unknown kinds are only
 * logged by the console.
 */
export const SOCKET_MESSAGE_KINDS = ['Price', 'MyrRate', 'GlobalSetting', 'Market', 'Limit', 'OrderUpdated', 'RequestUpdated', 'InboxChanged', 'TreasuryPosition', 'TreasuryBand', 'Resync'] as const;
export type SocketMessageKind = (typeof SOCKET_MESSAGE_KINDS)[number];

export type Trend = 'up' | 'down';

export interface SidePrice {
  buy: string;
  sell: string;
  buyTrend: Trend;
  sellTrend: Trend;
}

/** Gold prices: MYR per gram and USD per troy ounce, buy and sell, with availability per market. */
export interface PriceData {
  myr: SidePrice;
  usd: SidePrice;
  available: { myr: boolean; usd: boolean; offline: boolean };
  reason: ClosureReason | null;
  /** Which adjust variant priced it. */
  variant: 'regular' | 'afterHour';
  /** Where the quote came from: 'simulated', 'http', 'manual'. */
  source: string;
  at: string;
  /**
   * The quote this frame was priced at (decision 0865): order create given it prices the order at this
   * frame's price until `expiresAt`. Null while the feed is unhealthy (no price is quoted) or before
   * the first quotes.
   */
  quoteId?: string | null;
  expiresAt?: string | null;
}

export interface MyrRateData {
  bidPrice: string;
  askPrice: string;
  highPrice: string;
  lowPrice: string;
}

export type SocketMessage =
  | { type: 'Price'; data: PriceData }
  | { type: 'MyrRate'; data: MyrRateData }
  | { type: 'GlobalSetting'; data: MetalAdjustAnswer & { metal: string } }
  | { type: 'Market' | 'Limit' | 'OrderUpdated'; data: Record<string, unknown> & { id: number | string } }
  /** A deposit, withdrawal or transfer request was created or decided (decision 0527). */
  | { type: 'RequestUpdated'; data: RequestView }
  /** What awaits a maker-checker decision changed: the console asks for its inbox count again (decision 0542). */
  | { type: 'InboxChanged'; data: Record<string, never> }
  /** Metal moved (a fill, a settlement, a delivery, a bar movement, a hedge): the console asks for the treasury position again (decision 0838). */
  | { type: 'TreasuryPosition'; data: TreasuryPositionData }
  /** A metal's net position left its band or came back inside (decision 0834): an alert for superAdmins. */
  | { type: 'TreasuryBand'; data: TreasuryBandData }
  /** The server's live events had a gap (its database connection came back): refetch everything shown. */
  | { type: 'Resync'; data: Record<string, never> };

export interface TreasuryPositionData {
  metals: string[];
}

export interface TreasuryBandData {
  metal: string;
  crossing: 'left' | 'returned';
  net: string;
  target: string;
  band: string;
}

/**
 * Close code of a server process going away for a restart (RFC 6455 1012, Service Restart): the
 * console reconnects at once, through the proxy, to another process.
 */
export const SERVER_RESTART_CLOSE = 1012;

/** The console's reconnect policy: up to 100 attempts, delay min(1000 x 2^n, 10000) ms. */
export const SOCKET_RECONNECT = { maxAttempts: 100, baseDelayMs: 1000, maxDelayMs: 10_000 } as const;
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RECONNECT.baseDelayMs * 2 ** attempt, SOCKET_RECONNECT.maxDelayMs);
}

/** At most one Price per client per this many milliseconds (SPEC.md §9). */
export const PRICE_THROTTLE_MS = 1500;

export function isSocketMessage(value: unknown): value is SocketMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    (SOCKET_MESSAGE_KINDS as readonly string[]).includes((value as { type: string }).type)
  );
}
