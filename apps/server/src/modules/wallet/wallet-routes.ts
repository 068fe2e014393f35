import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WalletAnswer, WalletHistoryQuery } from '@aurum/domain/wallet/wallet-view';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { userWallet } from './wallet-service.ts';

const SECURE = '/v0/web/secure';

export function registerWalletRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/user/:userId/wallet`,
    summary: "A user's wallet: balances derived from the journal, and a page of its history (newest first)",
    tags: ['wallet'],
    auth: 'admin',
    params: z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    query: WalletHistoryQuery,
    response: WalletAnswer,
    handler: async ({ db, params, query }) => userWallet(db, params.userId, query.page, query.limit),
  });
}
