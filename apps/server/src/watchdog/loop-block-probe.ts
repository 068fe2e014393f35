import type { FastifyInstance } from 'fastify';

/**
 * Tests only (TEST_LOOP_BLOCK_ROUTE with NODE_ENV=test): `GET /v0/test/block-loop?seconds=` holds the
 * event loop that long in one synchronous loop, as a runaway handler would, so that a test can watch
 * the watchdog end the process (or the metrics count a block). Not in the OpenAPI document.
 */
export const LOOP_BLOCK_PROBE_URL = '/v0/test/block-loop';
const MAX_SECONDS = 600;

export function registerLoopBlockProbe(app: FastifyInstance): void {
  app.get(LOOP_BLOCK_PROBE_URL, { schema: { hide: true } }, async (req) => {
    const asked = Number((req.query as { seconds?: string }).seconds ?? '1');
    const seconds = Number.isFinite(asked) ? Math.min(Math.max(asked, 0), MAX_SECONDS) : 1;
    const until = Date.now() + seconds * 1000;
    let turns = 0;
    while (Date.now() < until) turns += 1;
    return { blockedSeconds: seconds, turns };
  });
}
