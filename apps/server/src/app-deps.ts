import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { DatabaseTopology } from './db/database-topology.ts';
import type { Mailer } from './mail/mailer.ts';
import type { EventBus } from './live/event-bus.ts';

/** What every module gets: configuration, the database, the mailer, the signing key and a clock. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Live events across processes (LISTEN/NOTIFY). */
  events: EventBus;
  jwtSecret: string;
  now: () => Date;
  /** On a PostgreSQL server: the leader's monitor and the replica reads (READ_DATABASE_URL); absent on PGlite. */
  topology?: DatabaseTopology | null;
}
