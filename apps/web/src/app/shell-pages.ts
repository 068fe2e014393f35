/**
 * The loaders of the signed-in pages (router.tsx): a chunk of its own, fetched beside the shell
 * after sign-in, so the sign-in page does not download the preload lists of every screen.
 */
type PageModule = Record<string, unknown>;

const modules = import.meta.glob<PageModule>(['../features/*/components/*-page.tsx', '!../features/auth/components/*-page.tsx']);

export function loadShellPage(key: string): Promise<PageModule> {
  const load = modules[key];
  if (!load) return Promise.reject(new Error(`route module not found: ${key}`));
  return load();
}
