import WebSocket from 'ws';
import type { SocketMessage } from '@aurum/domain/system/live-messages';

export interface TestSocket {
  messages: Array<SocketMessage & { receivedAt: number }>;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message (from now on) that matches. */
  next(match: (m: SocketMessage) => boolean, timeoutMs?: number): Promise<SocketMessage>;
  /**
   * Resolves once every frame the server sent on this socket before the call has arrived: a ping
   * goes out, and the server's pong comes after them (to check that something was NOT sent).
   */
  settled(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens the live socket as the console does; rejects with the HTTP status when refused. */
export function openSocket(baseUrl: string, token: string | null, path = '/v0/admin/subscribe/ws_v2'): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${path}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: TestSocket['messages'] = [];
    const waiters = new Set<{ match: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }>();
    const closed = new Promise<{ code: number; reason: string }>((res) => ws.on('close', (code, reason) => res({ code, reason: reason.toString() })));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as SocketMessage;
      messages.push({ ...m, receivedAt: Date.now() });
      for (const w of waiters) {
        if (w.match(m)) {
          waiters.delete(w);
          w.resolve(m);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', (e) => reject(e));
    ws.on('open', () =>
      resolve({
        messages,
        closed,
        next: (match, timeoutMs = 10_000) =>
          new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('no matching socket message in time')), timeoutMs);
            waiters.add({ match, resolve: (m) => (clearTimeout(timer), res(m)) });
          }),
        settled: (timeoutMs = 10_000) =>
          new Promise<void>((res, rej) => {
            const timer = setTimeout(() => rej(new Error('no pong in time')), timeoutMs);
            ws.once('pong', () => (clearTimeout(timer), res()));
            ws.ping();
          }),
        close: () => ws.close(),
      }),
    );
  });
}
