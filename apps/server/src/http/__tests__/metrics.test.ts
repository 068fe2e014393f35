import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Metrics, registerMetricsHooks, type MetricsSources } from '../metrics.ts';

const DEFAULT_GROUPS = ['aurum_process_', 'aurum_nodejs_'];

const sources = (over: Partial<MetricsSources> = {}): MetricsSources => ({
  now: () => new Date('2026-01-05T03:00:00Z'),
  pool: () => ({ total: 4, idle: 3, waiting: 0 }),
  listener: () => ({ connected: true, reconnects: 2 }),
  openSockets: () => 0,
  priceTicks: () => ({ primary: '2026-01-05T02:59:50Z' }),
  jobs: ['orderEngine'],
  engineJob: 'orderEngine',
  topology: () => null,
  ...over,
});

/** README's Metrics table: metric -> [type, labels]. */
function readmeMetrics(): Map<string, { type: string; labels: string[] }> {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', '..', 'README.md'), 'utf8');
  const section = readme.split('\n## Metrics\n')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, { type: string; labels: string[] }>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !cells[1]?.startsWith('`')) continue;
    for (const name of cells[1].match(/`([^`]+)`/g) ?? []) {
      rows.set(name.slice(1, -1), { type: cells[2]!, labels: (cells[3]!.match(/`([^`]+)`/g) ?? []).map((l) => l.slice(1, -1)) });
    }
  }
  return rows;
}

describe('README "Metrics"', () => {
  it('lists every metric this server registers, with its type and labels, and none it does not', () => {
    const metrics = new Metrics();
    const documented = readmeMetrics();
    const registered = metrics.registry.getMetricsAsArray() as unknown as Array<{ name: string; type: string; labelNames: string[] }>;
    for (const m of registered) {
      const group = DEFAULT_GROUPS.find((g) => m.name.startsWith(g));
      if (group) {
        expect(documented.has(`${group}*`), `README "Metrics" names ${group}*`).toBe(true);
        continue;
      }
      expect(documented.get(m.name), `README "Metrics" lists ${m.name}`).toEqual({ type: m.type, labels: [...m.labelNames] });
    }
    for (const name of documented.keys()) {
      if (name.endsWith('*')) continue;
      expect(registered.map((m) => m.name), `README "Metrics" lists ${name}, which is not registered`).toContain(name);
    }
  });
});

describe('Metrics', () => {
  it('counts each call once under its route template, method and status (HEAD included), and what no route took as unmatched', async () => {
    const metrics = new Metrics();
    metrics.watch(sources());
    const app = Fastify();
    registerMetricsHooks(app, metrics);
    app.get('/things/:id', async (req, reply) => reply.status((req.params as { id: string }).id === '0' ? 404 : 200).send({ ok: true }));
    await app.ready();
    for (const url of ['/things/1', '/things/2', '/things/0', '/nothing/here']) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'HEAD', url: '/things/3' });
    const text = await metrics.text();
    const count = (labels: string) => Number(new RegExp(`^aurum_http_request_duration_seconds_count\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(count('route="/things/:id",method="GET",status="200"')).toBe(2);
    expect(count('route="/things/:id",method="GET",status="404"')).toBe(1);
    expect(count('route="/things/:id",method="HEAD",status="200"')).toBe(1);
    expect(count('route="unmatched",method="GET",status="404"')).toBe(1);
    expect(text).toMatch(/^aurum_http_request_duration_seconds_bucket\{route="\/things\/:id",method="GET",status="200",le="\+Inf"\} 2$/m);
    expect(text).toMatch(/^aurum_http_requests_in_flight 0$/m);
    await app.close();
  });

  it('reads the pool, the listener and the price ages when scraped, and the engine lag from the last successful engine run', async () => {
    let now = new Date('2026-01-05T03:00:00Z');
    const metrics = new Metrics();
    metrics.watch(sources({ now: () => now }));
    let text = await metrics.text();
    expect(text).toMatch(/^aurum_db_pool_connections 4$/m);
    expect(text).toMatch(/^aurum_db_pool_idle_connections 3$/m);
    expect(text).toMatch(/^aurum_live_listener_reconnects_total 2$/m);
    expect(text).toMatch(/^aurum_price_age_seconds\{source="primary"\} 10$/m);
    expect(text).not.toContain('source="check"');
    now = new Date(now.getTime() + 90_000);
    expect(await metrics.text()).toMatch(/^aurum_order_engine_lag_seconds 90$/m);
    metrics.jobRun('orderEngine', { ok: true, seconds: 0.01 });
    now = new Date(now.getTime() + 2_000);
    metrics.jobRun('orderEngine', { ok: false, seconds: 0.01 });
    text = await metrics.text();
    expect(text).toMatch(/^aurum_order_engine_lag_seconds 2$/m);
    expect(text).toMatch(/^aurum_job_runs_total\{job="orderEngine"\} 2$/m);
    expect(text).toMatch(/^aurum_job_failures_total\{job="orderEngine"\} 1$/m);
  });
});
