import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config.ts';
import { openPostgres } from '../db/pg-db.ts';
import { checkInvariants } from './backup-invariants.ts';
import { checkEmptyFolder, lastArchivedTime, PitrRefused, postgresBin, primarySettings, restoreToTime, stanzaInfo, type Repository } from './pgbackrest.ts';
import { givenToPostgres, ownedFolder, runAsPostgres } from './postgres-user.ts';

/**
 * `npm run restore:pitr -- --to <ISO time> --into <folder>`: the PostgreSQL cluster as it was at a
 * moment, from pgBackRest's repository, in a new folder (docs/decisions/0009). Before anything is
 * touched it refuses: a folder that holds anything, a repository of another cluster than the one
 * expected (--system-id, else DATABASE_URL's server), a moment outside the range the repository can
 * restore (it names the range). Then pgbackrest restore into <folder>/data, PostgreSQL started
 * there on a free port of 127.0.0.1 (sockets in <folder>/sockets, only local socket connections, no
 * archiving), recovery awaited, `backup:verify`'s invariants checked on the Aurum database there,
 * and the instance stopped (left running with --keep-running).
 * Exit codes: 0 restored and verified; 1 an invariant broken; 2 refused (input, nothing touched);
 * 3 the restore or PostgreSQL failed.
 */
const USAGE = 'usage: npm run restore:pitr -- --to <ISO time with zone> --into <new folder> [--stanza aurum] [--config <pgbackrest.conf>] [--port N] [--database aurum] [--system-id <id>] [--keep-running]';
const RECOVERY_MS = 10 * 60_000;

class Broken extends Error {}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

function parse() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        to: { type: 'string' },
        into: { type: 'string' },
        stanza: { type: 'string', default: 'aurum' },
        config: { type: 'string' },
        port: { type: 'string' },
        database: { type: 'string' },
        'system-id': { type: 'string' },
        'keep-running': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    throw new PitrRefused(`${(error as Error).message}\n${USAGE}`);
  }
  const { to, into, stanza, config, port, database } = parsed;
  if (!to || !into) throw new PitrRefused(USAGE);
  // a moment without its zone would be read in whichever zone this host is in
  if (to.length > 40 || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:\d\d)$/.test(to) || Number.isNaN(Date.parse(to))) {
    throw new PitrRefused(`--to ${to}: give an ISO 8601 time with its zone, e.g. 2026-11-28T09:41:00Z or 2026-11-28T17:41:00+08:00.`);
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(stanza)) throw new PitrRefused(`--stanza ${stanza}: letters, digits, _ and - only.`);
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1024 && Number(port) <= 65535)) throw new PitrRefused(`--port ${port}: a port from 1024 to 65535.`);
  if (database !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new PitrRefused(`--database ${database}: a plain PostgreSQL name.`);
  const systemId = parsed['system-id'];
  if (systemId !== undefined && !/^\d{1,20}$/.test(systemId)) throw new PitrRefused(`--system-id ${systemId}: the cluster's system identifier (digits; SELECT system_identifier FROM pg_control_system()).`);
  return { to: new Date(to), into: resolve(into), repo: { stanza, config: config ? resolve(config) : null } as Repository, port: port ? Number(port) : null, database, systemId, keepRunning: parsed['keep-running'] };
}

/** The cluster the repository must belong to: --system-id, else the one DATABASE_URL's server runs. */
async function expectedSystemId(given: string | undefined, databaseUrl: string | null): Promise<{ id: string; from: string }> {
  if (given) return { id: given, from: '--system-id' };
  if (!databaseUrl) throw new PitrRefused('Say which cluster the repository must belong to: --system-id <id> (pgbackrest info prints it), or DATABASE_URL set to that cluster.');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
    return { id: rows[0]!.id, from: `DATABASE_URL's server (${new URL(databaseUrl).host})` };
  } catch (error) {
    throw new PitrRefused(`Cannot read the system identifier of DATABASE_URL's server (${(error as Error).message}): give it with --system-id <id> when that server is gone.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, 'Z');

async function main(): Promise<void> {
  const args = parse();
  const config = loadConfig();
  checkEmptyFolder(args.into);
  const info = stanzaInfo(args.repo);
  const expected = await expectedSystemId(args.systemId, config.databaseUrl);
  if (expected.id !== info.systemId) {
    throw new PitrRefused(`The repository's stanza '${args.repo.stanza}' archives the cluster ${info.systemId}, not ${expected.id} (${expected.from}): it is another cluster's repository. Nothing was restored.`);
  }
  const bin = postgresBin(info.version);
  const first = info.backupEnds[0];
  if (!first) throw new PitrRefused(`The stanza '${args.repo.stanza}' holds no backup yet: take one (pgbackrest --stanza=${args.repo.stanza} --type=full backup).`);
  const last = lastArchivedTime(args.repo, info, bin);
  // pgbackrest keeps a backup's stop time in whole seconds and picks a backup that stopped strictly
  // before the target's whole second: the first moment it can restore is the next second
  const earliest = new Date(first.getTime() + 1000);
  const range = `from ${iso(earliest)} (the second after the first backup ended) to ${last ? `${iso(last)} (the last transaction in the archived WAL)` : 'no later moment (no transaction archived after it yet)'}`;
  if (args.to < earliest || !last || args.to >= last) throw new PitrRefused(`${iso(args.to)} cannot be restored: the repository can restore ${range}.`);

  const startedAt = Date.now();
  ownedFolder(args.into);
  const data = join(args.into, 'data');
  const sockets = ownedFolder(join(args.into, 'sockets'));
  restoreToTime(args.repo, args.to, ownedFolder(data));
  // the restored copy's own access rules and settings files (a Debian cluster keeps them in /etc)
  const hba = join(args.into, 'pg_hba.conf');
  writeFileSync(hba, '# the restored copy: connections on its own socket folder only\nlocal all all trust\n');
  givenToPostgres(hba);
  for (const f of ['postgresql.conf', 'pg_ident.conf']) {
    if (existsSync(join(data, f))) continue;
    writeFileSync(join(data, f), '');
    givenToPostgres(join(data, f));
  }
  const port = args.port ?? (await freePort());
  const log = join(args.into, 'postgres.log');
  writeFileSync(log, '');
  givenToPostgres(log);
  const options = [`-p ${port}`, "-c listen_addresses='127.0.0.1'", `-c unix_socket_directories='${sockets}'`, `-c hba_file='${hba}'`, '-c archive_mode=off', ...primarySettings(bin, data)].join(' ');
  const pgCtl = join(bin, 'pg_ctl');
  const started = runAsPostgres(pgCtl, ['start', '-w', '-t', String(RECOVERY_MS / 1000), '-D', data, '-l', log, '-o', options]);
  const tail = () => readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
  if (started.code !== 0) throw new Error(`PostgreSQL did not start on the restored folder:\n${tail()}`);
  let verified = false;
  try {
    const database = args.database ?? (config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : 'aurum');
    const url = `postgres://postgres@/${database}?host=${encodeURIComponent(sockets)}&port=${port}`;
    const deadline = Date.now() + RECOVERY_MS;
    for (;;) {
      const client = new pg.Client({ connectionString: url.replace(`/${database}?`, '/postgres?') });
      const inRecovery = await client
        .connect()
        .then(() => client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'))
        .then((q) => q.rows[0]!.r)
        .catch(() => null)
        .finally(() => client.end().catch(() => undefined));
      if (inRecovery === false) break;
      if (!existsSync(join(data, 'postmaster.pid'))) throw new Error(`PostgreSQL stopped during recovery:\n${tail()}`);
      if (Date.now() > deadline) throw new Error(`Recovery did not end within ${RECOVERY_MS / 1000} s:\n${tail()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const restoredMs = Date.now() - startedAt;
    const db = await openPostgres(url, { max: 1 });
    const report = await checkInvariants(db, config, null).finally(() => db.close());
    const where = args.keepRunning
      ? `running on port ${port} (psql -h ${sockets} -p ${port} -U postgres ${database}; stop: pg_ctl stop -D ${data})`
      : `stopped (start: ${pgCtl} start -D ${data} -o "${options}")`;
    const title = `the cluster ${info.systemId} as at ${iso(args.to)}, restored into ${data} in ${(restoredMs / 1000).toFixed(1)} s, ${where}`;
    if (report.breaks.length > 0) {
      console.log(`BROKEN: ${title}; ${report.breaks.length} invariant(s) broken:\n${report.breaks.map((b) => `  - ${b}`).join('\n')}`);
      throw new Broken();
    }
    verified = true;
    console.log(`OK: ${title}; its invariants hold:\n${report.figures.map((f) => `  - ${f}`).join('\n')}`);
  } finally {
    // a copy that failed its checks is not left serving
    if (!args.keepRunning || !verified) runAsPostgres(pgCtl, ['stop', '-w', '-m', 'fast', '-D', data]);
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Broken)) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof PitrRefused || error instanceof ConfigError ? message : `The point-in-time restore failed: ${message}`);
  }
  process.exitCode = error instanceof Broken ? 1 : error instanceof PitrRefused || error instanceof ConfigError ? 2 : 3;
}
