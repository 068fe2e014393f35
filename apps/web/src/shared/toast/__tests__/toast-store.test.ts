import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD, createToastStore } from '../toast-store.ts';

describe('toast store', () => {
  it('uses the constants of SPEC.md §9', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD]).toEqual([1, 5000, 50]);
  });

  it('shows one toast at a time: a new toast replaces the current one', () => {
    const store = createToastStore();
    store.show({ title: 'first', variant: 'success' });
    const second = store.show({ title: 'second', description: 'why', variant: 'error' });
    const open = store.getToasts().filter((t) => t.open);
    expect(open).toEqual([{ id: second, title: 'second', description: 'why', variant: 'error', open: true }]);
  });

  it('defaults to the default variant, and dismiss then remove takes it away', () => {
    const store = createToastStore();
    const id = store.show({ title: 'note' });
    expect(store.getToasts()[0]?.variant).toBe('default');
    store.dismiss(id);
    expect(store.getToasts()[0]?.open).toBe(false);
    store.remove(id);
    expect(store.getToasts()).toEqual([]);
  });

  it('tells its subscribers', () => {
    const store = createToastStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.show({ title: 'a' });
    unsubscribe();
    store.show({ title: 'b' });
    expect(calls).toBe(1);
  });
});
