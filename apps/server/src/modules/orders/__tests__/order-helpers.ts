import { expect } from 'vitest';
import type { Posting } from '@aurum/domain/wallet/ledger';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { client } from '../../../testing/client.ts';
import { controlledSource } from '../../../testing/controlled-source.ts';
import { postEntry } from '../../ledger/ledger-service.ts';

export const S = '/v0/web/secure';
/** Monday 7 January 2030, 10:00 in Kuala Lumpur: regular trading hours. */
export const TRADING_MOMENT = Date.parse('2030-01-07T02:00:00Z');

export interface OrderTestServer {
  ts: TestServer;
  api: ReturnType<typeof client>;
  source: ReturnType<typeof controlledSource>;
  as(role: string): Promise<string>;
  call<T = Record<string, unknown>>(role: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T & { code?: number; context?: string | null }; text: string }>;
  /** Moves the clock by ms and forgets tokens (sessions end after 12 h). */
  advance(ms: number): void;
  /** Waits until the market service has a quote from now on (after a clock move) at the source's price. */
  waitForPrice(): Promise<void>;
  userId(username: string): Promise<number>;
  /** A fresh user with an opening wallet (fund, gold, credit). */
  newUser(name: string, wallet: { fund?: string; gold?: string; credit?: string }, config?: Record<string, unknown>): Promise<number>;
  deposit(userId: number, wallet: { fund?: string; gold?: string }): Promise<void>;
}

/**
 * A test server at a trading moment, with a controlled gold price fed every 100 ms (the job
 * priceFeed); the order engine is not started: tests run it with `ts.app.orders.runOnce(now)`.
 */
export async function startOrderServer(env: Record<string, string> = {}): Promise<OrderTestServer> {
  const source = controlledSource();
  const ts = await startTestServer({ env: { PRICE_TICK_MS: '100', ...env }, app: { priceSource: source }, jobs: ['priceFeed'] });
  let offset = TRADING_MOMENT - Date.now();
  ts.advanceClock(offset);
  const api = client(ts);
  const tokens = new Map<string, { jwt: string; at: number }>();
  const as = async (role: string) => {
    const cached = tokens.get(role);
    if (cached && Date.now() - cached.at < 40_000) return cached.jwt;
    const who = ts.demo.byRole[role]!;
    const r = await api.login(who.username, who.password);
    expect(r.status, `sign-in of ${role}`).toBe(200);
    tokens.set(role, { jwt: r.body.jwt, at: Date.now() });
    return r.body.jwt;
  };
  const waitForPrice = async () => {
    const want = source.xau.ask;
    const since = Date.now() + offset;
    for (let i = 0; i < 100; i++) {
      const p = ts.app.market.orderPricing();
      const q = ts.app.market.currentQuotes();
      if (p && q && Date.parse(q.at) >= since && p.quote.ask === want) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the market never priced the quote');
  };
  let n = 0;
  const self: OrderTestServer = {
    ts,
    api,
    source,
    as,
    call: async (role, method, path, body, headers) => api.call(method, path, { token: await as(role), ...(body !== undefined ? { body } : {}), headers }),
    advance: (ms) => {
      offset += ms;
      ts.advanceClock(ms);
      tokens.clear();
    },
    waitForPrice,
    userId: async (username) => (await ts.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]))[0]!.id,
    async newUser(name, wallet, config = {}) {
      n++;
      const [u] = await ts.db.query<{ id: number }>(
        `INSERT INTO users (username, email, phone_country_code, phone_number) VALUES ($1, $2, '65', $3) RETURNING id`,
        [name, `${name}@example.com`, String(90000000 + n + Math.floor(Math.random() * 900000))],
      );
      const id = u!.id;
      for (const [k, v] of Object.entries(config)) await ts.db.query(`UPDATE users SET ${k} = $2 WHERE id = $1`, [id, v]);
      await self.deposit(id, wallet);
      if (wallet.credit) {
        await ts.db.transaction((tx) =>
          postEntry(tx, { kind: 'deposit', userId: id, createdBy: null, postings: [{ from: 'house:creditLine', to: `user:${id}:credit`, asset: 'MYR', amount: wallet.credit! }] }),
        );
      }
      return id;
    },
    async deposit(userId, wallet) {
      const postings: Posting[] = [];
      if (wallet.fund) postings.push({ from: 'house:bank', to: `user:${userId}:fund`, asset: 'MYR', amount: wallet.fund });
      if (wallet.gold) postings.push({ from: 'house:vault', to: `user:${userId}:gold`, asset: 'XAU', amount: wallet.gold });
      if (postings.length) await ts.db.transaction((tx) => postEntry(tx, { kind: 'deposit', userId, createdBy: null, postings }));
    },
  };
  await waitForPrice();
  return self;
}

let receipt: Promise<Buffer> | null = null;

/** A payment request's multipart form as the console sends it: its fields and a small PNG receipt. */
export async function receiptForm(fields: Record<string, string>): Promise<FormData> {
  receipt ??= import('sharp').then(({ default: sharp }) => sharp({ create: { width: 24, height: 16, channels: 3, background: '#d4a017' } }).png().toBuffer());
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('receipt', new Blob([new Uint8Array(await receipt)], { type: 'image/png' }), 'slip.png');
  return form;
}

/** Creates a deposit, withdrawal or transfer request as `role` (or, with `id`, approves that one), through the API. */
export async function assetRequest(o: OrderTestServer, action: string, role: string, fields: Record<string, string>, id?: number) {
  const path = id === undefined ? `${S}/asset/${action}/create` : `${S}/asset/${action}/${id}/approve`;
  const r = await fetch(`${o.ts.url}${path}`, { method: 'POST', body: await receiptForm(fields), headers: { authorization: `Bearer ${await o.as(role)}` } });
  return { status: r.status, body: (await r.json()) as { id: number; status: string; code?: number; context?: string | null } };
}
