import type { ComponentType } from 'react';
import i18next from 'i18next';
import { ROUTES, namespacesOf } from './route-table.ts';

/**
 * The signed-in pages (router.tsx): a chunk of its own, fetched beside the shell after sign-in, so
 * the sign-in page downloads neither the route table's details nor the preload lists of every
 * screen.
 */
type PageModule = Record<string, unknown>;

const modules = import.meta.glob<PageModule>(['../features/*/components/*-page.tsx', '!../features/auth/components/*-page.tsx']);

/** The page of a signed-in route by its path, loaded with its translation namespaces, so it paints translated. */
export async function loadShellRoute(path: string): Promise<{ Component: ComponentType }> {
  const route = ROUTES.find((r) => r.layout === 'shell' && r.path === path);
  const load = route ? modules[`../${route.module}`] : undefined;
  if (!route || !load) throw new Error(`no signed-in page at ${path}`);
  const [loaded] = await Promise.all([load(), i18next.loadNamespaces(namespacesOf(route))]);
  const Component = loaded[route.exportName] as ComponentType | undefined;
  if (!Component) throw new Error(`${route.module} has no export ${route.exportName}`);
  return { Component };
}
