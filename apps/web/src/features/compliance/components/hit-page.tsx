import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { hitQueries } from '../api/hit-queries.ts';
import { HitTable } from './hit-table.tsx';

/**
 * Screening hits (/compliance/hits; decision 1104): the open hits with the customer, the listed
 * name, its list and version, the score and the matcher's reasons. A false hit is dismissed by two
 * officers; a true one is confirmed, which proposes freezing the customer's hold.
 */
export function HitPage() {
  const { t } = useTranslation(['compliance-hits', 'sidebar']);
  const whyNot = useWhyNot('readCompliance');
  const hits = useQuery({ ...hitQueries.open(), enabled: whyNot === null });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:hits')} subtitle={t('compliance-hits:subtitle')} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <QueryContent query={hits} pending={<SectionSpinner />}>
          {(data) => <HitTable hits={data.items} />}
        </QueryContent>
      )}
    </div>
  );
}
