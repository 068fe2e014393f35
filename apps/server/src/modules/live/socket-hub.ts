import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { PRICE_THROTTLE_MS, type SocketMessage } from '@aurum/domain/system/live-messages';
import type { AppDeps } from '../../app-deps.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { loadSessionAdmin } from '../auth/authenticate.ts';
import type { MarketService } from '../market/market-service.ts';
import type { EventBus } from './event-bus.ts';

export const SOCKET_PATHS = { all: '/v0/admin/subscribe/ws_v2', user: /^\/v0\/admin\/subscribe\/ws\/(\d+)$/ } as const;
/** Close code when the session behind a socket has ended (logout, forced, expired). */
export const SESSION_ENDED_CLOSE = 4001;

interface Client {
  ws: WebSocket;
  sessionId: string;
  adminId: number;
  userId: number | null;
  lastPriceAt: number;
  pendingPrice: string | null;
  timer: NodeJS.Timeout | null;
}

export interface SocketHub {
  clientCount(): number;
  close(): Promise<void>;
}

/**
 * The live socket (SPEC.md §7): `/v0/admin/subscribe/ws_v2` and `/ws/{userId}`, authenticated by
 * the access token (`?token=`) when it connects, closed when its session ends. Prices at most
 * once per 1500 ms per client (the latest one wins); other messages at once.
 */
export function attachSocketHub(
  app: FastifyInstance,
  deps: AppDeps,
  market: MarketService,
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
    const verified = verifyAccessToken(token, deps.jwtSecret, Math.floor(deps.now().getTime() / 1000));
    if (!verified.ok) return refuse(socket, 401, 'Unauthorized');
    loadSessionAdmin(deps, verified.claims.sid, Number(verified.claims.sub)).then(
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
          if (price) sendPrice(client, JSON.stringify({ type: 'Price', data: price } satisfies SocketMessage));
          const rate = market.currentRate();
          if (rate) ws.send(JSON.stringify({ type: 'MyrRate', data: rate } satisfies SocketMessage));
        });
      },
      () => refuse(socket, 401, 'Unauthorized'),
    );
  };

  function sendPrice(c: Client, frame: string): void {
    const now = Date.now();
    const wait = c.lastPriceAt + throttleMs - now;
    if (wait <= 0 && !c.timer) {
      c.lastPriceAt = now;
      c.ws.send(frame);
      return;
    }
    c.pendingPrice = frame;
    c.timer ??= setTimeout(() => {
      c.timer = null;
      if (c.pendingPrice && c.ws.readyState === c.ws.OPEN) {
        c.lastPriceAt = Date.now();
        c.ws.send(c.pendingPrice);
      }
      c.pendingPrice = null;
    }, Math.max(0, wait));
  }

  const stopMarket = market.onMessage((message) => {
    const frame = JSON.stringify(message); // encoded once for every client
    for (const c of clients) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      if (message.type === 'Price') sendPrice(c, frame);
      else c.ws.send(frame);
    }
  });

  const stopBus = bus.subscribe((event) => {
    if (event.kind === 'sessionsEnded') {
      const ended = new Set(event.sessionIds);
      for (const c of clients) if (ended.has(c.sessionId)) c.ws.close(SESSION_ENDED_CLOSE, 'session ended');
    } else if (event.kind === 'order') {
      const frame = JSON.stringify({ type: event.type, data: event.data });
      for (const c of clients) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.userId === null || c.userId === event.userId) c.ws.send(frame);
      }
    } else if (event.kind === 'request') {
      const frame = JSON.stringify({ type: 'RequestUpdated', data: event.data });
      for (const c of clients) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.userId === null || event.userIds.includes(c.userId)) c.ws.send(frame);
      }
    }
  });

  // sessions also end by time (idle, absolute): look at each socket's session now and then
  const sweep = setInterval(() => {
    for (const c of clients) {
      loadSessionAdmin(deps, c.sessionId, c.adminId).catch(() => c.ws.close(SESSION_ENDED_CLOSE, 'session ended'));
    }
  }, options.sweepMs ?? 30_000);
  const ping = setInterval(() => {
    for (const c of clients) c.ws.ping();
  }, 30_000);

  app.server.on('upgrade', onUpgrade);

  return {
    clientCount: () => clients.size,
    async close() {
      clearInterval(sweep);
      clearInterval(ping);
      stopMarket();
      stopBus();
      app.server.off('upgrade', onUpgrade);
      for (const c of clients) {
        if (c.timer) clearTimeout(c.timer);
        c.ws.terminate();
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
