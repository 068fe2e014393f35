import { createHash } from 'node:crypto';
import type { Compilable } from 'kysely';
import type { Queryable } from './db.ts';

/**
 * Statements built and compiled by Kysely once per shape, their values bound at each run
 * (decision 0430), and on PostgreSQL kept prepared on each
 * connection under a name made of their text, so that a run skips the server's parse and planning.
 *
 * A hot query whose SQL text depends only on its shape (which filters are present, the direction,
 * whether there is a cursor) need not be built and compiled again for every call: the builder runs
 * once per shape with a `slot` wherever a value goes, Kysely compiles it, and each slot becomes a
 * numbered parameter that reads its value from the run's bindings.
 *
 *   const pages = statementCache<{ id: number }>(64);
 *   const rows = await pages.run(q, 'by-id', (c) => kysely(c).selectFrom('orders').selectAll().where('id', '=', slot((b: { id: number }) => b.id)), { id: 7 });
 */

/** A value of a statement read from the bindings of each run (kept by Kysely as one parameter). */
class Slot<B> {
  readonly read: (bindings: B) => unknown;
  constructor(read: (bindings: B) => unknown) {
    this.read = read;
  }
}

/** A value bound at run time: typed as the value it stands for, so that the builder accepts it where that value goes. */
export function slot<B, T>(read: (bindings: B) => T): T {
  return new Slot(read) as unknown as T;
}

/** `fn(value)`, or for a slot, a slot answering `fn` of its value at run time (e.g. a LIKE pattern made of a search text). */
export function mapSlot<T, U>(value: T, fn: (value: T) => U): U {
  if (value instanceof Slot) {
    const inner = value as Slot<unknown>;
    return new Slot((b: unknown) => fn(inner.read(b) as T)) as unknown as U;
  }
  return fn(value);
}

/** A statement's prepared name: its text's digest (a different text never shares a name on a connection). */
export const preparedName = (sql: string) => `aurum_${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;

const NOT_RUN = 'a statement is compiled over COMPILE_ONLY, never run there: run it with statementCache(...).run(q, ...)';

/** The Queryable a cached statement is built over: Kysely compiles the same SQL for every Queryable (one dialect), and this one refuses to run anything. */
const COMPILE_ONLY: Queryable = {
  query() {
    return Promise.reject(new Error(NOT_RUN));
  },
};

interface Compiled<B> {
  sql: string;
  /** The name PostgreSQL keeps it prepared under: from its text, so one text has one name in every process. */
  prepared: string;
  /** Per parameter: its constant value, or the slot that reads it. */
  parameters: ReadonlyArray<unknown>;
  slots: ReadonlyArray<Slot<B> | null>;
}

export interface StatementCache<B> {
  /**
   * Runs the statement of `shape` with `bindings`: `build` (over a Queryable that only compiles) runs
   * the first time this shape is asked for in the process; every value that differs between runs
   * of one shape must come from `slot`, the rest of the builder from the shape alone.
   */
  run<R>(q: Queryable, shape: string, build: (c: Queryable) => Compilable<R>, bindings: B): Promise<R[]>;
  /** How many shapes are held (for tests). */
  readonly size: number;
}

/** A cache of compiled statements keyed by shape, at most `limit` of them (the oldest compiled goes first). */
export function statementCache<B>(limit: number): StatementCache<B> {
  const shapes = new Map<string, Compiled<B>>();
  const compile = (shape: string, build: (c: Queryable) => Compilable<unknown>): Compiled<B> => {
    let compiled = shapes.get(shape);
    if (!compiled) {
      const c = build(COMPILE_ONLY).compile();
      compiled = { sql: c.sql, prepared: preparedName(c.sql), parameters: c.parameters, slots: c.parameters.map((p) => (p instanceof Slot ? (p as Slot<B>) : null)) };
      shapes.set(shape, compiled);
      if (shapes.size > limit) shapes.delete(shapes.keys().next().value!);
    }
    return compiled;
  };
  return {
    run<R>(q: Queryable, shape: string, build: (c: Queryable) => Compilable<R>, bindings: B): Promise<R[]> {
      const { sql, prepared, parameters, slots } = compile(shape, build);
      const values = new Array<unknown>(parameters.length);
      for (let i = 0; i < parameters.length; i++) {
        const s = slots[i];
        values[i] = s ? s.read(bindings) : parameters[i];
      }
      return q.query<R>(sql, values, { prepared });
    },
    get size() {
      return shapes.size;
    },
  };
}
