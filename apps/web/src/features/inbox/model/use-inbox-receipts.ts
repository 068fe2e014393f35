import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { imageProblem } from '#shared/ui/image-upload.tsx';
import { keyOf } from './inbox-item-view.ts';

export interface InboxReceipts {
  receipts: ReadonlyMap<string, File>;
  /** Why the last file picked or dropped was refused, null when it was not. */
  problem: string | null;
  pick: (item: InboxItem, file: File | null) => void;
  /** Drops the given keys (items decided here). */
  drop: (keys: ReadonlySet<string>) => void;
}

/** The verified receipt chosen for each payment request to approve, by key. */
export function useInboxReceipts(): InboxReceipts {
  const { t } = useTranslation(['inbox', 'common']);
  const [receipts, setReceipts] = useState<ReadonlyMap<string, File>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (item: InboxItem, file: File | null) => {
    const refused = file ? imageProblem(file) : null;
    setProblem(refused ? `${t(`inbox:kinds.${item.kind}`)} #${item.id}: ${t(`common:${refused}`)}` : null);
    setReceipts((current) => {
      const next = new Map(current);
      if (file && !refused) next.set(keyOf(item), file);
      else next.delete(keyOf(item));
      return next;
    });
  };

  return {
    receipts,
    problem,
    pick,
    drop: (keys) => setReceipts((current) => new Map([...current].filter(([key]) => !keys.has(key)))),
  };
}
