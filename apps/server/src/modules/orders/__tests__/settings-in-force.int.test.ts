import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/db.ts';
import { openPostgres } from '../../../db/pg-db.ts';
import { client } from '../../../testing/client.ts';
import { freshPostgresDatabase } from '../../../testing/postgres-databases.ts';
import { startServerProcess, type ServerProcess } from '../../../testing/money-race.ts';
import { DEMO_ADMINS } from '../../../seed/demo-accounts.ts';
import { postEntry } from '../../ledger/ledger-service.ts';

/**
 * What an acknowledged settings change does to orders (DECISIONS.md §11 "What a call acknowledged
 * is in force"; docs/decisions/0040-settings-version.md, 0041-money-paths-read-settings-under-lock.md):
 * two real server processes on one PostgreSQL database. PostgreSQL only: PGlite is one process on
 * one connection, where a switch and an order cannot interleave, so the race cannot happen there.
 *
 * The market is kept open at any hour by trading-period mode (XAU/MYR) and the simulated feed;
 * offline orders are open whenever panic is off.
 */
const driver = process.env.AURUM_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const S = '/v0/web/secure';
// B applies a change well within a second on a quiet machine; the bound is wider because CI runs
// both integration suites at once on two cores, where a process can wait its turn that long
const WITHIN = { timeout: 5_000, interval: 10 };
const ROUNDS = 4;
const password = (username: string) => DEMO_ADMINS.find((a) => a.username === username)!.password;

type Api = ReturnType<typeof client>;

(driver === 'postgres' ? describe : describe.skip)('settings acknowledged through one process are in force on both (postgres)', () => {
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-settings-test-'));
  let drop: () => Promise<void> = async () => undefined;
  let db: Db;
  let a: Api;
  let b: Api;
  const tokens = new Map<string, string>();
  let userId = 0;

  /** A token of `username` on that process (each process checks the other's tokens through the database too). */
  const as = async (api: Api, username: string, pass: string) => {
    const key = `${api === a ? 'a' : 'b'}:${username}`;
    const held = tokens.get(key);
    if (held) return held;
    const r = await api.login(username, pass);
    expect(r.status, `sign-in of ${username}`).toBe(200);
    tokens.set(key, r.body.jwt);
    return r.body.jwt;
  };
  const desk = (api: Api) => as(api, 'admin', 'Aurum#Demo2026');
  const approver = (api: Api) => as(api, 'operationapprover', password('operationapprover'));
  const viewer = (api: Api) => as(api, 'viewer', password('viewer'));

  const setMode = async (api: Api, path: string, enabled: boolean) => {
    const r = await api.call('POST', `${S}/mode/${path}`, { token: await approver(api), body: { enabled } });
    expect(r.status, r.text).toBe(200);
  };
  const setSpread = async (api: Api, spread: string) => {
    for (const aht of ['', '/aht']) {
      const r = await api.call('POST', `${S}/adjust/xau${aht}/spread/update`, { token: await approver(api), body: { buySpread: spread, sellSpread: spread } });
      expect(r.status, r.text).toBe(200);
    }
  };
  /** A sell of 1 g: offline (prices given) or at the market's live price. */
  const sell = async (api: Api, kind: 'offline' | 'market') =>
    kind === 'offline'
      ? api.call<{ id: number }>('POST', `${S}/order/customize`, {
          token: await desk(api),
          body: { userId, action: 1, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1.0000', costPrice: '385.000', quotePrice: '382.000', exchangeRate: '4.4700', finalPrice: '380.000', note: 'race', useAhtConfig: false },
        })
      : api.call<{ id: number }>('POST', `${S}/order/create`, {
          token: await desk(api),
          body: { userId, action: 1, orderType: 'MARKET', price: null, symbol: 'XAU/MYR', currency: 'MYR', quantity: '1', goodTillDate: null, comment: null },
        });
  const panicOn = async (api: Api) => (await api.call<{ panicMode: boolean }>('GET', `${S}/mode`, { token: await viewer(api) })).body.panicMode;
  const statusReason = async (api: Api) =>
    (await api.call<{ status: { reason: string | null; myr: { available: boolean } } }>('GET', `${S}/price/current`, { token: await viewer(api) })).body.status;

  beforeAll(async () => {
    const pg = await freshPostgresDatabase();
    drop = pg.drop;
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, PRICE_SOURCE: 'simulated', PRICE_TICK_MS: '200', ACCESS_TOKEN_TTL_SECONDS: '3600' };
    // one first, so that it migrates and seeds alone; then the other
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    a = client({ url: servers[0]!.url });
    b = client({ url: servers[1]!.url });
    db = await openPostgres(pg.url, { max: 2 });
    const [user] = await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', ['aminah']);
    userId = user!.id;
    await db.transaction((tx) =>
      postEntry(tx, { kind: 'deposit', userId, createdBy: null, postings: [{ from: 'house:vault', to: `user:${userId}:gold`, asset: 'XAU', amount: '100000.0000' }] }),
    );
    // XAU/MYR open at any hour while the feed is live
    await setMode(a, 'set_trading_period', true);
    await vi.waitUntil(async () => (await statusReason(a)).myr.available && (await statusReason(b)).myr.available, { timeout: 20_000, interval: 100 });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('on the process that switched it, panic is in GET mode and the price status at once; on the other within a second', async () => {
    await setMode(a, 'set_panic', true);
    // no wait: the 200 is in force where it was answered
    expect(await panicOn(a)).toBe(true);
    expect((await statusReason(a)).reason).toBe('panic mode');
    await vi.waitUntil(async () => (await panicOn(b)) && (await statusReason(b)).reason === 'panic mode', WITHIN);
    await setMode(a, 'set_panic', false);
    expect(await panicOn(a)).toBe(false);
    expect((await statusReason(a)).reason).not.toBe('panic mode');
    await vi.waitUntil(async () => !(await panicOn(b)) && (await statusReason(b)).reason !== 'panic mode', WITHIN);
  });

  it('an adjust acknowledged on A prices the next order on B', async () => {
    for (const spread of ['3.1', '4.2', '5.3']) {
      await setSpread(a, spread);
      const r = await sell(b, 'market');
      expect(r.status, r.text).toBe(200);
      const detail = await b.call<{ order: { spreadAdjustment: string | null } }>('GET', `${S}/order/${r.body.id}`, { token: await viewer(b) });
      expect(Number(detail.body.order.spreadAdjustment)).toBe(Number(spread));
    }
  });

  it(`panic switched on through A while auto-settle and adjust changes go through B: no order accepted after A acknowledged it, on A or B (${ROUNDS} rounds)`, async () => {
    let acceptedBefore = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await setMode(a, 'set_panic', false);
      // both take orders again (B within a second)
      const open = async (api: Api) => {
        const r = await sell(api, 'offline');
        if (r.status !== 200 && !r.text.includes('panic mode')) throw new Error(`an offline sell was refused: ${r.text}`);
        return r.status === 200;
      };
      // (how soon is the first test's matter; here the round only starts once both trade)
      await vi.waitUntil(async () => (await open(a)) && (await open(b)), { timeout: 10_000, interval: 10 });

      let stop = false;
      // settings changes in flight through B, one after another, until the round ends
      const churn = (async () => {
        let on = true;
        let n = 0;
        while (!stop) {
          n += 1;
          const r = n % 2 === 0
            ? await b.call('POST', `${S}/mode/set_auto_settle`, { token: await approver(b), body: { enabled: on } })
            : await b.call('POST', `${S}/adjust/xau/spread/update`, { token: await approver(b), body: { buySpread: `${n % 7}`, sellSpread: `${n % 5}` } });
          expect(r.status, r.text).toBe(200);
          on = !on;
        }
      })();
      let ackAt = Number.POSITIVE_INFINITY;
      const after: Array<{ on: string; status: number; text: string }> = [];
      // orders sent through both processes all along; each remembers when it was sent
      const senders = [a, a, b, b].map((api, i) =>
        (async () => {
          while (!stop) {
            const sentAt = performance.now();
            const r = await sell(api, i % 2 === 0 ? 'offline' : 'market');
            if (sentAt > ackAt) after.push({ on: api === a ? 'A' : 'B', status: r.status, text: r.text });
            else if (r.status === 200) acceptedBefore += 1;
          }
        })(),
      );
      let onA: Awaited<ReturnType<typeof sell>>;
      let onB: Awaited<ReturnType<typeof sell>>;
      try {
        // let the orders and the churn run, then switch panic on through A
        await new Promise((resolve) => setTimeout(resolve, 150 + round * 50));
        await setMode(a, 'set_panic', true);
        ackAt = performance.now();
        // and one order on each process as soon as A acknowledged
        [onA, onB] = await Promise.all([sell(a, 'offline'), sell(b, 'market')]);
        await vi.waitUntil(() => after.length >= 20, { timeout: 10_000, interval: 10 });
      } finally {
        stop = true;
        await Promise.all([churn, ...senders]);
      }

      expect(onA.body).toMatchObject({ code: 1008, context: 'panic mode' });
      expect(onB.body).toMatchObject({ code: 1008, context: 'panic mode' });
      const accepted = after.filter((o) => o.status === 200);
      expect(accepted, `round ${round}: orders accepted after panic was acknowledged`).toEqual([]);
      expect(after.filter((o) => !o.text.includes('panic mode'))).toEqual([]);
    }
    // the race was real: orders went through until the switch
    expect(acceptedBefore).toBeGreaterThan(ROUNDS);
  }, 120_000);
});
