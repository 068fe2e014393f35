import { useTranslation } from 'react-i18next';
import { useCan } from '#shared/access/use-can.ts';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useAdjustments } from '../api/adjustments.ts';
import { AdjustmentProposal } from './adjustment-form.tsx';
import { AdjustmentsTable } from './adjustments-table.tsx';

/**
 * Ledger adjustments (Finance > Adjustments, /finance/adjustments/; decision 1003): a finance maker
 * proposes a movement between house books with a reason; another admin approves it (posted in the
 * first open day) or declines it.
 */
export function AdjustmentsPage() {
  const { t } = useTranslation(['finance', 'sidebar']);
  const mayPropose = useCan('proposeLedgerAdjustment');
  const list = useAdjustments();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:adjustments')} subtitle={t('finance:adjustments.subtitle')} />
      {mayPropose ? (
        <TitledCard title={t('finance:adjustments.propose')}>
          <AdjustmentProposal />
        </TitledCard>
      ) : null}
      <TitledCard title={t('finance:adjustments.title')}>
        <QueryContent query={list}>{(answer) => <AdjustmentsTable items={answer.items} />}</QueryContent>
      </TitledCard>
    </div>
  );
}
