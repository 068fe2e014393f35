import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/**
 * Where a process stands on its way out (docs/decisions/0002-readiness-and-drain.md):
 * - serving: everything as usual;
 * - draining (SIGTERM): /readyz answers 503 so the proxy takes the process out, every call is still
 *   served, each answer closing its connection so that none is left idle for the proxy to reuse;
 * - closing (after DRAIN_SECONDS): the listener is closed; a call that still arrives on an open
 *   connection is answered 503 (3303) with the error body and Retry-After, and not run.
 */
export interface Lifecycle {
  readonly draining: boolean;
  readonly closing: boolean;
  startDraining(): void;
  startClosing(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  let closing = false;
  return {
    get draining() {
      return draining;
    },
    get closing() {
      return closing;
    },
    startDraining() {
      draining = true;
    },
    startClosing() {
      draining = true;
      closing = true;
    },
  };
}

export const SERVER_DRAINING_CONTEXT = 'This server is restarting; nothing was done. Please try again.';

/** The onRequest hook of the lifecycle: connection close while draining, 3303 once closing. */
export function lifecycleHook(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', (_req, reply, done) => {
    if (!lifecycle.draining) return done();
    void reply.header('connection', 'close');
    if (!lifecycle.closing) return done();
    void reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ code: ErrorCode.ServerDraining, context: SERVER_DRAINING_CONTEXT });
  });
}

/**
 * Closes the application (stops accepting, waits for calls in flight, runs the close hooks); calls
 * still running after `ms` have their connections cut, so that a close never hangs on a client.
 */
export async function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close();
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      app.server.closeAllConnections();
      resolve();
    }, ms);
  });
  await Promise.race([closed, cut]);
  clearTimeout(timer);
  await closed;
}
