import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routeManifest } from './src/app/route-table.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const backend = process.env.AURUM_DEV_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  html: {
    // the server puts a fresh nonce here in every answer of index.html (apps/server/src/http/security-headers.ts, CSP_NONCE_PLACEHOLDER)
    cspNonce: '__CSP_NONCE__',
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __ROUTE_MANIFEST__: JSON.stringify(routeManifest()),
  },
  build: {
    // WEB_DIST builds elsewhere (two checkouts or parallel work sharing one tree); the server reads the same variable
    outDir: process.env.WEB_DIST ?? 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/v0': { target: backend, changeOrigin: false, ws: true },
      '/infoz': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/v0': { target: backend, changeOrigin: false, ws: true },
      '/infoz': { target: backend, changeOrigin: false },
    },
  },
});
