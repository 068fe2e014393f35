import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError, invalidFormat } from './app-error.ts';
import type { Queryable } from '../db/db.ts';

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
  const claimed = await q.query(
    'INSERT INTO idempotency_keys (scope, key, admin_id, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key',
    [scope, key, adminId, hash],
  );
  if (claimed.length === 0) {
    const [first] = await q.query<{ request_hash: string; response: T }>('SELECT request_hash, response FROM idempotency_keys WHERE scope = $1 AND key = $2', [
      scope,
      key,
    ]);
    if (!first || first.request_hash !== hash) {
      throw appError(ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was used for another request.');
    }
    onReplay?.();
    return first.response;
  }
  const result = await run();
  await q.query('UPDATE idempotency_keys SET response = $3::jsonb WHERE scope = $1 AND key = $2', [scope, key, JSON.stringify(result)]);
  return result;
}
