import { describe, expect, it } from 'vitest';
import { memoryStorage } from '#shared/auth/__tests__/memory-storage.ts';
import { NEW_ORDERS_KEY, createNewOrderCache, parseNewOrders, type NewOrder } from '../new-order-cache.ts';

const order = (id: number): NewOrder => ({ id, userId: 3, action: 'BUY', orderType: 'MARKET', symbol: 'XAU/MYR', currency: 'MYR', quantityGram: '1.0000', createdAt: '2026-01-05T02:00:00.000Z' });

describe('cached new orders (session storage)', () => {
  it('remembers orders newest first, replacing one with the same id, and stores them', () => {
    const storage = memoryStorage();
    const cache = createNewOrderCache(() => storage);
    cache.remember(order(1));
    cache.remember(order(2));
    cache.remember({ ...order(1), quantityGram: '3.0000' });
    expect(cache.get().map((o) => o.id)).toEqual([1, 2]);
    expect(cache.get()[0]!.quantityGram).toBe('3.0000');
    expect(parseNewOrders(storage.getItem(NEW_ORDERS_KEY)).map((o) => o.id)).toEqual([1, 2]);
  });

  it('forgets by id (text or number) and removes the key when empty; listeners hear every change', () => {
    const storage = memoryStorage();
    const cache = createNewOrderCache(() => storage);
    let calls = 0;
    const stop = cache.subscribe(() => (calls += 1));
    cache.remember(order(1));
    cache.remember(order(2));
    cache.forget(['1']);
    expect(cache.get().map((o) => o.id)).toEqual([2]);
    cache.forget([99]);
    expect(calls).toBe(3);
    cache.forget([2]);
    expect(storage.getItem(NEW_ORDERS_KEY)).toBeNull();
    stop();
    cache.remember(order(5));
    expect(calls).toBe(4);
  });

  it('reads what an earlier page stored and drops anything unreadable', () => {
    const storage = memoryStorage({ [NEW_ORDERS_KEY]: JSON.stringify([order(4), { id: 'x' }, null]) });
    expect(createNewOrderCache(() => storage).get().map((o) => o.id)).toEqual([4]);
    expect(parseNewOrders('{not json')).toEqual([]);
    expect(parseNewOrders(null)).toEqual([]);
    expect(createNewOrderCache(() => null).get()).toEqual([]);
  });

  it('is empty again once the session storage is cleared (logout)', () => {
    const storage = memoryStorage();
    const cache = createNewOrderCache(() => storage);
    cache.remember(order(1));
    storage.removeItem(NEW_ORDERS_KEY);
    expect(cache.get()).toEqual([]);
    const snapshot = cache.get();
    expect(cache.get()).toBe(snapshot);
  });

  it('keeps working in memory when the storage refuses', () => {
    const cache = createNewOrderCache(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    }));
    cache.remember(order(1));
    expect(cache.get().map((o) => o.id)).toEqual([1]);
  });
});
