/**
 * bench/failover-drill: the HA suite (apps/server/src/__tests__/failover.ha.test.ts) at the issue's
 * sizes: the leader's machine killed 5 times and its PostgreSQL crashed 10 times under money load,
 * then the switchover and the isolated old leader, with Patroni's production timers
 * (deploy/patroni/patroni.yml: ttl 20 s) instead of the test's. Prints the suite's `HA <name>: ...`
 * lines at the end (the figures of docs/bench-history.md) and exits as the suite did. A correctness
 * drill, not a timed bench: bench/run-all.ts does not run it.
 *
 *   npx node bench/failover-drill.ts [--kill-runs 5] [--crash-runs 10] [--timers shipped|test] [--servers 2]
 *   (needs Debian's patroni, etcd-server, haproxy and postgresql; about 12 minutes with the defaults)
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    'kill-runs': { type: 'string', default: '5' },
    'crash-runs': { type: 'string', default: '10' },
    timers: { type: 'string', default: 'shipped' },
    servers: { type: 'string', default: '2' },
  },
});
if (values.timers !== 'shipped' && values.timers !== 'test') {
  console.error('--timers is shipped (deploy/patroni/patroni.yml) or test (the HA test\'s shorter ones)');
  process.exit(2);
}
const root = join(import.meta.dirname, '..');
const env = {
  ...process.env,
  HA_KILL_RUNS: values['kill-runs'],
  HA_CRASH_RUNS: values['crash-runs'],
  HA_TIMERS: values.timers === 'shipped' ? 'shipped' : '',
  HA_SERVERS: values.servers,
  // the isolated old leader too (an open problem the suite does not run by default)
  HA_ISOLATION: '1',
  // the drill must run: missing tools fail it instead of skipping it
  AURUM_REQUIRE_PG: '1',
};
const startedAt = Date.now();
const child = spawn('npx', ['vitest', 'run', '--project', 'ha'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (d: Buffer) => {
    output += d.toString();
    process.stdout.write(d);
  });
}
const code: number | null = await new Promise((resolve) => child.on('close', resolve));
// eslint-disable-next-line no-control-regex
const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((l) => l.startsWith('HA '));
console.log(`\n=== failover drill (${values['kill-runs']} leader kills, ${values['crash-runs']} PostgreSQL crashes, ${values.timers} timers, ${Math.round((Date.now() - startedAt) / 1000)} s) ===`);
for (const l of lines) console.log(l);
process.exit(code ?? 1);
