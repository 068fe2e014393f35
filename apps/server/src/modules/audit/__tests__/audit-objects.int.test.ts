import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_HEADERS, type AuditListAnswer } from '@aurum/domain/audit/audit-schemas';
import { SECURE, driver, requestsSuite } from '../../assets/__tests__/requests-suite.ts';
import { parseCsv } from './parse-csv.ts';

/**
 * The trail answers "who approved request 17" from the outside, as staff ask it: each row names the
 * object it is about, and the list and its export find a thing's rows by kind and number.
 */
describe(`audit trail: rows name their object and are found by it, on ${driver}`, () => {
  const suite = requestsSuite();

  const list = async (body: Record<string, unknown>, role = 'superAdmin') => {
    const r = await fetch(`${suite.ts.url}${SECURE}/audit_trail/list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await suite.tokenOf(role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 50, ...body }),
    });
    return { status: r.status, body: (await r.json()) as AuditListAnswer & { code?: number; context?: string | null }, next: r.headers.get(AUDIT_PAGE_HEADERS.next) };
  };

  it('finds who created and who approved one deposit among others, newest first', async () => {
    const { users } = suite;
    const first = await suite.create('deposit', { userId: String(users.aminah), type: 'MYR', amount: '2000.00' });
    const other = await suite.create('deposit', { userId: String(users.aminah), type: 'MYR', amount: '10.00' });
    expect([first.status, other.status]).toEqual([200, 200]);
    expect((await suite.approve('deposit', first.body.id)).status).toBe(200);
    expect((await suite.decline('deposit', other.body.id)).status).toBe(200);

    const found = await list({ objectKind: 'request', objectId: first.body.id });
    expect(found.status).toBe(200);
    expect(found.body.map((r) => [r.action, r.username, r.object])).toEqual([
      ['asset.approve', 'financeapprover', { kind: 'request', id: first.body.id }],
      ['asset.create', 'financemaker', { kind: 'request', id: first.body.id }],
    ]);
    // by kind alone: every request row, the other deposit's included
    const requests = await list({ objectKind: 'request' });
    expect(new Set(requests.body.map((r) => r.object?.id))).toEqual(new Set([first.body.id, other.body.id]));
    // with the other filters, as one search
    const approvals = await list({ objectKind: 'request', objectId: first.body.id, actionClassification: 'asset.approve', username: 'APPROVER' });
    expect(approvals.body.map((r) => r.action)).toEqual(['asset.approve']);
    expect((await list({ objectKind: 'request', objectId: first.body.id, username: 'operation' })).body).toEqual([]);
  });

  it("files a user's own changes and their bank account's under the user; settings name no object", async () => {
    const id = suite.users.newcomer!;
    const token = await suite.tokenOf('financeMaker');
    const bank = await suite.api.call('POST', `${SECURE}/user/${id}/bank/add`, { token, body: { bankName: 'Maybank', accountOwner: 'Kumar', accountNumber: '5566778899' } });
    expect(bank.status).toBe(200);
    const approved = await suite.api.call('POST', `${SECURE}/user/${id}/bank/approve`, { token: await suite.tokenOf('financeApprover') });
    expect(approved.status).toBe(200);
    const panic = await suite.api.call('POST', `${SECURE}/mode/set_panic`, { token: await suite.tokenOf('superAdmin'), body: { enabled: false } });
    expect(panic.status).toBe(200);

    const user = await list({ objectKind: 'user', objectId: id });
    expect(user.body.map((r) => r.action)).toEqual(['bank.approve', 'bank.add']);
    expect(user.body.every((r) => r.object?.kind === 'user' && r.object.id === id)).toBe(true);
    const modes = await list({ actionClassification: 'mode.panic' });
    expect(modes.body.every((r) => r.object === null)).toBe(true);
  });

  it('pages a long history of one object with the same cursors as the plain list', async () => {
    const id = suite.users.kilnworks!;
    const token = await suite.tokenOf('operationMaker');
    for (let i = 0; i < 12; i += 1) {
      const address = { streetOne: `${i} Jalan Ampang`, city: 'Kuala Lumpur', state: 'WP Kuala Lumpur', postalCode: '50450', country: 'Malaysia' };
      const r = await suite.api.call('PUT', `${SECURE}/user/${id}/address`, { token, body: address });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const page1 = await list({ objectKind: 'user', objectId: id, limit: 10 });
    expect(page1.body).toHaveLength(10);
    expect(page1.next).not.toBeNull();
    const page2 = await list({ objectKind: 'user', objectId: id, limit: 10, after: page1.next });
    expect(page2.body).toHaveLength(2);
    expect(new Set([...page1.body, ...page2.body].map((r) => r.id)).size).toBe(12);
  });

  it('exports the rows of one object, and refuses a number without a kind or a kind it does not know, changing nothing', async () => {
    const before = await suite.snapshot();
    const numberAlone = await list({ objectId: 5 });
    expect([numberAlone.status, numberAlone.body]).toEqual([400, { code: 1001, context: 'objectKind' }]);
    const unknown = await list({ objectKind: 'planet', objectId: 5 });
    expect([unknown.status, unknown.body.code, unknown.body.context]).toEqual([400, 1001, 'objectKind']);
    const tooBig = await list({ objectKind: 'user', objectId: Number.MAX_SAFE_INTEGER + 1 });
    expect([tooBig.status, tooBig.body.code, tooBig.body.context]).toEqual([400, 1001, 'objectId']);
    expect(await suite.snapshot()).toEqual(before);

    const id = suite.users.kilnworks!;
    const csv = await fetch(`${suite.ts.url}${SECURE}/audit_trail/export?objectKind=user&objectId=${id}`, { headers: { authorization: `Bearer ${await suite.tokenOf('superAdmin')}` } });
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, '').trim());
    const detail = header!.indexOf('detail');
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.every((r) => (JSON.parse(r[detail]!) as { object: { id: number } }).object.id === id)).toBe(true);
    const refused = await fetch(`${suite.ts.url}${SECURE}/audit_trail/export?objectId=${id}`, { headers: { authorization: `Bearer ${await suite.tokenOf('superAdmin')}` } });
    expect([refused.status, await refused.json()]).toEqual([400, { code: 1001, context: 'objectKind' }]);
  });
});
