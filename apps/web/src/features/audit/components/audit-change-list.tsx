import { useTranslation } from 'react-i18next';
import { auditChanges } from '@aurum/domain/audit/audit-changes';
import { formatDateTime } from '#shared/format/display.ts';

/** An ISO date-time with its offset, as the server writes instants into a row ("2026-11-28T07:30:00.000Z"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** One value as a reviewer reads it: an instant in Kuala Lumpur time, text as it is, anything else as compact JSON. */
function Value({ value, none }: { value: unknown; none: string }) {
  if (value === undefined) return <span className="text-slate-600 italic">{none}</span>;
  if (typeof value === 'string') return <span className="break-words whitespace-pre-wrap">{INSTANT.test(value) ? formatDateTime(value) : value}</span>;
  return <code className="font-mono text-xs break-all">{JSON.stringify(value)}</code>;
}

/**
 * A row's before and after as a change list (field, before, after): only what an edit changed, every
 * field of a creation or a removal; the fields that changed are marked, a field that was absent on
 * one side reads "(none)".
 */
export function AuditChangeList({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation(['system']);
  const { changes, more } = auditChanges(before, after);
  const none = t('system:audit.detail.none');
  if (changes.length === 0) return <p className="text-sm text-slate-500">{t('system:audit.detail.noChanges')}</p>;
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="audit-changes">
        <caption className="sr-only">{t('system:audit.detail.changes')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('system:audit.detail.field')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('system:audit.detail.before')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('system:audit.detail.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.field} className="border-t border-slate-200 align-top" data-testid="audit-change">
              <th scope="row" translate="no" className="px-3 py-2 font-mono text-xs font-medium text-slate-700">
                {c.field || '-'}
              </th>
              <td className="bg-red-50/60 px-3 py-2 text-red-900">
                <Value value={c.before} none={none} />
              </td>
              <td className="bg-emerald-50/60 px-3 py-2 text-emerald-900">
                <Value value={c.after} none={none} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500">{t('system:audit.detail.more', { count: more })}</p> : null}
    </div>
  );
}
