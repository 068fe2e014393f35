import { describe, expect, it } from 'vitest';
import { ProcessCache } from '../process-cache.ts';

describe('ProcessCache', () => {
  const make = (clock = () => 0, maxEntries = 10) => new ProcessCache<string, number>({ maxAgeMs: 1000, maxEntries, clock });

  it('loads once, then answers from what it holds until dropped', async () => {
    const cache = make();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('a', load)).toBe(1);
    expect(await cache.read('a', load)).toBe(1);
    cache.drop(['a']);
    expect(await cache.read('a', load)).toBe(2);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a value whose load was under way when something was dropped', async () => {
    const cache = make();
    let release: (v: number) => void = () => undefined;
    const slow = cache.read('a', () => new Promise<number>((resolve) => (release = resolve)));
    cache.drop(['b']); // the notification of a change arrives while the old row is on its way
    release(1);
    expect(await slow).toBe(1);
    expect(cache.get('a')).toBeUndefined();
    const stamp = cache.stamp();
    cache.drop(['a']);
    cache.keepIfCurrent('a', 2, stamp);
    expect(cache.get('a')).toBeUndefined();
    cache.keepIfCurrent('a', 3, cache.stamp());
    expect(cache.get('a')).toBe(3);
  });

  it('does not keep undefined (nothing found), lets entries go after maxAgeMs, and holds at most maxEntries', async () => {
    let now = 0;
    const cache = make(() => now, 2);
    expect(await cache.read('none', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
    await cache.read('a', async () => 1);
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    await cache.read('a', async () => 1);
    await cache.read('b', async () => 2);
    await cache.read('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(3);
  });
});
