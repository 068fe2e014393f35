import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxDecision, InboxItem, InboxResult } from '@aurum/domain/inbox/inbox-schemas';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useKeyShortcuts } from '#shared/preferences/use-key-shortcuts.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useDecideInbox } from '../api/inbox-api.ts';
import { keyOf } from './inbox-item-view.ts';
import type { InboxReceipts } from './use-inbox-receipts.ts';
import type { InboxSelection } from './use-inbox-selection.ts';

/** The outcome of each item of one decision, kept on the page once rows have left the inbox. */
export interface InboxDecided {
  decision: InboxDecision;
  outcomes: ReadonlyArray<{ item: InboxItem; result: InboxResult }>;
}

export interface InboxDecisionFlow {
  /** The decision whose confirm dialog is open, null when none is. */
  dialog: InboxDecision | null;
  open: (decision: InboxDecision) => void;
  close: () => void;
  reason: string;
  setReason: (reason: string) => void;
  /** The last decision's outcome of each item, by key. */
  results: ReadonlyMap<string, InboxResult>;
  /** What the last decision did, as the rows read before they left the list (null before any). */
  decided: InboxDecided | null;
  pending: boolean;
  submit: () => void;
}

/**
 * Approve or decline the selection: the confirm dialog, the reason, the call and its outcome;
 * `a` and `d` open the dialog (single-key shortcuts, so they follow the admin menu's switch).
 */
export function useInboxDecision(selection: InboxSelection, receipts: InboxReceipts): InboxDecisionFlow {
  const { t } = useTranslation('inbox');
  const decide = useDecideInbox();
  const failed = useFailureToast();
  const toast = useToast();
  const [dialog, setDialog] = useState<InboxDecision | null>(null);
  const [reason, setReason] = useState('');
  const [results, setResults] = useState<ReadonlyMap<string, InboxResult>>(new Map());
  const [decided, setDecided] = useState<InboxDecided | null>(null);

  const open = (decision: InboxDecision) => {
    if (selection.selected.size > 0) setDialog(decision);
  };
  useKeyShortcuts({ a: () => open('approve'), d: () => open('decline') }, dialog !== null);

  const submit = () => {
    if (!dialog) return;
    const items = [...selection.selected.values()].map(({ kind, id }: InboxItem) => ({ kind, id }));
    decide.mutate(
      { decision: dialog, items, reason: reason.trim() || undefined, receipts: receipts.receipts },
      {
        onSuccess: (answer) => {
          setResults(new Map(answer.results.map((r) => [keyOf(r), r])));
          const ok = answer.results.filter((r) => r.ok);
          const done = new Set(ok.map(keyOf));
          const chosen = new Map([...selection.selected.values()].map((item) => [keyOf(item), item]));
          setDecided({
            decision: dialog,
            outcomes: answer.results.flatMap((result) => {
              const item = chosen.get(keyOf(result));
              return item ? [{ item, result }] : [];
            }),
          });
          selection.drop(done);
          receipts.drop(done);
          setDialog(null);
          setReason('');
          // what was done, in the decision's own word; what could not be, and where its reason is
          const refused = answer.results.length - ok.length;
          const said = t(dialog === 'approve' ? 'doneApproved' : 'doneDeclined', { count: ok.length });
          const message = refused > 0 ? `${said} ${t('doneRefused', { count: refused })}` : said;
          if (ok.length === answer.results.length) toast.success(message);
          else toast.warning(message);
        },
        onError: failed,
      },
    );
  };

  return {
    dialog,
    open,
    close: () => {
      if (!decide.isPending) setDialog(null);
    },
    reason,
    setReason,
    results,
    decided,
    pending: decide.isPending,
    submit,
  };
}
