import { useTranslation } from 'react-i18next';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useHolds } from '../api/get-holds.ts';
import { HoldsTable } from './holds-table.tsx';
import { PlaceHoldCard } from './place-hold-card.tsx';
import { PolicyCard } from './policy-card.tsx';

/**
 * Compliance holds (/compliance/holds; decision 1101): the customers held or frozen and why, a
 * hold placed at once, a freeze or release proposed by one officer and agreed by a second. Only the
 * compliance desk reads it: other staff meet a held customer as "compliance hold" and nothing more.
 */
export function HoldsPage() {
  const { t } = useTranslation(['compliance', 'sidebar']);
  const whyNot = useWhyNot('readCompliance');
  const holds = useHolds(whyNot === null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:holds')} subtitle={t('compliance:subtitle')} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <>
          <PlaceHoldCard />
          <QueryContent query={holds} pending={<SectionSpinner />}>
            {(data) => <HoldsTable holds={data.items} />}
          </QueryContent>
          <PolicyCard />
        </>
      )}
    </div>
  );
}
