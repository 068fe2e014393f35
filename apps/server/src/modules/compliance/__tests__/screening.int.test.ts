import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { HitList, HitView, ScreeningResult } from '@aurum/domain/compliance/hit-schemas';
import type { HoldView } from '@aurum/domain/compliance/hold-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client, roleTokens } from '../../../testing/client.ts';
import type { EventBus } from '../../../live/event-bus.ts';
import { rescreenAll, screenDelta, screeningJob } from '../screening-service.ts';
import type { Queryable } from '../../../db/db.ts';
import { activateListVersion, newCustomer } from './screening-lists-fixture.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

/**
 * Screening customers against the active lists (decision 1104), through the API and the database's
 * own candidates: a listed person is held, a namesake born another year is not, a false hit
 * dismissed by two officers stays dismissed until the entry changes.
 */
describe(`screening on ${driver}`, () => {
  let ts: TestServer;
  const as = roleTokens(() => ts);
  const call = async <T>(role: string, method: string, path: string, body?: unknown) => client(ts).call<T>(method, path, { token: await as(role), ...(body !== undefined ? { body } : {}) });
  const screen = (userId: number) => call<ScreeningResult>('complianceOfficer', 'POST', `${S}/compliance/screening/customers/${userId}`);
  const openHits = async (userId: number) => {
    const r = await call<HitList>('complianceOfficer', 'GET', `${S}/compliance/hits?limit=200`);
    expect(r.status, r.text).toBe(200);
    return r.body.items.filter((h) => h.userId === userId);
  };
  const holdOf = async (userId: number) => (await call<{ items: HoldView[] }>('complianceOfficer', 'GET', `${S}/compliance/holds`)).body.items.find((h) => h.userId === userId);

  beforeAll(async () => {
    ts = await startTestServer();
    await activateListVersion(ts.db, { code: 'un', kind: 'un' }, [
      { reference: 'QDi.901', primaryName: 'Muhammad Hafiz bin Abdullah', birthDates: ['1975-04-12'], nationalities: ['MY'] },
      { reference: 'QDi.902', primaryName: '陳志明', aliases: [{ name: 'Ah Meng', quality: 'low' }] },
    ]);
    await activateListVersion(ts.db, { code: 'pep-my', kind: 'pep' }, [{ reference: 'PEP-1', primaryName: 'Lim Wei Ming', details: { role: 'State assemblyman' } }]);
  });
  afterAll(() => ts?.close());

  it('a customer named like a listed person (Mohd for Muhammad, same birth date) is held by screening, the hit explains itself, and confirming it proposes a freeze', async () => {
    const userId = await newCustomer(ts.db, { first: 'Hafiz', last: 'Abdullah' }, { fullName: 'Mohd Hafiz Abdullah', birthDate: '1975-04-12', nationality: 'MY' });
    const r = await screen(userId);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ userId, subjects: 1, newHits: 1, held: true });
    const hold = await holdOf(userId);
    expect(hold).toMatchObject({ status: 'held', source: 'screening', placedBy: null });
    expect(hold!.note).toMatch(/Screening hit.*QDi\.901/);
    const [hit] = await openHits(userId);
    expect(hit).toMatchObject({ subjectName: 'Mohd Hafiz Abdullah', listCode: 'un', entryReference: 'QDi.901', nameMatched: 'Muhammad Hafiz bin Abdullah', outcome: 'hold', status: 'open' });
    expect(Number(hit!.score)).toBeGreaterThanOrEqual(0.88);
    expect(hit!.reasons).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'equivalent', query: 'mohd', candidate: 'muhammad' }), expect.objectContaining({ kind: 'birth-date' })]));
    // screening again records nothing new and does not hold twice
    expect((await screen(userId)).body).toMatchObject({ newHits: 0, held: true });

    const confirmed = await call<HitView>('complianceOfficer', 'POST', `${S}/compliance/hits/${hit!.id}/confirm`, { note: 'Same person: passport photo matches' });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await holdOf(userId))!.proposal).toMatchObject({ decision: 'freeze', by: 'complianceofficer' });
    const again = await call<HitView>('complianceApprover', 'POST', `${S}/compliance/hits/${hit!.id}/dismiss`, { note: 'no' });
    expect(again.body.code).toBe(ErrorCode.ScreeningHitConflict);
  });

  it('a namesake born another year is not held (reviewed at most)', async () => {
    const userId = await newCustomer(ts.db, { first: 'Hafiz', last: 'Abdullah' }, { fullName: 'Mohd Hafiz Abdullah', birthDate: '1992-01-30', nationality: 'MY' });
    const r = await screen(userId);
    expect(r.status, r.text).toBe(200);
    expect(r.body.held).toBe(false);
    expect(await holdOf(userId)).toBeUndefined();
    for (const h of await openHits(userId)) expect(h.outcome).toBe('review');
  });

  it('a Chinese listed name is found for its dialect romanisation through the database candidates', async () => {
    // "Tan Chee Meng" and 陳志明 share no trigram key: only the shared index tokens find the entry
    const userId = await newCustomer(ts.db, { first: 'Chee Meng', last: 'Tan' });
    const r = await screen(userId);
    expect(r.body).toMatchObject({ newHits: 1, held: true });
    const [hit] = await openHits(userId);
    expect(hit).toMatchObject({ subjectName: 'Chee Meng Tan', entryReference: 'QDi.902', nameMatched: '陳志明', outcome: 'hold' });
    const stranger = await newCustomer(ts.db, { first: 'Siti', last: 'Aminah' });
    expect((await screen(stranger)).body).toMatchObject({ hits: 0, held: false });
  });

  it('a false hit dismissed by two officers stays dismissed on re-screen and returns when the entry changes; one officer cannot take both steps', async () => {
    const userId = await newCustomer(ts.db, { first: 'Wei Ming', last: 'Lim' });
    expect((await screen(userId)).body).toMatchObject({ newHits: 1, held: false });
    const [hit] = await openHits(userId);
    expect(hit).toMatchObject({ listKind: 'pep', outcome: 'review' });

    const proposed = await call<HitView>('complianceApprover', 'POST', `${S}/compliance/hits/${hit!.id}/dismiss`, { note: 'Different person: a hawker in Ipoh' });
    expect(proposed.status, proposed.text).toBe(200);
    expect(proposed.body.proposal).toMatchObject({ by: 'complianceapprover', note: 'Different person: a hawker in Ipoh' });
    const own = await call<HitView>('complianceApprover', 'POST', `${S}/compliance/hits/${hit!.id}/agree`);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe(ErrorCode.ComplianceFourEyes);
    const noteTooLong = await call<HitView>('complianceOfficer', 'POST', `${S}/compliance/hits/${hit!.id}/dismiss`, { note: 'x'.repeat(2001) });
    expect(noteTooLong.status).toBe(400);
    const officerMayNot = await call<HitView>('complianceOfficer', 'POST', `${S}/compliance/hits/${hit!.id}/agree`);
    expect(officerMayNot.status).toBe(403);

    const agreed = await call<HitView>('superAdmin', 'POST', `${S}/compliance/hits/${hit!.id}/agree`);
    expect(agreed.status, agreed.text).toBe(200);
    expect(agreed.body).toMatchObject({ status: 'dismissed', agreedBy: ts.demo.superAdmin.username });

    expect((await screen(userId)).body).toMatchObject({ newHits: 0 });
    expect(await openHits(userId)).toEqual([]);

    // the PEP list's next version records a new role for the same person: the hit comes back
    await activateListVersion(ts.db, { code: 'pep-my', kind: 'pep' }, [{ reference: 'PEP-1', primaryName: 'Lim Wei Ming', details: { role: 'Deputy minister' } }]);
    expect((await screen(userId)).body).toMatchObject({ newHits: 1 });
    expect(await openHits(userId)).toEqual([expect.objectContaining({ entryReference: 'PEP-1', status: 'open' })]);
  });

  it("a list version's new entries are screened against every customer at once, and the nightly re-screen skips what is dismissed", async () => {
    const listed = await newCustomer(ts.db, { first: 'Rashid', last: 'Karimov' }, { fullName: 'Rashid Karimov', birthDate: '1968-02-02' });
    const other = await newCustomer(ts.db, { first: 'Nurul', last: 'Izzah' });
    for (const id of [listed, other]) expect((await screen(id)).body.hits).toBe(0);
    const { versionId, previousVersionId } = await activateListVersion(ts.db, { code: 'un', kind: 'un' }, [
      { reference: 'QDi.901', primaryName: 'Muhammad Hafiz bin Abdullah', birthDates: ['1975-04-12'], nationalities: ['MY'] },
      { reference: 'QDi.902', primaryName: '陳志明', aliases: [{ name: 'Ah Meng', quality: 'low' }] },
      { reference: 'QDi.950', primaryName: 'Rashid Karimov', birthDates: ['1968-02-02'] },
    ]);
    const started = Date.now();
    // the integrator hooks this to a version's activation; no event is published by screening
    const events = {} as EventBus;
    const silent = { actor: () => undefined, before: () => undefined, after: () => undefined, note: () => undefined };
    const [admin] = await ts.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'complianceapprover'");
    const delta = await ts.db.transaction((tx) => screenDelta({ q: tx, by: admin!.id, now: new Date(), audit: silent, events }, versionId, previousVersionId));
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(delta).toMatchObject({ entries: 1, held: 1 });
    expect(await holdOf(listed)).toMatchObject({ status: 'held', source: 'screening' });
    expect(await holdOf(other)).toBeUndefined();

    const job = ts.app.jobs.get('screeningNightly');
    const night = new Date('2030-01-08T19:00:00Z'); // 03:00 in Kuala Lumpur
    const hitsBefore = await ts.db.query<{ user_id: number; status: string }>('SELECT user_id, status FROM screening_hits ORDER BY id');
    const run = (await job.runOnce(night)) as { customers: number; newHits: number };
    expect(run.customers).toBeGreaterThan(5);
    // the customers screened before keep their hits as they were (the dismissed one is not found again)
    const screened = new Set(hitsBefore.map((h) => h.user_id));
    const hitsAfter = await ts.db.query<{ user_id: number; status: string }>('SELECT user_id, status FROM screening_hits ORDER BY id');
    expect(hitsAfter.filter((h) => screened.has(h.user_id))).toEqual(hitsBefore);
    expect(hitsAfter.length - hitsBefore.length).toBe(run.newHits);
    expect(await job.runOnce(new Date(night.getTime() + 3600_000))).toBeNull();
    const [recorded] = await ts.db.query<{ n: number }>("SELECT count(*)::int AS n FROM screening_runs WHERE trigger = 'nightly'");
    expect(recorded!.n).toBe(1);
  });
  it("a superseded version's names screen no one; the active version's do, whichever way it became active", async () => {
    const entries = [
      { reference: 'QDi.901', primaryName: 'Muhammad Hafiz bin Abdullah', birthDates: ['1975-04-12'], nationalities: ['MY'] },
      { reference: 'QDi.902', primaryName: '陳志明', aliases: [{ name: 'Ah Meng', quality: 'low' as const }] },
    ];
    await activateListVersion(ts.db, { code: 'un', kind: 'un' }, [...entries, { reference: 'QDi.960', primaryName: 'Oleg Petrenko', birthDates: ['1971-09-09'] }]);
    const before = await newCustomer(ts.db, { first: 'Oleg', last: 'Petrenko' }, { fullName: 'Oleg Petrenko', birthDate: '1971-09-09' });
    expect((await screen(before)).body).toMatchObject({ held: true });
    // the next version drops the entry: a customer of that name is screened clear against it
    await activateListVersion(ts.db, { code: 'un', kind: 'un' }, entries);
    const after = await newCustomer(ts.db, { first: 'Oleg', last: 'Petrenko' }, { fullName: 'Oleg Petrenko', birthDate: '1971-09-09' });
    expect((await screen(after)).body).toMatchObject({ hits: 0, held: false });
    // what is searched is exactly the names of the active versions
    const [names] = await ts.db.query<{ searched: number; active: number; stray: number }>(
      `SELECT (SELECT count(*)::int FROM screening_active_names) AS searched,
              (SELECT count(*)::int FROM screening_entry_names n JOIN screening_entries e ON e.id = n.entry_id JOIN screening_list_versions v ON v.id = e.version_id WHERE v.status = 'active') AS active,
              (SELECT count(*)::int FROM screening_active_names a JOIN screening_list_versions v ON v.id = a.version_id WHERE v.status <> 'active') AS stray`,
    );
    expect(names).toEqual({ searched: names!.active, active: names!.active, stray: 0 });
    expect(names!.active).toBeGreaterThan(0);
  });

  it("a user created or renamed with a listed name is held by the call's own transaction; the user's audit row does not say so", async () => {
    await activateListVersion(ts.db, { code: 'moha-onboard', kind: 'ministry' }, [{ reference: 'KDN-31', primaryName: 'Kamarul Ariffin bin Yusof' }]);
    const body = (n: string, names: { firstName: string; lastName: string }) => ({
      username: `onboard${n}`,
      email: `onboard${n}@example.com`,
      password: 'Strong#Pass1',
      phone: { countryCode: '60', number: `17${n.padStart(7, '0')}` },
      category: 'individual',
      ...names,
    });
    const listed = await call<{ id: number }>('superAdmin', 'POST', `${S}/user/create`, body('1', { firstName: 'Kamarul Ariffin', lastName: 'bin Yusof' }));
    expect(listed.status, listed.text).toBe(200);
    // held when the create call answers: no job ran in between
    expect(await holdOf(listed.body.id)).toMatchObject({ status: 'held', source: 'screening' });
    const [row] = await ts.db.query<{ detail: { screening?: { newHits: number; held: boolean } } }>("SELECT detail FROM audit_log WHERE action = 'user.create' ORDER BY id DESC LIMIT 1");
    // staff outside compliance read the audit trail: nothing there names a screening
    expect(JSON.stringify(row!.detail)).not.toMatch(/screen|hit|hold/i);
    const [run] = await ts.db.query<{ hits: number }>("SELECT hits FROM screening_runs WHERE user_id = $1 AND trigger = 'customer'", [listed.body.id]);
    expect(run).toEqual({ hits: 1 });

    const clean = await call<{ id: number }>('superAdmin', 'POST', `${S}/user/create`, body('2', { firstName: 'Aisyah', lastName: 'Rahman' }));
    expect(clean.status, clean.text).toBe(200);
    expect(await holdOf(clean.body.id)).toBeUndefined();
    // an edit that leaves the names as they are screens nothing again: no run recorded
    const runs = async () => (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM screening_runs WHERE user_id = $1', [clean.body.id]))[0]!.n;
    expect(await runs()).toBe(1);
    const phone = await call('superAdmin', 'PUT', `${S}/user/${clean.body.id}`, { ...body('2', { firstName: 'Aisyah', lastName: 'Rahman' }), phone: { countryCode: '60', number: '179999992' }, password: undefined });
    expect(phone.status, phone.text).toBe(200);
    expect(await runs()).toBe(1);
    const renamed = await call('superAdmin', 'PUT', `${S}/user/${clean.body.id}`, { ...body('2', { firstName: 'Kamarul Ariffin', lastName: 'bin Yusof' }), password: undefined });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await holdOf(clean.body.id)).toMatchObject({ status: 'held', source: 'screening' });
    expect(await runs()).toBe(2);
  });

  it('the nightly re-screen walks every page of customers, pages side by side, and holds each listed one once', async () => {
    await activateListVersion(ts.db, { code: 'moha-nightly', kind: 'ministry' }, [{ reference: 'KDN-77', primaryName: 'Zainal Abidin bin Osman' }]);
    // 700 customers never screened (more than three pages), four of them listed, spread over the pages
    const rows = await ts.db.query<{ id: number; first_name: string }>(
      `INSERT INTO users (username, email, first_name, last_name, phone_country_code, phone_number)
       SELECT 'night' || g, 'night' || g || '@example.com', CASE WHEN g % 175 = 3 THEN 'Zainal Abidin bin Osman' ELSE 'Filler ' || g END, '', '60', (500000000 + g)::text
       FROM generate_series(1, 700) AS g RETURNING id, first_name`,
    );
    const listed = rows.filter((r) => r.first_name.startsWith('Zainal')).map((r) => r.id);
    expect(listed).toHaveLength(4);
    const [{ n: customers }] = (await ts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL')) as [{ n: number }];
    // two processes' jobs look at the same minute: one claims the night and runs it, the other does nothing
    const night = new Date('2030-02-05T19:00:00Z');
    const other = screeningJob({ db: ts.db, now: () => night, events: {} as EventBus });
    const both = await Promise.all([ts.app.jobs.get('screeningNightly').runOnce(night), other.runOnce(night)]);
    expect(both.filter((r) => r === null)).toHaveLength(1);
    const run = both.find((r) => r !== null) as { customers: number; newHits: number };
    expect(run.customers).toBe(customers);
    const nights = await ts.db.query<{ subjects: number; hits: number }>("SELECT subjects, hits FROM screening_runs WHERE trigger = 'nightly' AND started_at = $1", [night]);
    expect(nights).toEqual([{ subjects: expect.any(Number), hits: run.newHits }]);
    expect(nights[0]!.subjects).toBeGreaterThanOrEqual(customers);
    for (const id of listed) expect(await holdOf(id)).toMatchObject({ status: 'held', source: 'screening' });
    const hits = await ts.db.query<{ user_id: number }>("SELECT user_id FROM screening_hits WHERE entry_reference = 'KDN-77' ORDER BY user_id");
    expect(hits.map((h) => h.user_id)).toEqual([...listed].sort((a, b) => a - b));
    // every customer screened: a subject each
    const [{ unscreened }] = (await ts.db.query<{ unscreened: number }>(
      `SELECT count(*)::int AS unscreened FROM users u WHERE u.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM screening_subjects s WHERE s.user_id = u.id)`,
    )) as [{ unscreened: number }];
    expect(unscreened).toBe(0);
  });
  it('a re-screen whose page fails answers the failure only when no page is still running, and takes no page after it', async () => {
    // more than three pages of customers
    await ts.db.query(
      `INSERT INTO users (username, email, first_name, last_name, phone_country_code, phone_number)
       SELECT 'pages' || g, 'pages' || g || '@example.com', 'Paged ' || g, '', '60', (600000000 + g)::text FROM generate_series(1, 650) AS g`,
    );
    // the first page fails once the second has begun: the failure must wait for the second to end
    let started = 0;
    let running = 0;
    let secondBegun = (): void => undefined;
    const second = new Promise<void>((resolve) => (secondBegun = resolve));
    const db = new Proxy(ts.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
            const page = ++started;
            running++;
            try {
              if (page === 2) secondBegun();
              if (page === 1) {
                await second;
                throw new Error('the first page failed');
              }
              return await target.transaction(fn);
            } finally {
              running--;
            }
          };
        }
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await expect(rescreenAll({ db, events: {} as EventBus }, new Date('2030-02-06T19:00:00Z'))).rejects.toThrow('the first page failed');
    expect(running).toBe(0);
    // the failed page and the one running beside it: no page was taken after the failure
    expect(started).toBe(2);
  });
});
