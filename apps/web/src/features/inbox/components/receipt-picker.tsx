import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { keyOf } from '../model/inbox-item-view.ts';

/** A receipt picker of one payment request: a file input styled as a button, the chosen file's name. */
export function ReceiptPicker({ item, file, onPick }: { item: InboxItem; file: File | undefined; onPick: (file: File | null) => void }) {
  const { t } = useTranslation('inbox');
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="file"
        accept="image/png,image/jpeg"
        className="sr-only"
        data-testid={`receipt-input-${keyOf(item)}`}
        aria-label={`${t('fields.receipt')} ${t(`kinds.${item.kind}`)} #${item.id}`}
        onChange={(e) => onPick(e.currentTarget.files?.[0] ?? null)}
      />
      <span className="rounded-md border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-50">{t('pickReceipt')}</span>
      {file ? <span className="max-w-40 truncate text-slate-600">{file.name}</span> : null}
    </label>
  );
}
