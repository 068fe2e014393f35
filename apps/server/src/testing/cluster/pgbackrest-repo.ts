import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { givenToPostgres, ownedFolder } from '../../cli/postgres-user.ts';
import { pgbackrest, type Repository } from '../../cli/pgbackrest.ts';

/**
 * A pgBackRest repository in a scratch folder for a private PostgreSQL: deploy/pgbackrest/pgbackrest.conf
 * as shipped, with only its paths (repository, logs, lock, the cluster's folder, port and socket)
 * replaced. `archiveCommand` is the archive_command PostgreSQL must run for it.
 */
const SHIPPED = join(import.meta.dirname, '..', '..', '..', '..', '..', 'deploy', 'pgbackrest', 'pgbackrest.conf');

export interface ScratchRepository extends Repository {
  config: string;
  folder: string;
  archiveCommand: string;
  /** A pgbackrest command that must succeed: its output. */
  run(command: string, args?: string[]): string;
}

export function scratchRepository(folder: string, cluster: { data: string; port: number; sockets: string }): ScratchRepository {
  const paths: Record<string, string> = {
    'repo1-path': ownedFolder(join(folder, 'repo')),
    'log-path': ownedFolder(join(folder, 'log')),
    'lock-path': ownedFolder(join(folder, 'lock')),
    'pg1-path': cluster.data,
    'pg1-port': String(cluster.port),
    'pg1-socket-path': cluster.sockets,
  };
  const lines = readFileSync(SHIPPED, 'utf8')
    .split('\n')
    .map((line) => {
      const key = /^([a-z0-9-]+)\s*=/.exec(line)?.[1];
      return key && key in paths ? `${key} = ${paths[key]}` : line;
    });
  const config = join(folder, 'pgbackrest.conf');
  writeFileSync(config, lines.join('\n'));
  givenToPostgres(config);
  const repo: Repository = { stanza: 'aurum', config };
  return {
    ...repo,
    config,
    folder: paths['repo1-path']!,
    archiveCommand: `pgbackrest --config=${config} --stanza=aurum archive-push %p`,
    run(command, args = []) {
      const r = pgbackrest(repo, command, args);
      if (r.code !== 0) throw new Error(`pgbackrest ${command} failed (${r.code}): ${r.err}${r.out}`);
      return r.out;
    },
  };
}
