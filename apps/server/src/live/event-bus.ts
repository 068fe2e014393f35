import type { Db, Queryable } from '../db/db.ts';
import type { ListenerHealth } from '../db/pg-listener.ts';

/**
 * Live events between server processes: PostgreSQL NOTIFY on one channel, LISTEN in every
 * process. Published inside a transaction, an event is delivered only if that transaction commits.
 */
export const LIVE_CHANNEL = 'aurum_live';

export interface Quotes {
  at: string;
  source: string;
  /** USD per troy ounce. */
  metals: Record<'xau' | 'xpt' | 'xag', { bid: string; ask: string }>;
  usdMyr: { bid: string; ask: string; high: string; low: string };
}

export type LiveEvent =
  | { kind: 'quotes'; quotes: Quotes }
  /** A setting changed; `version`: the settings' version its transaction committed (a process never serves older settings once it heard of it). */
  | { kind: 'settings'; what: 'adjust' | 'modes' | 'holidays' | 'manualPrice'; metal?: string; version?: number }
  | { kind: 'sessionsEnded'; sessionIds: string[] }
  /** An admin was edited or deleted: processes drop what they hold of it (role, name). */
  | { kind: 'adminsChanged'; adminIds: number[] }
  /**
   * Never sent: told to this process's handlers when its listener came back after a loss (events
   * may be missing): each drops what it holds (sessions, admins, modes, settings) and the sockets
   * tell their consoles to refetch.
   */
  | { kind: 'resync' }
  | { kind: 'order'; type: 'Market' | 'Limit' | 'OrderUpdated'; userId: number; data: Record<string, unknown> & { id: number | string } }
  /** A payment request created or decided: sent as {type:'RequestUpdated', data} to sockets of all users and of the users involved. */
  | { kind: 'request'; userIds: number[]; data: Record<string, unknown> & { id: number } }
  /** What awaits a maker-checker decision changed (an item submitted, decided or removed): sent as {type:'InboxChanged'} to admin-wide sockets. */
  | { kind: 'inbox' }
  /** Treasury (decisions 0834, 0838): the position moved (sent as {type:'TreasuryPosition'}), or a band was crossed ({type:'TreasuryBand'}), to admin-wide sockets. */
  | { kind: 'treasury'; type: 'TreasuryPosition'; data: { metals: string[] } }
  | { kind: 'treasury'; type: 'TreasuryBand'; data: { metal: string; crossing: 'left' | 'returned'; net: string; target: string; band: string } };

export interface EventBus {
  /** Publishes on `q` (a transaction: delivered on commit) or on the database at once. */
  publish(q: Queryable, event: LiveEvent): Promise<void>;
  subscribe(handler: (event: LiveEvent) => void): () => void;
  /** Whether the LISTEN connection is up, and how often it came back (readiness, metrics). */
  health(): ListenerHealth;
  close(): Promise<void>;
}

/** Sends an event on `q` (a transaction: delivered on commit, to every process including this one). */
export async function notifyLive(q: Queryable, event: LiveEvent): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(event)]);
}

export async function createEventBus(db: Db): Promise<EventBus> {
  const handlers = new Set<(event: LiveEvent) => void>();
  const deliver = (event: LiveEvent) => {
    for (const h of handlers) {
      try {
        h(event);
      } catch {
        // one handler's failure does not stop the others
      }
    }
  };
  const listener = await db.listen(
    LIVE_CHANNEL,
    (payload) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      deliver(event);
    },
    () => deliver({ kind: 'resync' }),
  );
  return {
    publish: notifyLive,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    health: () => listener.health(),
    close: () => listener.stop(),
  };
}
