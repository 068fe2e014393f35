import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * A real server process (apps/server/src/server.ts, as `npm start` runs it) for the tests and
 * benches that need more than one process or the process itself: its output kept, conditions on
 * that output awaited as it arrives (no polling), stopped with SIGTERM.
 */
const SERVER = join(import.meta.dirname, '..', 'server.ts');
const ADDRESS = /Aurum console: (http:\/\/[^/\s]+)\//;

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The first match of `pattern` in the output; refused when the process exits first or `ms` pass. */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** The console's address once the server prints it (127.0.0.1). */
  url(ms?: number): Promise<string>;
  /** SIGTERM, then the exit. */
  stop(): Promise<void>;
}

/** Starts the server with `env` over this process's environment (PORT 0, development, warnings only, no drain). */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, [SERVER], {
    // no drain by default: no proxy checks these processes' readiness (the cluster test sets its own)
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const heard = (d: Buffer) => {
    out += d.toString();
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', heard);
  child.stderr!.on('data', heard);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const l of [...listeners]) l();
  });

  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const done = () => {
        listeners.delete(check);
        clearTimeout(timer);
      };
      const check = () => {
        const m = out.match(pattern);
        if (m) {
          done();
          resolve(m);
        } else if (ended) {
          done();
          reject(new Error(`the server exited before printing ${pattern}:\n${out}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${ms} ms:\n${out}`));
      }, ms);
      listeners.add(check);
      check();
    });

  return {
    child,
    output: () => out,
    exited,
    waitFor,
    url: async (ms) => (await waitFor(ADDRESS, ms))[1]!.replace('localhost', '127.0.0.1'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
