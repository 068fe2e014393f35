import { useTranslation } from 'react-i18next';
import type { RiskView } from '@aurum/domain/compliance/due-diligence-schemas';
import { Badge } from '#shared/ui/badge.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';

/** The customer's risk band and score, and each factor that counted (decision 1105). */
export function RiskPanel({ risk }: { risk: RiskView | null }) {
  const { t } = useTranslation('compliance-dd');
  return (
    <TitledCard title={t('risk.title')}>
      {risk === null ? (
        <p className="text-sm text-slate-600">{t('risk.none')}</p>
      ) : (
        <div className="flex flex-col gap-2" data-testid="risk">
          <div className="flex items-center gap-2">
            <Badge variant={risk.band === 'high' ? 'declined' : risk.band === 'standard' ? 'pending' : 'approved'}>{t(`bands.${risk.band}`)}</Badge>
            <span className="text-sm text-slate-700">{t('risk.score', { score: risk.score })}</span>
          </div>
          {risk.reasons.length === 0 ? (
            <p className="text-sm text-slate-600">{t('risk.noReasons')}</p>
          ) : (
            <ul className="list-disc pl-5 text-sm text-slate-700">
              {risk.reasons.map((r) => (
                <li key={r.factor}>{t('risk.reason', { factor: t(`factors.${r.factor}`), detail: r.detail, points: r.points })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </TitledCard>
  );
}
