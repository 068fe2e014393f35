import { useTranslation } from 'react-i18next';
import type { StatementAnswer } from '@aurum/domain/statements/statement-schemas';
import { formatDecimal } from '#shared/format/number.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { DetailList } from '#shared/ui/detail-list.tsx';

/** The statement as the dealer sends it (decisions 1014, 1015): letterhead, number, language, and INTERIM with its cut-off. */
export function StatementHeading({ statement }: { statement: StatementAnswer }) {
  const { t } = useTranslation(['statements', 'user']);
  const { dealer } = statement;
  return (
    <div className="flex flex-col gap-2">
      {statement.interim ? (
        <p className="flex items-center gap-2 text-sm" data-testid="statement-interim">
          <Badge variant="pending">{t('statements:interim')}</Badge>
          {t('statements:cutOff', { at: formatDateTime(statement.cutOffAt) })}
        </p>
      ) : null}
      <DetailList
        columns={3}
        items={[
          // the number and the letterhead are data, the dealer's own words: never translated
          { label: t('statements:number'), value: <span translate="no">{statement.number}</span>, testId: 'statement-number' },
          { label: t('statements:dealer'), value: <span translate="no">{`${dealer.name} · ${dealer.address} · ${dealer.registration}`}</span>, testId: 'statement-dealer' },
          { label: t('user:fields.preferredLanguage'), value: t(`user:languages.${statement.language}`), testId: 'statement-language' },
        ]}
      />
    </div>
  );
}

/** The metal held at the cut-off, each at the closing mid, with its MYR value and the total. */
export function StatementValuation({ statement }: { statement: StatementAnswer }) {
  const { t } = useTranslation(['statements']);
  const { valuation } = statement;
  return (
    <table className="w-full max-w-2xl text-sm" data-testid="statement-valuation">
      <caption className="mb-1 text-left font-semibold">{t('statements:valuation.title', { at: formatDateTime(statement.cutOffAt) })}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
          <th className="py-1 font-medium">{t('statements:valuation.metal')}</th>
          <th className="py-1 text-right font-medium">{t('statements:valuation.grams')}</th>
          <th className="py-1 text-right font-medium">{t('statements:valuation.unitPrice')}</th>
          <th className="py-1 text-right font-medium">{t('statements:valuation.value')}</th>
        </tr>
      </thead>
      <tbody className="tabular-nums">
        {valuation.metals.map((m) => (
          <tr key={m.metal} className="border-b border-slate-100">
            <td className="py-1">{m.metal}</td>
            <td className="py-1 text-right">{formatDecimal(m.grams, 4)}</td>
            <td className="py-1 text-right">{m.unitPriceMyr === null ? t('statements:valuation.unpriced') : formatDecimal(m.unitPriceMyr, 4)}</td>
            <td className="py-1 text-right">{formatDecimal(m.valueMyr, 2)}</td>
          </tr>
        ))}
        <tr className="font-semibold">
          <td className="py-1" colSpan={3}>
            {t('statements:valuation.total')}
          </td>
          <td className="py-1 text-right" data-testid="statement-valuation-total">
            {formatDecimal(valuation.totalMyr, 2)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
