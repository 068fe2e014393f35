import { useTranslation } from 'react-i18next';
import type { FreezeReport } from '@aurum/domain/compliance/freeze-report';
import { formatDateTime, orDash } from '#shared/format/display.ts';
import { formatAmount, formatDecimal } from '#shared/format/number.ts';
import { DetailList } from '#shared/ui/detail-list.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useFreezeReport } from '../api/get-freeze-report.ts';

/** The freeze report of a frozen hold (decision 1107): the draft the desk files with the supervisor. */
export function FreezeReportDialog({ holdId, onClose }: { holdId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['compliance']);
  const report = useFreezeReport(holdId);
  return (
    <Modal open={holdId !== null} onOpenChange={(open) => !open && onClose()} title={t('compliance:report.title')} testId="freeze-report">
      <QueryContent query={report} pending={<SectionSpinner />}>
        {(r) => <ReportBody report={r} />}
      </QueryContent>
    </Modal>
  );
}

function ReportBody({ report }: { report: FreezeReport }) {
  const { t } = useTranslation(['compliance']);
  const f = report.frozen;
  return (
    <DetailList
      items={[
        { label: t('compliance:report.customer'), value: `${report.customer.username} · ${report.customer.name}${report.customer.company ? ` · ${report.customer.company}` : ''}` },
        { label: t('compliance:report.heldSince'), value: formatDateTime(report.heldSince) },
        { label: t('compliance:report.frozenAt'), value: formatDateTime(report.frozenAt) },
        { label: t('compliance:report.decidedBy'), value: `${orDash(report.proposedBy)} · ${report.frozenBy}` },
        { label: t('compliance:report.fund'), value: `${formatAmount(f.fundMyr, 'MYR')} + ${formatAmount(f.fundHeldMyr, 'MYR')}`, testId: 'report-fund' },
        { label: t('compliance:report.gold'), value: `${formatAmount(f.goldGrams, 'XAU')} + ${formatAmount(f.goldHeldGrams, 'XAU')}`, testId: 'report-gold' },
        { label: t('compliance:report.credit'), value: formatAmount(f.creditMyr, 'MYR') },
        {
          label: t('compliance:report.value'),
          value: report.value ? t('compliance:report.valueAt', { total: formatAmount(report.value.totalMyr, 'MYR'), price: formatDecimal(report.value.goldMyrPerGram, 3) }) : t('compliance:report.unpriced'),
          testId: 'report-value',
        },
        { label: t('compliance:report.openLabel'), value: t('compliance:report.openCounts', { requests: report.pendingRequests, orders: report.openOrders }) },
      ]}
    />
  );
}
