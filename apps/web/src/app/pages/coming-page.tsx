import { useTranslation } from 'react-i18next';
import { Link, useMatches, useSearchParams } from 'react-router';
import { usePreviousPath } from '#shared/navigation/previous-path-provider.tsx';
import { Card } from '#shared/ui/card.tsx';
import { titleKey, type RouteTitle } from '../route-table.ts';

/** A route handle naming the page. */
export interface ComingHandle {
  title: RouteTitle;
}

function isComingHandle(value: unknown): value is ComingHandle {
  return typeof value === 'object' && value !== null && 'title' in value;
}

/** A screen of a later release: its title and a plain notice, never a broken route. */
export function ComingPage() {
  const { t } = useTranslation(['common', 'sidebar']);
  const matches = useMatches();
  const [query] = useSearchParams();
  const from = usePreviousPath();
  const handle = [...matches].reverse().find((m) => isComingHandle(m.handle))?.handle as ComingHandle | undefined;
  const title = handle ? titleKey(handle.title, query) : 'common:comingTitle';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t(title)}</h1>
      <Card>
        <p className="text-sm text-slate-600" data-testid="coming-page">
          {t('common:comingSoon')}
        </p>
        {from ? (
          <Link to={from} className="mt-4 inline-block text-sm font-medium text-amber-700 hover:underline">
            ← {t('common:back')}
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
