import { call, type Answer } from '../http-call.ts';
import { DEMO_SUPERADMIN } from '../../config.ts';
import { DEMO_ADMINS } from '../../seed/demo-accounts.ts';

/**
 * A steady mixed load through the proxy, as a desk would make it: reads (a user's wallet, the
 * modes), deposits submitted (finance maker) and approved (finance approver), offline orders in
 * XAU/MYR and XAU/USD (the latter settled by the order engine), now and then a notification.
 * Every call's outcome is kept with its time, and every acknowledged (200) change is remembered so
 * that the database can be checked against what was acknowledged.
 *
 * With `retry` (the HA test), a money call that fails with 503 or gets no answer is sent again, as a
 * careful client does through a failover: a deposit or an order with the same Idempotency-Key (the
 * first answer if it committed, a fresh one if not), an approval only after reading the request (its
 * answer lost, it may have committed: approved already means done). Each of those calls' note names
 * it, so the database can be checked for an operation applied twice.
 */
const SECURE = '/v0/web/secure';
/** A real 1 x 1 PNG (receipts are decoded and re-encoded). */
const RECEIPT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const DEPOSIT_AMOUNT = '1000.00';
const password = (username: string) =>
  username === DEMO_SUPERADMIN.username ? DEMO_SUPERADMIN.password : DEMO_ADMINS.find((a) => a.username === username)!.password;

export type Kind = 'wallet' | 'mode' | 'submit' | 'approve' | 'buyMyr' | 'buyUsd' | 'notify';
export interface Outcome {
  kind: Kind;
  /** HTTP status, or 'network' when the call got no answer. */
  status: number | 'network';
  /** The error contract's code of a refused call. */
  code?: number;
  /** When the call was sent and when its answer arrived (ms since the epoch). */
  sentAt: number;
  at: number;
  detail?: string;
  /** The payment request an approval named. */
  requestId?: number;
}

export interface Tokens {
  maker: string;
  approver: string;
  desk: string;
  operations: string;
}

export async function signIn(base: string, username: string): Promise<string> {
  const r = await call(base, '/v0/web/auth/admin/login', { basic: [username, password(username)] });
  if (r.status !== 200) throw new Error(`sign-in of ${username}: ${r.status} ${r.text}`);
  return r.body!.jwt as string;
}

export async function signInAll(base: string): Promise<Tokens> {
  return {
    maker: await signIn(base, 'financemaker'),
    approver: await signIn(base, 'financeapprover'),
    desk: await signIn(base, 'admin'),
    operations: await signIn(base, 'operationapprover'),
  };
}

export function receiptForm(fields: Record<string, string>, name: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('receipt', new Blob([new Uint8Array(RECEIPT)], { type: 'image/png' }), name);
  return form;
}

const ORDER_NOTE = 'cluster load';
/** The body of `order/customize`: 1 g bought for `userId` at fixed prices in XAU/MYR or XAU/USD. */
export function customize(userId: number, usd: boolean) {
  return {
    userId,
    action: 0,
    symbol: usd ? 'XAU/USD' : 'XAU/MYR',
    currency: usd ? 'USD' : 'MYR',
    quantity: '1.0000',
    costPrice: usd ? '88.000' : '395.000',
    quotePrice: usd ? '89.000' : '398.000',
    exchangeRate: '4.4700',
    finalPrice: usd ? '90.000' : '400.000',
    note: ORDER_NOTE,
    useAhtConfig: false,
    // fixed prices the simulated feed walks away from: acknowledged, as the desk would (decision 0751)
    priceBandAcknowledged: true,
  };
}

/** The kinds in turn: reads are half the calls; a notification now and then. */
const ROUND: Kind[] = ['wallet', 'submit', 'mode', 'approve', 'wallet', 'buyMyr', 'mode', 'submit', 'wallet', 'approve', 'buyUsd', 'mode', 'wallet', 'notify'];

export interface LoadOptions {
  /** Retry failed money calls for up to `forMs`; `tag` prefixes each call's Idempotency-Key and note. */
  retry?: { forMs: number; tag: string };
}

/** A money call that still failed when its retries ran out: applied or not is unknown. */
export interface Unresolved {
  kind: Kind;
  key: string;
  requestId?: number;
}

const MONEY: ReadonlySet<Kind> = new Set(['submit', 'approve', 'buyMyr', 'buyUsd']);

export class ClusterLoad {
  readonly outcomes: Outcome[] = [];
  /** In retry mode, the key (and note) of each acknowledged deposit and order, by its id. */
  readonly depositKeys = new Map<number, string>();
  readonly orderKeys = new Map<number, string>();
  /** Approvals whose answer was lost (or refused 503) and found applied by reading the request. */
  readonly resolvedByState: number[] = [];
  readonly unresolved: Unresolved[] = [];
  /** Acknowledged changes. */
  readonly submitted: number[] = [];
  readonly approved: number[] = [];
  readonly orders: number[] = [];
  readonly notifications: string[] = [];
  private readonly pending: number[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private turn = 0;
  private notified = 0;

  private readonly base: string;
  private readonly tokens: Tokens;
  readonly userId: number;
  private readonly options: LoadOptions;
  private sequence = 0;

  constructor(base: string, tokens: Tokens, userId: number, options: LoadOptions = {}) {
    this.base = base;
    this.tokens = tokens;
    this.userId = userId;
    this.options = options;
  }

  start(workers: number): void {
    this.running = true;
    this.workers = Array.from({ length: workers }, async () => {
      while (this.running) await this.one();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** Outcomes from `since` on (ms since the epoch). */
  since(since: number, until = Infinity): Outcome[] {
    return this.outcomes.filter((o) => o.at >= since && o.at <= until);
  }

  /** Waits until `n` more calls answered (the load is really flowing). */
  async flowing(n = 20, ms = 30_000): Promise<void> {
    const target = this.outcomes.filter((o) => o.status === 200).length + n;
    const deadline = Date.now() + ms;
    while (this.outcomes.filter((o) => o.status === 200).length < target) {
      if (Date.now() > deadline) throw new Error(`the load is not flowing: ${JSON.stringify(this.outcomes.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async one(): Promise<void> {
    let kind = ROUND[this.turn++ % ROUND.length]!;
    if (kind === 'approve' && this.pending.length === 0) kind = 'wallet';
    const retry = this.options.retry;
    if (!retry || !MONEY.has(kind)) {
      await this.attempt(kind, kind === 'approve' ? this.pending.shift()! : null, null);
      return;
    }
    const key = `${retry.tag}-${process.pid}-${++this.sequence}`;
    const approving = kind === 'approve' ? this.pending.shift()! : null;
    const deadline = Date.now() + retry.forMs;
    for (;;) {
      const outcome = await this.attempt(kind, approving, key);
      if (outcome.status === 200) return;
      // an approval sent again after its answer was lost, refused as no longer pending: the first one committed
      const decidedAlready = approving !== null && outcome.status === 409 && outcome.code === 3200;
      if (outcome.status !== 503 && outcome.status !== 'network' && !decidedAlready) return;
      if (approving !== null) {
        // the approval may have committed with its answer lost: read the request before sending it again
        const state = await this.requestStatus(approving);
        if (state === 'approved') {
          this.approved.push(approving);
          this.resolvedByState.push(approving);
          return;
        }
        if (state !== 'pending' && state !== null) return;
      }
      if (Date.now() > deadline) {
        this.unresolved.push({ kind, key, ...(approving !== null ? { requestId: approving } : {}) });
        return;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** A request's status as the API reads it, or null when it cannot be read now. */
  private async requestStatus(id: number): Promise<string | null> {
    try {
      const r = await call(this.base, `${SECURE}/asset/${id}`, { method: 'GET', token: this.tokens.desk });
      return r.status === 200 ? (r.body?.status as string) : null;
    } catch {
      return null;
    }
  }

  /** One call of `kind`; with `key` (retry mode) sent with it as the Idempotency-Key and the note. */
  private async attempt(kind: Kind, approving: number | null, key: string | null): Promise<Outcome> {
    const { base, tokens, userId } = this;
    const headers = key !== null && kind !== 'approve' ? { 'idempotency-key': key } : undefined;
    let answer: Answer;
    let subject: string | null = null;
    const sentAt = Date.now();
    try {
      switch (kind) {
        case 'wallet':
          answer = await call(base, `${SECURE}/user/${userId}/wallet`, { method: 'GET', token: tokens.desk });
          break;
        case 'mode':
          answer = await call(base, `${SECURE}/mode`, { method: 'GET', token: tokens.desk });
          break;
        case 'submit':
          answer = await call(base, `${SECURE}/asset/deposit/create`, {
            token: tokens.maker,
            headers,
            form: receiptForm({ userId: String(userId), type: 'MYR', amount: DEPOSIT_AMOUNT, note: key ?? 'cluster' }, 'slip.png'),
          });
          break;
        case 'approve':
          answer = await call(base, `${SECURE}/asset/deposit/${approving}/approve`, { token: tokens.approver, form: receiptForm({}, 'verified.png') });
          break;
        case 'buyMyr':
        case 'buyUsd':
          answer = await call(base, `${SECURE}/order/customize`, { token: tokens.desk, headers, json: { ...customize(userId, kind === 'buyUsd'), ...(key !== null ? { note: key } : {}) } });
          break;
        case 'notify':
          subject = `cluster ${process.pid} ${++this.notified}`;
          answer = await call(base, `${SECURE}/notification/send`, {
            token: tokens.desk,
            json: { subject, content: 'cluster test', recipients: 'selected', userIds: [userId] },
          });
          break;
      }
    } catch (error) {
      // without retry, an approval whose answer was lost is not sent again: it may have been applied
      const outcome: Outcome = { kind, status: 'network', sentAt, at: Date.now(), detail: String(error), ...(approving !== null ? { requestId: approving } : {}) };
      this.outcomes.push(outcome);
      return outcome;
    }
    const code = typeof answer.body?.code === 'number' ? answer.body.code : undefined;
    const outcome: Outcome = { kind, status: answer.status, code, sentAt, at: Date.now(), detail: answer.status === 200 ? undefined : answer.text.slice(0, 300), ...(approving !== null ? { requestId: approving } : {}) };
    this.outcomes.push(outcome);
    if (answer.status === 200) {
      if (kind === 'submit') {
        const id = answer.body!.id as number;
        this.submitted.push(id);
        this.pending.push(id);
        if (key !== null) this.depositKeys.set(id, key);
      } else if (kind === 'approve') {
        this.approved.push(approving!);
      } else if (kind === 'buyMyr' || kind === 'buyUsd') {
        this.orders.push(answer.body!.id as number);
        if (key !== null) this.orderKeys.set(answer.body!.id as number, key);
      } else if (kind === 'notify') {
        this.notifications.push(subject!);
      }
    } else if (kind === 'approve' && answer.status === 503 && key === null) {
      // refused before anything happened (the database or the process was unavailable): try again later
      this.pending.push(approving!);
    }
    return outcome;
  }
}

/** A call that failed: no answer, a server error, or a refusal the load does not expect. */
export function failed(o: Outcome): boolean {
  return o.status !== 200;
}

/** A summary of outcomes: counts by status (and code). */
export function tally(outcomes: readonly Outcome[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.code ? `${o.status}/${o.code}` : String(o.status);
    t[key] = (t[key] ?? 0) + 1;
  }
  return t;
}
