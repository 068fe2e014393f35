import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
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
      { method: 'GET', url: '/v0/web/secure/thing', auth: 'admin', permission: null, audit: null, readOnly: false, idempotent: false },
      { method: 'POST', url: '/v0/web/secure/thing', auth: 'admin', permission: 'addUser', audit: 'user.create', readOnly: false, idempotent: false },
      { method: 'POST', url: '/mobile/auth/thing', auth: 'public', permission: null, audit: null, readOnly: false, idempotent: false },
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

  describe('the Idempotency-Key opt-in', () => {
    const change = {
      method: 'POST' as const,
      summary: 'x',
      tags: [],
      auth: 'admin' as const,
      permission: 'addUser' as const,
      audit: 'user.create' as const,
      idempotent: true as const,
      handler,
    };

    it('is recorded for an audited change under the secure root', () => {
      const app = Fastify();
      route(app, deps, { ...change, url: '/v0/web/secure/money', response: z.object({ id: z.number(), amount: z.string() }) });
      expect(registeredRoutes(app)[0]).toMatchObject({ url: '/v0/web/secure/money', idempotent: true });
    });

    it('is refused at start on a route without an audited transaction, on a public or sign-in route', () => {
      const app = Fastify();
      const { audit: _audit, ...unaudited } = change;
      expect(() => route(app, deps, { ...unaudited, url: '/v0/web/secure/x' })).toThrow(/audited change/);
      expect(() => route(app, deps, { method: 'POST', url: '/v0/web/auth/admin/x', summary: 'x', tags: [], auth: 'public', audit: 'auth.login', idempotent: true, handler })).toThrow(
        /only changes under/,
      );
      expect(registeredRoutes(app)).toEqual([]);
    });

    it.each(['jwt', 'refreshToken', 'secret', 'recoveryCodes', 'newPassword', 'otpauthUrl'])('is refused at start when the answer may hold a secret (%s): it would be stored', (field) => {
      const app = Fastify();
      const response = z.object({ id: z.number(), nested: z.object({ [field]: z.string() }) });
      expect(() => route(app, deps, { ...change, url: '/v0/web/secure/x', response })).toThrow(/may hold a secret/);
    });
  });
});
