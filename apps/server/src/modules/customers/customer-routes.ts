import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserDetail } from '@aurum/domain/users/user-views';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { deleteUser, userDetail } from './customer-service.ts';

const SECURE = '/v0/web/secure';
const USER_PARAMS = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['users'];

/** The calls on a user as a whole, with its bank account and wallet (the other user calls are in users/user-routes.ts). */
export function registerCustomerRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/user/:userId`,
    summary: 'A user: profile, address, trade configuration, bank account, wallet balances',
    tags,
    auth: 'admin',
    params: USER_PARAMS,
    response: UserDetail,
    handler: async ({ db, params }) => userDetail(db, params.userId),
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
    handler: async (ctx) => deleteUser(changeOf(ctx, deps), ctx.params.userId),
  });
}
