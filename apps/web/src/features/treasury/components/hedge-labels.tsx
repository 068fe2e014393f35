import { useTranslation } from 'react-i18next';
import type { HedgeSide, HedgeState } from '@aurum/domain/hedges/hedge-schemas';
import { Badge, type BadgeVariant } from '#shared/ui/badge.tsx';

const STATE_VARIANT: Readonly<Record<HedgeState, BadgeVariant>> = { filled: 'pending', settled: 'approved', canceled: 'gray' };

export function HedgeStateBadge({ state }: { state: HedgeState }) {
  const { t } = useTranslation('treasury-hedges');
  return <Badge variant={STATE_VARIANT[state]}>{t(`hedges.states.${state}`)}</Badge>;
}

export function HedgeSideLabel({ side }: { side: HedgeSide }) {
  const { t } = useTranslation('treasury-hedges');
  return <span className={side === 'BUY' ? 'text-emerald-700' : 'text-red-700'}>{t(`hedges.sides.${side}`)}</span>;
}
