import { resolve } from 'node:path';

/** Everything the server reads from the environment, validated once at start. */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string | null;
  adminUsername: string;
  adminPassword: string;
  adminEmail: string;
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  accessTokenTtlSeconds: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  passwordResetMinutes: number;
  webDist: string;
  bodyLimitBytes: number;
  priceSource: 'simulated' | 'http' | 'none';
  priceSourceUrl: string | null;
  priceTickMs: number;
  priceStaleSeconds: number;
  /** Orders (DECISIONS.md §5): minimum quantity in grams, grace from settlement to interest start, engine period. */
  orderMinGrams: string;
  orderInterestGraceDays: number;
  orderEngineIntervalMs: number;
}

export const DEMO_SUPERADMIN = { username: 'admin', password: 'Aurum#Demo2026', email: 'admin@aurum.example' };

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variables, what they mean and their defaults: the README's table is made from this. */
export const CONFIG_VARIABLES: ReadonlyArray<readonly [string, string, string]> = [
  ['PORT', 'HTTP port of the API, the socket and the console', '3000'],
  ['HOST', 'address to listen on', '127.0.0.1'],
  ['DATA_DIR', 'data folder of the embedded PostgreSQL (PGlite); locked by one process', './data'],
  ['DATABASE_URL', 'a PostgreSQL server to use instead of the embedded one', '(unset)'],
  ['PUBLIC_URL', 'the address people use, for links in e-mails', 'http://localhost:PORT'],
  ['NODE_ENV', 'production seeds nothing and needs the first superAdmin created by `npm run admin:create`', 'development'],
  ['AURUM_ADMIN_USERNAME', "the first superAdmin's username", DEMO_SUPERADMIN.username],
  ['AURUM_ADMIN_PASSWORD', "the first superAdmin's password (at least 8 characters: lower, upper, digit, symbol)", DEMO_SUPERADMIN.password],
  ['AURUM_ADMIN_EMAIL', "the first superAdmin's e-mail", DEMO_SUPERADMIN.email],
  ['JWT_SECRET', 'signing key of access tokens (32+ characters); when unset, one is generated and kept in the database', '(generated)'],
  ['SMTP_URL', 'smtp(s)://user:pass@host:port to send e-mail; unset writes mail to the outbox log', '(unset)'],
  ['MAIL_FROM', 'sender address of e-mails', 'Aurum <no-reply@aurum.example>'],
  ['LOG_LEVEL', 'pino log level', 'info'],
  ['ACCESS_TOKEN_TTL_SECONDS', 'lifetime of an access token', '60'],
  ['SESSION_IDLE_MINUTES', 'a session with no refresh for this long ends', '30'],
  ['SESSION_ABSOLUTE_HOURS', 'a session ends this long after sign-in', '12'],
  ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'failed sign-ins per username within the window before 429', '5'],
  ['LOGIN_MAX_FAILURES_PER_ADDRESS', 'failed sign-ins per IP address within the window before 429', '20'],
  ['LOGIN_FAILURE_WINDOW_MINUTES', 'the throttling window', '15'],
  ['PRICE_SOURCE', 'simulated (a random walk), http (poll PRICE_SOURCE_URL) or none', 'simulated'],
  ['PRICE_SOURCE_URL', 'an outside provider answering JSON {metals: {xau, xpt, xag: {bid, ask}}, usdMyr: {bid, ask}}', '(unset)'],
  ['PRICE_TICK_MS', 'how often the feed asks its source', '1000'],
  ['PRICE_STALE_SECONDS', "a source silent this long closes the market ('market source disconnect')", '10'],
  ['ORDER_MIN_GRAMS', 'the smallest quantity of an order, in grams (4 decimals at most)', '1'],
  ['ORDER_INTEREST_GRACE_DAYS', 'days from settlement to interest start; a settled order still owing then is overdue', '3'],
  ['ORDER_ENGINE_INTERVAL_MS', 'how often the order engine runs its jobs (limit matching, expiry, auto settle, overdue); 0 stops it', '1000'],
];

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name} must be a whole number, got '${raw}'`);
    return fallback;
  }
  const n = Number(raw);
  if (n < min || n > max) problems.push(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[], problems: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  try {
    const u = new URL(raw);
    if (!protocols.includes(u.protocol)) {
      problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got '${u.protocol}//'`);
    }
  } catch {
    problems.push(`${name} is not a valid URL`);
  }
  return raw;
}

/** Reads and checks the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const nodeEnvRaw = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push(`NODE_ENV must be development, production or test, got '${nodeEnvRaw}'`);
  }
  const nodeEnv = (['development', 'production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development') as Config['nodeEnv'];
  const port = int(env, 'PORT', 3000, 0, 65535, problems);
  const logLevel = (env.LOG_LEVEL ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  const jwtSecret = env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : null;
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  const adminUsername = env.AURUM_ADMIN_USERNAME || DEMO_SUPERADMIN.username;
  if (!/^[A-Za-z0-9]{1,50}$/.test(adminUsername)) {
    problems.push('AURUM_ADMIN_USERNAME may hold only letters and numbers (1 to 50)');
  }
  const adminPassword = env.AURUM_ADMIN_PASSWORD || DEMO_SUPERADMIN.password;
  if (
    adminPassword.length < 8 ||
    /\s/.test(adminPassword) ||
    !(/[a-z]/.test(adminPassword) && /[A-Z]/.test(adminPassword) && /\d/.test(adminPassword) && /[^A-Za-z0-9]/.test(adminPassword))
  ) {
    problems.push('AURUM_ADMIN_PASSWORD must have at least 8 characters with a lowercase and an uppercase letter, a number and a symbol, and no spaces');
  }
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:'], problems);
  const config: Config = {
    nodeEnv,
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems),
    publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null,
    adminUsername,
    adminPassword,
    adminEmail: env.AURUM_ADMIN_EMAIL || DEMO_SUPERADMIN.email,
    jwtSecret,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:'], problems),
    mailFrom: env.MAIL_FROM || 'Aurum <no-reply@aurum.example>',
    logLevel,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 60, 5, 3600, problems),
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60, problems),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 7, problems),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1000, problems),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 100000, problems),
    loginFailureWindowMinutes: int(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60, problems),
    passwordResetMinutes: 30,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(import.meta.dirname, '..', '..', 'web', 'dist'),
    bodyLimitBytes: 1024 * 1024,
    priceSource: 'simulated',
    priceSourceUrl: url(env, 'PRICE_SOURCE_URL', ['http:', 'https:'], problems),
    priceTickMs: int(env, 'PRICE_TICK_MS', 1000, 50, 60_000, problems),
    priceStaleSeconds: int(env, 'PRICE_STALE_SECONDS', 10, 1, 3600, problems),
    orderMinGrams: env.ORDER_MIN_GRAMS || '1',
    orderInterestGraceDays: int(env, 'ORDER_INTEREST_GRACE_DAYS', 3, 0, 365, problems),
    orderEngineIntervalMs: int(env, 'ORDER_ENGINE_INTERVAL_MS', 1000, 0, 3_600_000, problems),
  };
  if (!/^\d+(\.\d{1,4})?$/.test(config.orderMinGrams) || Number(config.orderMinGrams) <= 0) {
    problems.push(`ORDER_MIN_GRAMS must be a positive number of grams with at most 4 decimals, got '${config.orderMinGrams}'`);
  }
  const source = env.PRICE_SOURCE || 'simulated';
  if (source !== 'simulated' && source !== 'http' && source !== 'none') {
    problems.push(`PRICE_SOURCE must be simulated, http or none, got '${source}'`);
  } else {
    config.priceSource = source;
    if (source === 'http' && !config.priceSourceUrl) problems.push('PRICE_SOURCE=http needs PRICE_SOURCE_URL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
