import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '@aurum/domain/errors/catalogue';
import { inboxTotals, needsReceipt, receiptFieldOf, type InboxDecision, type InboxItem, type InboxItemRef, type InboxResult } from '@aurum/domain/inbox/inbox-schemas';
import { formatDateTime } from '#shared/format/display.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { ErrorAlert } from '#shared/ui/error-alert.tsx';
import { imageProblem } from '#shared/ui/image-upload.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { useDecideInbox, useInboxList } from '../api/inbox-api.ts';

const PAGE_SIZE = 50;
const keyOf = (i: InboxItemRef) => receiptFieldOf(i);

/** How long an item has waited, in the largest whole unit. */
function useAge() {
  const { t } = useTranslation('inbox');
  return (createdAt: string, now: number) => {
    const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
    if (minutes < 60) return t('age.minutes', { count: minutes });
    if (minutes < 48 * 60) return t('age.hours', { count: Math.floor(minutes / 60) });
    return t('age.days', { count: Math.floor(minutes / 1440) });
  };
}

function valueOf(item: InboxItem): string {
  if (item.amount !== null) return `MYR ${formatDecimal(item.amount, 2)}`;
  if (item.quantity !== null) return `${formatDecimal(item.quantity, 4)} g`;
  return item.bank ? `${item.bank.bankName} · ${item.bank.accountNumber}` : '—';
}

const linkOf = (item: InboxItem) => (item.kind === 'bankAccount' ? `/account/user/${item.user.id}` : `/asset/${item.id}`);

/** A receipt picker of one payment request: a file input styled as a button, the chosen file's name. */
function ReceiptPicker({ item, file, onPick }: { item: InboxItem; file: File | undefined; onPick: (file: File | null) => void }) {
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

/**
 * The checker inbox (/inbox): everything awaiting a decision this admin may take, oldest first,
 * with a checkbox column, select all on the page, one confirm dialog with totals per currency and
 * metal; a decline takes one reason, an approval one receipt per payment request (dropped onto its
 * row or chosen). Shortcuts a and d open approve and decline for the selection.
 */
export function InboxPage() {
  const { t } = useTranslation(['inbox', 'common']);
  const [page, setPage] = useState(1);
  const list = useInboxList(page, PAGE_SIZE);
  const decide = useDecideInbox();
  const failed = useFailureToast();
  const toast = useToast();
  const age = useAge();
  const [selected, setSelected] = useState<ReadonlyMap<string, InboxItem>>(new Map());
  const [receipts, setReceipts] = useState<ReadonlyMap<string, File>>(new Map());
  const [results, setResults] = useState<ReadonlyMap<string, InboxResult>>(new Map());
  const [dialog, setDialog] = useState<InboxDecision | null>(null);
  const [reason, setReason] = useState('');
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const now = Date.now();

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const decidable = items.filter((i) => i.mayDecide);
  const allSelected = decidable.length > 0 && decidable.every((i) => selected.has(keyOf(i)));

  // what left the inbox (decided here or elsewhere) leaves the selection
  useEffect(() => {
    if (!list.data) return;
    const present = new Set(list.data.items.map(keyOf));
    setSelected((current) => {
      const kept = [...current].filter(([key]) => present.has(key));
      return kept.length === current.size ? current : new Map(kept);
    });
  }, [list.data]);

  const toggle = (item: InboxItem, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(keyOf(item), item);
      else next.delete(keyOf(item));
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of decidable) {
        if (on) next.set(keyOf(item), item);
        else next.delete(keyOf(item));
      }
      return next;
    });

  const pick = (item: InboxItem, file: File | null) => {
    const problem = file ? imageProblem(file) : null;
    setDropProblem(problem ? `${t(`inbox:kinds.${item.kind}`)} #${item.id}: ${t(`common:${problem}`)}` : null);
    setReceipts((current) => {
      const next = new Map(current);
      if (file && !problem) next.set(keyOf(item), file);
      else next.delete(keyOf(item));
      return next;
    });
  };
  const onDrop = (item: InboxItem) => (e: DragEvent<HTMLTableRowElement>) => {
    if (!needsReceipt(item.kind, 'approve') || !item.mayDecide) return;
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) {
      pick(item, file);
      toggle(item, true);
    }
  };

  const chosen = [...selected.values()];
  const totals = inboxTotals(chosen);
  const needing = chosen.filter((i) => needsReceipt(i.kind, 'approve'));
  const missing = needing.filter((i) => !receipts.has(keyOf(i)));

  const open = useCallback((decision: InboxDecision) => {
    if (selected.size > 0) setDialog(decision);
  }, [selected.size]);

  // a and d open approve and decline for the selection (not while typing, not with a modifier, not with a dialog open)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialog || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      // not while typing: a checkbox or a file picker in focus still lets the shortcut through
      const target = e.target as HTMLElement | null;
      const typing = target instanceof HTMLInputElement ? !['checkbox', 'radio', 'file', 'button', 'submit'].includes(target.type) : false;
      if (target && (typing || target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (e.key === 'a') open('approve');
      else if (e.key === 'd') open('decline');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, open]);

  const submit = () => {
    if (!dialog) return;
    const refs = chosen.map(({ kind, id }) => ({ kind, id }));
    decide.mutate(
      { decision: dialog, items: refs, reason: reason.trim() || undefined, receipts },
      {
        onSuccess: (answer) => {
          const byKey = new Map(answer.results.map((r) => [keyOf(r), r]));
          setResults(byKey);
          const ok = answer.results.filter((r) => r.ok).length;
          setSelected((current) => new Map([...current].filter(([key]) => !byKey.get(key)?.ok)));
          setReceipts((current) => new Map([...current].filter(([key]) => !byKey.get(key)?.ok)));
          setDialog(null);
          setReason('');
          const message = t('inbox:done', { ok, refused: answer.results.length - ok });
          if (ok === answer.results.length) toast.success(message);
          else toast.warning(message);
        },
        onError: failed,
      },
    );
  };

  const kindCounts = Object.entries(totals.byKind).map(([kind, count]) => t('inbox:confirm.byKind', { kind: t(`inbox:kinds.${kind as InboxItem['kind']}`), count }));
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('inbox:title')}
        subtitle={t('inbox:subtitle')}
        actions={
          <>
            <Button data-testid="inbox-approve" disabled={selected.size === 0} aria-keyshortcuts="a" onClick={() => open('approve')}>
              {t('inbox:approve')}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
            <Button data-testid="inbox-decline" variant="danger" disabled={selected.size === 0} aria-keyshortcuts="d" onClick={() => open('decline')}>
              {t('inbox:decline')}
              {selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          </>
        }
      />
      {list.isError ? <ErrorAlert>{messageFor(0)}</ErrorAlert> : null}
      {dropProblem ? <ErrorAlert testId="inbox-drop-problem">{dropProblem}</ErrorAlert> : null}
      <p className="text-sm text-slate-600">
        {t('inbox:selected', { count: selected.size })} · {t('inbox:dropHint')}
      </p>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm" data-testid="inbox-table" aria-label={t('inbox:title')}>
          <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input type="checkbox" data-testid="inbox-select-all" aria-label={t('inbox:fields.selectAll')} checked={allSelected} disabled={decidable.length === 0} onChange={(e) => toggleAll(e.currentTarget.checked)} />
              </th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.kind')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.id')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.user')}</th>
              <th scope="col" className="px-3 py-2 text-right">{t('inbox:fields.value')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.maker')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.age')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.receipt')}</th>
              <th scope="col" className="px-3 py-2">{t('inbox:fields.result')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.length === 0 && list.isSuccess ? (
              <tr>
                <td colSpan={9} className="px-3 py-8 text-center text-slate-500">
                  {t('inbox:empty')}
                </td>
              </tr>
            ) : null}
            {items.map((item) => {
              const key = keyOf(item);
              const result = results.get(key);
              return (
                <tr
                  key={key}
                  data-testid={`inbox-row-${key}`}
                  className={item.mayDecide ? (selected.has(key) ? 'bg-amber-50' : '') : 'bg-slate-50 text-slate-500'}
                  onDragOver={(e) => {
                    if (item.mayDecide && needsReceipt(item.kind, 'approve')) e.preventDefault();
                  }}
                  onDrop={onDrop(item)}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      data-testid={`inbox-select-${key}`}
                      aria-label={`${t('inbox:fields.select')} ${t(`inbox:kinds.${item.kind}`)} #${item.id}`}
                      checked={selected.has(key)}
                      disabled={!item.mayDecide}
                      title={item.mayDecide ? undefined : t('inbox:own')}
                      onChange={(e) => toggle(item, e.currentTarget.checked)}
                    />
                  </td>
                  <td className="px-3 py-2">{t(`inbox:kinds.${item.kind}`)}</td>
                  <td className="px-3 py-2">
                    <Link to={linkOf(item)} className="font-medium text-amber-700 hover:underline">
                      #{item.id}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {item.user.username}
                    {item.receiver ? ` → ${item.receiver.username}` : ''}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{valueOf(item)}</td>
                  <td className="px-3 py-2">
                    {item.submittedBy ?? '—'}
                    {item.mayDecide ? null : <span className="ml-1 text-xs">({t('inbox:own')})</span>}
                  </td>
                  <td className="px-3 py-2" title={formatDateTime(item.createdAt)}>
                    {age(item.createdAt, now)}
                  </td>
                  <td className="px-3 py-2">
                    {!needsReceipt(item.kind, 'approve') ? (
                      <span className="text-slate-500">{t('inbox:noReceiptNeeded')}</span>
                    ) : item.mayDecide ? (
                      <ReceiptPicker item={item} file={receipts.get(key)} onPick={(file) => pick(item, file)} />
                    ) : null}
                  </td>
                  <td className="px-3 py-2" data-testid={`inbox-result-${key}`}>
                    {result && !result.ok ? <span className="text-red-700">{`${t('inbox:refused')}: ${messageFor(result.code ?? 0, result.context)}`}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {lastPage > 1 ? (
        <nav aria-label={t('common:list.pagination')} className="flex items-center justify-end gap-2 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('common:list.previous')}
          </Button>
          <span>
            {page} / {lastPage}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= lastPage} onClick={() => setPage((p) => p + 1)}>
            {t('common:list.next')}
          </Button>
        </nav>
      ) : null}

      <Modal
        open={dialog !== null}
        onOpenChange={(next) => {
          if (!next && !decide.isPending) setDialog(null);
        }}
        title={dialog === 'approve' ? t('inbox:confirm.approveTitle', { count: selected.size }) : t('inbox:confirm.declineTitle', { count: selected.size })}
        testId="inbox-confirm"
        drawer
        footer={
          <>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => setDialog(null)}>
              {t('common:confirm.cancel')}
            </Button>
            <Button
              data-testid="inbox-confirm-submit"
              variant={dialog === 'decline' ? 'danger' : 'primary'}
              loading={decide.isPending}
              disabled={dialog === 'approve' && missing.length > 0}
              onClick={submit}
            >
              {dialog === 'approve' ? t('inbox:approve') : t('inbox:decline')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4 text-sm">
          <section aria-label={t('inbox:confirm.totals')}>
            <h3 className="font-semibold text-slate-900">{t('inbox:confirm.totals')}</h3>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="inbox-totals">
              <dt>{t('inbox:confirm.myr')}</dt>
              <dd className="tabular-nums" data-testid="inbox-total-myr">
                {formatDecimal(totals.MYR, 2)}
              </dd>
              <dt>{t('inbox:confirm.xau')}</dt>
              <dd className="tabular-nums" data-testid="inbox-total-xau">
                {formatDecimal(totals.XAU, 4)}
              </dd>
            </dl>
            <p className="mt-1 text-slate-600">{kindCounts.join(' · ')}</p>
          </section>
          {dialog === 'decline' ? (
            // the hint describes the reason, it is not part of its name (a screen reader read both as the name)
            <div className="flex flex-col gap-1">
              <label htmlFor="inbox-reason" className="font-medium text-slate-800">
                {t('inbox:confirm.reason')}
              </label>
              <textarea
                id="inbox-reason"
                data-testid="inbox-reason"
                aria-describedby="inbox-reason-hint"
                className="rounded-md border border-slate-300 px-2 py-1"
                maxLength={1000}
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <span id="inbox-reason-hint" className="text-xs text-slate-500">
                {t('inbox:confirm.reasonHint')}
              </span>
            </div>
          ) : null}
          {dialog === 'approve' && needing.length > 0 ? (
            <section aria-label={t('inbox:confirm.receipts')}>
              <h3 className="font-semibold text-slate-900">{t('inbox:confirm.receipts')}</h3>
              <ul className="mt-1 flex flex-col gap-1">
                {needing.map((item) => (
                  <li key={keyOf(item)} className="flex items-center justify-between gap-4">
                    <span>
                      {t(`inbox:kinds.${item.kind}`)} #{item.id} · {item.user.username} · {valueOf(item)}
                    </span>
                    <ReceiptPicker item={item} file={receipts.get(keyOf(item))} onPick={(file) => pick(item, file)} />
                  </li>
                ))}
              </ul>
              {missing.length > 0 ? (
                <p className="mt-2 text-amber-800" data-testid="inbox-missing-receipts">
                  {t('inbox:confirm.missingReceipts', { count: missing.length })}
                </p>
              ) : null}
            </section>
          ) : null}
          <p className="text-xs text-slate-500">{t('inbox:confirm.shortcuts')}</p>
        </div>
      </Modal>
    </div>
  );
}
