import { lazy, Suspense, type ComponentType } from 'react';
import i18next from 'i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '#shared/ui/spinner.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { ROUTES, SHELL_MODULE, SHELL_NAMESPACES, namespacesOf, type RouteEntry } from './route-table.ts';

type PageModule = Record<string, unknown>;

// The error page is fetched only when a route fails (it is not part of the sign-in page's budget).
const ErrorPage = lazy(() => import('./pages/error-page.tsx').then((m) => ({ default: m.ErrorPage })));

// Each page (and the shell) is a chunk of its own, fetched when a route first needs it. The entry
// holds the loaders of the pages shown before sign-in and of the shell; the signed-in pages'
// loaders, with their preload lists, are a chunk fetched beside the shell (shell-pages.ts), so
// every new screen does not add to what the sign-in page downloads.
const modules = import.meta.glob<PageModule>(['../features/auth/components/*-page.tsx', './pages/*-page.tsx', './shell/app-shell.tsx']);

function loaderOf(module: string): () => Promise<PageModule> {
  const key = module.startsWith('app/') ? `./${module.slice('app/'.length)}` : `../${module}`;
  const load = modules[key];
  if (load) return load;
  return () => import('./shell-pages.ts').then((m) => m.loadShellPage(key));
}

/** Loads a page chunk and its translation namespaces together, so the page paints translated. */
function lazyComponent(module: string, exportName: string, namespaces: readonly string[]) {
  const load = loaderOf(module);
  return async () => {
    const [loaded] = await Promise.all([load(), namespaces.length > 0 ? i18next.loadNamespaces([...namespaces]) : undefined]);
    const Component = loaded[exportName] as ComponentType | undefined;
    if (!Component) throw new Error(`${module} has no export ${exportName}`);
    return { Component };
  };
}

function toRoute(route: RouteEntry): RouteObject {
  const lazy = lazyComponent(route.module, route.exportName, namespacesOf(route));
  const handle = route.title === undefined ? undefined : { title: route.title };
  if (route.path === '/') return { index: true, lazy, handle };
  return { path: route.path, lazy, handle };
}

const byLayout = (layout: RouteEntry['layout']) => ROUTES.filter((r) => r.layout === layout).map(toRoute);

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
      ...byLayout('auth'),
      {
        element: <RequireAuth />,
        children: [{ lazy: lazyComponent(SHELL_MODULE, 'AppShell', SHELL_NAMESPACES), children: byLayout('shell') }],
      },
      ...byLayout('bare'),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
