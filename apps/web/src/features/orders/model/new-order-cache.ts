import { useSyncExternalStore } from 'react';
import { createListeners } from '#shared/store/listeners.ts';

/**
 * The cached order of SPEC.md §3 ("Cached order (browser session)"): an order this browser
 * session just created, shown as Pending at the top of the trade requests until the server list
 * includes its id. Kept in session storage so a reload keeps it; forgotten once the list has it.
 */
export interface NewOrder {
  id: number;
  userId: number;
  username?: string;
  /** BUY or SELL. */
  action: 'BUY' | 'SELL';
  /** MARKET, LIMIT or OFF_LINE. */
  orderType: 'MARKET' | 'LIMIT' | 'OFF_LINE';
  symbol: string;
  currency: string;
  /** Grams as a decimal string. */
  quantityGram: string;
  /** Limit or final price as a decimal string, when the order has one. */
  price?: string | null;
  /** ISO date-time of creation. */
  createdAt: string;
}

export const NEW_ORDERS_KEY = 'aurum.newOrders';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isNewOrder(value: unknown): value is NewOrder {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isInteger(v.id) &&
    typeof v.userId === 'number' &&
    (v.action === 'BUY' || v.action === 'SELL') &&
    (v.orderType === 'MARKET' || v.orderType === 'LIMIT' || v.orderType === 'OFF_LINE') &&
    typeof v.symbol === 'string' &&
    typeof v.currency === 'string' &&
    typeof v.quantityGram === 'string' &&
    typeof v.createdAt === 'string'
  );
}

/** Parses a stored list: anything unreadable is dropped (never throws). */
export function parseNewOrders(raw: string | null): NewOrder[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isNewOrder) : [];
  } catch {
    return [];
  }
}

export interface NewOrderCache {
  get(): readonly NewOrder[];
  subscribe(listener: () => void): () => void;
  /** Adds (or replaces, by id) an order; newest first. */
  remember(order: NewOrder): void;
  /** Drops the orders with these ids (the server list has them now). */
  forget(ids: Iterable<number | string>): void;
}

/** A cache over a storage (session storage in the browser; a memory one in tests). */
export function createNewOrderCache(storage: () => StorageLike | null): NewOrderCache {
  const listeners = createListeners();
  let cached: readonly NewOrder[] = [];
  let lastRaw: string | null | undefined;
  // re-read on every look (cheap): a logout that clears session storage empties the cache too
  const read = (): readonly NewOrder[] => {
    let raw: string | null;
    try {
      raw = storage()?.getItem(NEW_ORDERS_KEY) ?? null;
    } catch {
      return cached;
    }
    if (raw !== lastRaw) {
      lastRaw = raw;
      cached = parseNewOrders(raw);
    }
    return cached;
  };
  const write = (orders: readonly NewOrder[]) => {
    cached = orders;
    try {
      const s = storage();
      const raw = orders.length === 0 ? null : JSON.stringify(orders);
      if (raw === null) s?.removeItem(NEW_ORDERS_KEY);
      else s?.setItem(NEW_ORDERS_KEY, raw);
      lastRaw = s ? raw : null;
    } catch {
      // storage full or unavailable: the in-memory copy still serves this page
    }
    listeners.emit();
  };
  return {
    get: read,
    subscribe: listeners.add,
    remember(order) {
      write([order, ...read().filter((o) => o.id !== order.id)]);
    },
    forget(ids) {
      const gone = new Set([...ids].map(String));
      const current = read();
      const next = current.filter((o) => !gone.has(String(o.id)));
      if (next.length !== current.length) write(next);
    },
  };
}

const browserStorage = (): StorageLike | null => (typeof window === 'undefined' ? null : window.sessionStorage);

/** The console's one cache of new orders. */
export const newOrderCache = createNewOrderCache(browserStorage);

/** Remembers an order just created (call after a successful create, before navigating). */
export function rememberNewOrder(order: NewOrder): void {
  newOrderCache.remember(order);
}

/** Forgets cached orders by id. */
export function forgetNewOrders(ids: Iterable<number | string>): void {
  newOrderCache.forget(ids);
}

/** The cached new orders, newest first; re-renders when they change. */
export function useNewOrders(): readonly NewOrder[] {
  return useSyncExternalStore(newOrderCache.subscribe, newOrderCache.get, newOrderCache.get);
}
