import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { PRICE_THROTTLE_MS, SERVER_RESTART_CLOSE, type SocketMessage } from '@aurum/domain/system/live-messages';
import { intervalJob, type Job } from '../jobs/jobs-runner.ts';
import type { EventBus } from './event-bus.ts';

export const SOCKET_PATHS = { all: '/v0/admin/subscribe/ws_v2', user: /^\/v0\/admin\/subscribe\/ws\/(\d+)$/ } as const;
/** Close code when the session behind a socket has ended (logout, forced, expired). */
export const SESSION_ENDED_CLOSE = 4001;
/** How long a closing process waits for its consoles to answer the close before it cuts the sockets. */
const CLOSE_HANDSHAKE_MS = 1_000;
/** Keep-alive pings sent before the event loop gets a turn (a few milliseconds of work). */
const PING_SLICE = 250;
/** Frames are JSON text, encoded to bytes once and handed to every socket as a text frame. */
const TEXT = { binary: false } as const;
const encode = (message: SocketMessage | { type: string; data: unknown }): Buffer => Buffer.from(JSON.stringify(message));

interface Client {
  ws: WebSocket;
  sessionId: string;
  adminId: number;
  userId: number | null;
  lastPriceAt: number;
  pendingPrice: Buffer | null;
  timer: NodeJS.Timeout | null;
}

/** How the socket checks who connects and whose sessions are still live (the auth module's service gives one). */
export interface SocketAuth {
  /** The session and admin of an access token, or a rejection when the token or its session is not live. */
  admit(token: string): Promise<{ sessionId: string; id: number }>;
  /** Which of these sessions are still live (one query for every socket). */
  liveSessionIds(sessionIds: ReadonlySet<string>): Promise<Set<string>>;
}

/** What the socket sends of the market: the latest frames on connect, then every message (the market service gives one). */
export interface SocketMarket {
  currentPrice(): unknown;
  currentRate(): unknown;
  /** `urgent`: a Price that carries a decision (a setting, a manual price, a status), never held back. */
  onMessage(handler: (message: SocketMessage, urgent: boolean) => void): () => void;
}

export interface SocketHub {
  clientCount(): number;
  /** `socketSweep` (sessions ended by time close their sockets) and `socketPing` (keep-alive), started with the other jobs. */
  jobs: readonly Job[];
  close(): Promise<void>;
}

/**
 * The live socket (SPEC.md §7): `/v0/admin/subscribe/ws_v2` and `/ws/{userId}`, authenticated by
 * the access token (`?token=`) when it connects, closed when its session ends. Prices at most
 * once per 1500 ms per client (the latest one wins); other messages at once.
 */
export function attachSocketHub(
  app: FastifyInstance,
  auth: SocketAuth,
  market: SocketMarket,
  bus: EventBus,
  options: { throttleMs?: number; sweepMs?: number } = {},
): SocketHub {
  const throttleMs = options.throttleMs ?? PRICE_THROTTLE_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const clients = new Set<Client>();

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // a client may drop the connection while its token is checked: never an unhandled ECONNRESET
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const userMatch = SOCKET_PATHS.user.exec(url.pathname);
    if (url.pathname !== SOCKET_PATHS.all && !userMatch) return refuse(socket, 404, 'Not Found');
    const token = url.searchParams.get('token') ?? '';
    auth
      .admit(token)
      .then(
      (admin) => {
        wss.handleUpgrade(req, socket, head, (ws) => {
          const client: Client = {
            ws,
            sessionId: admin.sessionId,
            adminId: admin.id,
            userId: userMatch ? Number(userMatch[1]) : null,
            lastPriceAt: 0,
            pendingPrice: null,
            timer: null,
          };
          clients.add(client);
          ws.on('close', () => {
            if (client.timer) clearTimeout(client.timer);
            clients.delete(client);
          });
          ws.on('error', () => ws.terminate());
          // the console clears its live state on connect, then applies what arrives
          const price = market.currentPrice();
          if (price) sendPrice(client, encode({ type: 'Price', data: price }), Date.now());
          const rate = market.currentRate();
          if (rate) ws.send(encode({ type: 'MyrRate', data: rate }), TEXT);
        });
      },
      () => refuse(socket, 401, 'Unauthorized'),
    );
  };

  /**
   * The feed's ticks reach a client at most once per throttleMs (the latest one kept); a price an
   * admin's decision moved goes at once and replaces a tick held back, so a change is seen when it
   * is committed, not at the next tick.
   */
  function sendPrice(c: Client, frame: Buffer, now: number, urgent = false): void {
    const wait = c.lastPriceAt + throttleMs - now;
    if (urgent && c.timer) {
      clearTimeout(c.timer);
      c.timer = null;
      c.pendingPrice = null;
    }
    if ((urgent || wait <= 0) && !c.timer) {
      c.lastPriceAt = now;
      c.ws.send(frame, TEXT);
      return;
    }
    c.pendingPrice = frame;
    c.timer ??= setTimeout(() => {
      c.timer = null;
      if (c.pendingPrice && c.ws.readyState === c.ws.OPEN) {
        c.lastPriceAt = Date.now();
        c.ws.send(c.pendingPrice, TEXT);
      }
      c.pendingPrice = null;
    }, Math.max(0, wait));
  }

  const stopMarket = market.onMessage((message, urgent) => {
    const frame = encode(message); // encoded once for every client
    const now = Date.now();
    for (const c of clients) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      if (message.type === 'Price') sendPrice(c, frame, now, urgent);
      else c.ws.send(frame, TEXT);
    }
  });

  const stopBus = bus.subscribe((event) => {
    if (event.kind === 'sessionsEnded') {
      const ended = new Set(event.sessionIds);
      for (const c of clients) if (ended.has(c.sessionId)) c.ws.close(SESSION_ENDED_CLOSE, 'session ended');
    } else if (event.kind === 'order') {
      const frame = encode({ type: event.type, data: event.data });
      for (const c of clients) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.userId === null || c.userId === event.userId) c.ws.send(frame, TEXT);
      }
    } else if (event.kind === 'request') {
      const frame = encode({ type: 'RequestUpdated', data: event.data });
      for (const c of clients) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.userId === null || event.userIds.includes(c.userId)) c.ws.send(frame, TEXT);
      }
    } else if (event.kind === 'inbox') {
      // no data: each console asks for its own count (what an admin may decide depends on the admin)
      const frame = encode({ type: 'InboxChanged', data: {} });
      for (const c of clients) if (c.userId === null && c.ws.readyState === c.ws.OPEN) c.ws.send(frame, TEXT);
    } else if (event.kind === 'resync') {
      // events may have been missed while the listener was away: every console refetches what it shows
      const frame = encode({ type: 'Resync', data: {} });
      for (const c of clients) if (c.ws.readyState === c.ws.OPEN) c.ws.send(frame, TEXT);
    } else if (event.kind === 'treasury') {
      // admin-wide sockets only: the position is the house's, not a user's
      const frame = encode(event.type === 'TreasuryPosition' ? { type: 'TreasuryPosition', data: event.data } : { type: 'TreasuryBand', data: event.data });
      for (const c of clients) if (c.userId === null && c.ws.readyState === c.ws.OPEN) c.ws.send(frame, TEXT);
    }
  });

  // sessions also end by time (idle, absolute): one query per period for the sessions of every socket
  const sweep = intervalJob('socketSweep', {
    everyMs: options.sweepMs ?? 30_000,
    run: async () => {
      const swept = [...clients]; // a socket that connects meanwhile waits for the next period
      if (swept.length === 0) return;
      const live = await auth.liveSessionIds(new Set(swept.map((c) => c.sessionId)));
      for (const c of swept) if (!live.has(c.sessionId)) c.ws.close(SESSION_ENDED_CLOSE, 'session ended');
    },
  });
  const ping = intervalJob('socketPing', {
    everyMs: 30_000,
    run: async () => {
      // in slices: thousands of pings at once would hold the event loop (and a price fan-out) for 100 ms and more
      let sent = 0;
      for (const c of [...clients]) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        c.ws.ping();
        if (++sent % PING_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    },
  });

  app.server.on('upgrade', onUpgrade);

  return {
    clientCount: () => clients.size,
    jobs: [sweep, ping],
    async close() {
      await sweep.stop();
      await ping.stop();
      stopMarket();
      stopBus();
      app.server.off('upgrade', onUpgrade);
      // 1012: the console reconnects at once (to another process); a socket that does not answer
      // the close within the bound is cut
      const closing = [...clients].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.timer) clearTimeout(c.timer);
            if (c.ws.readyState === c.ws.CLOSED) return resolve();
            const cut = setTimeout(() => {
              c.ws.terminate();
              resolve();
            }, CLOSE_HANDSHAKE_MS);
            c.ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            c.ws.close(SERVER_RESTART_CLOSE, 'server restart');
          }),
      );
      await Promise.all(closing);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
