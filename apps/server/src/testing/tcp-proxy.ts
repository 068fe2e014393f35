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
  /**
   * Arms a trap for the next COMMIT a client sends (a simple-query message): 'after' forwards it and
   * cuts that connection when the server's answer arrives, which is dropped (the commit happened,
   * the client never hears it: an in-doubt commit); 'before' cuts the connection instead of
   * forwarding it (the transaction never commits). Resolves once the connection is cut.
   */
  cutAtCommit(when: 'before' | 'after'): Promise<void>;
  /** Connections accepted since start. */
  accepted(): number;
  close(): Promise<void>;
}

const COMMIT_QUERY = Buffer.from('COMMIT\0');

/** Whether a chunk from the client holds a simple-query message 'Q' whose text is COMMIT. */
function isCommit(chunk: Buffer): boolean {
  for (let at = chunk.indexOf(COMMIT_QUERY); at >= 0; at = chunk.indexOf(COMMIT_QUERY, at + 1)) {
    if (at >= 5 && chunk[at - 5] === 0x51 && chunk.readInt32BE(at - 4) === 4 + COMMIT_QUERY.length) return true;
  }
  return false;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ a: Socket; b: Socket; frozen: boolean }>();
  let down = false;
  let trap: { when: 'before' | 'after'; sprung: () => void } | null = null;
  let accepted = 0;
  const server = createServer((client) => {
    accepted += 1;
    if (down) return void client.destroy();
    const upstream = connect(target.port, target.host);
    const pair = { a: client, b: upstream, frozen: false };
    /** Set once this connection forwarded a trapped COMMIT: the next bytes back are its answer. */
    let cutOnAnswer: (() => void) | null = null;
    pairs.add(pair);
    const forget = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (d: Buffer) => {
      if (pair.frozen) return;
      if (trap && isCommit(d)) {
        const { when, sprung } = trap;
        trap = null;
        if (when === 'before') {
          forget();
          return sprung();
        }
        cutOnAnswer = sprung;
      }
      upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (pair.frozen) return;
      if (cutOnAnswer) {
        const sprung = cutOnAnswer;
        cutOnAnswer = null;
        forget();
        return sprung();
      }
      client.write(d);
    });
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
    cutAtCommit(when) {
      return new Promise<void>((sprung) => void (trap = { when, sprung }));
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
