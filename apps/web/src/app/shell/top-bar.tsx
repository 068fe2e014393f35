import { useTranslation } from 'react-i18next';
import { useMarketStatus } from '#shared/live/market-status.ts';
import { AdminMenu } from './admin-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/**
 * Top bar (SPEC.md §2): 'connecting' until the live price socket (a later issue) reports a
 * market-status reason, in the error colour when a market is unavailable; language switcher
 * and admin menu.
 */
export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation('common');
  const market = useMarketStatus();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:px-6">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('openMenu')}
        data-testid="open-menu"
        className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600 lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <p
        role="status"
        data-testid="market-status"
        data-state={market.unavailable ? 'error' : market.reason ? 'ok' : 'connecting'}
        className={`flex items-center gap-2 truncate text-sm ${market.unavailable ? 'text-red-600' : 'text-slate-600'}`}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 shrink-0 rounded-full ${market.unavailable ? 'bg-red-500' : market.reason ? 'bg-emerald-500' : 'animate-pulse bg-amber-400'}`}
        />
        {market.reason ?? t('connecting')}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <LanguageSwitcher />
        <AdminMenu />
      </div>
    </header>
  );
}
