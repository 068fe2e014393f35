import { createServer } from 'node:http';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { DATABASE_UNAVAILABLE_CONTEXT, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/**
 * What the process answers on its port while it waits for a database it could not reach at start:
 * every call, /readyz and /healthz included, 503 with the error body of a database outage (3302)
 * and Retry-After, as the running process answers during one. A proxy's check keeps it out; an
 * orchestrator sees a process that is alive and not ready, not one that crashed and restarts in a
 * loop. Plain node:http: the application is built only once the database is open.
 */
export interface WaitingListener {
  close(): Promise<void>;
}

export async function listenWhileWaiting(host: string, port: number): Promise<WaitingListener> {
  const body = JSON.stringify({ code: ErrorCode.DatabaseUnavailable, context: DATABASE_UNAVAILABLE_CONTEXT });
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' });
    res.end(body);
  });
  // a waiting process holds no connection open: a keep-alive client would otherwise stay on it past the start
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
