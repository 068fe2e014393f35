import { useEffect, useState } from 'react';
import type { InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { keyOf } from './inbox-item-view.ts';

export interface InboxSelection {
  selected: ReadonlyMap<string, InboxItem>;
  /** The items of the page this admin may decide. */
  decidable: readonly InboxItem[];
  allSelected: boolean;
  toggle: (item: InboxItem, on: boolean) => void;
  toggleAll: (on: boolean) => void;
  /** Drops the given keys (items decided here). */
  drop: (keys: ReadonlySet<string>) => void;
}

/** The checked items, by key; kept across pages, pruned of what left the inbox. */
export function useInboxSelection(items: readonly InboxItem[] | undefined): InboxSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, InboxItem>>(new Map());
  const decidable = (items ?? []).filter((i) => i.mayDecide);
  const allSelected = decidable.length > 0 && decidable.every((i) => selected.has(keyOf(i)));

  // what left the inbox (decided here or elsewhere) leaves the selection
  useEffect(() => {
    if (!items) return;
    const present = new Set(items.map(keyOf));
    setSelected((current) => {
      const kept = [...current].filter(([key]) => present.has(key));
      return kept.length === current.size ? current : new Map(kept);
    });
  }, [items]);

  const set = (of: readonly InboxItem[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of of) {
        if (on) next.set(keyOf(item), item);
        else next.delete(keyOf(item));
      }
      return next;
    });

  return {
    selected,
    decidable,
    allSelected,
    toggle: (item, on) => set([item], on),
    toggleAll: (on) => set(decidable, on),
    drop: (keys) => setSelected((current) => new Map([...current].filter(([key]) => !keys.has(key)))),
  };
}
