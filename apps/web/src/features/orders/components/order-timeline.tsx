import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@aurum/domain/orders/order-schemas';
import { formatDate, formatDateTime } from '#shared/format/display.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { nextEntryDue, pastEntries } from '../model/order-view.ts';
import { Section } from './order-detail-section.tsx';

/** The longest wait setTimeout takes (about 24.8 days); a later entry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The timeline entries dated before now, again whenever a later one comes due: an entry the
 * server dated ahead of this browser's clock shows once its moment has passed here.
 */
function usePastEntries(entries: OrderDetail['timeline']): OrderDetail['timeline'] {
  // `now` changes when an entry comes due: the entries are filtered again at the clock's moment
  const [now, setNow] = useState(() => new Date());
  const shown = useMemo(() => pastEntries(entries, new Date()), [entries, now]);
  useEffect(() => {
    const due = nextEntryDue(entries, new Date());
    if (due === null) return;
    const timer = setTimeout(() => setNow(new Date()), Math.min(due, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [entries, now]);
  return shown;
}
/** The timeline (entries dated before now) and the order's key moments. */
export function Timeline({ entries, d }: { entries: OrderDetail['timeline']; d: OrderDetail }) {
  const { t } = useTranslation('order');
  const shown = usePastEntries(entries);
  return (
    <Section title={t('detail.timeline')} testId="section-timeline">
      <div data-testid="timeline">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.noTimeline')}</p>
      ) : (
        <ol className="relative ml-2 border-l border-slate-200">
          {shown.map((entry) => (
            <li key={entry.id} className="mb-4 ml-4" data-testid="timeline-entry" data-action={entry.action}>
              <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-white bg-amber-500" />
              <p className="text-sm font-medium text-slate-900">{t(`timeline.${entry.action}`)}</p>
              <p className="text-xs text-slate-500">
                {formatDateTime(entry.date)}
                {entry.secondaryDate ? ` · ${t('timeline.secondary', { date: formatDate(entry.secondaryDate) })}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <DetailList
          columns={2}
          items={[
            { label: t('fields.filledAt'), value: formatDateTime(d.order.filledAt) },
            { label: t('fields.settledAt'), value: formatDateTime(d.settledAt) },
            { label: t('fields.interestStartAt'), value: formatDateTime(d.order.interestStartAt) },
            { label: t('fields.completedAt'), value: formatDateTime(d.order.completedAt) },
          ]}
        />
      </div>
    </Section>
  );
}
