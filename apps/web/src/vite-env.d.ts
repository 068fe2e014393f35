/// <reference types="vite/client" />
import type { RouteManifest } from './app/route-table.ts';

declare global {
  /** The console's version (apps/web/package.json), set by vite.config.ts. */
  const __APP_VERSION__: string;
  /** The routes the entry chunk needs (route-table.ts routeManifest), set by vite.config.ts. */
  const __ROUTE_MANIFEST__: RouteManifest;
}
