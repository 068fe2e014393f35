import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, type SpawnedServer } from '../server-process.ts';
import type { ClusterTools } from './cluster-tools.ts';
import { asRoot, givenToPostgres, ownedFolder } from '../../cli/postgres-user.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';

/**
 * The production topology of compose.yaml without containers: a PostgreSQL of its own, PgBouncer in
 * transaction mode (deploy/pgbouncer.ini), three Aurum processes on fixed ports and HAProxy with
 * deploy/haproxy.cfg in front of them, everything on 127.0.0.1. `close()` (and, should the test
 * process die first, an exit handler) stops all of it.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');
export const HAPROXY_CFG = join(ROOT, 'deploy', 'haproxy.cfg');
export const PGBOUNCER_INI = join(ROOT, 'deploy', 'pgbouncer.ini');
export const DATABASE = 'aurum_cluster';

/** A free TCP port on 127.0.0.1 (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A child process whose output is kept (HAProxy, PgBouncer, Patroni, etcd). */
export interface Kept {
  child: ChildProcess;
  output(): string;
  exited: Promise<void>;
}
export function keep(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Kept {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => out, exited };
}
export const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

export type PoolMode = 'direct' | 'pgbouncer';

/** The `key = value` lines of deploy/pgbouncer.ini's [pgbouncer] section, with `overrides` replacing or adding keys. */
export function bouncerSettings(overrides: Record<string, string>): string[] {
  const settings = new Map<string, string>();
  let section = '';
  for (const raw of readFileSync(PGBOUNCER_INI, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith(';') || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (section === 'pgbouncer' && line.includes('=')) settings.set(line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim());
  }
  for (const [key, value] of Object.entries(overrides)) settings.set(key, value);
  return [...settings].map(([key, value]) => `${key} = ${value}`);
}

export interface Cluster {
  pg: PrivatePostgres;
  /** HAProxy's address: what clients use. */
  url: string;
  /** Each process's own address (127.0.0.1:<fixed port>). */
  directUrls: string[];
  servers: SpawnedServer[];
  /** Where the processes' DATABASE_URL points now. */
  mode: PoolMode;
  /** The environment process i starts with (in the current mode). */
  serverEnv(i: number): Record<string, string>;
  /** Starts process i again (after it exited) and waits for its address. */
  startServer(i: number): Promise<SpawnedServer>;
  /** HAProxy's view of each process in the readiness backend: 'UP', 'DOWN', ... */
  haproxyStatus(): Promise<string[]>;
  /** Waits until HAProxy sees process i (or every one) UP. */
  waitUp(i: number | 'all', ms?: number): Promise<void>;
  setMode(mode: PoolMode): void;
  /** PgBouncer's admin console (SHOW STATS). */
  bouncerAdminUrl: string;
  /** The output of HAProxy and PgBouncer, for a failure's message. */
  logs(): string;
  close(): Promise<void>;
}

export async function startCluster(tools: ClusterTools, options: { drainSeconds?: number } = {}): Promise<Cluster> {
  const folder = mkdtempSync(join(tmpdir(), 'aurum-cluster-'));
  ownedFolder(folder);
  const [pgPort, bouncerPort, proxyPort, statsPort, ...serverPorts] = await Promise.all(Array.from({ length: 7 }, () => freePort()));
  const cleanups: Array<() => void> = [];
  // should the test process end without close(): nothing it started outlives it
  const onExit = () => {
    for (const c of cleanups.splice(0).reverse()) {
      try {
        c();
      } catch {
        // best effort on the way out
      }
    }
  };
  process.once('exit', onExit);
  try {
    return await startParts();
  } catch (error) {
    process.removeListener('exit', onExit);
    onExit();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  async function startParts(): Promise<Cluster> {
    const pg = startPrivatePostgres(tools.pgBin, join(folder, 'pg'), pgPort!);
    cleanups.push(() => pg.destroy());
    await pg.createDatabase(DATABASE);

    // PgBouncer: deploy/pgbouncer.ini's pooling policy, pointed at this instance, trusting local clients
    const bouncerDir = ownedFolder(join(folder, 'pgbouncer'));
    const userlist = join(bouncerDir, 'userlist.txt');
    writeFileSync(userlist, '"postgres" ""\n');
    const ini = join(bouncerDir, 'pgbouncer.ini');
    // deploy/pgbouncer.ini's [pgbouncer] settings written out here (PgBouncer 1.18 ignores an
    // %include before the sections: it ran with its defaults, in session mode), with where it
    // listens, what it points at and how it authenticates replaced
    const overrides: Record<string, string> = {
      listen_addr: '127.0.0.1',
      listen_port: String(bouncerPort),
      auth_type: 'trust',
      admin_users: 'postgres',
      auth_file: userlist,
      unix_socket_dir: '',
    };
    writeFileSync(ini, ['[databases]', `${DATABASE} = host=127.0.0.1 port=${pgPort} dbname=${DATABASE}`, '[pgbouncer]', ...bouncerSettings(overrides), ''].join('\n'));
    givenToPostgres(userlist);
    givenToPostgres(ini);
    const bouncer = keep(tools.pgbouncer, asRoot ? ['-u', 'postgres', ini] : [ini]);
    cleanups.push(() => bouncer.child.kill('SIGKILL'));

    const directUrls = serverPorts.map((p) => `http://127.0.0.1:${p}`);
    const servers: SpawnedServer[] = [];
    cleanups.push(() => {
      for (const s of servers) if (alive(s.child)) s.child.kill('SIGKILL');
    });
    let mode: PoolMode = 'direct';
    const serverEnv = (i: number): Record<string, string> => ({
      PORT: String(serverPorts[i]),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DRAIN_SECONDS: String(options.drainSeconds ?? 2),
      SHUTDOWN_TIMEOUT_SECONDS: '15',
      PRICE_SOURCE: 'simulated',
      PRICE_TICK_MS: '500',
      ORDER_ENGINE_INTERVAL_MS: '500',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      ...(mode === 'pgbouncer'
        ? {
            DATABASE_URL: `postgres://postgres@127.0.0.1:${bouncerPort}/${DATABASE}`,
            DATABASE_DIRECT_URL: pg.url(DATABASE),
            DATABASE_POOL_MODE: 'transaction',
          }
        : { DATABASE_URL: pg.url(DATABASE) }),
    });
    const startServer = async (i: number) => {
      const s = spawnServer(serverEnv(i));
      servers[i] = s;
      await s.url(90_000);
      return s;
    };

    // the first alone (it migrates and seeds the demo data), then the other two together
    await startServer(0);
    await Promise.all([startServer(1), startServer(2)]);

    const haproxyEnv = {
      ...process.env,
      HAPROXY_BIND: `127.0.0.1:${proxyPort}`,
      HAPROXY_STATS: `127.0.0.1:${statsPort}`,
      AURUM_1: `127.0.0.1:${serverPorts[0]}`,
      AURUM_2: `127.0.0.1:${serverPorts[1]}`,
      AURUM_3: `127.0.0.1:${serverPorts[2]}`,
    };
    const haproxy = keep(tools.haproxy, ['-db', '-f', HAPROXY_CFG], haproxyEnv);
    cleanups.push(() => haproxy.child.kill('SIGKILL'));

    const haproxyStatus = async (): Promise<string[]> => {
      const r = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
      const lines = (await r.text()).trim().split('\n');
      const header = lines[0]!.replace(/^# /, '').split(',');
      const status = header.indexOf('status');
      const rows = lines.slice(1).map((l) => l.split(','));
      return [1, 2, 3].map((n) => rows.find((r) => r[0] === 'aurum' && r[1] === `aurum${n}`)?.[status] ?? 'missing');
    };
    const waitUp = async (i: number | 'all', ms = 30_000) => {
      const deadline = Date.now() + ms;
      let last: string[] = [];
      while (Date.now() < deadline) {
        try {
          last = await haproxyStatus();
          if (i === 'all' ? last.every((s) => s === 'UP') : last[i] === 'UP') return;
        } catch {
          // HAProxy still starting
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`HAProxy does not see ${i === 'all' ? 'every process' : `process ${i + 1}`} up within ${ms} ms: ${last.join(', ')}\n${haproxy.output()}`);
    };
    await waitUp('all', 60_000);

    return {
      pg,
      url: `http://127.0.0.1:${proxyPort}`,
      directUrls,
      servers,
      get mode() {
        return mode;
      },
      serverEnv,
      startServer,
      haproxyStatus,
      waitUp,
      setMode(m) {
        mode = m;
      },
      bouncerAdminUrl: `postgres://postgres@127.0.0.1:${bouncerPort}/pgbouncer`,
      logs: () => `--- haproxy\n${haproxy.output().slice(-4000)}\n--- pgbouncer\n${bouncer.output().slice(-4000)}`,
      async close() {
        process.removeListener('exit', onExit);
        await Promise.all(
          servers.map(async (s) => {
            if (!alive(s.child)) return;
            const timer = setTimeout(() => s.child.kill('SIGKILL'), 20_000);
            await s.stop();
            clearTimeout(timer);
          }),
        );
        for (const k of [haproxy, bouncer]) {
          if (alive(k.child)) k.child.kill('SIGTERM');
          await k.exited;
        }
        pg.destroy();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
}
