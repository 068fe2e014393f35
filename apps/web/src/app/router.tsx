import { lazy, Suspense, type ComponentType } from 'react';
import i18next from 'i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '#shared/ui/spinner.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';

type PageModule = Record<string, unknown>;

// The error page is fetched only when a route fails (it is not part of the sign-in page's budget).
const ErrorPage = lazy(() => import('./pages/error-page.tsx').then((m) => ({ default: m.ErrorPage })));

// Each page (and the shell) is a chunk of its own, fetched when a route first needs it. The entry
// holds the loaders of the pages shown before sign-in and of the shell, and the signed-in pages by
// path only (__ROUTE_MANIFEST__, from route-table.ts at build); their loaders, preload lists and
// namespaces are a chunk fetched beside the shell (shell-pages.ts), so every new screen does not
// add to what the sign-in page downloads.
const modules = import.meta.glob<PageModule>(['../features/auth/components/*-page.tsx', './pages/*-page.tsx', './shell/app-shell.tsx']);
const manifest = __ROUTE_MANIFEST__;

/** Loads a page chunk shown before sign-in (or the shell) and its translation namespaces together, so it paints translated. */
function lazyComponent(module: string, exportName: string, namespaces: readonly string[]) {
  const key = module.startsWith('app/') ? `./${module.slice('app/'.length)}` : `../${module}`;
  const load = modules[key];
  if (!load) throw new Error(`route module not found: ${key}`);
  return async () => {
    const [loaded] = await Promise.all([load(), namespaces.length > 0 ? i18next.loadNamespaces([...namespaces]) : undefined]);
    const Component = loaded[exportName] as ComponentType | undefined;
    if (!Component) throw new Error(`${module} has no export ${exportName}`);
    return { Component };
  };
}

const at = (path: string, lazy: RouteObject['lazy']): RouteObject => (path === '/' ? { index: true, lazy } : { path, lazy });
const publicRoutes = (layout: 'auth' | 'bare') => manifest.public.filter((r) => r.layout === layout).map((r) => at(r.path, lazyComponent(r.module, r.exportName, r.namespaces)));
const shellRoutes = manifest.shellPaths.map((path) => at(path, () => import('./shell-pages.ts').then((m) => m.loadShellRoute(path))));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={<FullPageSpinner />}>
        <ErrorPage />
      </Suspense>
    ),
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { path: '/auth', element: <Navigate to="/auth/login/" replace /> },
      ...publicRoutes('auth'),
      {
        element: <RequireAuth />,
        children: [{ lazy: lazyComponent(manifest.shell.module, 'AppShell', manifest.shell.namespaces), children: shellRoutes }],
      },
      ...publicRoutes('bare'),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
