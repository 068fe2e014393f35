import { Suspense, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useLiveConnection, useLiveResync } from '#shared/live/live.ts';
import { useInboxLive } from '#shared/queries/inbox-queries.ts';
import { useReturnFocus } from '#shared/ui/modal.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { QueryProvider } from '../providers.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { IdleDialog } from './idle-dialog.tsx';
import { SecondFactorGate } from '../../features/security/components/second-factor-gate.tsx';
import { KeyboardShortcuts } from './keyboard-shortcuts.tsx';
import { UnderPageTitle } from '#shared/ui/page-header.tsx';
import { SavedViewsBar } from '../../features/saved-views/components/saved-views-bar.tsx';

/** Keeps the inbox badge (and screen) live: mounted once inside the query provider. */
function InboxLive() {
  useInboxLive();
  return null;
}

/** Refetches what the screens show when the live socket says events may have been missed. */
function LiveResync() {
  useLiveResync();
  return null;
}

/**
 * The signed-in frame: sidebar (a slide-in menu on narrow screens, closed on every route
 * change) and top bar around the page, the saved views of a list above it, the command palette and
 * the keyboard shortcuts. Keeps the live socket open while it is mounted.
 */
export function AppShell() {
  const { t } = useTranslation('common');
  useLiveConnection();
  const location = useLocation();
  const routeKey = `${location.pathname}${location.search}`;
  const [menu, setMenu] = useState<{ open: boolean; at: string }>({ open: false, at: routeKey });
  // close the slide-in menu when the route changes
  if (menu.open && menu.at !== routeKey) setMenu({ open: false, at: routeKey });
  // the menu opens from the top bar's button (no Radix trigger): the keyboard goes back there
  const returnFocus = useReturnFocus(menu.open);
  // the command palette opens from Ctrl/Cmd+K and from the top bar's search button
  const [palette, setPalette] = useState(false);

  return (
    <QueryProvider>
      <LiveResync />
      <InboxLive />
      <SecondFactorGate />
      <IdleDialog />
      {/* the first stop of the keyboard: past the sidebar's links straight to the page */}
      <a
        href="#main"
        data-testid="skip-link"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-slate-900 focus:shadow-lg focus:outline-2 focus:outline-amber-600"
      >
        {t('skipToContent')}
      </a>
      <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[16rem_1fr]">
        <aside className="sticky top-0 hidden h-dvh lg:block" data-testid="sidebar">
          <Sidebar />
        </aside>
        <Dialog.Root open={menu.open} onOpenChange={(open) => setMenu({ open, at: routeKey })}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
            <Dialog.Content onCloseAutoFocus={returnFocus} className="keep-palette slide-in fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none lg:hidden" data-testid="mobile-sidebar">
              <Dialog.Title className="sr-only">{t('menu')}</Dialog.Title>
              <Dialog.Description className="sr-only">{t('menuDescription')}</Dialog.Description>
              <Sidebar />
              <Dialog.Close
                aria-label={t('closeMenu')}
                className="absolute top-4 right-3 rounded-md p-1.5 text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-500"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        <div className="flex min-w-0 flex-col">
          <TopBar onOpenMenu={() => setMenu({ open: true, at: routeKey })} onOpenPalette={() => setPalette(true)} />
          <main className="flex-1 px-4 py-6 outline-none lg:px-8" id="main" tabIndex={-1}>
            <Suspense fallback={<SectionSpinner />}>
              <UnderPageTitle.Provider value={<SavedViewsBar />}>
                <Outlet />
              </UnderPageTitle.Provider>
            </Suspense>
          </main>
        </div>
      </div>
      <KeyboardShortcuts palette={palette} onPaletteChange={setPalette} />
    </QueryProvider>
  );
}
