import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Db } from '../../../db/db.ts';
import { openPostgres } from '../../../db/pg-db.ts';
import { call, type Answer } from '../../../testing/http-call.ts';
import { freshPostgresDatabase } from '../../../testing/postgres-databases.ts';
import { offlineOrderBody, startServerProcess, type ServerProcess } from '../../../testing/money-race.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { DEMO_ADMINS } from '../../../seed/demo-accounts.ts';
import { postEntry } from '../../ledger/ledger-service.ts';
import { expectLedgerConsistent } from '../../wallet/__tests__/ledger-invariant.ts';
import { receiptForm } from '../../orders/__tests__/order-helpers.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';

/** The value-moving operations a hold stops, and the ones it lets through (a deposit submitted). */
type MoneyOp = 'buy' | 'sell' | 'withdraw' | 'approve' | 'deposit';
type Op = MoneyOp | 'hold' | 'release';
interface Sent {
  op: Op;
  sentAt: number;
  answeredAt: number;
  answer: Answer;
}

/**
 * Over random interleavings of holds, releases and money operations, sent at once through two
 * server processes on PostgreSQL (through one on PGlite, whose one connection serialises them),
 * no value-moving operation completes for a held customer (decision 1101). A hold counts from
 * the moment its placement was answered until its release was sent: an operation sent and
 * answered inside that window must be refused as 'compliance hold'; outside it, it may go either
 * way, as concurrency allows. The books stay consistent throughout.
 */
describe(`compliance holds under random interleavings on ${driver}`, () => {
  const urls: string[] = [];
  const servers: ServerProcess[] = [];
  let ts: TestServer | null = null;
  let db: Db;
  let drop: () => Promise<void> = async () => undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-holds-'));
  const tokens: Record<string, string> = {};
  let users = 0;

  beforeAll(async () => {
    if (driver === 'postgres') {
      const pg = await freshPostgresDatabase();
      drop = pg.drop;
      const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '3600' };
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      urls.push(...servers.map((s) => s.url));
      db = await openPostgres(pg.url, { max: 2 });
    } else {
      ts = await startTestServer();
      urls.push(ts.url);
      db = ts.db;
    }
    const who = (username: string) => DEMO_ADMINS.find((a) => a.username === username)!;
    for (const username of ['financemaker', 'financeapprover', 'complianceofficer', 'complianceapprover']) {
      const r = await call(urls[0]!, '/v0/web/auth/admin/login', { basic: [username, who(username).password] });
      tokens[username] = (r.body as { jwt: string }).jwt;
    }
    tokens.admin = ((await call(urls[0]!, '/v0/web/auth/admin/login', { basic: ['admin', 'Aurum#Demo2026'] })).body as { jwt: string }).jwt;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (ts) await ts.close();
    else await db?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A customer with money and gold to move, and `pending` gold withdrawals waiting for approval. */
  async function customer(pending: number): Promise<{ id: number; withdrawals: number[] }> {
    users += 1;
    const [u] = await db.query<{ id: number }>(
      "INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ($1, $2, '60', $3) RETURNING id",
      [`prop${users}${Date.now() % 100000}`, `prop${users}.${Date.now()}@example.com`, String(170000000 + users)],
    );
    const id = u!.id;
    await db.transaction((tx) =>
      postEntry(tx, {
        kind: 'deposit',
        userId: id,
        createdBy: null,
        postings: [
          { from: 'house:bank', to: `user:${id}:fund`, asset: 'MYR', amount: '1000000.00' },
          { from: 'house:vault', to: `user:${id}:gold`, asset: 'XAU', amount: '500.0000' },
        ],
      }),
    );
    const withdrawals: number[] = [];
    for (let i = 0; i < pending; i++) withdrawals.push(((await request(urls[0]!, 'withdrawal', { userId: String(id), type: 'XAU', quantity: '0.1000' })).body as { id: number }).id);
    return { id, withdrawals };
  }

  async function request(url: string, action: string, fields: Record<string, string>, approve?: number): Promise<Answer> {
    const path = approve === undefined ? `${S}/asset/${action}/create` : `${S}/asset/${action}/${approve}/approve`;
    return call(url, path, { form: await receiptForm(fields), token: approve === undefined ? tokens.financemaker : tokens.financeapprover });
  }

  const offline = (url: string, userId: number, buy: boolean) => call(url, `${S}/order/customize`, { token: tokens.admin, json: offlineOrderBody(userId, buy, '0.1000', 'property') });

  const opArb = fc.record({ op: fc.constantFrom<Op>('buy', 'sell', 'withdraw', 'approve', 'deposit', 'hold', 'hold', 'release'), process: fc.nat({ max: 1 }) });
  const stepsArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 4, maxLength: 10 });

  it('no value-moving operation completes while its customer is held', async () => {
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        const approvals = steps.flat().filter((s) => s.op === 'approve').length;
        const { id: userId, withdrawals } = await customer(approvals);
        const sent: Sent[] = [];
        let holdId: number | null = null;
        const send = async (op: Op, process: number): Promise<void> => {
          const url = urls[process % urls.length]!;
          const sentAt = performance.now();
          let answer: Answer;
          switch (op) {
            case 'buy':
            case 'sell':
              answer = await offline(url, userId, op === 'buy');
              break;
            case 'withdraw':
              answer = await request(url, 'withdrawal', { userId: String(userId), type: 'XAU', quantity: '0.1000' });
              break;
            case 'approve':
              answer = await request(url, 'withdrawal', {}, withdrawals.shift()!);
              break;
            case 'deposit':
              answer = await request(url, 'deposit', { userId: String(userId), type: 'MYR', amount: '10.00' });
              break;
            case 'hold':
              answer = await call(url, `${S}/compliance/holds`, { token: tokens.complianceofficer, json: { userId, note: 'property' } });
              if (answer.status === 200) holdId = (answer.body as { id: number }).id;
              break;
            case 'release': {
              const id = holdId;
              if (id === null) return;
              const proposed = await call(url, `${S}/compliance/holds/${id}/propose`, { token: tokens.complianceapprover, json: { decision: 'release', note: 'property' } });
              // the release counts from the moment its agreement is sent
              const agreeAt = performance.now();
              answer = proposed.status === 200 ? await call(url, `${S}/compliance/holds/${id}/agree`, { token: tokens.admin }) : proposed;
              if (answer.status === 200) holdId = null;
              sent.push({ op, sentAt: agreeAt, answeredAt: performance.now(), answer });
              return;
            }
          }
          sent.push({ op, sentAt, answeredAt: performance.now(), answer });
        };
        for (const step of steps) await Promise.all(step.map((s) => send(s.op, s.process)));

        // the windows in which the customer was surely held: a placement's answer until the next release was sent
        const windows: Array<[number, number]> = [];
        for (const h of sent.filter((s) => s.op === 'hold' && s.answer.status === 200)) {
          const release = sent.filter((s) => s.op === 'release' && s.sentAt > h.answeredAt).sort((a, b) => a.sentAt - b.sentAt)[0];
          windows.push([h.answeredAt, release?.sentAt ?? Infinity]);
        }
        const surelyHeld = (s: Sent) => windows.some(([from, to]) => s.sentAt >= from && s.answeredAt <= to);
        for (const s of sent) {
          expect(s.answer.status, `${s.op}: ${s.answer.text}`).toBeLessThan(500);
          if (s.op === 'deposit') expect(s.answer.status, s.answer.text).toBe(200);
          if (s.op === 'hold' || s.op === 'release' || s.op === 'deposit') continue;
          if (surelyHeld(s)) expect([s.op, s.answer.status, s.answer.body?.code]).toEqual([s.op, 409, ErrorCode.ComplianceHold]);
          // a refusal for the hold is only ever answered while one was in force or being placed
          if (s.answer.body?.code === ErrorCode.ComplianceHold) expect(sent.some((h) => h.op === 'hold' && h.sentAt <= s.answeredAt && h.answer.status === 200)).toBe(true);
        }
        await expectLedgerConsistent(db);
      }),
      { numRuns: driver === 'postgres' ? 12 : 8 },
    );
  }, 240_000);
});
