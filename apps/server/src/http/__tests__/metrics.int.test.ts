import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { client } from '../../testing/client.ts';
import { controlledSource } from '../../testing/controlled-source.ts';
import { openSocket } from '../../testing/socket-client.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { listenMetrics, type MetricsListener } from '../metrics-listener.ts';

const TOKEN = 'scrape-token-0123456789';
const WITHIN = { timeout: 10_000, interval: 20 };

/** The value of one sample of Prometheus text (labels in any order), or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.keys(got).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let ts: TestServer;
  let port: MetricsListener;
  const primary = controlledSource();
  const check = controlledSource();

  const scrape = async (token: string | null = TOKEN) => {
    const r = await client(ts).call('GET', '/metrics', token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
    return r;
  };
  /** What the port of METRICS_PORT answers now. */
  const scrapePort = async () => {
    const r = await fetch(`http://127.0.0.1:${port.port}/metrics`);
    expect(r.status).toBe(200);
    return r.text();
  };

  beforeAll(async () => {
    ts = await startTestServer({ env: { METRICS_TOKEN: TOKEN }, app: { priceSource: primary, priceCheckSource: check } });
    port = (await listenMetrics(ts.app.metrics, { host: '127.0.0.1', port: 0 }))!;
  });
  afterAll(async () => {
    await port?.close();
    await ts?.close();
  });

  it('answers only with the token on the main port: 401 with the error body without it or with another', async () => {
    const none = await scrape(null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 1151, context: expect.stringContaining('METRICS_TOKEN') });
    const wrong = await scrape(`${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(1151);
    const basic = await client(ts).call('GET', '/metrics', { basic: ['admin', TOKEN] });
    expect(basic.status).toBe(401);
    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.text).toContain('# TYPE aurum_http_request_duration_seconds histogram');
  });

  it('counts calls under their route template, method and status, never the raw URL', async () => {
    const c = client(ts);
    const login = await c.login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
    for (const id of [1, 2]) expect((await c.call('GET', `/v0/web/secure/user/${id}`, { token: login.body.jwt })).status).toBeLessThan(500);
    expect((await c.call('GET', '/v0/web/secure/user/3')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await c.call('GET', '/healthz')).status).toBe(200);
    expect((await c.call('GET', '/v0/no/such/route/42')).status).toBe(404);

    const text = (await scrape()).text;
    const count = (route: string, method: string, status: string) => sample(text, 'aurum_http_request_duration_seconds_count', { route, method, status });
    expect(count('/healthz', 'GET', '200')).toBe(3);
    expect(count('/v0/web/secure/user/:userId', 'GET', '401')).toBe(1);
    const detail = await c.call('GET', '/v0/web/secure/user/1', { token: login.body.jwt });
    const after = (await scrape()).text;
    expect(sample(after, 'aurum_http_request_duration_seconds_count', { route: '/v0/web/secure/user/:userId', method: 'GET', status: String(detail.status) })).toBe(
      (count('/v0/web/secure/user/:userId', 'GET', String(detail.status)) ?? 0) + 1,
    );
    expect(count('/v0/web/auth/admin/login', 'POST', '200')).toBe(1);
    expect(count('unmatched', 'GET', '404')).toBe(1);
    expect(text).not.toMatch(/route="\/v0\/web\/secure\/user\/\d/);
    expect(text).not.toContain('/v0/no/such/route');
    // a histogram: +Inf holds every call, the buckets only grow, the sum is a duration
    const labels = { route: '/healthz', method: 'GET', status: '200' };
    expect(sample(text, 'aurum_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    expect(sample(text, 'aurum_http_request_duration_seconds_bucket', { ...labels, le: '0.001' })).toBeLessThanOrEqual(sample(text, 'aurum_http_request_duration_seconds_bucket', { ...labels, le: '10' })!);
    expect(sample(text, 'aurum_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // the scrape itself is in flight while it is written
    expect(sample(text, 'aurum_http_requests_in_flight')).toBeGreaterThanOrEqual(1);
  });

  it('serves the same metrics on its own port without a token, and nothing else there', async () => {
    await vi.waitUntil(async () => sample(await scrapePort(), 'aurum_http_requests_in_flight') === 0, WITHIN);
    const text = await scrapePort();
    expect(sample(text, 'aurum_http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status: '200' })).toBe(3);
    expect(sample(text, 'aurum_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'aurum_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    const other = await fetch(`http://127.0.0.1:${port.port}/healthz`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ code: 1003, context: expect.any(String) });
  });

  it('shows the pool, the listener and the open sockets', async () => {
    const text = await scrapePort();
    const total = sample(text, 'aurum_db_pool_connections')!;
    const idle = sample(text, 'aurum_db_pool_idle_connections')!;
    if (ts.driver === 'pglite') expect([total, idle]).toEqual([1, 1]);
    else {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(idle).toBeLessThanOrEqual(total);
    }
    expect(sample(text, 'aurum_db_pool_waiting_clients')).toBe(0);
    expect(sample(text, 'aurum_live_listener_connected')).toBe(1);
    expect(sample(text, 'aurum_live_listener_reconnects_total')).toBe(0);
    expect(sample(text, 'aurum_socket_connections')).toBe(0);

    const login = await client(ts).login(ts.demo.superAdmin.username, ts.demo.superAdmin.password);
    const socket = await openSocket(ts.url, login.body.jwt);
    try {
      expect(sample(await scrapePort(), 'aurum_socket_connections')).toBe(1);
    } finally {
      socket.close();
    }
    await vi.waitUntil(async () => sample(await scrapePort(), 'aurum_socket_connections') === 0, WITHIN);
  });

  it("counts each job's runs, by runOnce and by its timer, with its last success; the engine lag is the time since the engine's last run", async () => {
    const before = await scrapePort();
    for (const job of ts.app.jobs.names()) {
      expect(sample(before, 'aurum_job_runs_total', { job }), job).toBe(0);
      expect(sample(before, 'aurum_job_failures_total', { job }), job).toBe(0);
    }
    expect(sample(before, 'aurum_job_last_success_timestamp_seconds', { job: 'orderEngine' })).toBeUndefined();

    ts.advanceClock(120_000);
    expect(sample(await scrapePort(), 'aurum_order_engine_lag_seconds')).toBeGreaterThanOrEqual(120);
    await ts.app.jobs.get('orderEngine').runOnce();
    await ts.app.jobs.get('orderCounts').runOnce();
    const after = await scrapePort();
    expect(sample(after, 'aurum_job_runs_total', { job: 'orderEngine' })).toBe(1);
    expect(sample(after, 'aurum_job_runs_total', { job: 'orderCounts' })).toBe(1);
    expect(sample(after, 'aurum_job_failures_total', { job: 'orderEngine' })).toBe(0);
    expect(sample(after, 'aurum_job_last_success_timestamp_seconds', { job: 'orderEngine' })).toBeCloseTo(ts.now().getTime() / 1000, -1);
    expect(sample(after, 'aurum_order_engine_lag_seconds')).toBeLessThan(60);

    // a started job counts its timed runs too (marketStatus runs every second)
    ts.app.jobs.start(['marketStatus']);
    await vi.waitUntil(async () => (sample(await scrapePort(), 'aurum_job_runs_total', { job: 'marketStatus' }) ?? 0) >= 1, WITHIN);
    await ts.app.jobs.get('marketStatus').stop();
  });

  it('shows the age of the last quotes of each price source', async () => {
    expect(sample(await scrapePort(), 'aurum_price_age_seconds', { source: 'primary' })).toBeUndefined();
    await ts.app.jobs.get('priceFeed').runOnce();
    await vi.waitUntil(() => ts.app.market.feedHealth().check?.lastTickAt != null && ts.app.market.feedHealth().primary.lastTickAt != null, WITHIN);
    ts.advanceClock(30_000);
    const text = await scrapePort();
    for (const source of ['primary', 'check']) {
      const age = sample(text, 'aurum_price_age_seconds', { source })!;
      expect(age, source).toBeGreaterThanOrEqual(30);
      expect(age, source).toBeLessThan(60);
    }
    expect(sample(text, 'aurum_job_runs_total', { job: 'priceFeed' })).toBe(1);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts?.close());

  it('is a 404 on the main port like any unknown path, and its registry is its own', async () => {
    const r = await client(ts).call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 1003, context: 'No route GET /metrics' });
    // another application in the same process counts only its own calls
    const text = await ts.app.metrics.text();
    expect(sample(text, 'aurum_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(sample(text, 'aurum_http_request_duration_seconds_count', { route: '/healthz', method: 'GET', status: '200' })).toBeUndefined();
  });
});
