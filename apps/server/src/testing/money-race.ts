import { call, type Answer } from './http-call.ts';
import { Decimal } from '@aurum/domain/money/decimal';
import { userAccount } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../db/db.ts';
import { DEMO_ADMINS } from '../seed/demo-accounts.ts';
import { spawnServer, type SpawnedServer } from './server-process.ts';

/**
 * Money races across server processes (decision 0530):
 * real server processes on one PostgreSQL database, several workers sending
 * deposit approvals and offline orders for ONE user at once, then the user's wallet checked
 * against the journal and against what the answers said happened. Shared by
 * bench/race-two-processes.ts (1,000 operations) and the integration test race.int.test.ts.
 */

const SECURE = '/v0/web/secure';
/** A real 1 x 1 PNG (receipts are decoded and re-encoded). */
const RECEIPT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DEPOSIT_AMOUNT = '1000.00';
const SUPER_ADMIN = { username: 'admin', password: 'Aurum#Demo2026' };
const demoPassword = (username: string) => DEMO_ADMINS.find((a) => a.username === username)!.password;

export type ServerProcess = Omit<SpawnedServer, 'url'> & { url: string };

/** Starts apps/server/src/server.ts with `env` (testing/server-process.ts) and waits for its address. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const server = spawnServer({ LOG_LEVEL: 'error', ...env });
  try {
    return { ...server, url: await server.url(timeoutMs) };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const r = await call(url, '/v0/web/auth/admin/login', { basic: [username, password] });
  if (r.status !== 200) throw new Error(`sign-in of ${username} on ${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { jwt: string }).jwt;
}

function receiptForm(fields: Record<string, string>, name: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('receipt', new Blob([new Uint8Array(RECEIPT)], { type: 'image/png' }), name);
  return form;
}

/** Sum of a user book's postings in the journal (MYR fund or XAU gold), straight from the tables. */
export async function journalBalance(db: Queryable, account: string): Promise<string> {
  const [row] = await db.query<{ balance: string }>(
    `SELECT (coalesce((SELECT sum(amount) FROM ledger_postings WHERE to_account = $1), 0)
           - coalesce((SELECT sum(amount) FROM ledger_postings WHERE from_account = $1), 0))::text AS balance`,
    [account],
  );
  return row!.balance;
}

/**
 * An offline order (order/customize) of `quantity` g of XAU/MYR at fixed prices around 390 MYR/g.
 * The simulated feed walks away from them, so they are acknowledged, as the desk would (decision 0751).
 */
export function offlineOrderBody(userId: number, buy: boolean, quantity: string, note: string) {
  return {
    userId,
    action: buy ? 0 : 1,
    symbol: 'XAU/MYR',
    currency: 'MYR',
    quantity,
    costPrice: buy ? '395.000' : '385.000',
    quotePrice: buy ? '398.000' : '382.000',
    exchangeRate: '4.4700',
    finalPrice: buy ? '400.000' : '380.000',
    note,
    useAhtConfig: false,
    priceBandAcknowledged: true,
  };
}

export type Op = 'approve' | 'buy' | 'sell' | 'submit';

export interface RaceOptions {
  /** Base URLs of the server processes (workers are spread over them). */
  urls: readonly string[];
  /** The database the processes share (for the checks). */
  db: Queryable;
  operations: number;
  workers: number;
  /** The demo user every operation is about. */
  username?: string;
  /**
   * Weights of the operations: deposit approvals, offline buys and sells (1 g each), and deposit
   * submissions made during the race. Default { approve: 4, buy: 3, sell: 1, submit: 2 } (a
   * submission's FOR UPDATE of the user's row is what closed the deadlock cycle before the lock order).
   */
  mix?: Partial<Record<Op, number>>;
  onProgress?: (done: number) => void;
}

export interface RaceReport {
  operations: number;
  /** Answers by HTTP status ('network' when the call itself failed). */
  byStatus: Record<string, number>;
  /** Answers of 500 or more (and network failures), the first few with their bodies. */
  serverErrors: number;
  serverErrorSamples: Array<{ op: string; status: number | 'network'; body: unknown }>;
  durationMs: number;
  userId: number;
  fund: { api: string; journal: string; expected: string };
  gold: { api: string; journal: string; expected: string };
  /** Rows that contradict the answers (an order or approval that a 200 did not report, or the reverse). */
  recordsMatchAnswers: boolean;
  ok: boolean;
}


/**
 * Creates pending deposits for the user (financemaker), then sends `operations` mixed calls from
 * `workers` concurrent workers: deposit approvals (financeapprover) and offline orders POST
 * order/customize (superAdmin). Checks: no answer of 500 or more; the user's fund and gold as the
 * API answers them, as the journal sums them, and as the answers imply (balance before + approved
 * deposits - what the created orders reserved) are equal.
 */
export async function runMoneyRace(options: RaceOptions): Promise<RaceReport> {
  const { urls, db } = options;
  const username = options.username ?? 'aminah';
  const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  if (!user) throw new Error(`no demo user ${username}`);
  const userId = user.id;

  // one session per admin and process (each process checks the other's tokens through the database too)
  const tokens = await Promise.all(
    urls.map(async (url) => ({
      maker: await signIn(url, 'financemaker', demoPassword('financemaker')),
      approver: await signIn(url, 'financeapprover', demoPassword('financeapprover')),
      desk: await signIn(url, SUPER_ADMIN.username, SUPER_ADMIN.password),
    })),
  );

  // a fixed, even interleaving of the kinds by their weights (smooth weighted round robin)
  const weights = Object.entries({ approve: 4, buy: 3, sell: 1, submit: 2, ...options.mix }).filter(([, w]) => w > 0) as Array<[Op, number]>;
  const total = weights.reduce((a, [, w]) => a + w, 0);
  const credit = new Map<Op, number>(weights.map(([op]) => [op, 0]));
  const ops: Op[] = [];
  for (let i = 0; i < options.operations; i++) {
    for (const [op, w] of weights) credit.set(op, credit.get(op)! + w);
    const [pick] = [...credit.entries()].sort((a, b) => b[1] - a[1])[0]!;
    credit.set(pick, credit.get(pick)! - total);
    ops.push(pick);
  }
  const approvals = ops.filter((o) => o === 'approve').length;

  // the pending deposits to approve, created before the race (4 at a time)
  const pending: number[] = [];
  let created = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, w) => {
      while (created < approvals) {
        created += 1;
        const url = urls[w % urls.length]!;
        const r = await call(url, `${SECURE}/asset/deposit/create`, {
          token: tokens[w % urls.length]!.maker,
          form: receiptForm({ userId: String(userId), type: 'MYR', amount: DEPOSIT_AMOUNT, note: 'race' }, 'slip.png'),
        });
        if (r.status !== 200) throw new Error(`deposit create: ${r.status} ${JSON.stringify(r.body)}`);
        pending.push((r.body as { id: number }).id);
      }
    }),
  );

  const fundAccount = userAccount(userId, 'fund');
  const goldAccount = userAccount(userId, 'gold');
  const fundBefore = await journalBalance(db, fundAccount);
  const goldBefore = await journalBalance(db, goldAccount);

  const byStatus: Record<string, number> = {};
  const samples: RaceReport['serverErrorSamples'] = [];
  let serverErrors = 0;
  const approved: number[] = [];
  const refusedApprovals: number[] = [];
  const orders: number[] = [];
  let submitted = 0;
  let next = 0;
  let done = 0;
  const started = Date.now();

  async function perform(op: Op, w: number): Promise<void> {
    const p = w % urls.length;
    const url = urls[p]!;
    let answer: Answer | null = null;
    let requestId: number | null = null;
    try {
      if (op === 'approve') {
        requestId = pending.shift()!;
        answer = await call(url, `${SECURE}/asset/deposit/${requestId}/approve`, { token: tokens[p]!.approver, form: receiptForm({}, 'verified.png') });
      } else if (op === 'submit') {
        answer = await call(url, `${SECURE}/asset/deposit/create`, {
          token: tokens[p]!.maker,
          form: receiptForm({ userId: String(userId), type: 'MYR', amount: DEPOSIT_AMOUNT, note: 'race submit' }, 'slip.png'),
        });
      } else {
        answer = await call(url, `${SECURE}/order/customize`, { token: tokens[p]!.desk, json: offlineOrderBody(userId, op === 'buy', '1.0000', 'race') });
      }
    } catch (error) {
      byStatus.network = (byStatus.network ?? 0) + 1;
      serverErrors += 1;
      if (samples.length < 5) samples.push({ op, status: 'network', body: String(error) });
      return;
    }
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    if (answer.status >= 500) {
      serverErrors += 1;
      if (samples.length < 5) samples.push({ op, status: answer.status, body: answer.body });
    }
    if (answer.status === 200) {
      if (op === 'approve') approved.push(requestId!);
      else if (op === 'submit') submitted += 1;
      else orders.push((answer.body as { id: number }).id);
    } else if (op === 'approve') {
      refusedApprovals.push(requestId!);
    }
  }

  await Promise.all(
    Array.from({ length: options.workers }, async (_, w) => {
      while (next < ops.length) {
        const op = ops[next]!;
        next += 1;
        await perform(op, w);
        done += 1;
        if (done % 100 === 0) options.onProgress?.(done);
      }
    }),
  );
  const durationMs = Date.now() - started;

  // what the records say: every 200 changed its row, nothing else did
  const decided = await db.query<{ id: number; status: string }>("SELECT id, status FROM payment_requests WHERE id = ANY($1::bigint[]) AND status <> 'pending'", [
    [...approved, ...refusedApprovals],
  ]);
  const approvedIds = new Set(approved);
  const runOrders = await db.query<{ id: number; balance_deducted: string; gold_reserved: string; status: string }>(
    `SELECT id, balance_deducted::text AS balance_deducted, gold_reserved::text AS gold_reserved, status
       FROM orders WHERE user_id = $1 AND note = 'race'`,
    [userId],
  );
  const orderIds = new Set(orders);
  const [submissions] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_requests WHERE user_id = $1 AND note = 'race submit'", [userId]);
  const recordsMatchAnswers =
    submissions!.n === submitted &&
    decided.length === approved.length &&
    decided.every((d) => approvedIds.has(d.id) && d.status === 'approved') &&
    runOrders.length === orders.length &&
    runOrders.every((o) => orderIds.has(o.id) && o.status === 'FILLED');

  let expectedFund = new Decimal(fundBefore).plus(new Decimal(DEPOSIT_AMOUNT).times(approved.length));
  let expectedGold = new Decimal(goldBefore);
  for (const o of runOrders) {
    expectedFund = expectedFund.minus(o.balance_deducted);
    expectedGold = expectedGold.minus(o.gold_reserved);
  }
  const wallet = await call(urls[0]!, `${SECURE}/user/${userId}/wallet`, { method: 'GET', token: tokens[0]!.desk });
  const balances = (wallet.body as { balances: { fund: string; gold: string } }).balances;
  const fund = { api: balances.fund, journal: new Decimal(await journalBalance(db, fundAccount)).toFixed(2), expected: expectedFund.toFixed(2) };
  const gold = { api: balances.gold, journal: new Decimal(await journalBalance(db, goldAccount)).toFixed(4), expected: expectedGold.toFixed(4) };
  const balancesEqual = fund.api === fund.journal && fund.journal === fund.expected && gold.api === gold.journal && gold.journal === gold.expected;
  return {
    operations: ops.length,
    byStatus,
    serverErrors,
    serverErrorSamples: samples,
    durationMs,
    userId,
    fund,
    gold,
    recordsMatchAnswers,
    ok: serverErrors === 0 && balancesEqual && recordsMatchAnswers,
  };
}
