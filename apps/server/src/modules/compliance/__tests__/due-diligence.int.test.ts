import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { DueDiligenceView } from '@aurum/domain/compliance/due-diligence-schemas';
import { businessDate } from '@aurum/domain/system/business-time';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens } from '../../../testing/client.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
const BASE = `${S}/compliance/due-diligence`;

const person = (over: Record<string, unknown> = {}) => ({
  fullName: 'Ahmad bin Abdullah',
  document: { kind: 'mykad', number: '900115-14-5673', country: null },
  birthDate: '1990-01-15',
  nationality: 'MY',
  residence: 'MY',
  pep: null,
  ...over,
});
const fileBody = (over: Record<string, unknown> = {}) => ({
  occupation: 'Engineer',
  sourceOfFunds: 'salary',
  sourceOfWealth: 'Savings from salary since 2012',
  purpose: 'Long-term savings in gold',
  expectedMonthlyMyr: '5000.00',
  expectedMonthlyGrams: '10.0000',
  onboarding: 'faceToFace',
  customer: person(),
  directors: [],
  owners: [],
  ...over,
});

/**
 * The due diligence desk through the API (decisions 1102, 1105): an officer saves a customer's
 * file and verifies it; a high-risk customer's enhanced due diligence takes a second officer;
 * every bad file is refused with its code and the field's path, and changes nothing.
 */
describe(`due diligence files on ${driver}`, () => {
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  const as = roleTokens(() => ts);
  beforeAll(async () => {
    ts = await startTestServer();
    api = client(ts);
  });
  afterAll(() => ts?.close());

  const newCustomer = async (username: string, category: string) => {
    const r = await api.call<{ id: number }>('POST', `${S}/user/create`, {
      token: await as('superAdmin'),
      body: { username, email: `${username}@example.com`, firstName: 'Dd', lastName: 'Probe', phone: { countryCode: '60', number: `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` }, category, password: 'Person#Pass1' },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.id;
  };
  const save = async (userId: number, body: unknown, role = 'complianceOfficer') => api.call<DueDiligenceView>('PUT', `${BASE}/${userId}`, { token: await as(role), body });
  const verify = async (userId: number, body: unknown = {}, role = 'complianceOfficer') => api.call<DueDiligenceView>('POST', `${BASE}/${userId}/verify`, { token: await as(role), body });
  const approve = async (userId: number, role: string) => api.call<DueDiligenceView>('POST', `${BASE}/${userId}/approve`, { token: await as(role) });
  const read = async (userId: number) => (await api.call<DueDiligenceView>('GET', `${BASE}/${userId}`, { token: await as('complianceOfficer') })).body;
  const auditRows = async (userId: number) =>
    ts.db.query<{ action: string; detail: { before?: { status: string }; after?: { status: string } } }>(
      "SELECT action, detail FROM audit_log WHERE action LIKE 'compliance.dueDiligence%' AND detail->>'userId' = $1 ORDER BY id",
      [String(userId)],
    );

  it('an officer files a low-risk individual and verifies it until the review three years on', async () => {
    const userId = await newCustomer('ddlow', 'individual');
    expect((await read(userId)).status).toBe('draft');
    const saved = await save(userId, fileBody());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ status: 'submitted', occupation: 'Engineer', risk: { band: 'low', score: 0, reasons: [] } });
    expect(saved.body.people).toHaveLength(1);
    expect(saved.body.people[0]).toMatchObject({ role: 'customer', fullName: 'Ahmad bin Abdullah', document: { kind: 'mykad', number: '900115145673' } });
    // the name as parsed by the desk's name matcher: "bin" makes Abdullah the father's name
    expect(saved.body.people[0]!.nameParts).toMatchObject({ primary: { particle: 'bin', familyKind: 'father' } });

    const verified = await verify(userId);
    expect(verified.status, verified.text).toBe(200);
    const today = businessDate(new Date());
    expect(verified.body).toMatchObject({ status: 'verified', verifiedBy: 'complianceofficer', nextReviewOn: `${Number(today.slice(0, 4)) + 3}${today.slice(4)}` });

    // the list shows it under its status with its band
    const list = await api.call<{ items: Array<{ userId: number; band: string }> }>('GET', `${BASE}?status=verified`, { token: await as('complianceOfficer') });
    expect(list.body.items.find((i) => i.userId === userId)).toMatchObject({ band: 'low' });

    // a save that changes nothing screened keeps it verified; a new name sends it back to submitted
    expect((await save(userId, fileBody({ occupation: 'Senior engineer' }))).body.status).toBe('verified');
    expect((await save(userId, fileBody({ customer: person({ fullName: 'Ahmad bin Abdul' }) }))).body).toMatchObject({ status: 'submitted', verifiedBy: null, nextReviewOn: null });

    expect((await auditRows(userId)).map((r) => [r.action, r.detail.before?.status, r.detail.after?.status])).toEqual([
      ['compliance.dueDiligenceSave', 'draft', 'submitted'],
      ['compliance.dueDiligenceVerify', 'submitted', 'verified'],
      ['compliance.dueDiligenceSave', 'verified', 'verified'],
      ['compliance.dueDiligenceSave', 'verified', 'submitted'],
    ]);
  });

  it('a verified file whose risk band moves is due for review', async () => {
    const userId = await newCustomer('ddband', 'individual');
    await save(userId, fileBody());
    expect((await verify(userId)).body.status).toBe('verified');
    // met remotely and paid in cash: standard risk; nothing screened changed, so the file is due for review
    const moved = await save(userId, fileBody({ onboarding: 'remote', sourceOfFunds: 'cash' }));
    expect(moved.body).toMatchObject({ status: 'reviewDue', risk: { band: 'standard', score: 30 } });
    expect(moved.body.risk!.reasons.map((r) => r.factor)).toEqual(['onboarding', 'sourceOfFunds']);
    expect((await verify(userId)).body).toMatchObject({ status: 'verified' });
    const history = await ts.db.query<{ band: string }>('SELECT band FROM customer_risk_assessments WHERE user_id = $1 ORDER BY id', [userId]);
    expect(history.map((h) => h.band)).toEqual(['low', 'standard']);
  });

  it('a company with a PEP director and a beneficial owner: EDD proposed by one officer, approved by another, never by the proposer', async () => {
    const userId = await newCustomer('ddcompany', 'wholesaler');
    const company = person({ fullName: 'Emas Murni Sdn Bhd', document: null, birthDate: null });
    const director = person({ fullName: 'Tan Sri Lim Ah Kow', document: { kind: 'passport', number: 'k1234567', country: 'SG' }, birthDate: '1961-03-02', nationality: 'SG', pep: { relation: 'self', role: 'Minister', country: 'SG', from: '2010-01-01', to: '2015-12-31' } });
    const owner = { ...person({ fullName: 'Siti binti Hassan', document: { kind: 'mykad', number: '850505-10-5432', country: null }, birthDate: '1985-05-05' }), ownershipPercent: '60.00' };
    const saved = await save(userId, fileBody({ customer: company, directors: [director], owners: [owner] }));
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.people.map((p) => [p.role, p.fullName, p.ownershipPercent])).toEqual([
      ['customer', 'Emas Murni Sdn Bhd', null],
      ['director', 'Tan Sri Lim Ah Kow', null],
      ['owner', 'Siti binti Hassan', '60.00'],
    ]);
    expect(saved.body.risk).toMatchObject({ band: 'high' });

    const noNote = await verify(userId, {}, 'complianceApprover');
    expect(noNote.body).toMatchObject({ code: ErrorCode.DueDiligenceRefused, context: 'eddNote' });
    // proposed by the approver, acting as an officer: the same admin may not approve it
    const proposed = await verify(userId, { eddNote: 'Source of wealth confirmed from audited accounts 2023-2025' }, 'complianceApprover');
    expect(proposed.body).toMatchObject({ status: 'eddPending', edd: { proposedBy: 'complianceapprover', approvedBy: null } });

    const own = await approve(userId, 'complianceApprover');
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: ErrorCode.ComplianceFourEyes });
    // an officer without the approver's permission may not approve at all
    expect((await approve(userId, 'complianceOfficer')).status).toBe(403);
    expect((await read(userId)).status).toBe('eddPending');

    const approved = await approve(userId, 'superAdmin');
    expect(approved.status, approved.text).toBe(200);
    const today = businessDate(new Date());
    expect(approved.body).toMatchObject({ status: 'verified', verifiedBy: ts.demo.byRole.superAdmin!.username, edd: { proposedBy: 'complianceapprover', approvedBy: ts.demo.byRole.superAdmin!.username }, nextReviewOn: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` });
    expect((await approve(userId, 'complianceApprover')).body).toMatchObject({ code: ErrorCode.DueDiligenceConflict });
    expect((await auditRows(userId)).map((r) => r.action)).toEqual(['compliance.dueDiligenceSave', 'compliance.dueDiligenceVerify', 'compliance.dueDiligenceApprove']);
  });

  it('refuses each bad file with its code and the field, and changes nothing', async () => {
    const userId = await newCustomer('ddbad', 'individual');
    await save(userId, fileBody());
    const company = await newCustomer('ddbadco', 'manufacturer');
    const before = { file: await read(userId), audits: (await auditRows(userId)).length };
    const cases: Array<[string, number, unknown, { code: number; context: string; rule?: string }]> = [
      ['an impossible MyKad date', userId, fileBody({ customer: person({ document: { kind: 'mykad', number: '900230-14-5673', country: null }, birthDate: '1990-02-28' }) }), { code: 3250, context: 'customer.document.number', rule: 'mykadDate' }],
      ['place code 00', userId, fileBody({ customer: person({ document: { kind: 'mykad', number: '900115-00-5673', country: null } }) }), { code: 3250, context: 'customer.document.number', rule: 'mykadPlace' }],
      ['place code 17', userId, fileBody({ customer: person({ document: { kind: 'mykad', number: '900115-17-5673', country: null } }) }), { code: 3250, context: 'customer.document.number', rule: 'mykadPlace' }],
      ['a MyKad not matching the birth date', userId, fileBody({ customer: person({ birthDate: '1990-01-16' }) }), { code: 3250, context: 'customer.document.number', rule: 'mykadBirthDate' }],
      ['a future birth date', userId, fileBody({ customer: person({ document: { kind: 'passport', number: 'A1', country: 'SG' }, birthDate: '2999-01-01' }) }), { code: 3250, context: 'customer.birthDate', rule: 'birthDate' }],
      ['an unknown country', userId, fileBody({ customer: person({ nationality: 'XX' }) }), { code: 3250, context: 'customer.nationality', rule: 'country' }],
      ['an owner at 20%', company, fileBody({ customer: person({ fullName: 'Syarikat Emas', document: null, birthDate: null }), directors: [person()], owners: [{ ...person(), ownershipPercent: '20' }] }), { code: 3250, context: 'owners.0.ownershipPercent', rule: 'ownershipThreshold' }],
      ['a company with no director', company, fileBody({ customer: person({ fullName: 'Syarikat Emas', document: null, birthDate: null }) }), { code: 3250, context: 'directors', rule: 'directorRequired' }],
      ['an owner over 100%', company, fileBody({ customer: person({ fullName: 'Syarikat Emas', document: null, birthDate: null }), directors: [person()], owners: [{ ...person(), ownershipPercent: '100.01' }] }), { code: 1001, context: 'owners.0.ownershipPercent' }],
      ['a name too long', userId, fileBody({ customer: person({ fullName: 'A'.repeat(301) }) }), { code: 1001, context: 'customer.fullName' }],
      ['too many directors', company, fileBody({ directors: Array.from({ length: 21 }, () => person()) }), { code: 1001, context: 'directors' }],
    ];
    for (const [what, id, body, expected] of cases) {
      const r = await save(id, body);
      expect(r.body, what).toMatchObject({ code: expected.code, context: expected.context });
      if (expected.rule) expect((r.body as { detail?: { rule: string } }).detail, what).toEqual({ rule: expected.rule });
    }
    expect(await read(userId)).toEqual(before.file);
    expect((await auditRows(userId)).length).toBe(before.audits);
    expect((await read(company)).people).toEqual([]);
    expect((await auditRows(company)).length).toBe(0);
  });

  it('reading and saving take the compliance permissions', async () => {
    const userId = await newCustomer('ddperm', 'individual');
    expect((await api.call('GET', `${BASE}/${userId}`, { token: await as('financeMaker') })).status).toBe(403);
    expect((await save(userId, fileBody(), 'financeMaker')).status).toBe(403);
    expect((await api.call('GET', `${BASE}/999999`, { token: await as('complianceOfficer') })).status).toBe(404);
  });
});
