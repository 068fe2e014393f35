import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricType, type MetricValueWithName } from 'prom-client';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { PoolStats } from '../db/db.ts';
import type { TopologyStats } from '../db/database-topology.ts';
import type { JobRunListener } from '../jobs/jobs-runner.ts';
import { appError } from './app-error.ts';

/**
 * Prometheus metrics of one application (README "Metrics"): a registry per application, not
 * prom-client's global one, so that several servers in one process (the tests) keep their own.
 * A mechanism: what it reports of the modules comes in as functions (`MetricsSources`, app.ts).
 * Everything but the request histogram and the jobs' counters is read when scraped.
 */
export const METRICS_PREFIX = 'aurum_';

/** Seconds; the calls of this server mostly end within a few milliseconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Seconds; a block is 0.1 s at least, and the watchdog ends the process at EVENT_LOOP_BLOCK_LIMIT_SECONDS (30 s by default). */
const LOOP_BLOCK_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

/** The route label of a call no route took (the not-found handler, the console's screens): raw URLs would make a series each. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read of the application when scraped. */
export interface MetricsSources {
  /** The application's clock (ages and the engine lag). */
  now: () => Date;
  pool: () => PoolStats | null;
  listener: () => { connected: boolean; reconnects: number };
  openSockets: () => number;
  /** Source time (ISO) of the last quotes accepted from each price source; null: none yet; check undefined: no check source. */
  priceTicks: () => { primary: string | null; check?: string | null };
  /** Every job's name (their series exist from the start, at 0). */
  jobs: readonly string[];
  /** The job whose time since its last success is the order engine lag. */
  engineJob: string;
  /** Where the database work goes (a PostgreSQL server: the leader, the replicas, the reads); null on PGlite. */
  topology: () => TopologyStats | null;
}

/** One series of the request histogram: counts per bucket (the last one: above every bound), sum, count. */
interface DurationSeries {
  readonly labels: { route: string; method: string; status: string };
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request duration histogram, kept outside prom-client's label hashing: a call finds its series
 * through two Map lookups (method, status) in its route's table and counts without allocating;
 * prom-client's own observe() hashes a label object per call, about 1.4 µs (this machine). Scraped
 * through prom-client's Histogram contract (get), so the registry writes it like any histogram.
 */
const REQUESTS_NAME = `${METRICS_PREFIX}http_request_duration_seconds`;
const REQUESTS_HELP =
  'Duration of HTTP calls on the main port, from the request to the last byte of the answer, by route template (`unmatched`: no route), method and status.';

/** prom-client declares MetricType as an enum in its types only: its value at run time is the string. */
const HISTOGRAM = 'histogram' as unknown as MetricType;

class RequestDurations extends Histogram<string> {
  private readonly series: DurationSeries[] = [];

  constructor(registry: Registry) {
    super({
      name: REQUESTS_NAME,
      help: REQUESTS_HELP,
      labelNames: ['route', 'method', 'status'],
      buckets: [...DURATION_BUCKETS],
      registers: [registry],
    });
  }

  /** The table of one route template: method, then status, to its series. */
  routeTable(route: string): RouteTable {
    const byMethod = new Map<string, Map<number, DurationSeries>>();
    return {
      observe: (method, status, seconds) => {
        let byStatus = byMethod.get(method);
        if (!byStatus) byMethod.set(method, (byStatus = new Map()));
        let s = byStatus.get(status);
        if (!s) {
          s = { labels: { route, method, status: String(status) }, counts: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
          byStatus.set(status, s);
          this.series.push(s);
        }
        let i = 0;
        while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
        s.counts[i]! += 1;
        s.sum += seconds;
        s.count += 1;
      },
    };
  }

  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    const values: MetricValueWithName<string>[] = [];
    const bucket = `${REQUESTS_NAME}_bucket`;
    for (const s of this.series) {
      let cumulative = 0;
      for (const [i, bound] of DURATION_BUCKETS.entries()) {
        cumulative += s.counts[i]!;
        values.push({ metricName: bucket, labels: { ...s.labels, le: bound }, value: cumulative });
      }
      values.push({ metricName: bucket, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${REQUESTS_NAME}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${REQUESTS_NAME}_count`, labels: s.labels, value: s.count });
    }
    return { name: REQUESTS_NAME, help: REQUESTS_HELP, type: HISTOGRAM, aggregator: 'sum', collect: () => undefined, values };
  }

  /** The registry writes the text from this one when a metric has it (prom-client's Histogram does). */
  getForPromString(): Promise<MetricObjectWithValues<MetricValueWithName<string>>> {
    return this.get();
  }
}

interface RouteTable {
  observe(method: string, status: number, seconds: number): void;
}

/** The metrics of one application: its registry, the request hooks' counts, the jobs' listener. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: RequestDurations;
  private readonly unmatched: RouteTable;
  private inFlight = 0;
  private sources: MetricsSources | null = null;
  private readonly jobRuns: Counter<'job'>;
  private readonly jobFailures: Counter<'job'>;
  private readonly jobLastSuccess: Gauge<'job'>;
  private readonly loopBlocks: Histogram<string>;
  private readonly replays: Counter<'route'>;
  /** Per job, the application clock's time of its last successful run (ms). */
  private readonly lastSuccess = new Map<string, number>();
  /** When the sources came (the engine lag counts from there until the engine's first success). */
  private watchedSince = 0;
  /** Ends one call in flight; shared by every response, so that counting one allocates no closure. */
  private readonly callEnded = (): void => {
    this.inFlight -= 1;
  };

  constructor() {
    const registry = this.registry;
    const prefix = METRICS_PREFIX;
    collectDefaultMetrics({ register: registry, prefix });
    this.requests = new RequestDurations(registry);
    this.unmatched = this.requests.routeTable(UNMATCHED_ROUTE);
    /** A gauge set when scraped, by `read` (given the sources, once app.ts handed them over). */
    const gauge = (name: string, help: string, read: (g: Gauge<string>, sources: MetricsSources) => void, labelNames: string[] = []) => {
      const g: Gauge<string> = new Gauge({
        name: `${prefix}${name}`,
        help,
        labelNames,
        registers: [registry],
        collect: () => {
          if (this.sources) read(g, this.sources);
        },
      });
    };
    gauge('http_requests_in_flight', 'HTTP calls on the main port received and not yet answered (or closed).', (g) => g.set(this.inFlight));
    const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
      gauge(name, help, (g, sources) => {
        const stats = sources.pool();
        if (stats) g.set(pick(stats));
      });
    pool('db_pool_connections', 'Database connections open in the pool (PGlite: always 1, one connection in the process).', (s) => s.total);
    pool('db_pool_idle_connections', 'Database connections open and idle in the pool.', (s) => s.idle);
    pool('db_pool_waiting_clients', 'Callers waiting for a database connection from the pool.', (s) => s.waiting);
    gauge('live_listener_connected', 'Whether the LISTEN connection that carries live events between processes is up (1) or not (0).', (g, sources) =>
      g.set(sources.listener().connected ? 1 : 0),
    );
    const reconnects: Counter<string> = new Counter({
      name: `${prefix}live_listener_reconnects_total`,
      help: 'Times the LISTEN connection came back after a loss (each time caches are dropped and consoles resync).',
      registers: [registry],
      collect: () => {
        if (!this.sources) return;
        reconnects.reset();
        reconnects.inc(this.sources.listener().reconnects);
      },
    });
    this.jobRuns = new Counter({ name: `${prefix}job_runs_total`, help: 'Ended runs of each background job, timed or by runOnce, failed ones included.', labelNames: ['job'], registers: [registry] });
    this.jobFailures = new Counter({ name: `${prefix}job_failures_total`, help: 'Runs of each background job that ended with an error.', labelNames: ['job'], registers: [registry] });
    this.jobLastSuccess = new Gauge({
      name: `${prefix}job_last_success_timestamp_seconds`,
      help: "Unix time (the application's clock) of the last successful run of each background job in this process; absent until its first.",
      labelNames: ['job'],
      registers: [registry],
    });
    gauge(
      'order_engine_lag_seconds',
      'Seconds since the order engine last completed a run without error in this process (since the process started, while it has not): grows when the engine is stuck, failing or switched off.',
      (g, sources) => {
        const last = this.lastSuccess.get(sources.engineJob) ?? this.watchedSince;
        g.set(Math.max(0, (sources.now().getTime() - last) / 1000));
      },
    );
    gauge(
      'price_age_seconds',
      'Seconds since the source time of the last quotes this process accepted from each price source (`primary`, `check`); absent until its first.',
      (g, sources) => {
        g.reset();
        const now = sources.now().getTime();
        const ticks = sources.priceTicks();
        for (const [source, at] of [['primary', ticks.primary], ['check', ticks.check]] as const) {
          const time = at ? new Date(at).getTime() : Number.NaN;
          if (Number.isFinite(time)) g.set({ source }, Math.max(0, (now - time) / 1000));
        }
      },
      ['source'],
    );
    gauge(
      'database_leader_info',
      'The PostgreSQL member this process writes to (host:port as the leader reports it) and its timeline, as labels of a 1; absent on the embedded database and before the first sample.',
      (g, sources) => {
        g.reset();
        const t = sources.topology();
        if (t?.member) g.set({ member: t.member, timeline: String(t.timeline ?? '') }, 1);
      },
      ['member', 'timeline'],
    );
    const failovers: Counter<string> = new Counter({
      name: `${prefix}database_failovers_total`,
      help: 'Times this process saw the leader change (a new timeline or another member): failovers and switchovers since it started.',
      registers: [registry],
      collect: () => {
        const t = this.sources?.topology();
        if (!t) return;
        failovers.reset();
        failovers.inc(t.failovers);
      },
    });
    gauge(
      'replica_lag_seconds',
      "Each replica's lag behind the leader as this process last saw it (READ_DATABASE_URL): the age of the oldest leader position it has not replayed; above REPLICA_MAX_LAG_SECONDS it serves no reads.",
      (g, sources) => {
        g.reset();
        for (const r of sources.topology()?.replicas ?? []) if (r.lagSeconds !== null) g.set({ member: r.member }, r.lagSeconds);
      },
      ['member'],
    );
    const replicaReads: Counter<string> = new Counter({
      name: `${prefix}replica_reads_total`,
      help: 'Statements of the replica-read calls (lists, exports, the orders connection, reports) by where they ran: `replica`, or `leader` with why (noReplica, lag, ownWrite: the replica had not replayed the caller\'s write within READ_YOUR_WRITES_WAIT_MS, replicaDown, recoveryConflict).',
      labelNames: ['target', 'reason'],
      registers: [registry],
      collect: () => {
        const t = this.sources?.topology();
        if (!t) return;
        replicaReads.reset();
        replicaReads.inc({ target: 'replica', reason: '' }, t.reads.replica);
        for (const [reason, n] of Object.entries(t.reads.leader)) replicaReads.inc({ target: 'leader', reason }, n);
      },
    });
    gauge('socket_connections', 'Live sockets (consoles) open on this process.', (g, sources) => g.set(sources.openSockets()));
    this.replays = new Counter({
      name: `${prefix}idempotent_replays_total`,
      help: 'Calls (and items of a batch) answered with the stored first answer of their Idempotency-Key instead of running again, by route template: a retry after a lost answer, an in-doubt COMMIT resolved, a double submit.',
      labelNames: ['route'],
      registers: [registry],
    });
    this.loopBlocks = new Histogram({
      name: `${prefix}event_loop_block_seconds`,
      help: 'Times the event loop was held 0.1 s or more (its heartbeat came that late), by how long: nothing else ran meanwhile, no call, no timer, no health check.',
      buckets: [...LOOP_BLOCK_BUCKETS],
      registers: [registry],
    });
  }

  /** The loop watch's listener: one block of the event loop, in seconds. */
  readonly loopBlocked = (seconds: number): void => {
    this.loopBlocks.observe(seconds);
  };

  /** route()'s listener: one call answered with its Idempotency-Key's stored first answer. */
  readonly idempotentReplayed = (route: string): void => {
    this.replays.inc({ route });
  };

  /** Hands over what the metrics read of the application (app.ts, once its parts exist). */
  watch(sources: MetricsSources): void {
    this.sources = sources;
    this.watchedSince = sources.now().getTime();
    for (const job of sources.jobs) {
      this.jobRuns.inc({ job }, 0);
      this.jobFailures.inc({ job }, 0);
    }
  }

  /** The jobs runner's listener: counts each run, and the time of each success. */
  readonly jobRun: JobRunListener = (job, run) => {
    this.jobRuns.inc({ job });
    if (!run.ok) {
      this.jobFailures.inc({ job });
      return;
    }
    const at = this.sources?.now().getTime() ?? Date.now();
    this.lastSuccess.set(job, at);
    this.jobLastSuccess.set({ job }, at / 1000);
  };

  /** The registered metrics' names (README's list is checked against them). */
  names(): string[] {
    return this.registry.getMetricsAsArray().map((m) => m.name);
  }

  /** Prometheus text of every metric now. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Counts a call in flight until its response closes (finished or cut). */
  callStarted(res: ServerResponse): void {
    this.inFlight += 1;
    res.on('close', this.callEnded);
  }

  /** The series table of a route template (the route's own onResponse hook holds it). */
  routeTable(route: string): RouteTable {
    return this.requests.routeTable(route);
  }

  /** A call no route took. */
  observeUnmatched(method: string, status: number, seconds: number): void {
    this.unmatched.observe(method, status, seconds);
  }
}

const ROUTE_HOOK = Symbol('metrics route hook');

/**
 * Counts every call of `app` (register before any route): in flight from onRequest until its
 * response closes; its duration, once answered, in one onResponse hook of its route that holds its
 * route template's table (added by onRoute, so no call reads `routeOptions`, which builds an object
 * per read), or in the application's onResponse hook when no route took it.
 */
export function registerMetricsHooks(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (_req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    metrics.callStarted(reply.raw);
    done();
  });
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (req.is404) metrics.observeUnmatched(req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const existing = route.onResponse === undefined ? [] : Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse];
    if (existing.some((h) => ROUTE_HOOK in h)) return;
    const table = metrics.routeTable(route.url);
    const hook: onResponseHookHandler = (req, reply, done) => {
      table.observe(req.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...existing, Object.assign(hook, { [ROUTE_HOOK]: true })];
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics on the main port, only when a token is configured: answered to `Authorization:
 * Bearer <token>` only, 401 (1151) to anything else. Unset, no route: the call is a 404 like any
 * unknown path. The port of METRICS_PORT (metrics-listener.ts) asks for no token.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  if (token === null) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = req.headers.authorization;
    // compared as digests: equal lengths, and no timing that tells how much of the token was right
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw appError(ErrorCode.WrongCredentials, 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
    }
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
