/// <reference types="vite/client" />

/** The console's version (apps/web/package.json), set by vite.config.ts. */
declare const __APP_VERSION__: string;

/** The routes the entry chunk needs (route-table.ts routeManifest), set by vite.config.ts. */
declare const __ROUTE_MANIFEST__: import('./app/route-table.ts').RouteManifest;
