import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHaproxyConfig, clusterRequired, CLUSTER_TOOLS_MISSING, onPath } from '../../apps/server/src/testing/cluster/cluster-tools.ts';

/**
 * The deployment files as an operator would check them without Docker: HAProxy accepts its
 * configuration with the addresses compose gives it and with the cluster test's, and the image runs
 * the production start as a non-root user with a liveness check.
 */
const root = join(import.meta.dirname, '..', '..');
const haproxyCfg = join(root, 'deploy', 'haproxy.cfg');

const haproxy = onPath('haproxy');
if (!haproxy && !clusterRequired()) console.log(`(haproxy -c skipped) ${CLUSTER_TOOLS_MISSING}`);

/** The haproxy service's environment in compose.yaml (the `KEY: value` lines under it). */
function composeHaproxyEnv(): Record<string, string> {
  const compose = readFileSync(join(root, 'compose.yaml'), 'utf8');
  const block = compose.split(/\n {2}haproxy:\n/)[1]!.split(/\n {2}[a-z0-9]+:\n/)[0]!;
  const env: Record<string, string> = {};
  for (const m of block.matchAll(/^ {6}([A-Z0-9_]+): "?([^"\n]+)"?$/gm)) env[m[1]!] = m[2]!;
  return env;
}

describe('deploy/haproxy.cfg', () => {
  (haproxy || clusterRequired() ? it : it.skip)('is valid with the addresses compose gives it and with the cluster test\'s', () => {
    expect(haproxy, CLUSTER_TOOLS_MISSING).not.toBeNull();
    const compose = composeHaproxyEnv();
    expect(Object.keys(compose).sort()).toEqual(['AURUM_1', 'AURUM_2', 'AURUM_3', 'HAPROXY_BIND', 'HAPROXY_STATS']);
    const withCompose = checkHaproxyConfig(haproxy!, haproxyCfg, compose);
    expect(withCompose.output).toContain('Configuration file is valid');
    const local = { HAPROXY_BIND: '127.0.0.1:18080', HAPROXY_STATS: '127.0.0.1:18404', AURUM_1: '127.0.0.1:13101', AURUM_2: '127.0.0.1:13102', AURUM_3: '127.0.0.1:13103' };
    const withTest = checkHaproxyConfig(haproxy!, haproxyCfg, local);
    expect(withTest, withTest.output).toMatchObject({ ok: true });
    // every address comes from the environment: without it the file is refused, not run with a default
    expect(checkHaproxyConfig(haproxy!, haproxyCfg, { ...local, AURUM_2: '' }).ok).toBe(false);
  });

  it('checks readiness on /readyz, retries only what is safe and keeps sockets open', () => {
    const cfg = readFileSync(haproxyCfg, 'utf8').replace(/^\s*#.*$/gm, '');
    expect(cfg).toMatch(/http-check send meth GET uri \/readyz/);
    expect(cfg).toMatch(/option redispatch/);
    expect(cfg).toMatch(/timeout tunnel \S+/);
    // a connection failure is retried for every call, an empty answer or a timeout for reads only
    expect(cfg).toMatch(/retry-on conn-failure empty-response response-timeout/);
    expect(cfg).toMatch(/http-request disable-l7-retry unless METH_GET/);
    // marking a draining process down must not cut the calls it is finishing
    expect(cfg).not.toMatch(/on-marked-down\s+shutdown-sessions/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8').replace(/^\s*#.*$/gm, '');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds on Node 24 in stages and runs the production start as a non-root user', () => {
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24[\w.-]*/);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    // one stage installs every dependency and builds the console
    expect(stages.filter((stage) => /RUN npm ci --no-audit/.test(stage) && /RUN npm run build/.test(stage))).toHaveLength(1);
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/CMD \[.*"apps\/server\/src\/server\.ts"\]/);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/livez/);
  });
});
