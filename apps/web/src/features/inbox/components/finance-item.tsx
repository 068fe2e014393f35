import { useTranslation } from 'react-i18next';
import type { InboxDecision } from '@aurum/domain/inbox/inbox-schemas';
import { useAccountName } from '#shared/format/account-name.ts';
import { formatDecimal } from '#shared/format/number.ts';
import { EvidenceButton } from '#shared/ui/evidence-button.tsx';
import { financeLines, periodText, useFinanceTitle, type FinanceItem } from '../model/finance-item-view.ts';

/** The lines a finance item posts: debit, credit, amount and unit each. */
function FinanceLines({ item }: { item: FinanceItem }) {
  const { t } = useTranslation('inbox');
  const name = useAccountName();
  return (
    <table className="mt-1 w-full text-xs" aria-label={t('finance.linesOf', { id: item.id })} data-testid={`finance-lines-${item.kind}-${item.id}`}>
      <thead className="text-left text-slate-500">
        <tr>
          <th scope="col" className="pr-2 font-medium">{t('finance.debit')}</th>
          <th scope="col" className="pr-2 font-medium">{t('finance.credit')}</th>
          <th scope="col" className="pr-2 text-right font-medium">{t('finance.amount')}</th>
          <th scope="col" className="font-medium">{t('finance.unit')}</th>
        </tr>
      </thead>
      <tbody>
        {financeLines(item).map((line, i) => (
          <tr key={i}>
            <td className="pr-2">{name(line.debit)}</td>
            <td className="pr-2">{name(line.credit)}</td>
            <td className="pr-2 text-right tabular-nums">{formatDecimal(line.amount, line.decimals)}</td>
            <td>{line.asset}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A finance item in the inbox's row: its title, its reason, and what it posts or takes (lines, or the days and months a reopening takes). */
export function FinanceSummary({ item }: { item: FinanceItem }) {
  const { t } = useTranslation('inbox');
  const title = useFinanceTitle();
  const f = item.finance;
  return (
    <div className="flex flex-col gap-0.5 text-left" data-testid={`finance-summary-${item.kind}-${item.id}`}>
      <span className="font-medium text-slate-900">{title(item)}</span>
      {f.reason ? <span className="text-xs text-slate-600">{f.reason}</span> : null}
      {f.postings.length > 0 ? <FinanceLines item={item} /> : null}
      {f.reopensDays.length > 0 ? <span className="text-xs">{t('finance.reopens', { days: f.reopensDays.map(periodText).join(', '), months: f.reopensMonths.map(periodText).join(', ') || '—' })}</span> : null}
      {f.refusal ? <span className="text-xs text-red-700">{t('finance.refusal', { refusal: f.refusal })}</span> : null}
    </div>
  );
}

/**
 * What deciding a finance item does, in the confirm dialog before money moves: for an approval the
 * lines it posts and the day they are dated in, or the period it closes or reopens and its effect;
 * for a decline, that nothing is posted. Its reason and its evidence beside it.
 */
export function FinanceEffect({ item, decision }: { item: FinanceItem; decision: InboxDecision }) {
  const { t } = useTranslation('inbox');
  const title = useFinanceTitle();
  const f = item.finance;
  const period = periodText(f.date);
  const effect =
    item.kind === 'adjustment'
      ? f.date
        ? t('finance.effect.adjustment', { date: period })
        : t('finance.effect.adjustmentUndated')
      : t(`finance.effect.${item.kind}`, { period });
  return (
    <article className="rounded-md border border-slate-200 p-3" data-testid={`finance-effect-${item.kind}-${item.id}`} aria-label={`${title(item)} #${item.id}`}>
      <h4 className="font-semibold text-slate-900">
        {title(item)} <span className="font-normal text-slate-500">#{item.id}</span>
      </h4>
      {f.reason ? <p className="mt-1 text-slate-700">{t('finance.reason', { reason: f.reason })}</p> : null}
      {decision === 'decline' ? (
        <p className="mt-1">{t('finance.effect.decline')}</p>
      ) : (
        <>
          <p className="mt-1">{effect}</p>
          {f.postings.length > 0 ? <FinanceLines item={item} /> : item.kind === 'yearClose' ? <p className="text-slate-600">{t('finance.nothingPosted')}</p> : null}
          {f.reopensDays.length > 0 ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs">
              <dt>{t('finance.reopensDays')}</dt>
              <dd>{f.reopensDays.map(periodText).join(', ')}</dd>
              <dt>{t('finance.reopensMonths')}</dt>
              <dd>{f.reopensMonths.map(periodText).join(', ') || '—'}</dd>
            </dl>
          ) : null}
          {f.refusal ? <p className="mt-1 text-red-700" role="alert">{t('finance.refusal', { refusal: f.refusal })}</p> : null}
        </>
      )}
      {item.kind === 'adjustment' ? (
        <div className="mt-2">{f.evidence ? <EvidenceButton adjustmentId={item.id} /> : <span className="text-xs text-slate-500">{t('finance.noEvidence')}</span>}</div>
      ) : null}
    </article>
  );
}
