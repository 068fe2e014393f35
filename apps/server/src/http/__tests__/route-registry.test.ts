import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registeredRoutes, route } from '../route.ts';

// route() reads its dependencies only when a request arrives
const deps = {} as AppDeps;
const handler = async () => ({});

describe('route registry and the registration rule', () => {
  it('records every route with its method, url, auth, permission and audit', () => {
    const app = Fastify();
    route(app, deps, { method: 'GET', url: '/v0/web/secure/thing', summary: 'read', tags: [], auth: 'admin', handler });
    route(app, deps, {
      method: 'POST',
      url: '/v0/web/secure/thing',
      summary: 'change',
      tags: [],
      auth: 'admin',
      permission: 'addUser',
      audit: 'user.create',
      handler,
    });
    route(app, deps, { method: 'POST', url: '/mobile/auth/thing', summary: 'public', tags: [], auth: 'public', handler });
    expect(registeredRoutes(app)).toEqual([
      { method: 'GET', url: '/v0/web/secure/thing', auth: 'admin', permission: null, audit: null, readOnly: false },
      { method: 'POST', url: '/v0/web/secure/thing', auth: 'admin', permission: 'addUser', audit: 'user.create', readOnly: false },
      { method: 'POST', url: '/mobile/auth/thing', auth: 'public', permission: null, audit: null, readOnly: false },
    ]);
    expect(registeredRoutes(Fastify())).toEqual([]);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)('refuses a %s under /v0/web/secure without a permission', (method) => {
    const app = Fastify();
    expect(() => route(app, deps, { method, url: '/v0/web/secure/x', summary: 'x', tags: [], auth: 'admin', audit: 'user.update', handler })).toThrow(
      /must declare a permission/,
    );
    expect(registeredRoutes(app)).toEqual([]);
  });

  it('lets a read-only POST through without a permission, but never with an audit or a permission', () => {
    const app = Fastify();
    route(app, deps, { method: 'POST', url: '/v0/web/secure/list', summary: 'x', tags: [], auth: 'admin', readOnly: true, handler });
    expect(registeredRoutes(app)[0]).toMatchObject({ readOnly: true, permission: null });
    expect(() =>
      route(app, deps, { method: 'POST', url: '/v0/web/secure/y', summary: 'x', tags: [], auth: 'admin', readOnly: true, audit: 'user.update', handler }),
    ).toThrow(/read-only route/);
  });
});
