import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Address, AllUsersFeeBody, Phone, TradeConfigBody, UserCreateBody, UserEditBody } from '@aurum/domain/users/user-schemas';
import type { AddressView, UserDetail, UserProfile } from '@aurum/domain/users/user-views';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { uniquely } from '../../db/unique-violation.ts';
import { hashPassword } from '../auth/auth-service.ts';
import {
  duplicate,
  duplicateOfIndex,
  findAddress,
  findUser,
  insertUser,
  listUsers,
  lockUser,
  markUserDeleted,
  pendingRequestCount,
  revokeUserSessions,
  setUserPassword,
  takenIdentity,
  toProfile,
  toTradeConfig,
  updateAllUsersFees,
  updateTradeConfig,
  updateUser,
  upsertAddress,
  userEverExisted,
  userIdentity,
  type UserRow,
} from './user-repository.ts';
import { periodRoster, periodUsers, type Period, type RosterUser } from './user-roster-repository.ts';

// users is the base module: bank, wallet and assets lock and read users through these; what
// composes a user with its bank account and wallet (its detail, its deletion) is modules/customers
export { findUser, listUsers, lockUser, userEverExisted, userIdentity, type UserRow };
// the users of a period by keyset, for what runs over every user (a month's statements)
export { periodRoster, periodUsers, type Period, type RosterUser };

/** The user's own part of its detail (profile, address, trade configuration); 404 when there is no live user. */
export async function userRecord(q: Queryable, userId: number): Promise<{ id: number } & Pick<UserDetail, 'profile' | 'address' | 'tradeConfig'>> {
  const user = await findUser(q, userId);
  if (!user) throw notFound('user');
  return { id: user.id, profile: toProfile(user), address: await findAddress(q, user.id), tradeConfig: toTradeConfig(user) };
}

/** Whether a username, e-mail or phone is taken by a live user. */
export async function identityTaken(q: Queryable, who: { username?: string; email?: string; phone?: Phone | null }): Promise<boolean> {
  return (await takenIdentity(q, who)) !== null;
}

export async function createUser(c: Change, body: UserCreateBody): Promise<{ id: number }> {
  const taken = await takenIdentity(c.q, body);
  if (taken) throw duplicate(taken);
  const { password, address, ...fields } = body;
  const passwordHash = await hashPassword(password);
  const id = await uniquely(c.q, () => insertUser(c.q, { ...fields, passwordHash, createdBy: c.by }), duplicateOfIndex);
  if (address) await upsertAddress(c.q, id, address, c.by, c.now);
  const created = await findUser(c.q, id);
  c.audit.after({ ...toProfile(created!), address: address ?? null });
  return { id };
}

export async function editUser(c: Change, userId: number, body: UserEditBody): Promise<UserProfile> {
  const before = await lockUser(c.q, userId);
  const taken = await takenIdentity(c.q, body, before.id);
  if (taken) throw duplicate(taken);
  await uniquely(c.q, () => updateUser(c.q, before.id, body, c.by, c.now), duplicateOfIndex);
  const after = toProfile((await findUser(c.q, before.id))!);
  c.audit.before(toProfile(before));
  c.audit.after(after);
  return after;
}

export async function setAddress(c: Change, userId: number, body: Address): Promise<AddressView> {
  const user = await lockUser(c.q, userId);
  c.audit.note('userId', user.id);
  c.audit.before(await findAddress(c.q, user.id));
  const after = await upsertAddress(c.q, user.id, body, c.by, c.now);
  c.audit.after(after);
  return after;
}

export async function setTradeConfig(c: Change, userId: number, body: TradeConfigBody): Promise<TradeConfigBody> {
  const user = await lockUser(c.q, userId);
  await updateTradeConfig(c.q, user.id, body, c.by, c.now);
  const after = toTradeConfig((await findUser(c.q, user.id))!);
  c.audit.note('userId', user.id);
  c.audit.before(toTradeConfig(user));
  c.audit.after(after);
  return after;
}

export async function setAllUsersFees(c: Change, body: AllUsersFeeBody): Promise<{ updated: number }> {
  const updated = await updateAllUsersFees(c.q, body, c.by, c.now);
  c.audit.note('count', updated);
  c.audit.after(body);
  return { updated };
}

/** A user deletion refused (422, 1050): it has pending requests, or something in its wallet. */
export const cannotDeleteUser = (why: string) => appError(ErrorCode.UserHasPendingRequests, why);

/** Refuses (422, 1050) to delete a user while it has pending requests; the caller holds its row lock. */
export async function refuseDeleteWhilePending(q: Queryable, user: UserRow): Promise<void> {
  const pending = await pendingRequestCount(q, user.id);
  if (pending > 0) throw cannotDeleteUser(`The user has ${pending} pending request(s).`);
}

/** Marks a locked user deleted (soft); its profile is the audit row's before. */
export async function markDeleted(c: Change, user: UserRow): Promise<{ id: number }> {
  await markUserDeleted(c.q, user.id, c.by, c.now);
  c.audit.before(toProfile(user));
  return { id: user.id };
}

export async function resetUserPassword(c: Change, userId: number, password: string): Promise<{ id: number; sessionsRevokedAt: string }> {
  const user = await lockUser(c.q, userId);
  await setUserPassword(c.q, user.id, await hashPassword(password), c.now);
  c.audit.before({ userId: user.id, username: user.username });
  c.audit.after({ passwordChanged: true, sessionsRevokedAt: c.now.toISOString() });
  return { id: user.id, sessionsRevokedAt: c.now.toISOString() };
}

export async function logoutUser(c: Change, userId: number): Promise<{ id: number; sessionsRevokedAt: string }> {
  const user = await lockUser(c.q, userId);
  await revokeUserSessions(c.q, user.id, c.now);
  c.audit.before({ userId: user.id, username: user.username, sessionsRevokedAt: user.sessions_revoked_at?.toISOString() ?? null });
  c.audit.after({ sessionsRevokedAt: c.now.toISOString() });
  return { id: user.id, sessionsRevokedAt: c.now.toISOString() };
}
