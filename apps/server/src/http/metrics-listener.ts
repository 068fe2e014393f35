import { createServer } from 'node:http';
import { once } from 'node:events';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Metrics } from './metrics.ts';

export interface MetricsListener {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The port of METRICS_PORT: a plain HTTP server beside the application's that answers only
 * `GET /metrics`, without a token (reach it from the monitoring network only), bound to the same
 * HOST. It shares nothing with the main port: a scrape still answers while the application drains,
 * and its calls are not in the request histogram. It holds no process open (unref): the process
 * ends when its work does. Null when no port is configured.
 */
export async function listenMetrics(metrics: Metrics, options: { host: string; port: number | null }): Promise<MetricsListener | null> {
  if (options.port === null) return null;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const fail = (status: number, code: number, context: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ code, context }));
    };
    if (path !== '/metrics') return fail(404, ErrorCode.NotFound, `No route ${req.method} ${path} (this port serves GET /metrics)`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(404, ErrorCode.NotFound, `No route ${req.method} ${path}`);
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => fail(500, ErrorCode.Unknown, 'the metrics could not be collected'),
    );
  });
  server.keepAliveTimeout = 65_000; // longer than a scraper's idle connections are kept
  server.listen(options.port, options.host);
  await once(server, 'listening');
  server.unref();
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
