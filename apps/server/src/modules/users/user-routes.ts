import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { AddressView, TradeConfigView, UserListAnswer, UserListItem, UserProfile } from '@aurum/domain/users/user-views';
import { csvColumnsOf } from '@aurum/domain/export/export-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute, pagedRows } from '../../http/csv-export.ts';
import { changeOf, type Change } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  createUser,
  editUser,
  identityTaken,
  listUsers,
  logoutUser,
  resetUserPassword,
  setAddress,
  setAllUsersFees,
  setTradeConfig,
} from './user-service.ts';

const SECURE = '/v0/web/secure';
const USER_PARAMS = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['users'];

/**
 * What follows, in the same transaction, a user's names being written (created or edited): the
 * composition root hooks screening here (compliance builds on users, so users cannot call it).
 */
export type AfterUserNamed = (c: Change, userId: number) => Promise<void>;

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps, afterNamed: AfterUserNamed = async () => undefined): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/user/list`,
    reads: 'replica',
    summary: 'User list: search (condition EMAIL | USER_ID | USER_NAME with input; q: username, e-mail, name or id, for pickers), category, sort, order, page, limit',
    tags,
    auth: 'admin',
    query: UserListQuery,
    response: UserListAnswer,
    handler: async ({ db, query }) => listUsers(db, query),
  });

  exportRoute(app, deps, {
    list: 'users',
    summary: 'The user list as a CSV attachment: every user matching its filters (condition, input, q, category) in its order (sort, order)',
    tags: [...tags, 'export'],
    query: UserListQuery.omit({ page: true, limit: true }),
    columns: csvColumnsOf(UserListItem),
    rows: (db, query) => pagedRows((page, limit) => listUsers(db, { ...query, page, limit }), EXPORT_BATCH),
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
    handler: async (ctx) => {
      const c = changeOf(ctx, deps);
      const created = await createUser(c, ctx.body);
      await afterNamed(c, created.id);
      return created;
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
      handler: async ({ db, body }) => ({ data: await identityTaken(db, body) }),
    });
  }

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
    handler: async (ctx) => {
      const c = changeOf(ctx, deps);
      const profile = await editUser(c, ctx.params.userId, ctx.body);
      await afterNamed(c, ctx.params.userId);
      return profile;
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
    handler: async (ctx) => setAddress(changeOf(ctx, deps), ctx.params.userId, ctx.body),
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
    handler: async (ctx) => setTradeConfig(changeOf(ctx, deps), ctx.params.userId, ctx.body),
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
    handler: async (ctx) => setAllUsersFees(changeOf(ctx, deps), ctx.body),
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
    handler: async (ctx) => resetUserPassword(changeOf(ctx, deps), ctx.params.userId, ctx.body.password),
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
    handler: async (ctx) => logoutUser(changeOf(ctx, deps), ctx.params.userId),
  });
}
