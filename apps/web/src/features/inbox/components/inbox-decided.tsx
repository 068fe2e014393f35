import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { isFinanceItem } from '../model/finance-item-view.ts';
import { keyOf, linkOf, valueOf } from '../model/inbox-item-view.ts';
import type { InboxDecided as Decided } from '../model/use-inbox-decision.ts';

/**
 * What the last decision did, once its rows have left the inbox: each item with its customer, its
 * value and its outcome (the decision, or the refusal and its reason), linked to its record, so a
 * checker sees the outcome rather than rows that vanished. An item another admin decided meanwhile
 * leaves the inbox too: its refusal is read here.
 */
export function InboxDecided({ decided }: { decided: Decided | null }) {
  const { t } = useTranslation('inbox');
  const [hidden, setHidden] = useState<Decided | null>(null);
  if (!decided || decided.outcomes.length === 0 || hidden === decided) return null;
  const approved = decided.decision === 'approve';
  return (
    <section aria-labelledby="inbox-decided-title" data-testid="inbox-decided" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="inbox-decided-title" className="text-sm font-semibold text-slate-800">
          {t('decided.title')}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setHidden(decided)}>
          {t('decided.dismiss')}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-600">{t('decided.hint')}</p>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {decided.outcomes.map(({ item, result }) => (
          <li key={keyOf(item)} data-testid={`inbox-decided-${keyOf(item)}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
            <span className="min-w-0">
              <Link to={linkOf(item)} className="font-medium text-amber-700 hover:underline">
                {t(`kinds.${item.kind}`)} #{item.id}
              </Link>
              {item.user ? <span className="ml-2 text-slate-700">{item.user.username}</span> : null}
              {item.receiver ? <span className="text-slate-700"> → {item.receiver.username}</span> : null}
            </span>
            <span className="flex flex-wrap items-center justify-end gap-2">
              {isFinanceItem(item) ? null : <span className="tabular-nums text-slate-800">{valueOf(item)}</span>}
              {result.ok ? (
                <Badge variant={approved ? 'approved' : 'declined'}>{approved ? t('decided.approved') : t('decided.declined')}</Badge>
              ) : (
                <span className="text-red-700">{`${t('refused')}: ${messageFor(result.code ?? 0, result.context)}`}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
