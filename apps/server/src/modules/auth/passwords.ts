import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { appError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/db.ts';
import { setAdminPassword } from './auth-repository.ts';

/** argon2id at 19 MiB and 2 passes (DECISIONS.md §9), stored in the PHC string format. */
const MEMORY_KIB = 19 * 1024;
const PASSES = 2;
const PARALLELISM = 1;
const TAG_LENGTH = 32;

function derive(password: string, salt: Buffer, memory: number, passes: number, parallelism: number, tagLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    argon2(
      'argon2id',
      { message: Buffer.from(password, 'utf8'), nonce: salt, memory, passes, parallelism, tagLength },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, MEMORY_KIB, PASSES, PARALLELISM, TAG_LENGTH);
  return `$argon2id$v=19$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const [, memory, passes, parallelism, salt, key] = m;
  const expected = Buffer.from(key!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), Number(memory), Number(passes), Number(parallelism), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the username is unknown, so both answers take the same time. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url') + 'aA1!');
  return dummy;
}

/**
 * Refuses a new password the strength estimator scores below 3 (decision 0223), with a 422 (1158) whose
 * context says why; `related` are the account's own words (username, e-mail, names). The estimator
 * and its dictionaries are loaded on first use.
 */
export async function refuseWeakPassword(password: string, related: readonly string[]): Promise<void> {
  const { passwordStrength } = await import('@aurum/domain/auth/password-strength');
  const strength = passwordStrength(password, related);
  if (!strength.strongEnough) throw appError(ErrorCode.WeakPassword, strength.reason);
}

/** Sets an admin's password, hashed (the reset link, and a superAdmin's reset); the caller ends its sessions. */
export async function changeAdminPassword(q: Queryable, adminId: number, password: string, at: Date): Promise<void> {
  await setAdminPassword(q, adminId, await hashPassword(password), at);
}
