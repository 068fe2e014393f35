import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { RequestView } from '@aurum/domain/assets/request-schemas';
import type { WalletAnswer } from '@aurum/domain/wallet/wallet-view';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { client, roleTokens, type Answer } from '../../testing/client.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { registeredRoutes } from '../route.ts';

const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const SECURE = '/v0/web/secure';
const PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer();
const OTHER_PNG = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1e3a8a' } }).png().toBuffer();

/** Every money-moving call of the server (docs/decisions/0560): each honours an Idempotency-Key. */
const MONEY_ROUTES = [
  'POST /v0/web/secure/ledger/reclassify-income',
  'POST /v0/web/secure/ledger/closes',
  'POST /v0/web/secure/ledger/closes/:date/reopen',
  'POST /v0/web/secure/ledger/periods/close',
  'POST /v0/web/secure/ledger/proposals/:id/approve',
  'POST /v0/web/secure/ledger/proposals/:id/decline',
  'POST /v0/web/secure/ledger/adjustments',
  'POST /v0/web/secure/ledger/adjustments/:id/approve',
  'POST /v0/web/secure/ledger/adjustments/:id/decline',
  'POST /v0/web/secure/asset/deposit/create',
  'POST /v0/web/secure/asset/deposit/:requestId/approve',
  'POST /v0/web/secure/asset/deposit/:requestId/decline',
  'POST /v0/web/secure/asset/withdrawal/create',
  'POST /v0/web/secure/asset/withdrawal/:requestId/approve',
  'POST /v0/web/secure/asset/withdrawal/:requestId/decline',
  'POST /v0/web/secure/asset/transfer/create',
  'POST /v0/web/secure/asset/transfer/:requestId/approve',
  'POST /v0/web/secure/asset/transfer/:requestId/decline',
  'POST /v0/web/secure/vault/movement/receive',
  'POST /v0/web/secure/vault/movement/release',
  'POST /v0/web/secure/vault/movement/dispatch',
  'POST /v0/web/secure/vault/movement/arrive',
  'POST /v0/web/secure/vault/movement/status',
  'POST /v0/web/secure/vault/movement/:movementId/approve',
  'POST /v0/web/secure/vault/movement/:movementId/decline',
  'POST /v0/web/secure/vault/import',
  'POST /v0/web/secure/inbox/decide',
  'POST /v0/web/secure/order/create',
  'POST /v0/web/secure/order/customize',
  'POST /v0/web/secure/order/settle/:orderId/:userId',
  'POST /v0/web/secure/order/cancel/:orderId',
  'POST /v0/web/secure/order/revert',
  'POST /v0/web/secure/order/payment/create',
  'POST /v0/web/secure/hedge/link/:hedgeId',
  'POST /v0/web/secure/hedge/settle/:hedgeId',
  'POST /v0/web/secure/hedge/cancel/:hedgeId',
];

/** The calls around a server: deposits made and approved with a key, the wallet as the console reads it. */
function moneyCalls(server: () => TestServer) {
  const tokenOf = roleTokens(server);
  const users: Record<string, number> = {};

  async function multipart<T = RequestView>(path: string, role: string, fields: Record<string, string>, receipt: Buffer, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('receipt', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'slip.png');
    const r = await fetch(`${server().url}${path}`, { method: 'POST', body: form, headers: { ...headers, authorization: `Bearer ${await tokenOf(role)}` } });
    const text = await r.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: r.status, body: body as Answer<T>['body'], text };
  }

  return {
    users,
    tokenOf,
    async loadUsers() {
      for (const r of await server().db.query<{ id: number; username: string }>('SELECT id, username FROM users')) users[r.username] = r.id;
    },
    /** A pending deposit of `grams` for the user (made without a key). */
    async pendingDeposit(username: string, grams: string): Promise<number> {
      const made = await multipart(`${SECURE}/asset/deposit/create`, 'financeMaker', { userId: String(users[username]), type: 'XAU', quantity: grams }, PNG);
      expect(made.status, made.text).toBe(200);
      return made.body.id;
    },
    approve: (id: number, key?: string, receipt: Buffer = PNG) =>
      multipart(`${SECURE}/asset/deposit/${id}/approve`, 'financeApprover', {}, receipt, key === undefined ? {} : { 'Idempotency-Key': key }),
    /** The user's wallet as the console shows it: balances and the history's deposit lines. */
    async wallet(username: string) {
      const answer = await client(server()).call<WalletAnswer>('GET', `${SECURE}/user/${users[username]}/wallet?limit=1000`, { token: await tokenOf('superAdmin') });
      expect(answer.status, answer.text).toBe(200);
      return { gold: answer.body.balances.gold, deposits: answer.body.history.items.filter((i) => i.kind === 'request.deposit' && i.book === 'gold') };
    },
    /** The request's verified receipt, as the console fetches it. */
    async verifiedReceipt(id: number) {
      const r = await fetch(`${server().url}${SECURE}/asset/${id}/receipt/verified`, { headers: { authorization: `Bearer ${await tokenOf('superAdmin')}` } });
      return r.status;
    },
    async replays(): Promise<number> {
      const text = await server().app.metrics.text();
      const line = text.split('\n').find((l) => l.startsWith('aurum_idempotent_replays_total{route="/v0/web/secure/asset/deposit/:requestId/approve"}'));
      return line ? Number(line.split(' ').at(-1)) : 0;
    },
  };
}

describe(`an Idempotency-Key on a money-moving call, on ${driver}`, () => {
  let ts: TestServer;
  const calls = moneyCalls(() => ts);

  beforeAll(async () => {
    ts = await startTestServer();
    await calls.loadUsers();
  });
  afterAll(() => ts?.close());

  it('is honoured by every money-moving route and by no sign-in, second-factor, password or session route', () => {
    const routes = registeredRoutes(ts.app);
    const opted = routes.filter((r) => r.idempotent).map((r) => `${r.method} ${r.url}`);
    expect(opted.sort()).toEqual([...MONEY_ROUTES].sort());
    for (const r of routes.filter((x) => /auth|second_factor|password|session|logout|login/.test(x.url))) {
      expect(r.idempotent, `${r.method} ${r.url} must never store its answer`).toBe(false);
    }
  });

  it('sent twice, answers the first answer again and credits the deposit once; the replay is audited and counted', async () => {
    const before = await calls.wallet('aminah');
    const replaysBefore = await calls.replays();
    const id = await calls.pendingDeposit('aminah', '0.0100');
    const first = await calls.approve(id, 'approve-twice-1');
    expect(first.status, first.text).toBe(200);
    expect(first.body.status).toBe('approved');
    const again = await calls.approve(id, 'approve-twice-1');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    // without the key the same call is a second decision, refused: the key is what makes it a retry
    expect((await calls.approve(id)).body.code).toBe(ErrorCode.RequestNotPending);

    const after = await calls.wallet('aminah');
    expect(Number(after.gold) - Number(before.gold)).toBeCloseTo(0.01, 4);
    expect(after.deposits.length - before.deposits.length).toBe(1);
    expect(await calls.verifiedReceipt(id)).toBe(200);
    const rows = await ts.db.query<{ replay: boolean | null }>(
      "SELECT (detail->>'idempotentReplay')::boolean AS replay FROM audit_log WHERE action = 'asset.approve' ORDER BY id DESC LIMIT 2",
    );
    expect(rows.map((r) => r.replay)).toEqual([true, null]);
    expect(await calls.replays()).toBe(replaysBefore + 1);
  });

  it('with another request is 409 (3101) and changes nothing; a malformed key is 400 (1001, Idempotency-Key)', async () => {
    const id = await calls.pendingDeposit('aminah', '0.0200');
    const other = await calls.pendingDeposit('aminah', '0.0300');
    const first = await calls.approve(id, 'approve-other-1');
    expect(first.status, first.text).toBe(200);
    const before = await calls.wallet('aminah');
    // another receipt, and another request id, with the same key
    const otherReceipt = await calls.approve(id, 'approve-other-1', OTHER_PNG);
    expect([otherReceipt.status, otherReceipt.body.code]).toEqual([409, ErrorCode.IdempotencyKeyReused]);
    const otherId = await calls.approve(other, 'approve-other-1');
    expect([otherId.status, otherId.body.code]).toEqual([409, ErrorCode.IdempotencyKeyReused]);
    for (const key of ['has space', 'x'.repeat(201), 'naïve']) {
      const bad = await calls.approve(other, key);
      expect([bad.status, bad.body.code, bad.body.context], key).toEqual([400, ErrorCode.InvalidFormat, 'Idempotency-Key']);
    }
    expect(await calls.wallet('aminah')).toEqual(before);
    const [pending] = await ts.db.query<{ status: string }>('SELECT status FROM payment_requests WHERE id = $1', [other]);
    expect(pending!.status).toBe('pending');
  });

  it('sent by five callers at once: one applies it, all five answer the same', async () => {
    const before = await calls.wallet('aminah');
    const id = await calls.pendingDeposit('aminah', '0.0400');
    await calls.tokenOf('financeApprover');
    const answers = await Promise.all(Array.from({ length: 5 }, () => calls.approve(id, 'approve-race-1')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    const after = await calls.wallet('aminah');
    expect(Number(after.gold) - Number(before.gold)).toBeCloseTo(0.04, 4);
    expect(after.deposits.length - before.deposits.length).toBe(1);
  });

  it('on a bulk decision is claimed per item: a repeated batch replays the items it decided and decides the others', async () => {
    const decided = await calls.pendingDeposit('aminah', '0.0500');
    const before = await calls.wallet('aminah');
    const decide = async (ids: number[]) => {
      const form = new FormData();
      form.set('decision', 'approve');
      form.set('items', JSON.stringify(ids.map((id) => ({ kind: 'deposit', id }))));
      for (const id of ids) form.set(`receipt.deposit.${id}`, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'verified.png');
      const r = await fetch(`${ts.url}${SECURE}/inbox/decide`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${await calls.tokenOf('financeApprover')}`, 'Idempotency-Key': 'inbox-batch-1' },
      });
      return { status: r.status, body: (await r.json()) as { results: Array<{ id: number; ok: boolean; code?: number }> } };
    };
    const first = await decide([decided]);
    expect(first.body.results).toEqual([{ kind: 'deposit', id: decided, ok: true }]);
    const later = await calls.pendingDeposit('aminah', '0.0600');
    const again = await decide([decided, later]);
    expect(again.status).toBe(200);
    // the first item is the first answer again (not 'decided already'), the new one is decided now
    expect(again.body.results).toEqual([
      { kind: 'deposit', id: decided, ok: true },
      { kind: 'deposit', id: later, ok: true },
    ]);
    const after = await calls.wallet('aminah');
    expect(Number(after.gold) - Number(before.gold)).toBeCloseTo(0.11, 4);
    expect(after.deposits.length - before.deposits.length).toBe(2);
  });
});

/**
 * The in-doubt commit: the server's COMMIT reaches PostgreSQL, its answer never comes back. Only a
 * real PostgreSQL behind a TCP proxy can lose an answer; PGlite runs in the process, where a COMMIT
 * cannot be cut off from its answer, so it has no in-doubt commit to resolve.
 */
describe.skipIf(driver === 'pglite')('a COMMIT whose answer is lost (PostgreSQL behind a TCP proxy)', () => {
  let ts: TestServer;
  let proxy: TcpProxy;
  const calls = moneyCalls(() => ts);

  beforeAll(async () => {
    const u = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
    ts = await startTestServer({ driver: 'postgres', databaseVia: (url) => proxy.via(url) });
    await calls.loadUsers();
  });
  afterAll(async () => {
    await ts?.close();
    await proxy?.close();
  });

  it('committed: the call answers 503 with the error body; the retry with its key answers the committed answer, credited once', async () => {
    const before = await calls.wallet('aminah');
    const id = await calls.pendingDeposit('aminah', '0.0700');
    await calls.tokenOf('financeApprover'); // signed in before the trap: the next COMMIT is the approval's
    const cut = proxy.cutAtCommit('after');
    const lost = await calls.approve(id, 'in-doubt-committed');
    await cut;
    expect(lost.status, lost.text).toBe(503);
    expect(lost.body.code).toBe(ErrorCode.DatabaseUnavailable);

    const retry = await calls.approve(id, 'in-doubt-committed');
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ id, status: 'approved' });
    // the first call's answer, as it was stored in its transaction
    const [stored] = await ts.db.query<{ response: unknown }>("SELECT response FROM idempotency_keys WHERE key = 'in-doubt-committed'");
    expect(retry.body).toEqual(stored!.response);
    expect(await calls.approve(id, 'in-doubt-committed')).toMatchObject({ status: 200, body: retry.body });

    const after = await calls.wallet('aminah');
    expect(Number(after.gold) - Number(before.gold)).toBeCloseTo(0.07, 4);
    expect(after.deposits.length - before.deposits.length).toBe(1);
    // the committed approval keeps its verified receipt although its call failed
    expect(await calls.verifiedReceipt(id)).toBe(200);
    expect(await calls.replays()).toBeGreaterThanOrEqual(1);
  });

  it('not committed: the call answers 503 with the error body; the retry with its key applies it, once, fresh', async () => {
    const before = await calls.wallet('aminah');
    const id = await calls.pendingDeposit('aminah', '0.0800');
    const replaysBefore = await calls.replays();
    await calls.tokenOf('financeApprover'); // signed in before the trap: the next COMMIT is the approval's
    const cut = proxy.cutAtCommit('before');
    const lost = await calls.approve(id, 'in-doubt-rolled-back');
    await cut;
    expect(lost.status, lost.text).toBe(503);
    expect(lost.body.code).toBe(ErrorCode.DatabaseUnavailable);
    const [pending] = await ts.db.query<{ status: string }>('SELECT status FROM payment_requests WHERE id = $1', [id]);
    expect(pending!.status).toBe('pending');

    const retry = await calls.approve(id, 'in-doubt-rolled-back');
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ id, status: 'approved' });
    expect(await calls.replays()).toBe(replaysBefore);
    const after = await calls.wallet('aminah');
    expect(Number(after.gold) - Number(before.gold)).toBeCloseTo(0.08, 4);
    expect(after.deposits.length - before.deposits.length).toBe(1);
    expect(await calls.verifiedReceipt(id)).toBe(200);
  });
});
