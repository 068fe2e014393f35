import type { AdminRole } from '@aurum/domain/access/roles';
import { ProcessCache } from '../../cache/process-cache.ts';
import type { Queryable } from '../../db/db.ts';
import type { AccessClaims } from './tokens.ts';
import { notifyLive, type EventBus } from '../../live/event-bus.ts';

/**
 * What every secure call needs of its session and its admin, held by each process
 * (cache/process-cache.ts) instead of read from the database on every call. Only open sessions
 * are held; their limits are checked on every call against the clock (idle, absolute). Dropped
 * everywhere when a session ends (`announceSessionsEnded`, session-lifecycle.ts) or an admin is edited or
 * deleted (`announceAdminChanged`), through LISTEN/NOTIFY, and at once in the process that made
 * the change.
 */
export interface CachedSession {
  adminId: number;
  /** The last action seen by this process: never later than the database's (it only moves forward). */
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface CachedAdmin {
  id: number;
  username: string;
  role: AdminRole;
  /** The role requires a second factor and the admin has none yet: every secure call is refused until it enrols. */
  secondFactorPending: boolean;
}

export interface AuthCaches {
  sessions: ProcessCache<string, CachedSession>;
  admins: ProcessCache<number, CachedAdmin>;
  /** Access tokens whose signature was checked, with their claims (their expiry is checked on every use). */
  tokens: ProcessCache<string, AccessClaims>;
}

/** The safety net of the caches (a notification lost by a broken listener): entries are read again after 30 s. */
export const AUTH_CACHE_MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;

const byBus = new WeakMap<EventBus, AuthCaches>();
/** Every application's caches in this process (tests run several): a change made here drops its rows in each. */
const inProcess = new Set<WeakRef<AuthCaches>>();

/** The caches of the application whose event bus this is; created (and listening) on first use. */
export function authCaches(bus: EventBus): AuthCaches {
  const held = byBus.get(bus);
  if (held) return held;
  const caches: AuthCaches = {
    sessions: new ProcessCache({ maxAgeMs: AUTH_CACHE_MAX_AGE_MS, maxEntries: MAX_ENTRIES }),
    admins: new ProcessCache({ maxAgeMs: AUTH_CACHE_MAX_AGE_MS, maxEntries: MAX_ENTRIES }),
    // a signature stays good: only the size bounds these
    tokens: new ProcessCache({ maxAgeMs: Number.POSITIVE_INFINITY, maxEntries: MAX_ENTRIES }),
  };
  bus.subscribe((event) => {
    if (event.kind === 'sessionsEnded') caches.sessions.drop(event.sessionIds);
    else if (event.kind === 'adminsChanged') caches.admins.drop(event.adminIds);
    else if (event.kind === 'resync') {
      caches.sessions.clear();
      caches.admins.clear();
    }
  });
  byBus.set(bus, caches);
  inProcess.add(new WeakRef(caches));
  return caches;
}

function eachInProcess(fn: (caches: AuthCaches) => void): void {
  for (const ref of inProcess) {
    const caches = ref.deref();
    if (caches) fn(caches);
    else inProcess.delete(ref);
  }
}

/** Tells every process (on commit; this one at once) that these sessions ended: cached copies go, sockets close. */
export async function announceSessionsEnded(q: Queryable, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  eachInProcess((caches) => caches.sessions.drop(sessionIds));
  await notifyLive(q, { kind: 'sessionsEnded', sessionIds });
}

/** Tells every process (on commit; this one at once) that an admin was edited or deleted: its role and name are read again. */
export async function announceAdminChanged(q: Queryable, adminId: number): Promise<void> {
  await announceAdminsChanged(q, [adminId]);
}

/** announceAdminChanged for several admins at once (the roles requiring a second factor changed). */
export async function announceAdminsChanged(q: Queryable, adminIds: number[]): Promise<void> {
  if (adminIds.length === 0) return;
  eachInProcess((caches) => caches.admins.drop(adminIds));
  await notifyLive(q, { kind: 'adminsChanged', adminIds });
}
