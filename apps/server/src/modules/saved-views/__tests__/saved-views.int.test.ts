import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@aurum/domain/saved-views/saved-view-schemas';
import { SAVED_VIEWS_PER_LIST_MAX } from '@aurum/domain/saved-views/saved-view-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { SAVED_VIEW_CONTEXT } from '../saved-view-service.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

describe(`saved views on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const tokens: Record<string, string> = {};

  const as = (role: string) => tokens[role]!;
  const list = async (role: string, name = 'deposits') =>
    (await api.call<{ items: SavedView[] }>('GET', `${S}/saved_view?list=${name}`, { token: as(role) })).body.items;
  const create = (role: string, body: Record<string, unknown>) => api.call<SavedView>('POST', `${S}/saved_view/create`, { token: as(role), body });
  const tableState = async () => {
    const [row] = await ts.db.query<{ n: string | number; a: string | number }>(
      "SELECT (SELECT count(*) FROM saved_views) AS n, (SELECT count(*) FROM audit_log WHERE action LIKE 'savedView.%') AS a",
    );
    return { n: Number(row!.n), a: Number(row!.a) };
  };

  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
    for (const role of ['superAdmin', 'financeMaker', 'financeApprover', 'operationMaker', 'none']) {
      const who = ts.demo.byRole[role]!;
      const r = await api.login(who.username, who.password);
      expect(r.status).toBe(200);
      tokens[role] = r.body.jwt;
    }
  });
  afterAll(() => ts?.close());

  it('saves views, lists one own views then the shared ones of others, and audits each change', async () => {
    const mine = await create('financeMaker', { list: 'deposits', name: 'Pending big', query: 'action=deposit&status=PENDING&sort=amount&order=desc&page=2' });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ list: 'deposits', name: 'Pending big', shared: false, mine: true, owner: ts.demo.byRole.financeMaker!.username });
    const shared = await create('financeApprover', { list: 'deposits', name: 'Approved today', query: 'action=deposit&status=APPROVED', shared: true });
    expect(shared.status).toBe(200);
    await create('financeApprover', { list: 'deposits', name: 'My private', query: 'action=deposit' });
    await create('financeMaker', { list: 'users', name: 'Pending big', query: 'q=tan' });

    expect((await list('financeMaker')).map((v) => [v.name, v.mine])).toEqual([
      ['Pending big', true],
      ['Approved today', false],
    ]);
    expect((await list('financeApprover')).map((v) => v.name)).toEqual(['Approved today', 'My private']);
    // role none reads what is shared, saves nothing
    expect((await list('none')).map((v) => v.name)).toEqual(['Approved today']);
    expect((await list('financeMaker', 'users')).map((v) => v.query)).toEqual(['q=tan']);
    const [audit] = await ts.db.query<{ username: string; detail: { after: SavedView } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'savedView.create' ORDER BY id LIMIT 1",
    );
    expect(audit).toMatchObject({ username: ts.demo.byRole.financeMaker!.username, detail: { after: { name: 'Pending big' } } });
  });

  it('lets the owner edit and share its view; others are refused', async () => {
    const [own] = await list('financeMaker');
    const edit = { name: 'Pending, biggest first', query: 'action=deposit&status=PENDING&sort=amount&order=desc', shared: true };
    const r = await api.call<SavedView>('PUT', `${S}/saved_view/${own!.id}`, { token: as('financeMaker'), body: edit });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ...edit, id: own!.id, mine: true });
    expect((await list('operationMaker')).map((v) => v.name)).toEqual(['Approved today', 'Pending, biggest first']);
    const before = await tableState();
    // a shared view of another admin: 403, even for a superAdmin (only the owner edits)
    for (const role of ['operationMaker', 'superAdmin']) {
      const refused = await api.call('PUT', `${S}/saved_view/${own!.id}`, { token: as(role), body: { ...edit, name: 'Hijacked' } });
      expect([refused.status, refused.body]).toEqual([403, { code: 1150, context: null }]);
    }
    // another admin's private view is unknown
    const privateView = (await list('financeApprover')).find((v) => v.name === 'My private')!;
    const hidden = await api.call('PUT', `${S}/saved_view/${privateView.id}`, { token: as('financeMaker'), body: edit });
    expect(hidden.status).toBe(404);
    // role none changes nothing
    expect((await create('none', { list: 'deposits', name: 'x', query: '' })).status).toBe(403);
    expect((await api.call('DELETE', `${S}/saved_view/${own!.id}`, { token: as('none') })).status).toBe(403);
    expect(await tableState()).toEqual(before);
  });

  it('refuses bad input with 400 (1001) and a name taken for the list with 409, changing nothing', async () => {
    const before = await tableState();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ list: 'deposits', name: 'Pending, biggest first', query: 'a=1' }, 409, 'name'],
      [{ list: 'deposits', name: 'PENDING, BIGGEST FIRST', query: 'a=1' }, 409, 'name'],
      [{ list: 'ledger', name: 'x', query: '' }, 400, 'list'],
      [{ list: 'deposits', name: '', query: '' }, 400, 'name'],
      [{ list: 'deposits', name: ' padded', query: '' }, 400, 'name'],
      [{ list: 'deposits', name: 'x'.repeat(61), query: '' }, 400, 'name'],
      [{ list: 'deposits', name: 'x', query: '?page=2' }, 400, 'query'],
      [{ list: 'deposits', name: 'x', query: 'a=1#top' }, 400, 'query'],
      [{ list: 'deposits', name: 'x', query: 'q='.padEnd(2001, 'a') }, 400, 'query'],
      [{ list: 'deposits', name: 'x', query: 'a', shared: 'yes' }, 400, 'shared'],
      [{ list: 'deposits', name: 'x' }, 400, 'query'],
    ];
    for (const [body, status, field] of cases) {
      const r = await create('financeMaker', body);
      expect([r.status, r.body], JSON.stringify(body)).toEqual([status, { code: 1001, context: field }]);
    }
    const [own] = await list('financeMaker');
    const taken = await create('financeMaker', { list: 'deposits', name: 'Other', query: '' });
    const rename = await api.call('PUT', `${S}/saved_view/${taken.body.id}`, { token: as('financeMaker'), body: { name: own!.name.toLowerCase(), query: '' } });
    expect([rename.status, rename.body]).toEqual([409, { code: 1001, context: 'name' }]);
    expect((await api.call('PUT', `${S}/saved_view/abc`, { token: as('financeMaker'), body: { name: 'a', query: '' } })).status).toBe(400);
    expect((await api.call('GET', `${S}/saved_view?list=nope`, { token: as('financeMaker') })).body).toEqual({ code: 1001, context: 'list' });
    expect((await api.call('GET', `${S}/saved_view?list=deposits`)).status).toBe(401);
    expect(await tableState()).toEqual({ n: before.n + 1, a: before.a + 1 });
  });

  it('keeps at most the maximum of views per admin and list', async () => {
    const have = (await list('operationMaker', 'holidays')).length;
    for (let i = have; i < SAVED_VIEWS_PER_LIST_MAX; i++) expect((await create('operationMaker', { list: 'holidays', name: `v${i}`, query: '' })).status).toBe(200);
    const over = await create('operationMaker', { list: 'holidays', name: 'one more', query: '' });
    expect([over.status, over.body]).toEqual([400, { code: 1000, context: SAVED_VIEW_CONTEXT.tooMany }]);
  });

  it('lets the owner delete its view and a superAdmin delete any; others are refused', async () => {
    const shared = (await list('financeMaker')).find((v) => v.name === 'Approved today')!;
    const refused = await api.call('DELETE', `${S}/saved_view/${shared.id}`, { token: as('financeMaker') });
    expect([refused.status, refused.body]).toEqual([403, { code: 1150, context: null }]);
    const privateView = (await list('financeApprover')).find((v) => v.name === 'My private')!;
    expect((await api.call('DELETE', `${S}/saved_view/${privateView.id}`, { token: as('financeMaker') })).status).toBe(404);
    // the superAdmin deletes another admin's shared view and a private one
    for (const view of [shared, privateView]) {
      const r = await api.call('DELETE', `${S}/saved_view/${view.id}`, { token: as('superAdmin') });
      expect([r.status, r.body]).toEqual([200, { id: view.id }]);
    }
    expect((await list('financeApprover')).map((v) => v.name)).toEqual(['Pending, biggest first']);
    const [own] = await list('financeMaker');
    expect((await api.call('DELETE', `${S}/saved_view/${own!.id}`, { token: as('financeMaker') })).status).toBe(200);
    expect((await api.call('DELETE', `${S}/saved_view/${own!.id}`, { token: as('financeMaker') })).status).toBe(404);
    const [audit] = await ts.db.query<{ username: string; detail: { before: SavedView } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'savedView.delete' ORDER BY id LIMIT 1",
    );
    expect(audit).toMatchObject({ username: ts.demo.superAdmin.username, detail: { before: { name: 'Approved today' } } });
  });
});
