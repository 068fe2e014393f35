import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { execAsPostgres, givenToPostgres, ownedFolder, runAsPostgres } from '../../cli/postgres-user.ts';
import { spawnServer, type SpawnedServer } from '../server-process.ts';
import { until } from '../until.ts';
import { alive, freePort, HAPROXY_CFG, keep, type Kept } from './cluster.ts';
import { onPath, postgresBin } from './cluster-tools.ts';

/**
 * The PostgreSQL of compose.yaml's HA topology without containers: one etcd, three Patroni members
 * (deploy/patroni/patroni.yml) bootstrapped in a scratch folder on free ports of 127.0.0.1, HAProxy
 * with deploy/haproxy-postgres.cfg as shipped (its addresses from the environment) in front of them,
 * Aurum processes whose DATABASE_URL is HAProxy's writes port, and HAProxy with deploy/haproxy.cfg in
 * front of those. Under root, etcd, Patroni and PostgreSQL run as the postgres user. The faults an
 * operator meets are helpers: a member's machine dying, its PostgreSQL alone crashing, a member
 * frozen (cut off) and thawed, a planned switchover, a replica's replay paused. `close()` (and, should
 * the test process die first, an exit handler) ends everything.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');
export const PATRONI_YML = join(ROOT, 'deploy', 'patroni', 'patroni.yml');
export const POST_BOOTSTRAP = join(ROOT, 'deploy', 'patroni', 'post-bootstrap.sh');
export const HAPROXY_POSTGRES_CFG = join(ROOT, 'deploy', 'haproxy-postgres.cfg');
/** The application's database and role, as post-bootstrap.sh creates them. */
export const HA_DATABASE = 'aurum';
const PASSWORDS = { superuser: 'ha-superuser', replication: 'ha-replication', rewind: 'ha-rewind', aurum: 'ha-aurum' } as const;

export interface PatroniTools {
  patroni: string;
  patronictl: string;
  etcd: string;
  haproxy: string;
  /** The folder of initdb, pg_ctl, postgres, pg_rewind of one PostgreSQL version. */
  pgBin: string;
}

export function findPatroniTools(): PatroniTools | null {
  const [patroni, patronictl, etcd, haproxy, pgBin] = [onPath('patroni'), onPath('patronictl'), onPath('etcd'), onPath('haproxy'), postgresBin()];
  return patroni && patronictl && etcd && haproxy && pgBin ? { patroni, patronictl, etcd, haproxy, pgBin } : null;
}

/** What is missing, in words, for the skip notice. */
export function missingPatroniTools(): string[] {
  const missing: string[] = [];
  for (const name of ['patroni', 'patronictl', 'etcd', 'haproxy']) if (!onPath(name)) missing.push(name);
  if (!postgresBin()) missing.push('initdb and pg_ctl (postgresql)');
  return missing;
}

export const PATRONI_TOOLS_MISSING =
  "The HA test needs Debian's patroni, etcd-server, haproxy and postgresql: " +
  'sudo apt-get install -y patroni etcd-server haproxy postgresql (.ci/run installs them).';

/** Patroni's timers (bootstrap.dcs): how fast a lost leader is replaced. */
export interface Timers {
  ttl: number;
  loopWait: number;
  retryTimeout: number;
}

/** The timers deploy/patroni/patroni.yml ships (production's). */
export function shippedTimers(): Timers {
  const text = readFileSync(PATRONI_YML, 'utf8');
  const read = (key: string) => Number(new RegExp(`^ {4}${key}: (\\d+)`, 'm').exec(text)?.[1]);
  return { ttl: read('ttl'), loopWait: read('loop_wait'), retryTimeout: read('retry_timeout') };
}

/**
 * The timers the HA test runs with unless told otherwise: production's failover takes ttl (20 s); the
 * test replaces them to keep its wall time small (a failover in 8-10 s). Still ttl >= loop_wait + 2 x
 * retry_timeout, as Patroni needs.
 */
export const TEST_TIMERS: Timers = { ttl: 10, loopWait: 2, retryTimeout: 4 };

/**
 * deploy/patroni/patroni.yml as shipped, with only what cannot be the same here replaced: the timers
 * (when they are not production's), the socket folder (a scratch one) and where post-bootstrap.sh is.
 * Everything else (addresses, folders, passwords) is set through Patroni's environment variables,
 * as compose.yaml sets it.
 */
export function memberConfig(timers: Timers, sockets: string): string {
  return readFileSync(PATRONI_YML, 'utf8')
    .replace(/^ {4}ttl: \d+/m, `    ttl: ${timers.ttl}`)
    .replace(/^ {4}loop_wait: \d+/m, `    loop_wait: ${timers.loopWait}`)
    .replace(/^ {4}retry_timeout: \d+/m, `    retry_timeout: ${timers.retryTimeout}`)
    .replace(/^( {4}unix_socket_directories: ).*$/m, `$1${sockets}`)
    .replace(/^( {2}post_bootstrap: ).*$/m, `$1${POST_BOOTSTRAP}`);
}

export interface Member {
  name: string;
  pgPort: number;
  apiPort: number;
  dataDir: string;
  /** Patroni's process (null when it was never started or was killed). */
  patroni: Kept | null;
}

/** A member's view of the cluster (Patroni's GET /cluster). */
export interface ClusterView {
  members: Array<{ name: string; role: string; state: string; timeline?: number; lag?: number | string }>;
}

export interface PatroniCluster {
  /** How long each part of the start took (ms): for the test's figures. */
  startup: Record<string, number>;
  members: Member[];
  timers: Timers;
  /** postgres://aurum:…@127.0.0.1:<HAProxy writes port>/aurum: Aurum's DATABASE_URL. */
  writeUrl: string;
  /** The same through HAProxy's reads port: READ_DATABASE_URL. */
  readUrl: string;
  /** A superuser's connection straight to member i. */
  memberUrl(i: number, database?: string): string;
  /** HAProxy (deploy/haproxy.cfg) in front of the Aurum processes: what clients use. */
  url: string;
  directUrls: string[];
  servers: SpawnedServer[];
  /** The environment process i starts with. */
  serverEnv(i: number): Record<string, string>;
  startServer(i: number): Promise<SpawnedServer>;
  /** The member holding the leader key as the live members see it, or null. */
  leader(): Promise<number | null>;
  /** Waits until a member other than `not` leads (and answers GET /primary 200): its index. */
  waitLeader(not?: number | null, ms?: number): Promise<number>;
  /** The first live member's GET /cluster. */
  view(): Promise<ClusterView | null>;
  /** Waits until every member runs and the replicas stream from the leader on its timeline, one of them synchronous. */
  waitHealthy(ms?: number): Promise<void>;
  /** Member i's machine dies: its Patroni, its postmaster and the postmaster's children SIGKILLed. */
  killMachine(i: number): void;
  /** Member i's Patroni started again (its machine back): it rejoins, with pg_rewind when needed. */
  startMember(i: number): void;
  /** Member i's PostgreSQL crashes (postmaster SIGKILLed); its Patroni stays and restarts it. */
  crashPostgres(i: number): void;
  /** Member i frozen (SIGSTOP of its Patroni, postmaster and backends): cut off, as by a partition. */
  freeze(i: number): void;
  thaw(i: number): void;
  /** `patronictl switchover --force` from the leader to `candidate`: its output. */
  switchover(leader: number, candidate: number): Promise<string>;
  /** patronictl with the cluster's configuration: its output (refused on failure). Not synchronous: the load goes on meanwhile. */
  patronictl(args: string[]): Promise<string>;
  /** pg_wal_replay_pause() (or resume) on member i. */
  pauseReplay(i: number): Promise<void>;
  resumeReplay(i: number): Promise<void>;
  /** The postmaster's pid of member i (from postmaster.pid), or null. */
  postmasterPid(i: number): number | null;
  /** HAProxy's view of each member in the writes and reads backends: 'UP', 'DOWN', ... */
  proxyStatus(): Promise<{ primary: string[]; replicas: string[] }>;
  /** Waits until HAProxy sees Aurum process i (or every one) UP. */
  waitUp(i: number | 'all', ms?: number): Promise<void>;
  logs(): string;
  close(): Promise<void>;
}

interface Options {
  timers?: Timers;
  /** Aurum processes (1-3; haproxy.cfg's slots left over point at a closed port). */
  servers?: number;
}


/** GET on a member's REST API, bounded (a frozen member never answers). */
async function rest(port: number, path: string, ms = 1_000): Promise<{ status: number; body: unknown } | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(ms) });
    const text = await r.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: r.status, body };
  } catch {
    return null;
  }
}

/** The pids of `pid`'s children. */
function childrenOf(pid: number): number[] {
  const r = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout.split('\n').map((l) => Number(l.trim())).filter((n) => n > 0);
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

export async function startPatroniCluster(tools: PatroniTools, options: Options = {}): Promise<PatroniCluster> {
  const timers = options.timers ?? TEST_TIMERS;
  const serverCount = options.servers ?? 2;
  const folder = ownedFolder(mkdtempSync(join(tmpdir(), 'aurum-ha-')));
  const ports = await Promise.all(Array.from({ length: 14 + serverCount }, () => freePort()));
  const [etcdClient, etcdPeer, writePort, readPort, pgStatsPort, proxyPort, statsPort, closedPort] = ports as [number, number, number, number, number, number, number, number];
  const pgPorts = ports.slice(8, 11);
  const apiPorts = ports.slice(11, 14);
  const serverPorts = ports.slice(14);
  const cleanups: Array<() => void> = [];
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
  // stopped by a signal (a run interrupted), nothing it started is left running either
  const onSignal = (sig: NodeJS.Signals) => {
    onExit();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await startParts();
  } catch (error) {
    process.removeListener('exit', onExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    onExit();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  async function startParts(): Promise<PatroniCluster> {
    const startup: Record<string, number> = {};
    let phase = Date.now();
    const lap = (name: string) => {
      startup[name] = Date.now() - phase;
      phase = Date.now();
    };
    const home = ownedFolder(join(folder, 'home'));
    // etcd: one member (production runs three: compose.yaml says how)
    const etcdData = ownedFolder(join(folder, 'etcd'));
    const [etcdCmd, etcdArgs] = execAsPostgres(tools.etcd, [
      '--name', 'etcd1',
      '--data-dir', join(etcdData, 'data'),
      '--listen-client-urls', `http://127.0.0.1:${etcdClient}`,
      '--advertise-client-urls', `http://127.0.0.1:${etcdClient}`,
      '--listen-peer-urls', `http://127.0.0.1:${etcdPeer}`,
      '--initial-advertise-peer-urls', `http://127.0.0.1:${etcdPeer}`,
      '--initial-cluster', `etcd1=http://127.0.0.1:${etcdPeer}`,
      '--log-level', 'warn',
    ]);
    const etcd = keep(etcdCmd, etcdArgs, { ...process.env, HOME: home });
    cleanups.push(() => etcd.child.kill('SIGKILL'));
    await until('etcd healthy', async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${etcdClient}/health`, { signal: AbortSignal.timeout(1_000) });
        return r.ok && ((await r.json()) as { health: string }).health === 'true';
      } catch {
        return false;
      }
    }, 30_000, 100).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${etcd.output()}`);
    });
    lap('etcdMs');

    const sockets = ownedFolder(join(folder, 'sockets'));
    const config = join(folder, 'patroni.yml');
    writeFileSync(config, memberConfig(timers, sockets));
    givenToPostgres(config);
    const members: Member[] = [0, 1, 2].map((i) => ({ name: `pg${i + 1}`, pgPort: pgPorts[i]!, apiPort: apiPorts[i]!, dataDir: join(folder, `pg${i + 1}`), patroni: null }));
    const dcsEnv = { PATRONI_ETCD3_HOSTS: `127.0.0.1:${etcdClient}` };
    const memberEnv = (m: Member): NodeJS.ProcessEnv => ({
      ...process.env,
      HOME: home,
      ...dcsEnv,
      PATRONI_NAME: m.name,
      PATRONI_RESTAPI_LISTEN: `127.0.0.1:${m.apiPort}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${m.apiPort}`,
      PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${m.pgPort}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${m.pgPort}`,
      PATRONI_POSTGRESQL_DATA_DIR: m.dataDir,
      PATRONI_POSTGRESQL_PGPASS: join(folder, `${m.name}.pgpass`),
      PATRONI_POSTGRESQL_BIN_DIR: tools.pgBin,
      PATRONI_SUPERUSER_PASSWORD: PASSWORDS.superuser,
      PATRONI_REPLICATION_PASSWORD: PASSWORDS.replication,
      PATRONI_REWIND_PASSWORD: PASSWORDS.rewind,
      AURUM_DB_PASSWORD: PASSWORDS.aurum,
    });
    const logs: string[][] = [[], [], []];
    const startMember = (i: number) => {
      const m = members[i]!;
      if (m.patroni && alive(m.patroni.child)) throw new Error(`${m.name}'s Patroni is running`);
      if (m.patroni) logs[i]!.push(m.patroni.output());
      const [cmd, args] = execAsPostgres(tools.patroni, [config]);
      m.patroni = keep(cmd, args, memberEnv(m));
    };
    const postmasterPid = (i: number): number | null => {
      const file = join(members[i]!.dataDir, 'postmaster.pid');
      if (!existsSync(file)) return null;
      const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (!(pid > 0)) return null;
      try {
        process.kill(pid, 0);
        return pid;
      } catch {
        return null;
      }
    };
    const stopPostgresNow = (i: number) => {
      if (existsSync(join(members[i]!.dataDir, 'postmaster.pid'))) runAsPostgres(join(tools.pgBin, 'pg_ctl'), ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', members[i]!.dataDir]);
    };
    cleanups.push(() => {
      for (const [i, m] of members.entries()) {
        if (m.patroni) {
          signal(m.patroni.child.pid!, 'SIGCONT');
          m.patroni.child.kill('SIGKILL');
        }
        const pid = postmasterPid(i);
        if (pid) for (const p of [pid, ...childrenOf(pid)]) signal(p, 'SIGCONT');
        stopPostgresNow(i);
      }
    });
    for (let i = 0; i < 3; i++) startMember(i);

    // HAProxy for PostgreSQL, deploy/haproxy-postgres.cfg as shipped
    const pgProxyEnv: NodeJS.ProcessEnv = {
      ...process.env,
      HAPROXY_PG_WRITE_BIND: `127.0.0.1:${writePort}`,
      HAPROXY_PG_READ_BIND: `127.0.0.1:${readPort}`,
      HAPROXY_PG_STATS: `127.0.0.1:${pgStatsPort}`,
      ...Object.fromEntries(members.flatMap((m, i) => [[`PG_${i + 1}`, `127.0.0.1:${m.pgPort}`], [`PG_${i + 1}_API`, String(m.apiPort)]])),
    };
    const pgProxy = keep(tools.haproxy, ['-db', '-f', HAPROXY_POSTGRES_CFG], pgProxyEnv);
    cleanups.push(() => pgProxy.child.kill('SIGKILL'));

    const writeUrl = `postgres://aurum:${PASSWORDS.aurum}@127.0.0.1:${writePort}/${HA_DATABASE}`;
    const readUrl = `postgres://aurum:${PASSWORDS.aurum}@127.0.0.1:${readPort}/${HA_DATABASE}`;
    const memberUrl = (i: number, database = HA_DATABASE) => `postgres://postgres:${PASSWORDS.superuser}@127.0.0.1:${members[i]!.pgPort}/${database}`;
    const memberLogs = () => members.map((m, i) => `--- ${m.name}\n${[...logs[i]!, m.patroni?.output() ?? ''].join('\n').slice(-3000)}`).join('\n');

    const view = async (): Promise<ClusterView | null> => {
      const answers = await Promise.all(members.map((m) => rest(m.apiPort, '/cluster')));
      const first = answers.find((a) => a?.status === 200);
      return (first?.body as ClusterView | undefined) ?? null;
    };
    const leader = async (): Promise<number | null> => {
      const v = await view();
      const name = v?.members.find((m) => m.role === 'leader')?.name;
      const i = members.findIndex((m) => m.name === name);
      return i >= 0 ? i : null;
    };
    const waitLeader = async (not: number | null = null, ms = 60_000): Promise<number> => {
      let found = -1;
      await until(`a leader other than ${not === null ? 'none' : members[not]!.name}`, async () => {
        const i = await leader();
        if (i === null || i === not) return false;
        // holding the key is not enough: its PostgreSQL must be out of recovery (promoted)
        const primary = await rest(members[i]!.apiPort, '/primary');
        const role = (primary?.body as { role?: string } | null)?.role;
        found = primary?.status === 200 && (role === 'master' || role === 'primary') ? i : -1;
        return found >= 0;
      }, ms, 100).catch((e: unknown) => {
        throw new Error(`${String(e)}\n${memberLogs()}`);
      });
      return found;
    };
    const waitHealthy = async (ms = 90_000) => {
      let last: ClusterView | null = null;
      await until('three members running, the replicas streaming, one synchronous', async () => {
        last = await view();
        if (!last || last.members.length !== 3) return false;
        const lead = last.members.find((m) => m.role === 'leader');
        const replicas = last.members.filter((m) => m.role !== 'leader');
        return (
          !!lead &&
          lead.state === 'running' &&
          replicas.every((m) => (m.state === 'running' || m.state === 'streaming') && m.timeline === lead.timeline && m.lag !== 'unknown') &&
          replicas.some((m) => m.role === 'sync_standby')
        );
      }, ms, 200).catch((e: unknown) => {
        throw new Error(`${String(e)}: ${JSON.stringify(last)}\n${memberLogs()}`);
      });
    };
    // the application's database exists (post_bootstrap ran) and the writes port reaches the leader
    await until('the writes port serves the aurum database', async () => {
      const c = new pg.Client({ connectionString: writeUrl, connectionTimeoutMillis: 2_000 });
      try {
        await c.connect();
        await c.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => undefined);
      }
    }, 90_000, 200).catch((e: unknown) => {
      throw new Error(`${String(e)}\n${memberLogs()}\n--- haproxy\n${pgProxy.output()}`);
    });
    lap('bootstrapMs');
    await waitHealthy();
    lap('replicasMs');

    // the Aurum processes, then HAProxy (deploy/haproxy.cfg) in front of them
    const directUrls = serverPorts.map((p) => `http://127.0.0.1:${p}`);
    const servers: SpawnedServer[] = [];
    cleanups.push(() => {
      for (const s of servers) if (alive(s.child)) s.child.kill('SIGKILL');
    });
    const serverEnv = (i: number): Record<string, string> => ({
      PORT: String(serverPorts[i]),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DRAIN_SECONDS: '2',
      SHUTDOWN_TIMEOUT_SECONDS: '15',
      PRICE_SOURCE: 'simulated',
      PRICE_TICK_MS: '500',
      ORDER_ENGINE_INTERVAL_MS: '500',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DATABASE_URL: writeUrl,
      READ_DATABASE_URL: readUrl,
    });
    const startServer = async (i: number) => {
      const s = spawnServer(serverEnv(i));
      servers[i] = s;
      await s.url(90_000);
      return s;
    };
    await startServer(0);
    lap('firstServerMs');
    await Promise.all(Array.from({ length: serverCount - 1 }, (_, k) => startServer(k + 1)));
    lap('otherServersMs');

    const proxy = keep(tools.haproxy, ['-db', '-f', HAPROXY_CFG], {
      ...process.env,
      HAPROXY_BIND: `127.0.0.1:${proxyPort}`,
      HAPROXY_STATS: `127.0.0.1:${statsPort}`,
      // a slot with no process points at a closed port: HAProxy keeps it DOWN
      AURUM_1: `127.0.0.1:${serverPorts[0] ?? closedPort}`,
      AURUM_2: `127.0.0.1:${serverPorts[1] ?? closedPort}`,
      AURUM_3: `127.0.0.1:${serverPorts[2] ?? closedPort}`,
    });
    cleanups.push(() => proxy.child.kill('SIGKILL'));

    const csv = async (port: number) => {
      const r = await fetch(`http://127.0.0.1:${port}/stats;csv`, { signal: AbortSignal.timeout(2_000) });
      const lines = (await r.text()).trim().split('\n');
      const header = lines[0]!.replace(/^# /, '').split(',');
      const status = header.indexOf('status');
      return (backend: string, names: string[]) => {
        const rows = lines.slice(1).map((l) => l.split(','));
        return names.map((n) => rows.find((r) => r[0] === backend && r[1] === n)?.[status] ?? 'missing');
      };
    };
    const waitUp = async (i: number | 'all', ms = 30_000) => {
      let last: string[] = [];
      await until(`HAProxy sees ${i === 'all' ? 'every process' : `process ${i + 1}`} up`, async () => {
        try {
          last = (await csv(statsPort))('aurum', ['aurum1', 'aurum2', 'aurum3']).slice(0, serverCount);
          return i === 'all' ? last.every((s) => s === 'UP') : last[i] === 'UP';
        } catch {
          return false; // HAProxy still starting
        }
      }, ms, 100).catch((e: unknown) => {
        throw new Error(`${String(e)}: ${last.join(', ')}\n${proxy.output()}`);
      });
    };
    await waitUp('all', 60_000);
    lap('proxyMs');

    const everyProcessOf = (i: number): number[] => {
      const pids: number[] = [];
      const p = members[i]!.patroni;
      if (p && alive(p.child)) pids.push(p.child.pid!);
      const pm = postmasterPid(i);
      if (pm) pids.push(pm, ...childrenOf(pm));
      return pids;
    };
    const patronictl = async (args: string[]): Promise<string> => {
      const run = keep(tools.patronictl, ['-c', config, ...args], { ...process.env, HOME: home, ...dcsEnv });
      await run.exited;
      if (run.child.exitCode !== 0) throw new Error(`patronictl ${args.join(' ')} failed (${run.child.exitCode}): ${run.output()}`);
      return run.output();
    };
    const onMember = async (i: number, sql: string) => {
      const c = new pg.Client({ connectionString: memberUrl(i, 'postgres'), connectionTimeoutMillis: 5_000 });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };

    return {
      startup,
      members,
      timers,
      writeUrl,
      readUrl,
      memberUrl,
      url: `http://127.0.0.1:${proxyPort}`,
      directUrls,
      servers,
      serverEnv,
      startServer,
      leader,
      waitLeader,
      view,
      waitHealthy,
      killMachine(i) {
        const p = members[i]!.patroni;
        if (p) p.child.kill('SIGKILL');
        const pm = postmasterPid(i);
        if (pm) {
          const children = childrenOf(pm);
          signal(pm, 'SIGKILL');
          for (const c of children) signal(c, 'SIGKILL');
        }
      },
      startMember,
      crashPostgres(i) {
        const pm = postmasterPid(i);
        if (!pm) throw new Error(`${members[i]!.name} runs no postmaster`);
        signal(pm, 'SIGKILL');
      },
      freeze(i) {
        for (const pid of everyProcessOf(i)) signal(pid, 'SIGSTOP');
      },
      thaw(i) {
        for (const pid of everyProcessOf(i)) signal(pid, 'SIGCONT');
      },
      switchover: (from, to) => patronictl(['switchover', '--leader', members[from]!.name, '--candidate', members[to]!.name, '--force']),
      patronictl,
      pauseReplay: (i) => onMember(i, 'SELECT pg_wal_replay_pause()'),
      resumeReplay: (i) => onMember(i, 'SELECT pg_wal_replay_resume()'),
      postmasterPid,
      async proxyStatus() {
        const read = await csv(pgStatsPort);
        return { primary: read('postgres_primary', ['pg1', 'pg2', 'pg3']), replicas: read('postgres_replicas', ['pg1', 'pg2', 'pg3']) };
      },
      waitUp,
      logs: () => `${memberLogs()}\n--- haproxy (postgres)\n${pgProxy.output().slice(-3000)}\n--- haproxy (aurum)\n${proxy.output().slice(-2000)}\n--- etcd\n${etcd.output().slice(-1000)}`,
      async close() {
        process.removeListener('exit', onExit);
        process.removeListener('SIGINT', onSignal);
        process.removeListener('SIGTERM', onSignal);
        await Promise.all(
          servers.map(async (s) => {
            if (!alive(s.child)) return;
            const timer = setTimeout(() => s.child.kill('SIGKILL'), 20_000);
            await s.stop();
            clearTimeout(timer);
          }),
        );
        for (const k of [proxy, pgProxy]) {
          if (alive(k.child)) k.child.kill('SIGTERM');
          await k.exited;
        }
        onExit();
        await etcd.exited;
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
}

