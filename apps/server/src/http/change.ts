import type { Queryable } from '../db/db.ts';
import type { EventBus } from '../live/event-bus.ts';
import type { AuditRecorder, AuthAdmin } from './route.ts';

/**
 * What a module's service gets for one audited change: the transaction, the admin acting, the
 * time of the call, the live bus (events published on `q` go out on commit) and what it records on
 * the route's audit row. Routes build it with `changeOf`.
 */
export interface Change {
  q: Queryable;
  by: number;
  now: Date;
  audit: AuditRecorder;
  events: EventBus;
  /** route()'s onRollback: undoes what the change did outside the database when its transaction does not commit. */
  onRollback?: (undo: () => Promise<void>) => void;
}

/** The change of a route's call (an admin route: route() has authenticated the admin). */
export function changeOf(
  ctx: { db: Queryable; admin: AuthAdmin | null; audit: AuditRecorder; onRollback?: (undo: () => Promise<void>) => void },
  deps: { now(): Date; events: EventBus },
): Change {
  if (!ctx.admin) throw new Error('changeOf: a change needs the signed-in admin (auth: admin)');
  return { q: ctx.db, by: ctx.admin.id, now: deps.now(), audit: ctx.audit, events: deps.events, ...(ctx.onRollback ? { onRollback: ctx.onRollback } : {}) };
}

/**
 * The same change for a step that follows it in its transaction (screening after a file is saved
 * or a list activated): what the step records goes under `key` on the change's own audit row, so
 * the row still says what the admin did and, beside it, what followed.
 */
export function followingChange(c: Change, key: string): Change {
  const audit: AuditRecorder = {
    actor: () => undefined,
    before: () => undefined,
    after: (value) => c.audit.note(key, value),
    note: () => undefined,
  };
  return { ...c, audit };
}

/** Records nothing: for a step whose record is kept elsewhere (a job's screening, in its runs and hits). */
export const SILENT_AUDIT: AuditRecorder = { actor: () => undefined, before: () => undefined, after: () => undefined, note: () => undefined };
