import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { displayName } from '#shared/auth/session-storage.ts';
import { Card } from '#shared/ui/card.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { dashboardWidgets } from '#shared/slots/slots.ts';
import { PricePanel } from './price-panel.tsx';

/** Dashboard (/): the live price panel, the widgets other features register (src/app/slots.ts) and a welcome card. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const admin = useAdmin();
  if (!admin) return null;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('dashboard:title')}</h1>
      <PricePanel />
      <Widgets />
      <Card>
        <div className="flex items-start gap-4" data-testid="welcome-card">
          <span aria-hidden="true" translate="no" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-lg font-semibold text-amber-800">
            {(admin.firstName[0] ?? admin.username[0] ?? '?').toUpperCase()}
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold text-slate-900">{t('dashboard:welcome', { name: displayName(admin) })}</h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              <dt className="text-slate-500">{t('dashboard:role')}</dt>
              <dd className="font-medium text-slate-800" data-testid="admin-role">
                {t(`common:roles.${admin.role}`)}
              </dd>
              <dt className="text-slate-500">{t('dashboard:username')}</dt>
              <dd className="text-slate-800">{admin.username}</dd>
              <dt className="text-slate-500">{t('dashboard:email')}</dt>
              <dd className="text-slate-800">{admin.email}</dd>
            </dl>
          </div>
        </div>
      </Card>
    </div>
  );
}

/** The registered widgets in a two-column grid, each loading on its own. */
function Widgets() {
  const widgets = dashboardWidgets();
  if (widgets.length === 0) return null;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {widgets.map(({ id, wide, component: Widget }) => (
        <div key={id} className={wide ? 'lg:col-span-2' : undefined} data-testid={`widget-${id}`}>
          <Suspense fallback={<SectionSpinner />}>
            <Widget />
          </Suspense>
        </div>
      ))}
    </div>
  );
}
