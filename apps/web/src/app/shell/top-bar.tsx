import { useTranslation } from 'react-i18next';
import { SYMBOL_OF_MARKET, reasonKey, useMarketStatus } from '#shared/live/market-status.ts';
import { AdminMenu } from './admin-menu.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

/**
 * Top bar (SPEC.md §2): 'connecting' until the live socket's first price, then the market-status
 * reason ('open' when there is none), in the error colour when any of the MYR, USD or offline
 * markets is unavailable, with what still trades beside it; the command palette's button (its shortcut shown, so that staff learn it
 * exists), language switcher and admin menu.
 */
export function TopBar({ onOpenMenu, onOpenPalette }: { onOpenMenu: () => void; onOpenPalette: () => void }) {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const market = useMarketStatus();
  // the error colour says something is closed; what still trades is said beside it (XAU/MYR after hours)
  const stillOpen =
    market.phase === 'live' && market.unavailable && market.open.length > 0
      ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(market.open.map((m) => (m === 'offline' ? t('shell:market.offline') : SYMBOL_OF_MARKET[m])))
      : null;
  const unavailable = market.phase === 'live' && market.unavailable;
  const state = market.phase === 'connecting' ? 'connecting' : unavailable ? 'error' : 'ok';
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
        data-state={state}
        className={`flex items-center gap-2 truncate text-sm ${unavailable ? 'font-medium text-red-600' : 'text-slate-600'}`}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 shrink-0 rounded-full ${state === 'error' ? 'bg-red-500' : state === 'ok' ? 'bg-emerald-500' : 'animate-pulse bg-amber-400'}`}
        />
        <span data-testid="market-status-text">{market.phase === 'connecting' ? t('common:connecting') : t(`common:${reasonKey(market.reason)}`)}</span>
        {stillOpen ? (
          <span className="truncate font-normal text-slate-600" data-testid="market-status-open">
            · {t('shell:market.stillOpen', { markets: stillOpen })}
          </span>
        ) : null}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <button
          type="button"
          onClick={onOpenPalette}
          data-testid="open-palette"
          aria-keyshortcuts="Control+K Meta+K"
          className="flex items-center gap-2 rounded-md border border-slate-200 px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600 sm:min-w-52"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-4-4" />
          </svg>
          {/* the button's name: its visible text from 640 px, read by screen readers below */}
          <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">{t('searchOrJump')}</span>
          <kbd aria-hidden="true" className="hidden rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs text-slate-500 sm:inline">
            Ctrl K
          </kbd>
        </button>
        <LanguageSwitcher />
        <AdminMenu />
      </div>
    </header>
  );
}
