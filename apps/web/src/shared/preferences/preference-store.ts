import { useSyncExternalStore } from 'react';
import { createListeners } from '../store/listeners.ts';

export interface PreferenceStore<T extends string> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * One preference of this browser kept in localStorage (theme, single-key shortcuts): a value of
 * `allowed`, `fallback` when none or an unknown one is stored. Private mode keeps it for the page.
 */
export function preferenceStore<T extends string>(key: string, allowed: readonly T[], fallback: T): PreferenceStore<T> {
  const listeners = createListeners();
  const read = (): T => {
    try {
      const stored = window.localStorage.getItem(key);
      return (allowed as readonly string[]).includes(stored ?? '') ? (stored as T) : fallback;
    } catch {
      return fallback;
    }
  };
  let current = read();
  return {
    get: () => current,
    set(value) {
      current = value;
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // private mode: the choice lasts for this page only
      }
      listeners.emit();
    },
    subscribe: listeners.add,
  };
}

export function usePreference<T extends string>(store: PreferenceStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
