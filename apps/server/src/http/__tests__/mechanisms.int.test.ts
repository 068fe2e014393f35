import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client } from '../../testing/client.ts';
import { route } from '../route.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError } from '../app-error.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

describe(`route mechanisms on ${driver}: permission, audit in the change's transaction, error contract`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokens: Record<string, { jwt: string; refreshToken: string; id: number }> = {};

  beforeAll(async () => {
    ts = await startTestServer({
      app: {
        // a probe route declared like any real one: it creates a user, then fails when asked to
        extraRoutes: (app, deps) => {
          // a read route whose last step (beforeCommit) fails; the handler fails too when asked
          route(app, deps, {
            method: 'GET',
            url: '/v0/web/secure/test/probe_step',
            summary: 'test probe of a failing step',
            tags: ['test'],
            auth: 'admin',
            readOnly: true,
            query: z.object({ handlerFails: z.enum(['yes', 'no']) }),
            handler: async ({ query, beforeCommit }) => {
              beforeCommit(() => Promise.reject(appError(ErrorCode.OrderStatusConflict, 'probe step failed')));
              await new Promise((resolve) => setImmediate(resolve)); // the step has failed by now
              if (query.handlerFails === 'yes') throw appError(ErrorCode.OrderStatusConflict, 'probe handler failed');
              return { ok: true };
            },
          });
          route(app, deps, {
            method: 'POST',
            url: '/v0/web/secure/test/probe_user',
            summary: 'test probe',
            tags: ['test'],
            auth: 'admin',
            permission: 'addUser',
            audit: 'admin.create',
            body: z.object({ username: z.string().regex(/^[a-z0-9]+$/), failAfterWrite: z.boolean() }),
            handler: async ({ db, body, audit }) => {
              const rows = await db.query<{ id: number }>(
                "INSERT INTO users (username, email) VALUES ($1, $1 || '@probe.example') RETURNING id",
                [body.username],
              );
              audit.after({ id: rows[0]!.id, username: body.username });
              // any catalogued code will do: a code outside the error catalogue is itself refused (500)
              if (body.failAfterWrite) throw appError(ErrorCode.OrderStatusConflict, 'probe failed after its write');
              return { id: rows[0]!.id };
            },
          });
        },
      },
    });
    api = client(ts);
    for (const role of ['superAdmin', 'financeMaker', 'operationMaker', 'none']) {
      const who = ts.demo.byRole[role]!;
      const r = await api.login(who.username, who.password);
      tokens[role] = { jwt: r.body.jwt, refreshToken: r.body.refreshToken, id: r.body.user.id };
    }
  });
  afterAll(() => ts?.close());

  const count = async (sql: string, params: unknown[] = []) =>
    (await ts.db.query<{ n: number }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n;

  it('refuses a route without its permission with 403 (1150), changes nothing and audits the attempt', async () => {
    const target = tokens.operationMaker!;
    const roles = ['financeMaker', 'operationMaker', 'none'];
    for (const role of roles) {
      const r = await api.call('POST', `/v0/web/secure/admin/logout/${target.id}`, { token: tokens[role]!.jwt });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: 1150, context: null });
    }
    expect(await count("audit_log WHERE action = 'admin.forceLogout'")).toBe(0);
    const denied = await ts.db.query<{ username: string; detail: Record<string, unknown> }>(
      "SELECT username, detail FROM audit_log WHERE action = 'access.denied' ORDER BY id",
    );
    expect(denied.map((d) => d.username)).toEqual(roles.map((r) => ts.demo.byRole[r]!.username));
    expect(denied[0]!.detail).toMatchObject({ attempted: 'admin.forceLogout', permission: 'logoutAdmin', code: 1150 });
    // the target's session still works
    expect((await api.refresh(target.id, target.refreshToken)).status).toBe(200);
  });

  it('force logout by a superAdmin ends every session of the admin and writes one audit row', async () => {
    const who = ts.demo.byRole.financeMaker!;
    const second = await api.login(who.username, who.password);
    const r = await api.call<{ sessionsEnded: number }>('POST', `/v0/web/secure/admin/logout/${tokens.financeMaker!.id}`, {
      token: tokens.superAdmin!.jwt,
    });
    expect(r.status).toBe(200);
    expect(r.body.sessionsEnded).toBe(2);
    for (const t of [tokens.financeMaker!, { ...second.body, id: second.body.user.id }]) {
      const refreshed = await api.refresh(t.id, t.refreshToken);
      expect(refreshed.body).toEqual({ code: 1152, context: 'An administrator ended your session. Please sign in again.' });
    }
    const rows = await ts.db.query<{ username: string; detail: { before: { username: string }; after: unknown } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'admin.forceLogout'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe(ts.demo.superAdmin.username);
    expect(rows[0]!.detail.before.username).toBe(who.username);
    expect(rows[0]!.detail.after).toEqual({ sessionsEnded: 2 });
  });

  it("answers a read route's failing last step as the call's failure, and the handler's own failure first, never as an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const both = await api.call('GET', '/v0/web/secure/test/probe_step?handlerFails=yes', { token: tokens.superAdmin!.jwt });
      expect(both.status).toBe(409);
      expect(both.body).toEqual({ code: ErrorCode.OrderStatusConflict, context: 'probe handler failed' });
      const step = await api.call('GET', '/v0/web/secure/test/probe_step?handlerFails=no', { token: tokens.superAdmin!.jwt });
      expect(step.status).toBe(409);
      expect(step.body).toEqual({ code: ErrorCode.OrderStatusConflict, context: 'probe step failed' });
      // an unhandled rejection is reported after the microtasks of its turn: one more turn to see it
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('commits an audited change together with its audit row', async () => {
    const r = await api.call('POST', '/v0/web/secure/test/probe_user', {
      token: tokens.superAdmin!.jwt,
      body: { username: 'probeok', failAfterWrite: false },
    });
    expect(r.status).toBe(200);
    expect(await count("users WHERE username = 'probeok'")).toBe(1);
    const rows = await ts.db.query<{ detail: { after: { username: string } } }>(
      "SELECT detail FROM audit_log WHERE action = 'admin.create' AND detail->'after'->>'username' = 'probeok'",
    );
    expect(rows).toHaveLength(1);
  });

  it('rolls an audited change back together with its audit row when the change fails', async () => {
    const auditBefore = await count('audit_log');
    const r = await api.call('POST', '/v0/web/secure/test/probe_user', {
      token: tokens.superAdmin!.jwt,
      body: { username: 'probefail', failAfterWrite: true },
    });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ code: ErrorCode.OrderStatusConflict, context: 'probe failed after its write' });
    expect(await count("users WHERE username = 'probefail'")).toBe(0);
    expect(await count('audit_log')).toBe(auditBefore);
  });

  it('refuses bad input with 1001 naming the field, before any write', async () => {
    const auditBefore = await count('audit_log');
    const r = await api.call('POST', '/v0/web/secure/test/probe_user', {
      token: tokens.superAdmin!.jwt,
      body: { username: 'Not Valid!', failAfterWrite: false },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 1001, context: 'username' });
    expect(await count('audit_log')).toBe(auditBefore);
  });

  it('the audit table refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(ts.db.query("UPDATE audit_log SET username = 'someone-else'")).rejects.toThrow(/append-only/);
    await expect(ts.db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(ts.db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect(await count('audit_log')).toBeGreaterThan(0);
  });

  describe('error contract', () => {
    const onlyContract = (body: unknown) => expect(Object.keys(body as object).sort()).toEqual(['code', 'context']);

    it('malformed JSON is 400 (1000) without a stack trace', async () => {
      const r = await api.call('POST', '/v0/web/auth/admin/refresh', { raw: '{"id": 1, "token": ' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 1000, context: 'Malformed JSON body' });
      expect(r.text).not.toMatch(/at |stack|\.ts/);
    });

    it('an oversized body is 413 (1000)', async () => {
      const r = await api.call('POST', '/v0/web/auth/admin/forgot_password', {
        raw: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ code: 1000, context: 'Request body too large' });
    });

    it('an unknown API route is 404 (1003) in the contract', async () => {
      const r = await api.call('GET', '/v0/web/secure/nothing-here');
      expect(r.status).toBe(404);
      onlyContract(r.body);
      expect(r.body.code).toBe(1003);
      const p = await api.call('POST', '/v0/web/auth/admin/unknown');
      expect(p.status).toBe(404);
      expect(p.body.code).toBe(1003);
    });

    it('a body of the wrong type is 1001 naming the field', async () => {
      const r = await api.call('POST', '/v0/web/auth/admin/refresh', { body: { id: 'one', token: 'x' } });
      expect(r.body).toEqual({ code: 1001, context: 'id' });
      const arr = await api.call('POST', '/v0/web/auth/admin/refresh', { body: [1, 2] });
      expect(arr.status).toBe(400);
      expect(arr.body.code).toBe(1001);
    });

    it('a wrong content type is refused in the contract', async () => {
      const r = await api.call('POST', '/v0/web/auth/admin/refresh', { raw: '<id>1</id>', headers: { 'content-type': 'application/xml' } });
      expect(r.status).toBe(415);
      onlyContract(r.body);
    });
  });

  describe('system', () => {
    it('GET /infoz answers branch and commit', async () => {
      const r = await api.call('GET', '/infoz');
      expect(r.body).toEqual({ branch: 'test', commit: '0123456789abcdef' });
    });
    it('GET /healthz checks the database', async () => {
      const r = await api.call('GET', '/healthz');
      expect(r.body).toEqual({ status: 'ok', database: driver });
    });
    it('the OpenAPI document at /docs/json lists every call with its security', async () => {
      const r = await api.call<{ openapi: string; paths: Record<string, Record<string, { security?: unknown }>> }>('GET', '/docs/json');
      expect(r.body.openapi).toBe('3.1.0');
      for (const path of [
        '/v0/web/auth/admin/login',
        '/v0/web/auth/admin/refresh',
        '/v0/web/auth/admin/logout',
        '/v0/web/auth/admin/forgot_password',
        '/v0/web/auth/admin/reset_password',
        '/v0/web/secure/admin/logout/{adminId}',
        '/infoz',
        '/healthz',
      ]) {
        expect(Object.keys(r.body.paths)).toContain(path);
      }
      expect(r.body.paths['/v0/web/auth/admin/logout']!.post!.security).toEqual([{ bearer: [] }]);
      const docs = await fetch(`${ts.url}/docs`, { redirect: 'manual' });
      expect([200, 302]).toContain(docs.status);
    });
  });
});
