import { useTranslation } from 'react-i18next';
import { inboxTotals, needsReceipt, type InboxItem } from '@aurum/domain/inbox/inbox-schemas';
import { formatDecimal } from '#shared/format/number.ts';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { isFinanceItem } from '../model/finance-item-view.ts';
import { keyOf, valueOf } from '../model/inbox-item-view.ts';
import type { InboxDecisionFlow } from '../model/use-inbox-decision.ts';
import type { InboxReceipts } from '../model/use-inbox-receipts.ts';
import { FinanceEffect } from './finance-item.tsx';
import { ReceiptPicker } from './receipt-picker.tsx';

/**
 * The confirm dialog of a decision: totals per currency and metal, a decline's reason, an approval's
 * receipts, and for each finance item what deciding it does (the lines it posts and their date, or
 * the period it closes or reopens) before anything moves. Declining a finance item needs a reason.
 */
export function InboxConfirm({ chosen, flow, receipts }: { chosen: readonly InboxItem[]; flow: InboxDecisionFlow; receipts: InboxReceipts }) {
  const { t } = useTranslation(['inbox', 'common']);
  const { dialog } = flow;
  const totals = inboxTotals([...chosen]);
  const needing = chosen.filter((i) => needsReceipt(i.kind, 'approve'));
  const missing = needing.filter((i) => !receipts.receipts.has(keyOf(i)));
  const finance = chosen.filter(isFinanceItem);
  const reasonMissing = dialog === 'decline' && finance.length > 0 && flow.reason.trim() === '';
  const payments = totals.kinds.some((k) => k.MYR !== null || k.XAU !== null);

  return (
    <Modal
      open={dialog !== null}
      onOpenChange={(next) => {
        if (!next) flow.close();
      }}
      title={dialog === 'approve' ? t('inbox:confirm.approveTitle', { count: chosen.length }) : t('inbox:confirm.declineTitle', { count: chosen.length })}
      testId="inbox-confirm"
      drawer
      footer={
        <>
          <Button variant="secondary" disabled={flow.pending} onClick={flow.close}>
            {t('common:confirm.cancel')}
          </Button>
          <Button
            data-testid="inbox-confirm-submit"
            variant={dialog === 'decline' ? 'danger' : 'primary'}
            loading={flow.pending}
            disabled={(dialog === 'approve' && missing.length > 0) || reasonMissing}
            onClick={flow.submit}
          >
            {dialog === 'approve' ? t('inbox:approve') : t('inbox:decline')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <section aria-label={t('inbox:confirm.totals')}>
          <h3 className="font-semibold text-slate-900">{t('inbox:confirm.totals')}</h3>
          {/* per kind: money in, money out and money between users are not one sum */}
          <table className="mt-1 w-full text-left tabular-nums" aria-label={t('inbox:confirm.totals')} data-testid="inbox-totals">
            <thead className="text-xs text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  {t('inbox:confirm.kind')}
                </th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">
                  {t('inbox:confirm.items')}
                </th>
                {payments ? (
                  <>
                    <th scope="col" className="py-1 pr-4 text-right font-medium">
                      {t('inbox:confirm.myr')}
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      {t('inbox:confirm.xau')}
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {totals.kinds.map((k) => (
                <tr key={k.kind} className="border-t border-slate-200" data-testid={`inbox-total-${k.kind}`}>
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {t(`inbox:kinds.${k.kind}`)}
                  </th>
                  <td className="py-1 pr-4 text-right">{k.count}</td>
                  {payments ? (
                    <>
                      <td className="py-1 pr-4 text-right" data-testid={`inbox-total-${k.kind}-myr`}>
                        {k.MYR === null ? '-' : formatDecimal(k.MYR, 2)}
                      </td>
                      <td className="py-1 text-right" data-testid={`inbox-total-${k.kind}-xau`}>
                        {k.XAU === null ? '-' : formatDecimal(k.XAU, 4)}
                      </td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {finance.length > 0 && dialog ? (
          <section aria-label={dialog === 'approve' ? t('inbox:finance.whatPosts') : t('inbox:finance.whatDeclined')} className="flex flex-col gap-2">
            <h3 className="font-semibold text-slate-900">{dialog === 'approve' ? t('inbox:finance.whatPosts') : t('inbox:finance.whatDeclined')}</h3>
            {finance.map((item) => (
              <FinanceEffect key={keyOf(item)} item={item} decision={dialog} />
            ))}
          </section>
        ) : null}
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
              value={flow.reason}
              onChange={(e) => flow.setReason(e.currentTarget.value)}
            />
            <span id="inbox-reason-hint" className={`text-xs ${reasonMissing ? 'text-amber-800' : 'text-slate-500'}`}>
              {finance.length > 0 ? t('inbox:finance.reasonRequired') : t('inbox:confirm.reasonHint')}
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
                    {t(`inbox:kinds.${item.kind}`)} #{item.id} · {item.user?.username ?? '—'} · {valueOf(item)}
                  </span>
                  <ReceiptPicker item={item} file={receipts.receipts.get(keyOf(item))} onPick={(file) => receipts.pick(item, file)} />
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
  );
}
