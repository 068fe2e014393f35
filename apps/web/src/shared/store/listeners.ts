/** The listeners of a small store: `add` returns the unsubscribe, `emit` tells each of them. */
export interface Listeners<A extends unknown[] = []> {
  add: (listener: (...args: A) => void) => () => void;
  emit: (...args: A) => void;
}

/** The one listener set under the console's small stores (auth, live, toasts, market status, new orders). */
export function createListeners<A extends unknown[] = []>(): Listeners<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    add: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: (...args) => {
      for (const listener of listeners) listener(...args);
    },
  };
}
