import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../cli/backup-invariants.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/pg-db.ts';
import { runCli } from '../testing/cli-process.ts';
import { ClusterLoad, DEPOSIT_AMOUNT, failed, signInAll, tally, type Outcome, type Tokens } from '../testing/cluster/cluster-load.ts';
import { clusterRequired } from '../testing/cluster/cluster-tools.ts';
import { ConsoleSocket } from '../testing/cluster/console-socket.ts';
import {
  findPatroniTools,
  missingPatroniTools,
  PATRONI_TOOLS_MISSING,
  shippedTimers,
  startPatroniCluster,
  TEST_TIMERS,
  type PatroniCluster,
} from '../testing/cluster/patroni-cluster.ts';
import { until } from '../testing/until.ts';

/**
 * Failovers under a steady money load: three PostgreSQL members under Patroni with one etcd,
 * HAProxy (deploy/haproxy-postgres.cfg) sending writes to the leader, Aurum processes behind HAProxy
 * (deploy/haproxy.cfg), deposits created and approved and orders filled all along. Every money call
 * that fails with 503 or no answer is sent again as a careful client does (the same Idempotency-Key;
 * an approval after reading the request). What an operator checks after each fault: nothing
 * acknowledged lost, nothing applied twice, only 503 with the error body meanwhile, writes back
 * within bounds; at the end the journal balances and the audit chain verifies.
 *
 * Patroni's timers: production's (deploy/patroni/patroni.yml: ttl 20 s) make a failover take 15-20 s;
 * the test replaces them with TEST_TIMERS (ttl 10 s) to keep its wall time small, unless
 * HA_TIMERS=shipped. HA_RUNS (default 2) repeats the leader's death and its PostgreSQL's crash;
 * HA_KILL_RUNS and HA_CRASH_RUNS set each alone (bench/failover-drill.ts runs 5 and 10). Each
 * scenario prints one `HA <name>: ...` line with its figures.
 */
const tools = findPatroniTools();
const required = clusterRequired();
if (!tools && !required) console.log(`(HA test skipped: ${missingPatroniTools().join(', ')} missing) ${PATRONI_TOOLS_MISSING}`);

const runs = (name: string) => Math.max(1, Number(process.env[name] ?? process.env.HA_RUNS ?? 2));
const KILL_RUNS = runs('HA_KILL_RUNS');
const CRASH_RUNS = runs('HA_CRASH_RUNS');
const timers = process.env.HA_TIMERS === 'shipped' ? shippedTimers() : TEST_TIMERS;
/** How long a lost leader may take to be replaced and serve writes again: the issue's 20 s with the test's timers; ttl plus the same margin with production's. */
const WRITES_BACK_MS = Math.max(20_000, (timers.ttl + 10) * 1_000);

const summary = (name: string, figures: Record<string, unknown>) =>
  console.log(`HA ${name}: ${Object.entries(figures).map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(' ')}`);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const MONEY = new Set(['submit', 'approve', 'buyMyr', 'buyUsd']);
/**
 * A refusal the contract allows while the database is away: 503 with the error body's code; and an
 * approval sent again after its first answer was lost (no answer within the client's 20 s) that had
 * committed, refused as no longer pending (409, 3200): applied once, the retry finds it so.
 */
const refusedWell = (o: Outcome) => (o.status === 503 && typeof o.code === 'number') || (o.kind === 'approve' && o.status === 409 && o.code === 3200);
const describeFailures = (outcomes: readonly Outcome[]) => JSON.stringify(outcomes.filter((o) => failed(o) && !refusedWell(o)).slice(0, 5));

(tools || required ? describe : describe.skip)('failovers of a Patroni cluster under money load', () => {
  let cluster: PatroniCluster;
  let db: pg.Pool;
  let tokens: Tokens;
  let load: ClusterLoad;
  let socket: ConsoleSocket;

  beforeAll(async () => {
    expect(tools, PATRONI_TOOLS_MISSING).not.toBeNull();
    const startedAt = Date.now();
    cluster = await startPatroniCluster(tools!, { timers, servers: Number(process.env.HA_SERVERS ?? 2) });
    db = new pg.Pool({ connectionString: cluster.writeUrl, max: 2 });
    db.on('error', () => undefined); // the leader goes away on purpose
    tokens = await signInAll(cluster.url);
    const [user] = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'aminah'")).rows;
    load = new ClusterLoad(cluster.url, tokens, Number(user!.id), { retry: { forMs: 60_000, tag: 'ha' } });
    socket = await ConsoleSocket.open(cluster.url, tokens.desk);
    load.start(3);
    await load.flowing();
    summary('startup', { ...cluster.startup, totalMs: Date.now() - startedAt });
  }, 240_000);

  afterAll(async () => {
    const closing = Date.now();
    socket?.close();
    await load?.stop();
    await db?.end().catch(() => undefined);
    await cluster?.close();
    summary('closed', { closeMs: Date.now() - closing });
  }, 90_000);

  /** A query on the leader through the writes port, tried again while a failover is still settling. */
  async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    let rows: T[] = [];
    await until(`query ${text.slice(0, 40)}`, async () => {
      rows = (await db.query<T>(text, values)).rows;
      return true;
    }, 30_000, 200);
    return rows;
  }

  /** The first money call acknowledged that was sent at or after `t0`: writes are served again. */
  function firstWriteAfter(t0: number): Outcome | null {
    return load.outcomes.find((o) => o.sentAt >= t0 && o.status === 200 && MONEY.has(o.kind)) ?? null;
  }

  async function writesBackAfter(t0: number): Promise<number> {
    await until('a money call acknowledged after the fault', () => firstWriteAfter(t0) !== null, WRITES_BACK_MS + 30_000, 50).catch((e: unknown) => {
      throw new Error(`${String(e)}: ${JSON.stringify(tally(load.since(t0)))} ${describeFailures(load.since(t0))}\n${cluster.logs()}`);
    });
    return firstWriteAfter(t0)!.at - t0;
  }

  /** Everything acknowledged so far is on the leader, once; no operation's note is there twice. */
  async function acknowledgedKept(): Promise<{ acknowledged: number; lost: number; twice: number }> {
    const deposits = [...load.depositKeys.keys()];
    const approved = [...load.approved];
    const orders = [...load.orderKeys.keys()];
    const found = await q<{ id: number }>('SELECT id FROM payment_requests WHERE id = ANY($1::bigint[])', [deposits]);
    const foundApproved = await q<{ id: number }>("SELECT id FROM payment_requests WHERE id = ANY($1::bigint[]) AND status = 'approved'", [approved]);
    const foundOrders = await q<{ id: number }>('SELECT id FROM orders WHERE id = ANY($1::bigint[])', [orders]);
    const twice = [
      ...(await q<{ note: string }>("SELECT note FROM payment_requests WHERE note LIKE 'ha-%' GROUP BY note HAVING count(*) > 1")),
      ...(await q<{ note: string }>("SELECT note FROM orders WHERE note LIKE 'ha-%' GROUP BY note HAVING count(*) > 1")),
    ];
    const lost = deposits.length - found.length + (approved.length - foundApproved.length) + (orders.length - foundOrders.length);
    expect({ lost, twice: twice.map((r) => r.note), approvedTwice: approved.length - new Set(approved).size }).toEqual({ lost: 0, twice: [], approvedTwice: 0 });
    return { acknowledged: deposits.length + approved.length + orders.length, lost, twice: twice.length };
  }

  /** Waits until the order engine (its jobs under transaction advisory locks) settled every acknowledged XAU/USD fill: when. */
  async function allUsdSettled(): Promise<number> {
    let left = 0;
    return until('every acknowledged XAU/USD fill settled by the order engine', async () => {
      const [open] = await q<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::bigint[]) AND symbol = 'XAU/USD' AND status = 'FILLED'", [[...load.orders]]);
      left = open!.n;
      return left === 0;
    }, 30_000, 200).catch((e: unknown) => {
      throw new Error(`${String(e)}: ${left} left\n${cluster.servers.map((s) => s.output().slice(-1500)).join('\n---\n')}`);
    });
  }

  /** What callers saw since `t0`: only 503 with the error body, never a 500 or a bare failure. */
  function onlyContractRefusals(t0: number) {
    const outcomes = load.since(t0);
    expect(outcomes.filter((o) => failed(o) && !refusedWell(o)), describeFailures(outcomes)).toEqual([]);
    return { calls: outcomes.length, refused: tally(outcomes.filter(failed)) };
  }

  it(`the leader's machine dies (its Patroni and PostgreSQL SIGKILLed), ${KILL_RUNS} runs: nothing acknowledged lost or applied twice, writes back within 20 s, only 503`, async () => {
    const t0 = Date.now();
    const newLeaderMs: number[] = [];
    const writesBackMs: number[] = [];
    const rejoinedMs: number[] = [];
    for (let run = 0; run < KILL_RUNS; run++) {
      await cluster.waitHealthy();
      await load.flowing(10);
      const old = (await cluster.leader())!;
      const killedAt = Date.now();
      cluster.killMachine(old);
      await cluster.waitLeader(old, WRITES_BACK_MS + 30_000);
      newLeaderMs.push(Date.now() - killedAt);
      writesBackMs.push(await writesBackAfter(killedAt));
      // the machine comes back: its Patroni rejoins it as a replica of the new timeline (pg_rewind)
      cluster.startMember(old);
      await cluster.waitHealthy(120_000);
      rejoinedMs.push(Date.now() - killedAt);
    }
    // what each process keeps by itself moved to the new leader: the live listener (every process
    // ready again, the console hearing events), the price feed lease, the order engine's jobs
    const settledFrom = Date.now();
    await cluster.waitUp('all', 30_000);
    const socketEventMs = (await socket.messageAfter(settledFrom, null, 15_000)) - settledFrom;
    const leaseAt = await until('the price feed lease held on the new leader', async () => (await q<{ live: boolean }>('SELECT until > now() AS live FROM market_feed_lease WHERE id = 1'))[0]?.live === true, 30_000, 200);
    const ordersBefore = load.orders.length;
    await until('orders acknowledged after the failovers', () => load.orders.length >= ordersBefore + 4, 30_000, 100);
    const engineAt = await allUsdSettled();
    await load.flowing(10);
    const kept = await acknowledgedKept();
    const seen = onlyContractRefusals(t0);
    summary('leader-killed', {
      runs: KILL_RUNS,
      ttl: timers.ttl,
      loopWait: timers.loopWait,
      retryTimeout: timers.retryTimeout,
      newLeaderP50Ms: p50(newLeaderMs),
      newLeaderMaxMs: Math.max(...newLeaderMs),
      writesBackP50Ms: p50(writesBackMs),
      writesBackMaxMs: Math.max(...writesBackMs),
      rejoinedMaxMs: Math.max(...rejoinedMs),
      socketEventMs,
      leaseLiveMs: leaseAt - settledFrom,
      engineSettledMs: engineAt - settledFrom,
      ...kept,
      resolvedByState: load.resolvedByState.length,
      ...seen,
    });
    expect(p50(writesBackMs)).toBeLessThanOrEqual(WRITES_BACK_MS);
  }, KILL_RUNS * 180_000);

  it(`the leader's PostgreSQL alone crashes and its Patroni restarts it, ${CRASH_RUNS} runs: never a 500, nothing lost`, async () => {
    const t0 = Date.now();
    const writesBackMs: number[] = [];
    const stayedLeader: boolean[] = [];
    for (let run = 0; run < CRASH_RUNS; run++) {
      await cluster.waitHealthy();
      await load.flowing(10);
      const old = (await cluster.leader())!;
      const crashedAt = Date.now();
      cluster.crashPostgres(old);
      writesBackMs.push(await writesBackAfter(crashedAt));
      await cluster.waitHealthy(120_000);
      stayedLeader.push((await cluster.leader()) === old);
    }
    await load.flowing(10);
    const kept = await acknowledgedKept();
    const seen = onlyContractRefusals(t0);
    const answered500 = load.since(t0).filter((o) => o.status === 500).length;
    summary('postgres-crashed', {
      runs: CRASH_RUNS,
      answered500,
      writesBackP50Ms: p50(writesBackMs),
      writesBackMaxMs: Math.max(...writesBackMs),
      sameLeaderAfter: `${stayedLeader.filter(Boolean).length}/${CRASH_RUNS}`,
      ...kept,
      ...seen,
    });
    expect(answered500).toBe(0);
  }, CRASH_RUNS * 120_000);

  it('a planned switchover under load: nothing lost, a short 503 window, the console socket back within 2 s', async () => {
    await cluster.waitHealthy();
    await load.flowing(10);
    const old = (await cluster.leader())!;
    const sync = (await cluster.view())!.members.find((v) => v.role === 'sync_standby')!.name;
    const candidate = cluster.members.findIndex((m) => m.name === sync);
    const t0 = Date.now();
    const output = await cluster.switchover(old, candidate);
    const newLeader = await cluster.waitLeader(old, 60_000);
    const writesBackMs = await writesBackAfter(t0);
    await cluster.waitHealthy(120_000);
    await load.flowing(20);
    const refused = load.since(t0).filter(failed);
    const windowMs = refused.length ? Math.max(...refused.map((o) => o.at)) - Math.min(...refused.map((o) => o.sentAt)) : 0;
    const kept = await acknowledgedKept();
    const seen = onlyContractRefusals(t0);
    const socketGapMs = socket.maxGap(t0);
    summary('switchover', {
      from: cluster.members[old]!.name,
      to: cluster.members[newLeader]!.name,
      refusedWindowMs: windowMs,
      writesBackMs,
      socketGapMs,
      socketCloses: socket.gaps.filter((g) => g.closedAt >= t0).length,
      ...kept,
      ...seen,
    });
    expect(newLeader, output).toBe(candidate);
    expect(socketGapMs).toBeLessThanOrEqual(2_000);
    // the console still gets events: a price frame or any message after the switchover
    await socket.messageAfter(Date.now(), null, 10_000);
  }, 240_000);

  // Not in `npm test` yet (HA_ISOLATION=1 runs it; bench/failover-drill.ts does): under a load average
  // near 20 it failed three times of five: the frozen leader, thawed, was the leader again on its own
  // timeline, and once an acknowledged operation was missing afterwards. An open problem, not a
  // flaky test: docs/bench-history.md, "Failover drill".
  it.skipIf(process.env.HA_ISOLATION !== '1')('the old leader cut off (SIGSTOP) while a new one takes over: no write accepted by it, it rejoins as a replica', async () => {
    await cluster.waitHealthy();
    await load.flowing(10);
    const old = (await cluster.leader())!;
    const frozenAt = Date.now();
    cluster.freeze(old);
    let thawed = false;
    try {
      const newLeader = await cluster.waitLeader(old, WRITES_BACK_MS + 30_000);
      const newLeaderAt = Date.now();
      const writesBackMs = await writesBackAfter(frozenAt);
      // a frozen member answers nothing: an acknowledgement sent after the freeze and answered before
      // another member led would have come from it
      const acceptedByOld = load.outcomes.filter((o) => MONEY.has(o.kind) && o.status === 200 && o.sentAt >= frozenAt && o.at < newLeaderAt).length;
      cluster.thaw(old);
      thawed = true;
      const thawedAt = Date.now();
      // from its return until it follows the new leader, HAProxy never sends it a write
      let upAsPrimary = 0;
      await until(`${cluster.members[old]!.name} a replica of the new leader`, async () => {
        if ((await cluster.proxyStatus()).primary[old] === 'UP') upAsPrimary++;
        const v = await cluster.view();
        const me = v?.members.find((m) => m.name === cluster.members[old]!.name);
        const lead = v?.members.find((m) => m.role === 'leader');
        return !!me && me.role !== 'leader' && (me.state === 'running' || me.state === 'streaming') && me.timeline === lead?.timeline && me.lag !== 'unknown';
      }, 120_000, 100).catch(async (e: unknown) => {
        throw new Error(`${String(e)}: ${JSON.stringify(await cluster.view())}\n${cluster.logs()}`);
      });
      const rejoinedMs = Date.now() - thawedAt;
      await cluster.waitHealthy(120_000);
      await load.flowing(10);
      const kept = await acknowledgedKept();
      const seen = onlyContractRefusals(frozenAt);
      summary('old-leader-isolated', {
        old: cluster.members[old]!.name,
        newLeader: cluster.members[newLeader]!.name,
        newLeaderMs: newLeaderAt - frozenAt,
        writesBackMs,
        acceptedByOld,
        proxiedToOldAfterReturn: upAsPrimary,
        rejoinedAsReplicaMs: rejoinedMs,
        ...kept,
        ...seen,
      });
      expect({ acceptedByOld, upAsPrimary }).toEqual({ acceptedByOld: 0, upAsPrimary: 0 });
    } finally {
      if (!thawed) cluster.thaw(old);
    }
  }, 300_000);

  it('after every fault: each operation applied exactly once, the journal balances, the audit chain verifies', async () => {
    await load.stop();
    const unresolved = load.unresolved.map((u) => u.key);
    const acknowledgedNotes = new Set([...load.depositKeys.values(), ...load.orderKeys.values()]);
    const deposits = await q<{ note: string; status: string; id: number }>("SELECT note, status, id FROM payment_requests WHERE note LIKE 'ha-%'");
    const orders = await q<{ note: string }>("SELECT note FROM orders WHERE note LIKE 'ha-%'");
    // what the database holds that was never acknowledged: only operations whose retries ran out
    const unacknowledged = [...deposits, ...orders].map((r) => r.note).filter((n) => !acknowledgedNotes.has(n) && !unresolved.includes(n));
    const approvedInDb = deposits.filter((d) => d.status === 'approved').map((d) => Number(d.id));
    const approvedUnacknowledged = approvedInDb.filter((id) => !load.approved.includes(id) && !load.unresolved.some((u) => u.requestId === id));
    const kept = await acknowledgedKept();
    const credited = (await q<{ sum: string }>("SELECT coalesce(sum(amount), 0)::numeric(20,2)::text AS sum FROM payment_requests WHERE note LIKE 'ha-%' AND status = 'approved'"))[0]!.sum;
    const expected = (Number(DEPOSIT_AMOUNT) * load.approved.length).toFixed(2);

    // the engine settles the last fills first: the invariants read the journal and the balances in
    // separate statements, and a settlement between them would show as a difference
    await allUsdSettled();
    const config = loadConfig({ NODE_ENV: 'development', DATABASE_URL: cluster.writeUrl });
    const appDb = await openPostgres(cluster.writeUrl, { max: 1 });
    const report = await checkInvariants(appDb, config, null).finally(() => appDb.close());
    const audit = await runCli('audit-verify.ts', { DATABASE_URL: cluster.writeUrl, NODE_ENV: 'development' });
    summary('totals', {
      ...kept,
      deposits: deposits.length,
      orders: orders.length,
      approved: load.approved.length,
      resolvedByState: load.resolvedByState.length,
      unresolved: unresolved.length,
      credited,
      calls: load.outcomes.length,
      refused: tally(load.outcomes.filter(failed)),
      auditVerify: audit.code,
    });
    expect(load.outcomes.filter((o) => failed(o) && !refusedWell(o)), describeFailures(load.outcomes)).toEqual([]);
    expect({ unacknowledged, approvedUnacknowledged, unresolved }).toEqual({ unacknowledged: [], approvedUnacknowledged: [], unresolved: [] });
    expect(credited).toBe(expected);
    expect(report.breaks, report.figures.join('\n')).toEqual([]);
    expect(audit.code, audit.output).toBe(0);
  }, 120_000);
});
