/**
 * The baseline of bench/secure-calls.ts: a bare Fastify (no authentication, no route(), no
 * headers plugin) answering what the Aurum routes answer, from the same SQL:
 *   GET  /mode        the JSON given in BARE_MODE_JSON (the mode answer, read once);
 *   GET  /user/list   the user list query of `user/list` (listUsers) on DATABASE_URL;
 *   POST /orders      the orders page the GraphQL connection reads (keyset page and its timeline
 *                     rows, orderPage + toNodes), as JSON.
 * Prints `listening <port>` once ready.
 *
 *   DATABASE_URL=postgres://... BARE_MODE_JSON='{...}' node bench/support/bare-api-server.ts
 */
import Fastify from 'fastify';
import { UserListQuery } from '@aurum/domain/users/user-schemas';
import { openPostgres } from '../../apps/server/src/db/pg-db.ts';
import { listUsers } from '../../apps/server/src/modules/users/user-repository.ts';
import { toNodes } from '../../apps/server/src/modules/orders/order-repository.ts';
import { orderPage } from '../../apps/server/src/modules/orders/order-connection-repository.ts';
import { connectionFilter } from '../../apps/server/src/modules/orders/order-graphql.ts';

const modeJson = process.env.BARE_MODE_JSON ?? '{}';
const mode = JSON.parse(modeJson) as unknown;
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : null;
const app = Fastify({ logger: false });

app.get('/mode', async () => mode);
app.get('/user/list', async (req) => {
  if (!db) throw new Error('no DATABASE_URL');
  return listUsers(db, UserListQuery.parse(req.query));
});
app.post('/orders', async (req) => {
  if (!db) throw new Error('no DATABASE_URL');
  const first = Number((req.body as { first?: number } | undefined)?.first ?? 20);
  const rows = await orderPage(db, connectionFilter({ first }), first, false, null, null);
  return { data: { adminOrdersConnection: { edges: (await toNodes(db, rows)).map((node) => ({ node })) } } };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
