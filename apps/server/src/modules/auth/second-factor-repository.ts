import { sql } from 'kysely';
import type { AdminRole } from '@aurum/domain/access/roles';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** An admin's second factor: the encrypted secret, whether confirmed, the last TOTP step used. */
export interface FactorRow {
  secret_enc: string;
  confirmed_at: Date | null;
  last_step: number;
}

export async function findFactor(q: Queryable, adminId: number): Promise<FactorRow | undefined> {
  const row = await kysely(q)
    .selectFrom('admin_second_factors')
    .select(['secret_enc', 'confirmed_at', 'last_step'])
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return row ? { ...row, last_step: Number(row.last_step) } : undefined;
}

/** Starts (or starts again) an enrolment not yet confirmed; answers false when a confirmed factor exists. */
export async function upsertPendingFactor(q: Queryable, adminId: number, secretEnc: string, at: Date): Promise<boolean> {
  const rows = await kysely(q)
    .insertInto('admin_second_factors')
    .values({ admin_id: adminId, secret_enc: secretEnc, created_at: at })
    .onConflict((oc) =>
      oc
        .column('admin_id')
        .doUpdateSet({ secret_enc: secretEnc, created_at: at, last_step: 0 })
        .where('admin_second_factors.confirmed_at', 'is', null),
    )
    .returning('admin_id')
    .execute();
  return rows.length === 1;
}

/** Confirms a pending enrolment with the step of its first code; answers whether it did. */
export async function confirmFactor(q: Queryable, adminId: number, step: number, at: Date): Promise<boolean> {
  const rows = await kysely(q)
    .updateTable('admin_second_factors')
    .set({ confirmed_at: at, last_step: step })
    .where('admin_id', '=', adminId)
    .where('confirmed_at', 'is', null)
    .where('last_step', '<', step)
    .returning('admin_id')
    .execute();
  return rows.length === 1;
}

/** Uses a TOTP step of a confirmed factor: only a step later than every one used before (never twice). */
export async function useStep(q: Queryable, adminId: number, step: number): Promise<boolean> {
  const rows = await kysely(q)
    .updateTable('admin_second_factors')
    .set({ last_step: step })
    .where('admin_id', '=', adminId)
    .where('confirmed_at', 'is not', null)
    .where('last_step', '<', step)
    .returning('admin_id')
    .execute();
  return rows.length === 1;
}

export async function replaceRecoveryCodes(q: Queryable, adminId: number, hashes: string[], at: Date): Promise<void> {
  await kysely(q).deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  await kysely(q)
    .insertInto('admin_recovery_codes')
    .values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: at })))
    .execute();
}

/** Marks an unused recovery code used; answers whether it was one. */
export async function useRecoveryCode(q: Queryable, adminId: number, hash: string, at: Date): Promise<boolean> {
  const rows = await kysely(q)
    .updateTable('admin_recovery_codes')
    .set({ used_at: at })
    .where('admin_id', '=', adminId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('admin_id')
    .execute();
  return rows.length === 1;
}

export async function recoveryCodesLeft(q: Queryable, adminId: number): Promise<number> {
  const row = await kysely(q)
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes an admin's factor and recovery codes; answers whether a confirmed factor was removed. */
export async function deleteFactor(q: Queryable, adminId: number): Promise<boolean> {
  await kysely(q).deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
  const rows = await kysely(q).deleteFrom('admin_second_factors').where('admin_id', '=', adminId).returning('confirmed_at').execute();
  return rows.some((r) => r.confirmed_at !== null);
}

/** Records a sign-in challenge as used; answers false when it was used already. */
export async function useChallenge(q: Queryable, c: { id: string; adminId: number; at: Date; expiresAt: Date }): Promise<boolean> {
  await kysely(q).deleteFrom('admin_used_challenges').where('expires_at', '<', c.at).execute();
  const rows = await kysely(q)
    .insertInto('admin_used_challenges')
    .values({ challenge_id: c.id, admin_id: c.adminId, used_at: c.at, expires_at: c.expiresAt })
    .onConflict((oc) => oc.column('challenge_id').doNothing())
    .returning('challenge_id')
    .execute();
  return rows.length === 1;
}

export async function challengeUsed(q: Queryable, id: string): Promise<boolean> {
  const row = await kysely(q).selectFrom('admin_used_challenges').select('challenge_id').where('challenge_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function requiredRoles(q: Queryable): Promise<AdminRole[]> {
  const rows = await kysely(q).selectFrom('second_factor_roles').select('role').orderBy('role').execute();
  return rows.map((r) => r.role as AdminRole);
}

export async function setRequiredRoles(q: Queryable, roles: readonly AdminRole[], by: number, at: Date): Promise<void> {
  await kysely(q).deleteFrom('second_factor_roles').execute();
  if (roles.length > 0) {
    await kysely(q)
      .insertInto('second_factor_roles')
      .values(roles.map((role) => ({ role, set_by: by, set_at: at })))
      .execute();
  }
}

/** The ids of the live admins (a change of the required roles drops every cached admin). */
export async function liveAdminIds(q: Queryable): Promise<number[]> {
  const rows = await kysely(q).selectFrom('admins').select('id').where('deleted_at', 'is', null).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * SQL of "this admin's role requires the factor and the admin has not confirmed one" for an
 * admins row aliased `alias` (the authentication reads it with the admin).
 */
export const secondFactorPendingSql = (alias: string) =>
  sql<boolean>`(EXISTS (SELECT 1 FROM second_factor_roles r WHERE r.role = ${sql.ref(`${alias}.role`)})
    AND NOT EXISTS (SELECT 1 FROM admin_second_factors f WHERE f.admin_id = ${sql.ref(`${alias}.id`)} AND f.confirmed_at IS NOT NULL))`;
