import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError, invalidFormat } from './app-error.ts';
import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { kysely } from '../db/query-builder.ts';

/**
 * Idempotency-Key (DECISIONS.md §5): inside the route's transaction, the first request of a
 * (scope, key) claims it with an INSERT; a concurrent repeat waits on that row until the first
 * commits, then finds its answer. The first answer is given again; a failed first request keeps
 * nothing (its transaction rolled back), so a retry runs anew. The same key with another body is
 * 409 (3101).
 */
export async function idempotent<T>(
  q: Queryable,
  req: FastifyRequest,
  scope: string,
  adminId: number | null,
  body: unknown,
  run: () => Promise<T>,
  onReplay?: () => void,
): Promise<T> {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key === '') return run();
  if (key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) throw invalidFormat('Idempotency-Key');
  const hash = createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
  const k = kysely(q);
  const claimed = await k
    .insertInto('idempotency_keys')
    .values({ scope, key, admin_id: adminId, request_hash: hash })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) {
    const first = await k.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
    if (!first || first.request_hash !== hash) {
      throw appError(ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was used for another request.');
    }
    onReplay?.();
    return first.response as T; // the first answer, as it was stored
  }
  const result = await run();
  await k
    .updateTable('idempotency_keys')
    .set({ response: sql<string>`CAST(${JSON.stringify(result)} AS jsonb)` })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute();
  return result;
}
