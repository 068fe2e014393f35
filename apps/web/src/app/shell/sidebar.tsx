import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { backendVersion, useBuildInfo } from '../../features/system/api/get-build-info.ts';
import { useInboxCount } from '#shared/queries/inbox-queries.ts';
import { NAV_GROUPS, isNavItemActive } from './nav-items.ts';

/** The inbox entry's badge: how many items await a decision this admin may take, kept live over the socket. */
function InboxBadge() {
  const { t } = useTranslation('sidebar');
  const count = useInboxCount().data?.decidable ?? 0;
  if (count === 0) return null;
  return (
    <span data-testid="inbox-badge" aria-label={t('inboxBadge', { count })} className="ml-auto rounded-full bg-amber-500 px-2 py-0.5 text-xs font-semibold text-slate-900 tabular-nums">
      {count > 999 ? '999+' : count}
    </span>
  );
}

function Versions() {
  const { t } = useTranslation('sidebar');
  const info = useBuildInfo();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 border-t border-slate-800 px-5 py-4 text-xs text-slate-400">
      <dt>{t('frontendVersion')}</dt>
      <dd className="truncate font-mono text-slate-300" data-testid="frontend-version">
        {__APP_VERSION__}
      </dd>
      <dt>{t('backendVersion')}</dt>
      <dd className="truncate font-mono text-slate-300" data-testid="backend-version">
        {info.data ? backendVersion(info.data) : info.isError ? t('unknownVersion') : '…'}
      </dd>
    </dl>
  );
}

/** The sidebar: navigation 'Main' with the entries of SPEC.md §2 and the versions at the bottom. */
export function Sidebar() {
  const { t } = useTranslation('sidebar');
  const location = useLocation();
  return (
    <div className="keep-palette flex h-full flex-col bg-slate-900 text-slate-200">
      <Link to="/" className="flex items-center gap-3 px-5 py-5 focus-visible:outline-2 focus-visible:outline-amber-500">
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-md bg-amber-500 text-xs font-bold text-slate-900">
          Au
        </span>
        <span className="text-base font-semibold tracking-tight text-white">{t('brand')}</span>
      </Link>
      <nav aria-label={t('mainNavigation')} className="flex-1 overflow-y-auto px-3 pb-4">
        {NAV_GROUPS.map((group) => (
          <div key={group.key ?? 'top'} className="mt-4 first:mt-0">
            {group.key ? <h2 className="px-2 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{t(group.key)}</h2> : null}
            <ul className="flex flex-col gap-0.5">
              {group.items.map((item) => {
                const active = isNavItemActive(item, location);
                return (
                  <li key={item.key}>
                    <Link
                      to={item.to}
                      aria-current={active ? 'page' : undefined}
                      data-testid={`nav-${item.key}`}
                      className={`flex items-center rounded-md px-2 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-amber-500 ${
                        active ? 'bg-amber-500/15 font-medium text-amber-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                      }`}
                    >
                      {t(item.key)}
                      {item.key === 'inbox' ? <InboxBadge /> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <Versions />
    </div>
  );
}
