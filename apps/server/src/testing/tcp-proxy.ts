import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of the test PostgreSQL, for the fault tests: it can make the
 * database unreachable (every connection cut, new ones refused) and make the connections it holds
 * half-open (bytes swallowed, nothing closed: what a dead peer or a dropped route looks like),
 * without stopping the server other suites share.
 */
export interface TcpProxy {
  /** `postgres://` URL `url` rewritten to go through the proxy. */
  via(url: string): string;
  /** Cuts every connection and refuses new ones until restore(). */
  cut(): void;
  /** The connections open now stop carrying bytes both ways and stay open; new ones work. */
  freeze(): void;
  restore(): void;
  /** Connections accepted since start. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ a: Socket; b: Socket; frozen: boolean }>();
  let down = false;
  let accepted = 0;
  const server = createServer((client) => {
    accepted += 1;
    if (down) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const pair = { a: client, b: upstream, frozen: false };
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (d) => void (pair.frozen || upstream.write(d)));
    upstream.on('data', (d) => void (pair.frozen || client.write(d)));
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      down = true;
      for (const p of [...pairs]) {
        p.a.destroy();
        p.b.destroy();
      }
    },
    freeze() {
      for (const p of pairs) p.frozen = true;
    },
    restore() {
      down = false;
    },
    accepted: () => accepted,
    async close() {
      for (const p of [...pairs]) {
        p.a.destroy();
        p.b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
