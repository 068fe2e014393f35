import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '@aurum/domain/access/permissions';
import { SESSION_MESSAGES } from '@aurum/domain/auth/session-messages';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import type { AdminDetail, AdminListItem } from '@aurum/domain/admins/admin-views';
import { ADMIN_CONTEXT } from '../admin-service.ts';
import { DEMO_ADMINS } from '../../../seed/demo-accounts.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

const newAdmin = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `staff${n}`,
  email: `staff${n}@aurum.example`,
  firstName: 'Staff',
  lastName: n,
  role: 'financeMaker',
  password: 'Staff#Pass1',
  ...extra,
});

describe(`admins on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let root: { jwt: string; id: number };

  const signIn = async (username: string, password: string) => {
    const r = await api.login(username, password);
    expect(r.status).toBe(200);
    return { jwt: r.body.jwt, id: r.body.user.id, refreshToken: r.body.refreshToken };
  };
  const lastAudit = async (action: string) =>
    (await ts.db.query<{ username: string; detail: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
      'SELECT username, detail FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1',
      [action],
    ))[0];

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    root = await signIn(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
  });
  afterAll(() => ts?.close());

  it('lists admins with paging, search, role filter and sort', async () => {
    const all = await api.call<{ items: AdminListItem[]; total: number }>('GET', `${S}/admin/list`, { token: root.jwt });
    // the superAdmin and one demo admin per other role
    expect(all.body.total).toBe(1 + DEMO_ADMINS.length);
    expect(all.body.items[0]).toMatchObject({ username: ts.demo.superAdmin.username, role: 'SUPER_ADMIN', createdBy: null, fullName: 'Aurum Administrator' });
    expect(all.body.items[1]!.createdBy).toBe(ts.demo.superAdmin.username);
    const byRole = await api.call<{ items: Array<{ username: string }> }>('GET', `${S}/admin/list?role=operationMaker`, { token: root.jwt });
    expect(byRole.body.items.map((a) => a.username)).toEqual(['operationmaker']);
    const byInput = await api.call<{ items: Array<{ username: string }> }>('GET', `${S}/admin/list?input=APPROVER&sort=username&order=desc`, {
      token: root.jwt,
    });
    expect(byInput.body.items.map((a) => a.username)).toEqual(['operationapprover', 'financeapprover', 'complianceapprover']);
    expect((await api.call('GET', `${S}/admin/list?role=king`, { token: root.jwt })).body).toEqual({ code: 1001, context: 'role' });
  });

  it('creates an admin; refuses taken identities (409, 1001) and bad input (400, 1001)', async () => {
    const r = await api.call<{ id: number }>('POST', `${S}/admin/create`, { token: root.jwt, body: newAdmin('1') });
    expect(r.status).toBe(200);
    const detail = await api.call<AdminDetail>('GET', `${S}/admin/${r.body.id}`, { token: root.jwt });
    expect(detail.body).toMatchObject({
      id: r.body.id,
      username: 'staff1',
      role: 'FINANCE_MAKER',
      createdBy: ts.demo.superAdmin.username,
      permissions: permissionsOf('financeMaker'),
    });
    expect(detail.body.createdAt).toBeTruthy();
    expect((await lastAudit('admin.create'))!.detail.after).toMatchObject({ username: 'staff1' });
    for (const [body, status, field] of [
      [newAdmin('2', { username: 'STAFF1' }), 409, 'username'],
      [newAdmin('2', { email: 'Staff1@Aurum.example' }), 409, 'email'],
      [newAdmin('2', { password: 'alllowercase1!' }), 400, 'password'],
      [newAdmin('2', { email: 'nope' }), 400, 'email'],
      [newAdmin('2', { role: 'king' }), 400, 'role'],
    ] as const) {
      const bad = await api.call('POST', `${S}/admin/create`, { token: root.jwt, body });
      expect([bad.status, bad.body]).toEqual([status, { code: 1001, context: field }]);
    }
    expect((await api.call('GET', `${S}/admin/999999`, { token: root.jwt })).status).toBe(404);
  });

  it('edits an admin; the last superAdmin cannot be demoted (409, 3003)', async () => {
    const [staff] = await ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'staff1'");
    const edit = { email: 'staff1@aurum.example', firstName: 'Stella', lastName: 'One', role: 'operationApprover' };
    const r = await api.call<AdminDetail>('PUT', `${S}/admin/${staff!.id}`, { token: root.jwt, body: edit });
    expect(r.body).toMatchObject({ firstName: 'Stella', role: 'OPERATION_APPROVER', permissions: permissionsOf('operationApprover') });
    expect((await lastAudit('admin.update'))!.detail).toMatchObject({ before: { role: 'FINANCE_MAKER' }, after: { role: 'OPERATION_APPROVER' } });
    const taken = await api.call('PUT', `${S}/admin/${staff!.id}`, { token: root.jwt, body: { ...edit, email: 'viewer@aurum.example' } });
    expect([taken.status, taken.body]).toEqual([409, { code: 1001, context: 'email' }]);
    const demote = await api.call('PUT', `${S}/admin/${root.id}`, {
      token: root.jwt,
      body: { email: ts.demo.superAdmin.email, firstName: 'Aurum', lastName: 'Administrator', role: 'none' },
    });
    expect([demote.status, demote.body]).toEqual([409, { code: 3003, context: ADMIN_CONTEXT.lastSuperAdmin }]);
    const staffSession = await signIn('staff1', 'Staff#Pass1');
    expect((await api.call('PUT', `${S}/admin/${staff!.id}`, { token: staffSession.jwt, body: edit })).status).toBe(403);
  });

  it("resets an admin's password and ends its sessions", async () => {
    const [staff] = await ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'staff1'");
    const session = await signIn('staff1', 'Staff#Pass1');
    const weak = await api.call('POST', `${S}/admin/${staff!.id}/reset_password`, { token: root.jwt, body: { password: 'short' } });
    expect(weak.body).toEqual({ code: 1001, context: 'password' });
    const r = await api.call<{ sessionsEnded: number }>('POST', `${S}/admin/${staff!.id}/reset_password`, {
      token: root.jwt,
      body: { password: 'Fresh#Pass2' },
    });
    expect(r.body).toMatchObject({ sessionsEnded: 2 });
    const refreshed = await api.refresh(session.id, session.refreshToken);
    expect(refreshed.body).toEqual({ code: 1152, context: SESSION_MESSAGES['password-reset'] });
    expect((await api.login('staff1', 'Staff#Pass1')).status).toBe(401);
    expect((await api.login('staff1', 'Fresh#Pass2')).status).toBe(200);
    expect(JSON.stringify((await lastAudit('admin.resetPassword'))!.detail)).not.toContain('Fresh#Pass2');
  });

  it('deletes an admin and ends its sessions; not oneself (3004)', async () => {
    const self = await api.call('DELETE', `${S}/admin/${root.id}`, { token: root.jwt });
    expect([self.status, self.body]).toEqual([409, { code: 3004, context: ADMIN_CONTEXT.deleteSelf }]);
    const [staff] = await ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'staff1'");
    const session = await signIn('staff1', 'Fresh#Pass2');
    const r = await api.call<{ sessionsEnded: number }>('DELETE', `${S}/admin/${staff!.id}`, { token: root.jwt });
    expect(r.status).toBe(200);
    expect(r.body.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await api.call('GET', `${S}/admin/list`, { token: session.jwt })).status).toBe(401);
    expect((await api.login('staff1', 'Fresh#Pass2')).status).toBe(401);
    expect((await api.call('GET', `${S}/admin/${staff!.id}`, { token: root.jwt })).status).toBe(404);
    expect((await lastAudit('admin.delete'))!.detail.before).toMatchObject({ username: 'staff1' });
    // the username is free again
    expect((await api.call('POST', `${S}/admin/create`, { token: root.jwt, body: newAdmin('1') })).status).toBe(200);
  });

  it('two superAdmins deleting each other at once: one wins, one superAdmin is left', async () => {
    const created = await api.call<{ id: number }>('POST', `${S}/admin/create`, { token: root.jwt, body: newAdmin('9', { role: 'superAdmin' }) });
    const second = await signIn('staff9', 'Staff#Pass1');
    const [a, b] = await Promise.all([
      api.call('DELETE', `${S}/admin/${created.body.id}`, { token: root.jwt }),
      api.call('DELETE', `${S}/admin/${root.id}`, { token: second.jwt }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    // the loser either saw the winner's lock (409, 3003) or its own session already ended (401)
    expect([401, 409]).toContain(statuses[1]);
    for (const x of [a, b]) if (x.status === 409) expect(x.body.code).toBe(3003);
    const [left] = await ts.db.query<{ n: number }>("SELECT count(*) AS n FROM admins WHERE role = 'superAdmin' AND deleted_at IS NULL");
    expect(left!.n).toBe(1);
  });
});
