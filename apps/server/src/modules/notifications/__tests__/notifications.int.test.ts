import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { NotificationDetail } from '@aurum/domain/notifications/notification-schemas';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { NotificationWorker } from '../notification-worker.ts';
import { markAttemptFailed } from '../notification-repository.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

describe(`notifications: stored per recipient, delivered over SMTP in the background, on ${driver}`, () => {
  const received: Array<{ to: string[]; data: string }> = [];
  let smtp: SMTPServer;
  let ts: TestServer;
  let api: ReturnType<typeof client>;
  let jwt: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    // the application's worker runs as in a real process (the job notifications)
    ts = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Aurum <no-reply@aurum.example>' }, jobs: ['notifications'] });
    api = client(ts);
    const op = ts.demo.byRole.operationMaker!;
    jwt = (await api.login(op.username, op.password)).body.jwt;
    // enough users that sending to all takes several batches of the worker
    await ts.db.query(
      `INSERT INTO users (username, email) SELECT 'notify' || i, 'notify' || i || '@example.com' FROM generate_series(1, 240) AS i`,
    );
    await ts.db.query(`UPDATE users SET deleted_at = now() WHERE username = 'notify240'`);
  });
  afterAll(async () => {
    await ts?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const send = (body: unknown, token = jwt) => api.call<{ id: number; recipientCount: number }>('POST', `${S}/notification/send`, { token, body });
  const detail = (id: number, query = '') => api.call<NotificationDetail>('GET', `${S}/notification/${id}${query}`, { token: jwt });
  const rcpt = (address: string) => received.filter((m) => m.to.includes(address)).length;

  async function delivered(id: number, timeoutMs = 25_000): Promise<NotificationDetail> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const r = await detail(id);
      if (r.body.deliveredCount === r.body.recipientCount || Date.now() > until) return r.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const userIds = async (names: string[]) =>
    (await ts.db.query<{ id: number; email: string }>('SELECT id, email FROM users WHERE username = ANY($1) ORDER BY id', [names]));

  it('sends to selected users: one e-mail each at their address, counted as delivered, audited', async () => {
    const chosen = await userIds(['notify1', 'notify2', 'notify3']);
    const ids = chosen.map((u) => u.id);
    const r = await send({ subject: 'Vault maintenance', content: 'The vault closes on Saturday.\nPlan your withdrawals.', recipients: 'selected', userIds: [...ids, ids[0]] });
    expect(r.status, r.text).toBe(200);
    expect(r.body.recipientCount).toBe(3);
    const done = await delivered(r.body.id);
    expect(done).toMatchObject({ subject: 'Vault maintenance', recipients: 'selected', recipientCount: 3, deliveredCount: 3, failedCount: 0, readCount: 0 });
    expect(done.createdBy).toBe(ts.demo.byRole.operationMaker!.username);
    for (const u of chosen) expect(rcpt(u.email)).toBe(1);
    expect(received.find((m) => m.to.includes(chosen[0]!.email))!.data).toMatch(/Subject: Vault maintenance/);
    expect(done.recipientList.items.map((i) => i.userId)).toEqual(ids);
    expect(done.recipientList.items.every((i) => i.deliveredAt !== null && i.attempts === 1)).toBe(true);
    const [audit] = await ts.db.query<{ username: string; detail: { after: Record<string, unknown> } }>(
      "SELECT username, detail FROM audit_log WHERE action = 'notification.send' ORDER BY id DESC LIMIT 1",
    );
    expect(audit!.username).toBe(ts.demo.byRole.operationMaker!.username);
    expect(audit!.detail.after).toMatchObject({ id: r.body.id, subject: 'Vault maintenance', recipients: 'selected', userIds: ids, recipientCount: 3 });
  });

  it('sends to all users in one request; the fan-out completes in the background, each live user once', async () => {
    const live = await ts.db.query<{ email: string }>('SELECT email FROM users WHERE deleted_at IS NULL');
    const before = received.length;
    const r = await send({ subject: 'Holiday hours', content: 'Closed on 1 May.', recipients: 'all' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.recipientCount).toBe(live.length);
    expect(live.length).toBeGreaterThan(200);
    const done = await delivered(r.body.id);
    expect(done.deliveredCount).toBe(live.length);
    const mails = received.slice(before).filter((m) => /Subject: Holiday hours/.test(m.data));
    expect(mails).toHaveLength(live.length);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(live.length);
    expect(mails.some((m) => m.to.includes('notify240@example.com'))).toBe(false);
    // the recipients page through
    const page2 = await detail(r.body.id, '?page=2&limit=100');
    expect(page2.body.recipientList).toMatchObject({ page: 2, limit: 100, total: live.length });
    expect(page2.body.recipientList.items).toHaveLength(100);
  });

  it('loses nobody when a worker stops mid-batch: its leased rows are delivered after the lease, each once', async () => {
    const [n] = await ts.db.query<{ id: number }>(
      `INSERT INTO notifications (subject, content, recipients, created_by) VALUES ('Crash test', 'Body', 'selected', NULL) RETURNING id`,
    );
    await ts.db.query(
      `INSERT INTO notification_recipients (notification_id, user_id, email)
       SELECT $1, id, email FROM users WHERE username LIKE 'notify1_' ORDER BY id`,
      [n!.id],
    );
    // a worker whose second e-mail never completes: the process "stops" with its batch in hand
    const handed: string[] = [];
    const dying: Mailer = {
      transport: 'outbox',
      send: (_q, mail) => {
        handed.push(mail.to);
        return handed.length === 1 ? Promise.resolve() : new Promise<void>(() => undefined);
      },
    };
    const worker = new NotificationWorker(ts.db, dying, { batchSize: 5, leaseSeconds: 1, concurrency: 1 });
    void worker.runOnce();
    // the first e-mail done, the second handed over and hanging (one at a time)
    await vi.waitUntil(() => handed.length >= 2, { timeout: 10_000, interval: 10 });
    expect(handed).toHaveLength(2);
    // the application's worker takes over the rest, and the stuck ones when their lease ends
    const done = await delivered(n!.id);
    expect(done.deliveredCount).toBe(10);
    const bySmtp = received.filter((m) => /Subject: Crash test/.test(m.data)).map((m) => m.to[0]!);
    expect(bySmtp).not.toContain(handed[0]);
    expect(new Set([...bySmtp, handed[0]!]).size).toBe(10);
    expect(bySmtp).toHaveLength(9);
  });

  it('refuses bad input with 1001 and the field, storing nothing', async () => {
    const [u] = await userIds(['notify5']);
    const [gone] = await userIds(['notify240']);
    const count = async () =>
      (await ts.db.query<{ n: number; a: number }>(
        "SELECT (SELECT count(*) FROM notifications) AS n, (SELECT count(*) FROM audit_log WHERE action = 'notification.send') AS a",
      ))[0]!;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ subject: '  ', content: 'x', recipients: 'all' }, 'subject'],
      [{ subject: 'x', content: '', recipients: 'all' }, 'content'],
      [{ content: 'x', recipients: 'all' }, 'subject'],
      [{ subject: 'x'.repeat(201), content: 'x', recipients: 'all' }, 'subject'],
      [{ subject: 'x', content: 'x', recipients: 'selected', userIds: [] }, 'userIds'],
      [{ subject: 'x', content: 'x', recipients: 'selected' }, 'userIds'],
      [{ subject: 'x', content: 'x', recipients: 'selected', userIds: [u!.id, 99_999_999] }, 'userIds'],
      [{ subject: 'x', content: 'x', recipients: 'selected', userIds: [gone!.id] }, 'userIds'],
      [{ subject: 'x', content: 'x', recipients: 'selected', userIds: ['1'] }, 'userIds.0'],
      [{ subject: 'x', content: 'x', recipients: 'all', userIds: [u!.id] }, 'userIds'],
      [{ subject: 'x', content: 'x', recipients: 'everyone' }, 'recipients'],
    ];
    for (const [body, context] of cases) {
      const r = await send(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body, JSON.stringify(body)).toEqual({ code: 1001, context });
    }
    expect(await count()).toEqual(before);
  });

  it('refuses roles without sendNotification (403, 1150); every admin reads the history', async () => {
    const fm = ts.demo.byRole.financeMaker!;
    const token = (await api.login(fm.username, fm.password)).body.jwt;
    const r = await send({ subject: 'x', content: 'y', recipients: 'all' }, token);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 1150, context: null });
    const history = await api.call<{ items: Array<{ subject: string; recipientCount: number; deliveredCount: number }>; total: number }>(
      'GET',
      `${S}/notification/list?limit=10`,
      { token },
    );
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(3);
    expect(history.body.items.map((i) => i.subject)).toEqual(['Crash test', 'Holiday hours', 'Vault maintenance']);
    expect(history.body.items.every((i) => i.deliveredCount === i.recipientCount)).toBe(true);
    const bySubject = await api.call<{ items: Array<{ subject: string }> }>('GET', `${S}/notification/list?sort=subject&order=asc`, { token });
    expect(bySubject.body.items.map((i) => i.subject)).toEqual(['Crash test', 'Holiday hours', 'Vault maintenance']);
    expect((await api.call('GET', `${S}/notification/999999`, { token })).body).toEqual({ code: 1003, context: 'notification' });
  });

  it('records a failed attempt: retried later with its error, then given up', async () => {
    const [n] = await ts.db.query<{ id: number }>(
      `INSERT INTO notifications (subject, content, recipients, created_by) VALUES ('Failure test', 'Body', 'selected', NULL) RETURNING id`,
    );
    // due in a day, so that the application's worker leaves it alone
    const [r] = await ts.db.query<{ user_id: number }>(
      `INSERT INTO notification_recipients (notification_id, user_id, email, attempts, next_attempt_at)
       SELECT $1, id, email, 2, now() + interval '1 day' FROM users WHERE username = 'notify3' RETURNING user_id`,
      [n!.id],
    );
    const state = async () =>
      (await ts.db.query<{ last_error: string | null; retry_in: number; failed: boolean; delivered: boolean; attempts: number }>(
        `SELECT last_error, extract(epoch FROM next_attempt_at - now())::float8 AS retry_in, failed_at IS NOT NULL AS failed,
                delivered_at IS NOT NULL AS delivered, attempts
           FROM notification_recipients WHERE notification_id = $1 AND user_id = $2`,
        [n!.id, r!.user_id],
      ))[0]!;
    await markAttemptFailed(ts.db, n!.id, r!.user_id, { message: 'SMTP 451 try later', retryInSeconds: 60, giveUp: false });
    const retried = await state();
    expect(retried).toMatchObject({ last_error: 'SMTP 451 try later', failed: false, delivered: false, attempts: 2 });
    expect(retried.retry_in).toBeGreaterThan(50);
    expect(retried.retry_in).toBeLessThanOrEqual(60);
    await markAttemptFailed(ts.db, n!.id, r!.user_id, { message: 'SMTP 550 no such user', retryInSeconds: 90, giveUp: true });
    const givenUp = await state();
    expect(givenUp).toMatchObject({ last_error: 'SMTP 550 no such user', failed: true, delivered: false, attempts: 2 });
    expect(givenUp.retry_in).toBeGreaterThan(80);
  });
});
