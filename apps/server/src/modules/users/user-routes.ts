import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  AddressSchema,
  AllUsersFeeBody,
  CheckExistsBody,
  TradeConfigBody,
  UserCreateBody,
  UserEditBody,
  UserListQuery,
  UserPasswordBody,
} from '@aurum/domain/users/user-schemas';
import { AddressView, TradeConfigView, UserDetail, UserListAnswer, UserProfile } from '@aurum/domain/users/user-views';
import { isWalletEmpty } from '@aurum/domain/wallet/wallet-view';
import { route } from '../../http/route.ts';
import { appError, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findBankAccount, toBankView } from '../bank/bank-repository.ts';
import { walletBalances } from '../wallet/ledger-repository.ts';
import { lockForMoney } from '../wallet/money-locks.ts';
import { uniquely } from './unique-violation.ts';
import {
  duplicate,
  duplicateOfIndex,
  findAddress,
  findUser,
  insertUser,
  listUsers,
  lockUser,
  pendingRequestCount,
  takenIdentity,
  toProfile,
  toTradeConfig,
  updateTradeConfig,
  updateUser,
  upsertAddress,
  type UserRow,
} from './user-repository.ts';

const SECURE = '/v0/web/secure';
const USER_PARAMS = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['users'];

export async function userDetail(q: Queryable, user: UserRow): Promise<UserDetail> {
  const [address, bank, wallet] = [await findAddress(q, user.id), await findBankAccount(q, user.id), await walletBalances(q, user.id)];
  return {
    profile: toProfile(user),
    address,
    tradeConfig: toTradeConfig(user),
    bankAccount: bank ? toBankView(bank) : null,
    wallet,
  };
}

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/user/list`,
    summary: 'User list: search (condition EMAIL | USER_ID | USER_NAME with input; q: username, e-mail, name or id, for pickers), category, sort, order, page, limit',
    tags,
    auth: 'admin',
    query: UserListQuery,
    response: UserListAnswer,
    handler: async ({ db, query }) => listUsers(db, query),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/user/create`,
    summary: 'Create a user; a username, e-mail or phone already taken is 409 (1001, the field)',
    tags,
    auth: 'admin',
    permission: 'addUser',
    audit: 'user.create',
    body: UserCreateBody,
    response: z.object({ id: z.number().int() }),
    handler: async ({ db, body, admin, audit }) => {
      const taken = await takenIdentity(db, body);
      if (taken) throw duplicate(taken);
      const { password, address, ...fields } = body;
      const passwordHash = await hashPassword(password);
      const id = await uniquely(db, () => insertUser(db, { ...fields, passwordHash, createdBy: admin!.id }), duplicateOfIndex);
      if (address) await upsertAddress(db, id, address, admin!.id, deps.now());
      const created = await findUser(db, id);
      audit.after({ ...toProfile(created!), address: address ?? null });
      return { id };
    },
  });

  // under the API root (DECISIONS.md §1); the path outside /v0 stays as an alias
  for (const url of ['/v0/mobile/auth/user/check_exists', '/mobile/auth/user/check_exists']) {
    route(app, deps, {
      method: 'POST',
      url,
      summary: `Whether a username, e-mail or phone is taken by a user: {data: boolean}${url.startsWith('/v0/') ? '' : ' (alias of /v0/mobile/auth/user/check_exists)'}`,
      tags,
      auth: 'public',
      body: CheckExistsBody,
      response: z.object({ data: z.boolean() }),
      handler: async ({ db, body }) => ({ data: (await takenIdentity(db, body)) !== null }),
    });
  }

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/user/:userId`,
    summary: 'A user: profile, address, trade configuration, bank account, wallet balances',
    tags,
    auth: 'admin',
    params: USER_PARAMS,
    response: UserDetail,
    handler: async ({ db, params }) => {
      const user = await findUser(db, params.userId);
      if (!user) throw notFound('user');
      return userDetail(db, user);
    },
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/user/:userId`,
    summary: 'Edit a user; a username, e-mail or phone taken by another user is 409 (1001, the field)',
    tags,
    auth: 'admin',
    permission: 'editUser',
    audit: 'user.update',
    params: USER_PARAMS,
    body: UserEditBody,
    response: UserProfile,
    handler: async ({ db, params, body, admin, audit }) => {
      const before = await lockUser(db, params.userId);
      const taken = await takenIdentity(db, body, before.id);
      if (taken) throw duplicate(taken);
      await uniquely(db, () => updateUser(db, before.id, body, admin!.id, deps.now()), duplicateOfIndex);
      const after = toProfile((await findUser(db, before.id))!);
      audit.before(toProfile(before));
      audit.after(after);
      return after;
    },
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/user/:userId/address`,
    summary: "Set a user's address",
    tags,
    auth: 'admin',
    permission: 'editUser',
    audit: 'user.address',
    params: USER_PARAMS,
    body: AddressSchema,
    response: AddressView,
    handler: async ({ db, params, body, admin, audit }) => {
      const user = await lockUser(db, params.userId);
      audit.note('userId', user.id);
      audit.before(await findAddress(db, user.id));
      const after = await upsertAddress(db, user.id, body, admin!.id, deps.now());
      audit.after(after);
      return after;
    },
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/user/:userId/trade_config`,
    summary: "Set a user's trade configuration: allowed action and pair, personal fees, trade limit, tier",
    tags,
    auth: 'admin',
    permission: 'editUser',
    audit: 'user.tradeConfig',
    params: USER_PARAMS,
    body: TradeConfigBody,
    response: TradeConfigView,
    handler: async ({ db, params, body, admin, audit }) => {
      const user = await lockUser(db, params.userId);
      await updateTradeConfig(db, user.id, body, admin!.id, deps.now());
      const after = toTradeConfig((await findUser(db, user.id))!);
      audit.note('userId', user.id);
      audit.before(toTradeConfig(user));
      audit.after(after);
      return after;
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/user/fee/update_all`,
    summary: "Set every user's personal fees at once (interest rate, premium, refinery fees, fee-adjust mode)",
    tags,
    auth: 'admin',
    permission: 'editAllUsersFee',
    audit: 'user.feeUpdateAll',
    body: AllUsersFeeBody,
    response: z.object({ updated: z.number().int() }),
    handler: async ({ db, body, admin, audit }) => {
      const rows = await db.query<{ id: number }>(
        `UPDATE users SET interest_rate = $1, premium = $2, refinery_fees = $3, fee_adjust_mode = $4, updated_by = $5, updated_at = $6
          WHERE deleted_at IS NULL RETURNING id`,
        [body.interestRate, body.premium, body.refineryFees, body.feeAdjustMode, admin!.id, deps.now()],
      );
      audit.note('count', rows.length);
      audit.after(body);
      return { updated: rows.length };
    },
  });

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/user/:userId`,
    summary: 'Delete a user (soft): refused (422, 1050) while it has pending requests or anything in its wallet',
    tags,
    auth: 'admin',
    permission: 'deleteUser',
    audit: 'user.delete',
    params: USER_PARAMS,
    response: z.object({ id: z.number().int() }),
    handler: async ({ db, params, admin, audit }) => {
      // no posting may land on the wallet between the check and the deletion: the wallet first, then
      // the row (the lock order of money-moving transactions, lockForMoney)
      await lockForMoney(db, { userIds: [params.userId], userRows: [params.userId] });
      const user = await lockUser(db, params.userId);
      const pending = await pendingRequestCount(db, user.id);
      if (pending > 0) {
        throw appError(ErrorCode.UserHasPendingRequests, `The user has ${pending} pending request(s).`);
      }
      const wallet = await walletBalances(db, user.id);
      if (!isWalletEmpty(wallet)) {
        throw appError(ErrorCode.UserHasPendingRequests, 'The wallet of the user is not empty.');
      }
      await db.query('UPDATE users SET deleted_at = $2, deleted_by = $3, updated_at = $2 WHERE id = $1', [user.id, deps.now(), admin!.id]);
      audit.before(toProfile(user));
      return { id: user.id };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/user/:userId/reset_password`,
    summary: "Set a user's password {password}; the user's sessions are revoked",
    tags,
    auth: 'admin',
    permission: 'resetUserPassword',
    audit: 'user.resetPassword',
    params: USER_PARAMS,
    body: UserPasswordBody,
    response: z.object({ id: z.number().int(), sessionsRevokedAt: z.string() }),
    handler: async ({ db, params, body, audit }) => {
      const user = await lockUser(db, params.userId);
      const at = deps.now();
      await db.query('UPDATE users SET password_hash = $2, sessions_revoked_at = $3, updated_at = $3 WHERE id = $1', [
        user.id,
        await hashPassword(body.password),
        at,
      ]);
      audit.before({ userId: user.id, username: user.username });
      audit.after({ passwordChanged: true, sessionsRevokedAt: at.toISOString() });
      return { id: user.id, sessionsRevokedAt: at.toISOString() };
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/user/:userId/logout`,
    summary: "End a user's sessions: recorded as sessions_revoked_at for the mobile back end",
    tags,
    auth: 'admin',
    permission: 'logoutUser',
    audit: 'user.logout',
    params: USER_PARAMS,
    response: z.object({ id: z.number().int(), sessionsRevokedAt: z.string() }),
    handler: async ({ db, params, audit }) => {
      const user = await lockUser(db, params.userId);
      const at = deps.now();
      await db.query('UPDATE users SET sessions_revoked_at = $2 WHERE id = $1', [user.id, at]);
      audit.before({ userId: user.id, username: user.username, sessionsRevokedAt: user.sessions_revoked_at?.toISOString() ?? null });
      audit.after({ sessionsRevokedAt: at.toISOString() });
      return { id: user.id, sessionsRevokedAt: at.toISOString() };
    },
  });
}
