import { resolve } from 'node:path';

/**
 * Everything the server reads from the environment, validated once at start. Each variable's name,
 * meaning, default and parse: CONFIG_SCHEMA below.
 */
export interface Config {
  nodeEnv: (typeof NODE_ENVS)[number];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /** A direct PostgreSQL connection for LISTEN when DATABASE_URL names a transaction pooler. */
  databaseDirectUrl: string | null;
  /** `transaction`: DATABASE_URL is a transaction pooler (no named prepared statements; LISTEN on the direct URL). */
  databasePoolMode: (typeof POOL_MODES)[number];
  /** A replica (HAProxy's reads port) for the lists, exports, the orders connection and the reports; null: every read goes to DATABASE_URL. */
  readDatabaseUrl: string | null;
  /** A replica further behind the leader than this is not read from. */
  replicaMaxLagSeconds: number;
  /** How long a read waits for a replica to replay the caller's own last write before it goes to the leader. */
  readYourWritesWaitMs: number;
  /** After SIGTERM: seconds /readyz answers 503 while the process still serves, before it stops accepting. */
  drainSeconds: number;
  /** After SIGTERM: the bound on the whole shutdown; past it the process exits anyway (code 1). */
  shutdownTimeoutSeconds: number;
  /** The watchdog ends the process when its event loop has been blocked this long (decision 0937); 0: no watchdog. */
  eventLoopBlockLimitSeconds: number;
  /** Tests only (NODE_ENV=test): GET /v0/test/block-loop blocks the event loop, for the watchdog's test. */
  testLoopBlockRoute: boolean;
  publicUrl: string | null;
  adminUsername: string;
  adminPassword: string;
  adminEmail: string;
  jwtSecret: string | null;
  /** The key of the audit chain's HMAC (never stored in the database); in development and test the public DEV_AUDIT_HMAC_KEY when unset. */
  auditHmacKey: string;
  /** Earlier audit chain keys, so that verify can walk across rotations; the chain rotates automatically only from these. */
  auditHmacPreviousKeys: string[];
  /** A row the audit chain must contain (its id and row_hash, kept outside the database), or null. */
  auditAnchor: { id: number; hash: string } | null;
  /**
   * The key the admins' TOTP secrets are encrypted with at rest (never stored in the database); in
   * development and test the public DEV_TOTP_ENCRYPTION_KEY when unset; null in production when
   * unset (no admin can enrol a second factor then).
   */
  totpEncryptionKey: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  accessTokenTtlSeconds: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  /** Refused refreshes (unknown token, another admin id) per address within the window before 429. */
  refreshMaxFailuresPerAddress: number;
  passwordResetMinutes: number;
  webDist: string;
  bodyLimitBytes: number;
  priceSource: (typeof PRICE_SOURCES)[number];
  priceSourceUrl: string | null;
  priceTickMs: number;
  priceStaleSeconds: number;
  /** The second price source, a cross-check of the primary (decision 0862): none, simulated or http. */
  priceCheckSource: (typeof PRICE_SOURCES)[number];
  priceCheckSourceUrl: string | null;
  priceCheckStaleSeconds: number;
  /** How far (basis points of the primary's gold mid) the check source may be before the sources disagree. */
  priceDisagreeBps: number;
  /** How long a quoted price (its quoteId) may price an order. */
  priceQuoteSeconds: number;
  /** Orders (DECISIONS.md §5): minimum quantity in grams, grace from settlement to interest start, engine period. */
  orderMinGrams: string;
  orderInterestGraceDays: number;
  orderEngineIntervalMs: number;
  /** HSTS: the server is reached over HTTPS only (a TLS proxy in front): Strict-Transport-Security and upgrade-insecure-requests are sent. */
  hsts: boolean;
  /** A port of its own serving only GET /metrics (no token), or null. */
  metricsPort: number | null;
  /** The bearer token GET /metrics on the main port requires; null: the main port has no /metrics. */
  metricsToken: string | null;
  /** The daily reconciliation (decision 0823): business-local time (Asia/Kuala_Lumpur) after which it runs once per business day. */
  reconciliationAt: { hour: number; minute: number };
  /** Where backups are written (`npm run backup`, the scheduled backup of the embedded database); absolute. */
  backupDir: string;
  /** Minutes between the embedded database's scheduled backups; 0: none (PostgreSQL: never, see README "Backups"). */
  backupIntervalMinutes: number;
  /** How many backup files are kept in backupDir; older ones are removed once a new one is complete. */
  backupKeep: number;
  /** The letterhead of the documents the dealer sends its customers (statements, decision 1014). */
  dealerName: string;
  dealerAddress: string;
  dealerRegistration: string;
}

export const DEMO_SUPERADMIN = { username: 'admin', password: 'Aurum#Demo2026', email: 'admin@aurum.example' };

/** The audit chain key of development and test when AUDIT_HMAC_KEY is unset: public, so refused in production. */
export const DEV_AUDIT_HMAC_KEY = 'aurum-development-audit-key-public-not-secret';

/** The TOTP secrets' key of development and test when TOTP_ENCRYPTION_KEY is unset: public, so refused in production. */
export const DEV_TOTP_ENCRYPTION_KEY = 'aurum-development-totp-key-public-not-secret';

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['development', 'production', 'test'] as const;
const PRICE_SOURCES = ['simulated', 'http', 'none'] as const;
const POOL_MODES = ['session', 'transaction'] as const;

/** What a variable's `parse` gets: its name, where to report a problem, and the values read above it. */
export interface ParseContext {
  name: string;
  problem: (text: string) => void;
  read: Partial<Config>;
}

/** One environment variable: its name, meaning and default are declared here and nowhere else. */
export interface ConfigVariable<K extends keyof Config> {
  env: string;
  /** What it means, as the README's configuration table says it (markdown). */
  meaning: string;
  /** The value it takes when unset or empty, as it would be written; null: none (`parse` gets undefined). */
  default: string | null;
  /** The README's default when it is not `default` itself (derived, generated, or depending on NODE_ENV). */
  shownDefault?: string;
  /** An empty value is refused like any bad value instead of taking the default. */
  emptyIsGiven?: boolean;
  parse: (raw: string | undefined, ctx: ParseContext) => Config[K];
}

/** The Config fields that do not come from the environment. */
const FIXED = { passwordResetMinutes: 30, bodyLimitBytes: 1024 * 1024 } as const satisfies Partial<Config>;
type EnvKey = Exclude<keyof Config, keyof typeof FIXED>;

function int(min: number, max: number) {
  return (raw: string | undefined, { name, problem }: ParseContext): number => {
    if (raw === undefined || !/^\d+$/.test(raw)) {
      problem(`${name} must be a whole number, got '${raw}'`);
      return Number.NaN;
    }
    const n = Number(raw);
    if (n < min || n > max) problem(`${name} must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

/** A switch: 1/true or 0/false. */
function flag(raw: string | undefined, { name, problem }: ParseContext): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  problem(`${name} must be 1 or 0, got '${raw}'`);
  return false;
}

function url(protocols: string[]) {
  return (raw: string | undefined, { name, problem }: ParseContext): string | null => {
    if (raw === undefined) return null;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) {
        problem(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got '${u.protocol}//'`);
      }
    } catch {
      problem(`${name} is not a valid URL`);
    }
    return raw;
  };
}

const text = (raw: string | undefined): string => raw ?? '';

/** One line of printable text, trimmed, of 1 to `max` characters. */
function line(max: number) {
  return (raw: string | undefined, { name, problem }: ParseContext): string => {
    const value = (raw ?? '').trim();
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    if (value.length === 0 || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
      problem(`${name} must be one line of 1 to ${max} characters`);
    }
    return value;
  };
}

/**
 * The configuration as a table, in the order it is read and documented: each variable's name,
 * meaning, default and parse. `loadConfig` reads it; `npm run docs:config` writes README.md's
 * configuration table from it (a unit test fails when the README is stale).
 */
export const CONFIG_SCHEMA: { readonly [K in EnvKey]: ConfigVariable<K> } = {
  nodeEnv: {
    env: 'NODE_ENV',
    meaning: '`production` seeds nothing and needs the first superAdmin created by `npm run admin:create`',
    default: 'development',
    emptyIsGiven: true,
    parse: (raw, { problem }) => {
      const value = NODE_ENVS.find((e) => e === raw);
      if (!value) problem(`NODE_ENV must be development, production or test, got '${raw}'`);
      return value ?? 'development';
    },
  },
  port: { env: 'PORT', meaning: 'HTTP port of the API, the socket and the console', default: '3000', parse: int(0, 65535) },
  host: { env: 'HOST', meaning: 'address to listen on', default: '127.0.0.1', parse: text },
  metricsPort: {
    env: 'METRICS_PORT',
    meaning: 'a port of its own (on `HOST`) that serves only `GET /metrics`, Prometheus text, without a token (see Metrics); unset: none',
    default: null,
    parse: (raw, ctx) => {
      if (raw === undefined) return null;
      const port = int(1, 65535)(raw, ctx);
      if (port === ctx.read.port) ctx.problem(`METRICS_PORT must differ from PORT (${port})`);
      return port;
    },
  },
  metricsToken: {
    env: 'METRICS_TOKEN',
    meaning:
      'set: `GET /metrics` on `PORT` answers with `Authorization: Bearer <METRICS_TOKEN>` (16+ characters, no spaces) and 401 otherwise; unset: the main port has no `/metrics` (404)',
    default: null,
    parse: (raw, { problem }) => {
      if (raw === undefined) return null;
      if (raw.length < 16 || /\s/.test(raw)) problem('METRICS_TOKEN must be at least 16 characters long, without spaces');
      return raw;
    },
  },
  publicUrl: {
    env: 'PUBLIC_URL',
    meaning: 'the address people use, for links in e-mails',
    default: null,
    shownDefault: '`http://localhost:PORT`',
    parse: (raw, ctx) => url(['http:', 'https:'])(raw, ctx)?.replace(/\/+$/, '') ?? null,
  },
  hsts: {
    env: 'HSTS',
    meaning:
      '`1` when the console is reached over HTTPS only (a TLS proxy in front): sends `Strict-Transport-Security` (one year) and `upgrade-insecure-requests` (see Security); leave `0` on plain HTTP',
    default: '0',
    parse: flag,
  },
  logLevel: {
    env: 'LOG_LEVEL',
    meaning: 'pino log level',
    default: 'info',
    emptyIsGiven: true,
    parse: (raw, { problem }) => {
      if (!LOG_LEVELS.some((l) => l === raw)) problem(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${raw}'`);
      return raw as Config['logLevel'];
    },
  },
  jwtSecret: {
    env: 'JWT_SECRET',
    meaning: 'signing key of access tokens (32+ characters); unset: generated once and kept in the database',
    default: null,
    shownDefault: 'generated',
    parse: (raw, { problem }) => {
      if (raw !== undefined && raw.length < 32) problem('JWT_SECRET must be at least 32 characters long');
      return raw ?? null;
    },
  },
  auditHmacKey: {
    env: 'AUDIT_HMAC_KEY',
    meaning:
      "key of the audit chain's HMAC-SHA256 (32+ characters, no spaces or commas), never stored in the database (see Security); required in production",
    default: null,
    shownDefault: 'the public development key (not in production)',
    parse: (raw, { problem, read }) => {
      const production = read.nodeEnv === 'production';
      const key = raw ?? (production ? '' : DEV_AUDIT_HMAC_KEY);
      if (production && raw === undefined) {
        problem('AUDIT_HMAC_KEY is required in production (32+ characters, e.g. `openssl rand -base64 48`)');
      } else if (production && key === DEV_AUDIT_HMAC_KEY) {
        problem('AUDIT_HMAC_KEY must not be the public development key in production');
      } else if (key.length < 32 || /[\s,]/.test(key)) {
        problem('AUDIT_HMAC_KEY must be at least 32 characters long, without spaces or commas');
      }
      return key;
    },
  },
  totpEncryptionKey: {
    env: 'TOTP_ENCRYPTION_KEY',
    meaning:
      "key the admins' second-factor (TOTP) secrets are encrypted with at rest (AES-256-GCM; 32+ characters), never stored in the database; changing it makes every enrolled second factor unreadable (reset them); unset in production: no admin can enrol a second factor",
    default: null,
    shownDefault: 'the public development key (not in production)',
    parse: (raw, { problem, read }) => {
      const production = read.nodeEnv === 'production';
      if (production && raw === undefined) return null;
      const key = raw ?? DEV_TOTP_ENCRYPTION_KEY;
      if (production && key === DEV_TOTP_ENCRYPTION_KEY) {
        problem('TOTP_ENCRYPTION_KEY must not be the public development key in production');
      } else if (key.length < 32) {
        problem('TOTP_ENCRYPTION_KEY must be at least 32 characters long');
      }
      return key;
    },
  },
  auditHmacPreviousKeys: {
    env: 'AUDIT_HMAC_PREVIOUS_KEYS',
    meaning:
      'earlier `AUDIT_HMAC_KEY` values, comma separated, kept after a rotation so that the whole chain verifies; the chain rotates automatically only from a key listed here (in production the public development key is never held unless listed)',
    default: null,
    parse: (raw, { problem }) => {
      const keys = (raw ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '');
      if (keys.some((k) => k.length < 32 || /\s/.test(k))) {
        problem('AUDIT_HMAC_PREVIOUS_KEYS must list keys of at least 32 characters each, separated by commas');
      }
      return keys;
    },
  },
  auditAnchor: {
    env: 'AUDIT_ANCHOR',
    meaning:
      'a row the audit chain must contain, as `id:row_hash` (a head or the cut-over printed by `npm run audit:verify` or `npm run audit:cutover`, kept outside the database): verify reports a break when it is missing or differs (see Security)',
    default: null,
    parse: (raw, { problem }) => {
      if (raw === undefined) return null;
      const m = /^\s*(\d{1,15}):([0-9a-f]{64})\s*$/.exec(raw);
      if (!m || Number(m[1]) < 1) {
        problem('AUDIT_ANCHOR must be <row id>:<row hash> (a positive id and 64 lowercase hex digits)');
        return null;
      }
      return { id: Number(m[1]), hash: m[2]! };
    },
  },
  adminUsername: {
    env: 'AURUM_ADMIN_USERNAME',
    meaning: "the first superAdmin's username",
    default: DEMO_SUPERADMIN.username,
    parse: (raw = '', { problem }) => {
      if (!/^[A-Za-z0-9]{1,50}$/.test(raw)) problem('AURUM_ADMIN_USERNAME may hold only letters and numbers (1 to 50)');
      return raw;
    },
  },
  adminPassword: {
    env: 'AURUM_ADMIN_PASSWORD',
    meaning: "the first superAdmin's password (8+ characters: lower, upper, digit, symbol)",
    default: DEMO_SUPERADMIN.password,
    parse: (raw = '', { problem }) => {
      if (raw.length < 8 || /\s/.test(raw) || !(/[a-z]/.test(raw) && /[A-Z]/.test(raw) && /\d/.test(raw) && /[^A-Za-z0-9]/.test(raw))) {
        problem('AURUM_ADMIN_PASSWORD must have at least 8 characters with a lowercase and an uppercase letter, a number and a symbol, and no spaces');
      }
      return raw;
    },
  },
  adminEmail: { env: 'AURUM_ADMIN_EMAIL', meaning: "the first superAdmin's e-mail", default: DEMO_SUPERADMIN.email, parse: text },
  dataDir: {
    env: 'DATA_DIR',
    meaning: 'data folder of the embedded PostgreSQL (PGlite); locked by one process',
    default: './data',
    parse: (raw) => resolve(text(raw)),
  },
  databaseUrl: { env: 'DATABASE_URL', meaning: 'a PostgreSQL server to use instead of the embedded one', default: null, parse: url(['postgres:', 'postgresql:']) },
  databaseDirectUrl: {
    env: 'DATABASE_DIRECT_URL',
    meaning:
      'a direct connection to the same PostgreSQL for the live listener (LISTEN), when `DATABASE_URL` names a pooler in transaction mode (see Run in production); unset: `DATABASE_URL` is used',
    default: null,
    parse: url(['postgres:', 'postgresql:']),
  },
  databasePoolMode: {
    env: 'DATABASE_POOL_MODE',
    meaning:
      '`session` (a PostgreSQL server, or PgBouncer in session mode) or `transaction` (PgBouncer in transaction mode: statements run unprepared, and `DATABASE_DIRECT_URL` is required)',
    default: 'session',
    parse: (raw, { name, problem, read }) => {
      const value = POOL_MODES.find((m) => m === raw);
      if (!value) problem(`${name} must be session or transaction, got '${raw}'`);
      if (value === 'transaction' && !read.databaseDirectUrl) problem(`${name}=transaction needs DATABASE_DIRECT_URL (LISTEN cannot go through a transaction pooler)`);
      return value ?? 'session';
    },
  },
  readDatabaseUrl: {
    env: 'READ_DATABASE_URL',
    meaning:
      "a replica (HAProxy's reads port in front of the Patroni members) for the lists and their CSV exports, the orders connection, the audit trail, the trial balance, the P&L and statements; an admin reads their own writes (the read waits for the replica or goes to the leader); money decisions always read `DATABASE_URL`; unset: every read goes to `DATABASE_URL`",
    default: null,
    parse: (raw, ctx) => {
      const value = url(['postgres:', 'postgresql:'])(raw, ctx);
      if (value && !ctx.read.databaseUrl) ctx.problem(`${ctx.name} needs DATABASE_URL (the embedded database has no replicas)`);
      return value;
    },
  },
  replicaMaxLagSeconds: {
    env: 'REPLICA_MAX_LAG_SECONDS',
    meaning: 'a replica further behind the leader than this many seconds is not read from (its reads go to the leader until it catches up)',
    default: '5',
    parse: int(1, 3600),
  },
  readYourWritesWaitMs: {
    env: 'READ_YOUR_WRITES_WAIT_MS',
    meaning: "how long a read waits for the replica to replay the admin's own last write before it is served by the leader instead",
    default: '200',
    parse: int(0, 5000),
  },
  drainSeconds: {
    env: 'DRAIN_SECONDS',
    meaning:
      'after SIGTERM, how long `/readyz` answers 503 while the process still serves every call, so that the proxy\'s health check takes it out before it stops accepting (longer than the check\'s interval times its fall count)',
    default: '5',
    parse: int(0, 600),
  },
  shutdownTimeoutSeconds: {
    env: 'SHUTDOWN_TIMEOUT_SECONDS',
    meaning: 'after SIGTERM, the bound on the whole shutdown (drain, calls in flight, sockets, jobs, database); past it the process exits anyway with code 1',
    default: '30',
    parse: (raw, ctx) => {
      const n = int(1, 3600)(raw, ctx);
      if (ctx.read.drainSeconds !== undefined && n <= ctx.read.drainSeconds) ctx.problem(`${ctx.name} must be longer than DRAIN_SECONDS (${ctx.read.drainSeconds}), got ${n}`);
      return n;
    },
  },
  eventLoopBlockLimitSeconds: {
    env: 'EVENT_LOOP_BLOCK_LIMIT_SECONDS',
    meaning:
      'a watchdog thread ends the process (SIGKILL, after one fatal log line naming the calls in flight) when its event loop has been blocked this long, for the supervisor to restart it; `0`: no watchdog (a debugger paused at a breakpoint)',
    default: '30',
    parse: int(0, 3600),
  },
  testLoopBlockRoute: {
    env: 'TEST_LOOP_BLOCK_ROUTE',
    meaning: 'tests only: `1` with `NODE_ENV=test` adds `GET /v0/test/block-loop?seconds=`, which blocks the event loop (the watchdog\'s test); refused in any other environment',
    default: '0',
    parse: (raw, ctx) => {
      const on = flag(raw, ctx);
      if (on && ctx.read.nodeEnv !== 'test') ctx.problem(`${ctx.name} is for tests only: it needs NODE_ENV=test`);
      return on;
    },
  },
  webDist: {
    env: 'WEB_DIST',
    meaning: 'folder of the built console the server serves (and `vite build` writes); absolute path',
    default: null,
    shownDefault: '`apps/web/dist`',
    parse: (raw) => (raw !== undefined ? resolve(raw) : resolve(import.meta.dirname, '..', '..', 'web', 'dist')),
  },
  smtpUrl: {
    env: 'SMTP_URL',
    meaning: '`smtp(s)://user:pass@host:port` to send e-mail; unset: mail goes to the outbox log',
    default: null,
    parse: url(['smtp:', 'smtps:']),
  },
  mailFrom: { env: 'MAIL_FROM', meaning: 'sender of e-mails', default: 'Aurum <no-reply@aurum.example>', parse: text },
  accessTokenTtlSeconds: { env: 'ACCESS_TOKEN_TTL_SECONDS', meaning: 'lifetime of an access token', default: '60', parse: int(5, 3600) },
  sessionIdleMinutes: {
    env: 'SESSION_IDLE_MINUTES',
    meaning: 'a session with no action of its admin for this long ends (token refreshes and background calls do not count)',
    default: '30',
    parse: int(1, 24 * 60),
  },
  sessionAbsoluteHours: { env: 'SESSION_ABSOLUTE_HOURS', meaning: 'a session ends this long after sign-in', default: '12', parse: int(1, 24 * 7) },
  loginMaxFailuresPerAccount: {
    env: 'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    meaning: 'failed sign-ins per username within the window before 429',
    default: '5',
    parse: int(1, 1000),
  },
  loginMaxFailuresPerAddress: {
    env: 'LOGIN_MAX_FAILURES_PER_ADDRESS',
    meaning: 'failed sign-ins per IP address within the window before 429',
    default: '20',
    parse: int(1, 100000),
  },
  loginFailureWindowMinutes: {
    env: 'LOGIN_FAILURE_WINDOW_MINUTES',
    meaning: 'the throttling window (sign-ins and refreshes)',
    default: '15',
    parse: int(1, 24 * 60),
  },
  refreshMaxFailuresPerAddress: {
    env: 'REFRESH_MAX_FAILURES_PER_ADDRESS',
    meaning: 'refreshes refused for an unknown token per IP address within the window before 429',
    default: '20',
    parse: int(1, 100000),
  },
  priceSource: {
    env: 'PRICE_SOURCE',
    meaning: '`simulated` (a random walk around fixed levels), `http` (poll `PRICE_SOURCE_URL`) or `none`',
    default: 'simulated',
    parse: (raw, { problem }) => {
      const value = PRICE_SOURCES.find((s) => s === raw);
      if (!value) problem(`PRICE_SOURCE must be simulated, http or none, got '${raw}'`);
      return value ?? 'simulated';
    },
  },
  priceSourceUrl: {
    env: 'PRICE_SOURCE_URL',
    meaning:
      'an outside provider answering JSON `{metals: {xau, xpt, xag: {bid, ask}}, usdMyr: {bid, ask}}` (USD per troy ounce), optionally the USD/MYR references `integral` and `investing` in the shape of `usdMyr`',
    default: null,
    parse: (raw, ctx) => {
      const value = url(['http:', 'https:'])(raw, ctx);
      if (ctx.read.priceSource === 'http' && !value) ctx.problem('PRICE_SOURCE=http needs PRICE_SOURCE_URL');
      return value;
    },
  },
  priceTickMs: { env: 'PRICE_TICK_MS', meaning: 'how often the feed asks its source', default: '1000', parse: int(50, 60_000) },
  priceStaleSeconds: {
    env: 'PRICE_STALE_SECONDS',
    meaning: "a source silent this long, counting only market-open time (weekends, holidays and the hours the market is closed do not count), closes the market ('market source disconnect')",
    default: '10',
    parse: int(1, 3600),
  },
  priceCheckSource: {
    env: 'PRICE_CHECK_SOURCE',
    meaning: "a second source whose gold mid price cross-checks the primary's: `none`, `simulated` or `http` (poll `PRICE_CHECK_SOURCE_URL`, same answer as `PRICE_SOURCE_URL`); beyond `PRICE_DISAGREE_BPS` the live markets close ('sources disagree')",
    default: 'none',
    parse: (raw, { problem }) => {
      const value = PRICE_SOURCES.find((s) => s === raw);
      if (!value) problem(`PRICE_CHECK_SOURCE must be simulated, http or none, got '${raw}'`);
      return value ?? 'none';
    },
  },
  priceCheckSourceUrl: {
    env: 'PRICE_CHECK_SOURCE_URL',
    meaning: 'the check source\'s provider, answering as `PRICE_SOURCE_URL` does',
    default: null,
    parse: (raw, ctx) => {
      const value = url(['http:', 'https:'])(raw, ctx);
      if (ctx.read.priceCheckSource === 'http' && !value) ctx.problem('PRICE_CHECK_SOURCE=http needs PRICE_CHECK_SOURCE_URL');
      return value;
    },
  },
  priceCheckStaleSeconds: {
    env: 'PRICE_CHECK_STALE_SECONDS',
    meaning: 'the check source\'s freshness limit, counted like `PRICE_STALE_SECONDS` (a stale check source closes the market too)',
    default: '10',
    parse: int(1, 3600),
  },
  priceDisagreeBps: {
    env: 'PRICE_DISAGREE_BPS',
    meaning: "how far apart (basis points of the primary's gold mid price) the two sources may be before they disagree",
    default: '50',
    parse: int(1, 10_000),
  },
  priceQuoteSeconds: {
    env: 'PRICE_QUOTE_SECONDS',
    meaning: 'how long a quoted price (the `quoteId` of a Price message) may price an order created with it',
    default: '10',
    parse: int(1, 300),
  },
  orderMinGrams: {
    env: 'ORDER_MIN_GRAMS',
    meaning: 'the smallest quantity of an order, in grams',
    default: '1',
    parse: (raw = '', { problem }) => {
      if (!/^\d+(\.\d{1,4})?$/.test(raw) || Number(raw) <= 0) {
        problem(`ORDER_MIN_GRAMS must be a positive number of grams with at most 4 decimals, got '${raw}'`);
      }
      return raw;
    },
  },
  orderInterestGraceDays: {
    env: 'ORDER_INTEREST_GRACE_DAYS',
    meaning: 'days from settlement to interest start; a settled order still owing then becomes overdue',
    default: '3',
    parse: int(0, 365),
  },
  orderEngineIntervalMs: {
    env: 'ORDER_ENGINE_INTERVAL_MS',
    meaning: 'how often the order engine runs (limit matching, GTD expiry, auto settle, overdue); `0` stops it',
    default: '1000',
    parse: int(0, 3_600_000),
  },
  reconciliationAt: {
    env: 'RECONCILIATION_AT',
    meaning:
      'the daily reconciliation of the custodians\' bar lists and customer metal runs once per business day after this business-local time (Asia/Kuala_Lumpur, `HH:MM`); weekends and system holidays are skipped',
    default: '09:00',
    parse: (raw = '', { name, problem }) => {
      const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(raw);
      if (!m) problem(`${name} must be a time HH:MM (00:00 to 23:59), got '${raw}'`);
      return { hour: Number(m?.[1] ?? 0), minute: Number(m?.[2] ?? 0) };
    },
  },

  backupDir: {
    env: 'BACKUP_DIR',
    meaning: 'folder the backups are written to (`npm run backup`, and the scheduled backups of the embedded database); see Backups',
    default: './backups',
    parse: (raw) => resolve(text(raw)),
  },
  backupIntervalMinutes: {
    env: 'BACKUP_INTERVAL_MINUTES',
    meaning:
      'minutes between the scheduled backups the server writes of the embedded database (PGlite) while it serves; `0` stops them. Not used on PostgreSQL (`DATABASE_URL`): schedule `npm run backup` (pg_dump) or a WAL archiver there (see Backups)',
    default: '60',
    parse: int(0, 7 * 24 * 60),
  },
  backupKeep: {
    env: 'BACKUP_KEEP',
    meaning: 'how many backup files `BACKUP_DIR` keeps: once a new one is complete, the oldest beyond this many are removed',
    default: '24',
    parse: int(1, 10_000),
  },

  dealerName: {
    env: 'DEALER_NAME',
    meaning: "the dealer's name at the top of every statement page (letterhead); one line, at most 100 characters",
    default: 'Aurum Bullion Sdn. Bhd.',
    parse: line(100),
  },
  dealerAddress: {
    env: 'DEALER_ADDRESS',
    meaning: "the dealer's address on the letterhead; one line (commas between its parts), at most 200 characters",
    default: 'Kuala Lumpur, Malaysia',
    parse: line(200),
  },
  dealerRegistration: {
    env: 'DEALER_REGISTRATION',
    meaning: "the dealer's company registration number on the letterhead; at most 50 characters",
    default: '000000-X',
    parse: line(50),
  },
};

const variables = (): Array<ConfigVariable<EnvKey> & { key: EnvKey }> =>
  (Object.keys(CONFIG_SCHEMA) as EnvKey[]).map((key) => ({ ...(CONFIG_SCHEMA[key] as ConfigVariable<EnvKey>), key }));

/** The default as the README shows it. */
export const shownDefault = (v: ConfigVariable<keyof Config>): string => v.shownDefault ?? (v.default === null ? 'unset' : `\`${v.default}\``);

/** The variables as [name, meaning, default as shown], in the table's order (read from CONFIG_SCHEMA). */
export const CONFIG_VARIABLES: ReadonlyArray<readonly [string, string, string]> = variables().map((v) => [v.env, v.meaning, shownDefault(v)] as const);

/** Reads and checks the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const read: Partial<Record<keyof Config, unknown>> = { ...FIXED };
  for (const v of variables()) {
    const given = env[v.env];
    const raw = given === undefined || (given === '' && !v.emptyIsGiven) ? (v.default ?? undefined) : given;
    read[v.key] = v.parse(raw, { name: v.env, problem: (p) => problems.push(p), read: read as Partial<Config> });
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return read as Config;
}
