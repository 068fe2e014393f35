import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { troyOunces } from '@aurum/domain/treasury/treasury-books';
import { formatSigned } from '#shared/format/number.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { useLivePosition } from '../api/live-position.ts';
import { shownMetals } from '../model/position-view.ts';

/** Dashboard 'net position': per metal the house's net, flagged outside its band; live. */
export function NetPositionWidget() {
  const { t } = useTranslation('treasury-hedges');
  const position = useLivePosition();
  return (
    <TitledCard
      title={t('widget.title')}
      className="h-full"
      headerGap="gap-3"
      action={
        <Link to="/treasury/?view=position" className="text-sm font-medium text-amber-700 hover:underline">
          {t('widget.open')}
        </Link>
      }
    >
      <QueryContent query={position} compact>
        {(answer) => (
          <ul className="divide-y divide-slate-100" data-testid="net-position-widget">
            {shownMetals(answer.items).map((item) => (
              <li key={item.metal} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm" data-testid={`net-position-${item.metal}`}>
                <span className="font-medium text-slate-700">
                  {item.metal} {t(`metals.${item.metal}`)}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-slate-900" data-testid="net">
                    {formatSigned(item.net, 4)} g
                  </span>
                  <span className="text-xs text-slate-500">{formatSigned(troyOunces(item.net), 4)} oz</span>
                  {item.outsideBand ? <Badge variant="declined">{t('widget.outside')}</Badge> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </TitledCard>
  );
}
