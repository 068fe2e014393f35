import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdjustmentView } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { useCan } from '#shared/access/use-can.ts';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useAdjustments } from '../api/adjustments.ts';
import { financeQueries } from '../api/finance-queries.ts';
import { AdjustmentProposal } from './adjustment-form.tsx';
import { AdjustmentsTable } from './adjustments-table.tsx';

/**
 * Ledger adjustments (Finance > Adjustments, /finance/adjustments/; decisions 1003, 1044): a finance
 * maker proposes a movement between house books, or the reversal of an approved one, with a reason,
 * a value date in an open day and evidence; another admin approves it (posted on its value date) or
 * declines it.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation(['finance', 'sidebar']);
  const mayPropose = useCan('proposeLedgerAdjustment');
  const list = useAdjustments();
  const closes = useQuery({ ...financeQueries.closes(), enabled: mayPropose });
  const [reversing, setReversing] = useState<AdjustmentView | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:adjustments')} subtitle={t('finance:adjustments.subtitle')} />
      {mayPropose ? (
        <TitledCard title={reversing ? t('finance:adjustments.reverseTitle', { id: reversing.id }) : t('finance:adjustments.propose')}>
          <QueryContent query={closes}>
            {(answer) => <AdjustmentProposal key={reversing?.id ?? 'new'} closes={answer} reversing={reversing} onReversalDone={() => setReversing(null)} />}
          </QueryContent>
        </TitledCard>
      ) : null}
      <TitledCard title={t('finance:adjustments.title')}>
        <QueryContent query={list}>{(answer) => <AdjustmentsTable items={answer.items} onReverse={mayPropose ? setReversing : undefined} />}</QueryContent>
      </TitledCard>
    </div>
  );
}
