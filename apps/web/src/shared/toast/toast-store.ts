import { createListeners } from '#shared/store/listeners.ts';

/** SPEC.md §2 and §9: toast variants, one toast at a time, 5000 ms, swipe right past 50 px. */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_LIMIT = 1;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description: string | null;
  open: boolean;
}

export interface ToastStore {
  getToasts(): readonly ToastItem[];
  subscribe(listener: () => void): () => void;
  show(input: ToastInput): number;
  dismiss(id: number): void;
  /** Drops closed toasts once their exit animation is over. */
  remove(id: number): void;
}

/** A new toast replaces the current one: the list never holds more than TOAST_LIMIT open toasts. */
export function createToastStore(): ToastStore {
  let toasts: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = createListeners();
  const set = (next: readonly ToastItem[]) => {
    toasts = next;
    listeners.emit();
  };
  return {
    getToasts: () => toasts,
    subscribe: listeners.add,
    show(input) {
      const id = nextId++;
      const item: ToastItem = {
        id,
        title: input.title,
        description: input.description ?? null,
        variant: input.variant ?? 'default',
        open: true,
      };
      const open = toasts.filter((t) => t.open);
      const kept = open.slice(Math.max(0, open.length - (TOAST_LIMIT - 1)));
      set([...kept, item]);
      return id;
    },
    dismiss(id) {
      set(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
    },
    remove(id) {
      set(toasts.filter((t) => t.id !== id));
    },
  };
}

export const toastStore = createToastStore();
