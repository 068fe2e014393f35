import type { Queryable } from './db.ts';

/** The unique index a PostgreSQL error (23505) names, or null for any other error. */
export function violatedIndex(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  if (e.constraint) return e.constraint;
  const quoted = /unique constraint "([^"]+)"/.exec(e.message ?? '');
  return quoted?.[1] ?? '';
}

/**
 * Runs a write that a concurrent twin may beat to a unique index, inside a savepoint so that the
 * transaction stays usable, and turns the violation into the answer `onViolation` gives for the
 * index (or rethrows it).
 */
export async function uniquely<T>(q: Queryable, fn: () => Promise<T>, onViolation: (index: string) => Error | null): Promise<T> {
  await q.query('SAVEPOINT unique_write');
  try {
    const out = await fn();
    await q.query('RELEASE SAVEPOINT unique_write');
    return out;
  } catch (error) {
    await q.query('ROLLBACK TO SAVEPOINT unique_write');
    const index = violatedIndex(error);
    throw (index !== null ? onViolation(index) : null) ?? error;
  }
}
