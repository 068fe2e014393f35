import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@aurum/domain/assets/request-schemas';
import { Badge } from '#shared/ui/badge.tsx';
import { statusBadge } from './request-labels.ts';

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation(['asset']);
  return <Badge variant={statusBadge(status)}>{t(`asset:statuses.${status}`)}</Badge>;
}
