import pg from 'pg';

/**
 * One LISTEN connection that outlives the database restarting, failing over or cutting the
 * connection silently (docs/decisions/0001-database-faults.md):
 * - a lost connection is replaced with jittered, capped back-off (full jitter: a random wait up to
 *   min(cap, base x 2^n)), again and again until one succeeds, and LISTENs again;
 * - a heartbeat (`SELECT 1` every heartbeatMs, answered within timeoutMs) finds a half-open
 *   connection, which TCP alone may not notice for minutes, and replaces it;
 * - after any gap `onReconnect` runs: what was notified meanwhile is gone, so the owner resyncs.
 */
export interface ListenerOptions {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
  /** A lost or found-broken connection (for the log). */
  onLoss?: (error: unknown) => void;
  heartbeatMs?: number;
  timeoutMs?: number;
  backoff?: { baseMs: number; capMs: number };
  /** Random in [0, 1): tests make the back-off deterministic. */
  random?: () => number;
  types?: pg.ClientConfig['types'];
}

export interface ListenerHealth {
  connected: boolean;
  /** Connections made again after a loss, since start. */
  reconnects: number;
}

export interface Listener {
  health(): ListenerHealth;
  stop(): Promise<void>;
}

/**
 * The cap is short on purpose: a process is not ready (/readyz) until its listener is back, so the
 * cap bounds how long after the database's return a process stays out of the proxy. One attempt
 * every 2 s per process costs the database nothing.
 */
export const LISTENER_DEFAULTS = { heartbeatMs: 5_000, timeoutMs: 5_000, backoff: { baseMs: 100, capMs: 2_000 } } as const;

/** The wait before reconnect attempt `n` (0-based): full jitter under a capped exponential. */
export function backoffDelay(n: number, backoff: { baseMs: number; capMs: number }, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(n, 30)));
}

/** Connects (the first connection must succeed: a start with no database fails at once) and keeps listening. */
export async function startListener(options: ListenerOptions): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`bad channel name ${options.channel}`);
  const heartbeatMs = options.heartbeatMs ?? LISTENER_DEFAULTS.heartbeatMs;
  const timeoutMs = options.timeoutMs ?? LISTENER_DEFAULTS.timeoutMs;
  const backoff = options.backoff ?? LISTENER_DEFAULTS.backoff;
  let client: pg.Client | null = null;
  let connected = false;
  let everConnected = false;
  let stopped = false;
  let reconnects = 0;
  let failures = 0;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;

  const drop = (c: pg.Client) => {
    c.removeAllListeners('notification');
    // a half-open socket never answers end(): destroy it
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => undefined);
  };

  const lost = (c: pg.Client, error: unknown) => {
    if (client !== c) return; // an older connection's late error
    client = null;
    connected = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    drop(c);
    if (stopped) return;
    options.onLoss?.(error);
    schedule();
  };

  const schedule = () => {
    if (stopped || retry) return;
    const wait = backoffDelay(failures, backoff, options.random);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      connect().catch(() => schedule());
    }, wait);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: timeoutMs, ...(options.types ? { types: options.types } : {}) });
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c, new Error('listener connection ended')));
    c.on('notification', (n) => {
      if (n.channel === options.channel && n.payload !== undefined) options.onPayload(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${options.channel}`);
    } catch (error) {
      if (client === c) client = null;
      drop(c);
      throw error;
    }
    if (stopped) {
      drop(c);
      return;
    }
    connected = true;
    failures = 0;
    heartbeat = setInterval(() => void beat(c), heartbeatMs);
    heartbeat.unref();
    if (everConnected) {
      reconnects += 1;
      options.onReconnect?.();
    }
    everConnected = true;
  };

  const beat = async (c: pg.Client) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`listener heartbeat not answered within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([c.query('SELECT 1'), late]);
    } catch (error) {
      lost(c, error);
    } finally {
      clearTimeout(timer);
    }
  };

  try {
    await connect();
  } catch (error) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return {
    health: () => ({ connected, reconnects }),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      retry = null;
      heartbeat = null;
      const c = client;
      client = null;
      connected = false;
      if (c) {
        c.removeAllListeners('notification');
        await c.end().catch(() => undefined);
      }
    },
  };
}
