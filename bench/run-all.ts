/**
 * `npm run bench`: runs every bench one after the other (each prints its own table as it goes),
 * gathers their result lines (`BENCH {json}`, bench/support/bench-kit.ts) and prints one summary
 * table: what, figure, baseline measured in the same run, ratio, goal, met. The defaults are
 * sized to finish in about ten minutes on a 2-core machine; `--full` runs the issue's sizes
 * (1,000,000 orders and audit rows; 1,000,000 orders exported; 5,000,000 journal postings; 100,000 users'
 * statements as CSV and 10,000 as PDFs), which take much longer. `--only a,b` runs some benches.
 * The table is also written to $TMPDIR/aurum-bench-summary.md.
 * bench/race-two-processes.ts is a correctness script, not a bench: it is not run here.
 *
 *   npm run bench [-- --full] [-- --only socket-fanout,memory]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_PREFIX, ROOT, type BenchResult } from './support/bench-kit.ts';

const { values } = parseArgs({ options: { full: { type: 'boolean', default: false }, only: { type: 'string' } } });
const FULL = values.full!;

/** Each bench and its arguments: the default sizes, then the issue's (--full). */
const BENCHES: ReadonlyArray<{ name: string; args: readonly string[]; full: readonly string[] }> = [
  { name: 'start', args: ['--runs', '3'], full: ['--runs', '3'] },
  { name: 'sign-in-page', args: ['--runs', '3'], full: ['--runs', '5'] },
  { name: 'memory', args: ['--idle-seconds', '15'], full: ['--idle-seconds', '30'] },
  { name: 'socket-fanout', args: ['--sockets', '5000', '--periods', '3'], full: ['--sockets', '5000', '--periods', '3'] },
  { name: 'orders-connection', args: ['--rows', '100000', '--iterations', '50'], full: ['--full'] },
  { name: 'replica-reads', args: ['--rows', '100000', '--rounds', '5', '--iterations', '40'], full: ['--rows', '1000000', '--rounds', '10', '--iterations', '40'] },
  { name: 'audit-export', args: ['--rows', '200000'], full: ['--rows', '1000000'] },
  { name: 'audit-object-search', args: ['--rows', '200000'], full: ['--rows', '1000000'] },
  { name: 'orders-export', args: ['--rows', '100000'], full: ['--rows', '1000000'] },
  { name: 'statements-batch', args: ['--users', '10000', '--small', '1000', '--pdf-users', '200', '--pdf-small', '20'], full: ['--users', '100000', '--small', '10000', '--pdf-users', '10000', '--pdf-small', '1000'] },
  { name: 'secure-calls', args: ['--seconds', '5'], full: ['--seconds', '10'] },
  { name: 'finance-close', args: ['--orders', '100000', '--postings', '500000'], full: ['--full', '--db', 'postgres'] },
  { name: 'journal-export', args: ['--postings', '300000', '--days', '31'], full: ['--postings', '3000000', '--days', '366'] },
  { name: 'coverage-check', args: ['--seconds', '3', '--rounds', '3'], full: ['--seconds', '10', '--rounds', '5', '--db', 'postgres'] },
  { name: 'compliance-hold-check', args: ['--calls', '150', '--rounds', '2'], full: ['--calls', '500', '--rounds', '3', '--db', 'postgres'] },
];

const only = values.only?.split(',');
const chosen = BENCHES.filter((b) => !only || only.includes(b.name));
if (only && chosen.length !== only.length) throw new Error(`unknown bench in --only; benches: ${BENCHES.map((b) => b.name).join(', ')}`);

function run(file: string, args: readonly string[]): Promise<{ code: number | null; results: BenchResult[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join('bench', `${file}.ts`), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const results: BenchResult[] = [];
    let partial = '';
    child.stdout!.on('data', (d: Buffer) => {
      process.stdout.write(d);
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line.startsWith(BENCH_PREFIX)) results.push(JSON.parse(line.slice(BENCH_PREFIX.length)) as BenchResult);
    });
    child.on('exit', (code) => resolve({ code, results }));
  });
}

const started = performance.now();
const rows: Array<BenchResult | { bench: string; failed: string }> = [];
const timings: string[] = [];
for (const bench of chosen) {
  const args = FULL ? bench.full : bench.args;
  console.log(`\n=== ${bench.name} ${args.join(' ')} ===\n`);
  const t0 = performance.now();
  const { code, results } = await run(bench.name, args);
  timings.push(`${bench.name} ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  rows.push(...results);
  if (code !== 0 || results.length === 0) rows.push({ bench: bench.name, failed: `exited ${code}${results.length === 0 ? ', no result' : ''}` });
}

const num = (v: number | null, unit = '') => (v === null || !Number.isFinite(v) ? '-' : `${v >= 100 ? v.toFixed(0) : v.toFixed(1)}${unit ? ` ${unit}` : ''}`);
const lines = [
  '| what | figure | baseline | ratio | goal | met? |',
  '|---|---:|---:|---:|---|---|',
  ...rows.map((r) =>
    'failed' in r
      ? `| ${r.bench} | - | - | - | - | FAILED (${r.failed}) |`
      : `| ${r.what} | ${num(r.figure, r.unit)} | ${num(r.baseline, r.unit)} | ${r.ratio === null ? '-' : `${r.ratio.toFixed(2)}x`} | ${r.goal} | ${r.goal === 'report' ? '-' : r.met ? 'yes' : 'NO'} |`,
  ),
];
const total = (performance.now() - started) / 1000;
const summary = `${lines.join('\n')}\n\n${FULL ? 'full sizes' : 'default sizes'}; ${timings.join(', ')}; total ${Math.floor(total / 60)} min ${Math.round(total % 60)} s\n`;
console.log(`\n=== summary ===\n\n${summary}`);
writeFileSync(join(tmpdir(), 'aurum-bench-summary.md'), summary);
process.exitCode = rows.some((r) => 'failed' in r || (r.goal !== 'report' && !r.met)) ? 1 : 0;
