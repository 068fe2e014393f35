/// <reference types="vite/client" />

/** The console's version (apps/web/package.json), set by vite.config.ts. */
declare const __APP_VERSION__: string;
