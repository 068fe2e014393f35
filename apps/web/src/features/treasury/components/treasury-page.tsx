import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TreasuryPosition } from './treasury-position.tsx';

const HedgeList = lazy(() => import('./hedge-list.tsx').then((m) => ({ default: m.HedgeList })));
const HedgeDetail = lazy(() => import('./hedge-detail.tsx').then((m) => ({ default: m.HedgeDetail })));

/**
 * The treasury's screens on one route (the sign-in page's budget carries every route of the
 * table, so the treasury takes one; decision 0846):
 * /treasury/?hedge={id} a hedge, ?view=hedges the hedge list, else (view=position) the position.
 */
export function TreasuryPage() {
  const [query] = useSearchParams();
  const hedge = query.get('hedge');
  return (
    <Suspense fallback={<SectionSpinner />}>
      {hedge !== null ? <HedgeDetail key={hedge} hedgeId={Number(hedge)} /> : query.get('view') === 'hedges' ? <HedgeList /> : <TreasuryPosition />}
    </Suspense>
  );
}
