import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../shared/i18n/languages.ts';
import { NAV_ITEMS } from '../shell/nav-items.ts';
import { ROUTES, SHELL_MODULE, namespacesOf, titleKey } from '../route-table.ts';

const src = new URL('../../', import.meta.url);
const routeOf = (to: string) => (to.split('?')[0] ?? '/').replace(/(.)\/$/, '$1');

describe('route table', () => {
  it('every page module exists (each is a lazy chunk)', () => {
    for (const module of [...ROUTES.map((r) => r.module), SHELL_MODULE]) expect(existsSync(new URL(module, src)), module).toBe(true);
  });

  it('every sidebar entry and admin menu target has a signed-in route', () => {
    const shellPaths = ROUTES.filter((r) => r.layout === 'shell').map((r) => r.path);
    for (const item of NAV_ITEMS) expect(shellPaths, item.key).toContain(routeOf(item.to));
    for (const path of ['/account/admin/info', '/account/admin/edit', '/account/user/:userId', '/order/create', '/asset/create']) {
      expect(shellPaths).toContain(path);
    }
  });

  it('auth pages are public routes without the shell; unknown paths are a 404 page', () => {
    const auth = ROUTES.filter((r) => r.layout === 'auth').map((r) => r.path);
    expect(auth).toEqual(['/auth/login', '/auth/forgot-password', '/auth/reset-password', '/auth/password-changed']);
    expect(ROUTES.find((r) => r.path === '*')).toMatchObject({ layout: 'bare', exportName: 'NotFoundPage' });
  });

  it('routes only name known namespaces', () => {
    for (const route of ROUTES) for (const ns of namespacesOf(route)) expect(NAMESPACES, `${route.path}: ${ns}`).toContain(ns);
  });

  it('list titles follow the query (orderMode, action)', () => {
    const order = ROUTES.find((r) => r.path === '/order');
    const asset = ROUTES.find((r) => r.path === '/asset');
    expect(titleKey(order?.title ?? '', new URLSearchParams('orderMode=th'))).toBe('sidebar:tradeHistory');
    expect(titleKey(order?.title ?? '', new URLSearchParams('orderMode=tr'))).toBe('sidebar:tradeRequests');
    expect(titleKey(asset?.title ?? '', new URLSearchParams('action=withdrawal'))).toBe('sidebar:withdrawalRequests');
    expect(titleKey(asset?.title ?? '', new URLSearchParams(''))).toBe('asset:list');
  });
});
