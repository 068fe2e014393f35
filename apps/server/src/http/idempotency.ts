import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError, invalidFormat } from './app-error.ts';
import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { kysely } from '../db/query-builder.ts';

/**
 * Idempotency-Key (docs/decisions/0109 and 0560): route()'s opt-in (`idempotent: true`) claims the
 * (scope, key) of a call inside the call's own transaction, beside its change and its audit row, and
 * stores the answer there before the COMMIT. So a key is kept exactly when the change committed: a
 * retry after a lost answer (a COMMIT whose reply never came back, a time-out, a double click) gets
 * the first answer if the first call committed and runs anew if it did not, never both. A concurrent
 * repeat waits on the claimed row until the first commits (then replays it) or rolls back (then runs).
 * The same key with another request is 409 (3101).
 */

/** The header, as Fastify reads it (lower case). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A key is up to 200 visible ASCII characters (a UUID, a client's own reference). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The call's Idempotency-Key: undefined when it sends none (or an empty one); 400 (1001, context Idempotency-Key) when malformed. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers[IDEMPOTENCY_HEADER];
  if (Array.isArray(header)) throw invalidFormat('Idempotency-Key');
  if (header === undefined || header === '') return undefined;
  if (!KEY_PATTERN.test(header)) throw invalidFormat('Idempotency-Key');
  return header;
}

const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The fingerprint of a request (SHA-256 of its JSON): uploaded bytes count by their digest (a
 * receipt of 5 MB is not walked as numbers), a Map by its entries (a batch's files by field name).
 */
export function requestHash(value: unknown): string {
  const text = JSON.stringify(value ?? null, function (this: Record<string, unknown>, key: string, shown: unknown) {
    // the value before its toJSON (a Buffer's would list every byte)
    const raw = this[key];
    if (raw instanceof Uint8Array) return { sha256: digestOf(raw) };
    if (raw instanceof Map) return Object.fromEntries([...raw.entries()].map(([k, v]) => [String(k), v as unknown]));
    return shown;
  });
  return createHash('sha256').update(text).digest('hex');
}

/** One call's claim: where its key lives and what the request was. */
export interface KeyClaim {
  scope: string;
  key: string;
  adminId: number | null;
  hash: string;
}

/** What a claim found: the key is this call's now, or a first call committed with it and this is its answer. */
export type ClaimOutcome = { first: true } | { first: false; answer: unknown };

/**
 * Claims the key in `q` (the call's transaction). A row of another request is 409 (3101); a row of
 * the same request is the first call's answer.
 */
export async function claimKey(q: Queryable, claim: KeyClaim): Promise<ClaimOutcome> {
  const k = kysely(q);
  const claimed = await k
    .insertInto('idempotency_keys')
    .values({ scope: claim.scope, key: claim.key, admin_id: claim.adminId, request_hash: claim.hash })
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  if (claimed) return { first: true };
  const first = await k
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  if (!first || first.request_hash !== claim.hash) {
    throw appError(ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was used for another request.');
  }
  return { first: false, answer: first.response };
}

/** Stores the answer of the call that claimed the key, in its transaction (committed with the change, or not at all). */
export async function storeAnswer(q: Queryable, claim: KeyClaim, answer: unknown): Promise<void> {
  await kysely(q)
    .updateTable('idempotency_keys')
    .set({ response: sql<string>`CAST(${JSON.stringify(answer ?? null)} AS jsonb)` })
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .execute();
}

/** Names that mean a secret in an answer: a route whose answer may hold one is never opted in (its answer would be stored). */
const SECRET_NAME = /"[A-Za-z_]*(token|secret|password|recovery|otp|totp|jwt)[A-Za-z_]*"\s*:/i;

/** Whether a route's answer schema (its JSON Schema text) names a field that could hold a secret. */
export function mayHoldSecret(responseSchemaText: string | null): boolean {
  return responseSchemaText !== null && SECRET_NAME.test(responseSchemaText);
}
