import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRowView } from '@aurum/domain/audit/audit-schemas';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { deviceLabel } from '#shared/format/device.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { Button } from '#shared/ui/button.tsx';
import { actionLabel } from './action-label.ts';
import { AuditChangeList } from './audit-change-list.tsx';
import { objectLabel } from './object-label.ts';

/** The parts of a row's detail: before and after (where the change has them) and the rest as notes (the object is shown on its own). */
export function detailParts(detail: Record<string, unknown>): { before: unknown; after: unknown; notes: Record<string, unknown> | null } {
  const { before, after, object: _object, ...rest } = detail;
  return { before, after, notes: Object.keys(rest).length > 0 ? rest : null };
}

export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}

function JsonBlock({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  return (
    <section className="min-w-0">
      <h3 className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      <pre data-testid={testId} className="max-h-72 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800">
        {prettyJson(value)}
      </pre>
    </section>
  );
}

/**
 * One audit row in a drawer: who, what, about which object, when (Kuala Lumpur time), from where; the
 * change as a list of fields with before and after, the notes, and the row's raw JSON one click away.
 */
export function AuditDetail({ row, onClose }: { row: AuditRowView | null; onClose: () => void }) {
  const { t } = useTranslation(['system', 'common', 'shell']);
  const [raw, setRaw] = useState(false);
  const parts = row ? detailParts(row.detail) : null;
  const close = () => {
    setRaw(false);
    onClose();
  };
  return (
    <Modal open={row !== null} onOpenChange={(open) => !open && close()} title={t('system:audit.detail.title')} drawer testId="audit-detail">
      {row && parts ? (
        <div className="flex flex-col gap-5">
          <DetailList
            items={[
              { label: t('system:audit.fields.username'), value: row.username, testId: 'audit-detail-username' },
              { label: t('system:audit.fields.action'), value: actionLabel(t, row.action), testId: 'audit-detail-action' },
              { label: t('system:audit.detail.object'), value: row.object ? objectLabel(t, row.object) : orDash(null), testId: 'audit-detail-object' },
              { label: t('system:audit.fields.date'), value: formatDateTime(row.date), testId: 'audit-detail-date' },
              { label: t('system:audit.fields.ip'), value: orDash(row.ip) },
              { label: t('system:audit.fields.device'), value: row.deviceName ? deviceLabel(t, row.deviceName) : orDash(row.device), testId: 'audit-detail-device' },
              { label: t('system:audit.fields.userAgent'), value: orDash(row.device), testId: 'audit-detail-user-agent' },
              { label: t('system:audit.fields.id'), value: row.id },
            ]}
          />
          {parts.before === undefined && parts.after === undefined && parts.notes === null ? <p className="text-sm text-slate-500">{t('system:audit.detail.empty')}</p> : null}
          {parts.before !== undefined || parts.after !== undefined ? (
            <section className="min-w-0">
              <h3 className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">{t('system:audit.detail.changes')}</h3>
              <AuditChangeList before={parts.before} after={parts.after} />
            </section>
          ) : null}
          {parts.notes ? <JsonBlock title={t('system:audit.detail.notes')} value={parts.notes} testId="audit-notes" /> : null}
          <div>
            <Button variant="secondary" className="text-xs" aria-expanded={raw} aria-controls="audit-raw" onClick={() => setRaw((v) => !v)} data-testid="audit-raw-toggle">
              {raw ? t('system:audit.detail.hideRaw') : t('system:audit.detail.showRaw')}
            </Button>
          </div>
          {raw ? (
            <div id="audit-raw" className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <JsonBlock title={t('system:audit.detail.before')} value={parts.before ?? null} testId="audit-before" />
              <JsonBlock title={t('system:audit.detail.after')} value={parts.after ?? null} testId="audit-after" />
            </div>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
