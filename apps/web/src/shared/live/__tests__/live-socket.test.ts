import { describe, expect, it } from 'vitest';
import { reconnectDelay, SERVER_RESTART_CLOSE, SOCKET_RECONNECT } from '@aurum/domain/system/live-messages';
import { createLiveSocket, liveSocketUrl, type SocketLike } from '../live-socket.ts';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  closed: number | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  close(code?: number) {
    this.closed = code ?? 1000;
  }
}

function harness(tokens: Array<string | null> = ['t1']) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const events: string[] = [];
  const logged: unknown[] = [];
  let tokenIndex = 0;
  const live = createLiveSocket({
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    url: () => {
      const token = tokens[Math.min(tokenIndex++, tokens.length - 1)] ?? null;
      return token === null ? null : `ws://h/v0/admin/subscribe/ws_v2?token=${token}`;
    },
    onConnecting: () => events.push('connecting'),
    onOpen: () => events.push('open'),
    onMessage: (m) => events.push(`message:${m.type}`),
    onClose: (code) => events.push(`close:${code}`),
    onGiveUp: () => events.push('gave up'),
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
    log: (_message, detail) => logged.push(detail),
  });
  const fire = () => {
    const next = timers.shift();
    if (!next) throw new Error('no timer');
    if (!next.cleared) next.run();
    return next.ms;
  };
  return { live, sockets, timers, events, logged, fire };
}

describe('live socket client', () => {
  it('clears the live state on connecting, then applies each known message and only logs unknown kinds', () => {
    const h = harness();
    h.live.start();
    const s = h.sockets[0]!;
    expect(s.url).toBe('ws://h/v0/admin/subscribe/ws_v2?token=t1');
    s.onopen?.({});
    s.onmessage?.({ data: JSON.stringify({ type: 'Price', data: {} }) });
    s.onmessage?.({ data: JSON.stringify({ type: 'MyrRate', data: {} }) });
    s.onmessage?.({ data: JSON.stringify({ type: 'Weather', data: {} }) });
    s.onmessage?.({ data: 'not json' });
    expect(h.events).toEqual(['connecting', 'open', 'message:Price', 'message:MyrRate']);
    expect(h.logged).toEqual([{ type: 'Weather', data: {} }, null]);
  });

  it('reconnects after min(1000 x 2^n, 10000) ms with the current token, and an open resets the count', () => {
    const h = harness(['t1', 't2', 't3', 't4', 't5']);
    h.live.start();
    h.sockets[0]!.onclose?.({ code: 1006 });
    expect(h.fire()).toBe(1000);
    h.sockets[1]!.onclose?.({ code: 1006 });
    expect(h.fire()).toBe(2000);
    h.sockets[2]!.onclose?.({ code: 4001 });
    expect(h.fire()).toBe(4000);
    expect(h.sockets.map((s) => s.url.split('=')[1])).toEqual(['t1', 't2', 't3', 't4']);
    h.sockets[3]!.onopen?.({});
    expect(h.live.attempts()).toBe(0);
    h.sockets[3]!.onclose?.({ code: 1006 });
    expect(h.fire()).toBe(1000);
  });

  it('reconnects at once when the server closes for a restart (1012), with the back-off again if that fails', () => {
    const h = harness(['t1', 't2', 't3']);
    h.live.start();
    h.sockets[0]!.onopen?.({});
    h.sockets[0]!.onclose?.({ code: SERVER_RESTART_CLOSE });
    expect(h.events.at(-1)).toBe(`close:${SERVER_RESTART_CLOSE}`);
    expect(h.fire()).toBe(0);
    // the process behind the proxy is not there yet: the ordinary back-off from then on
    h.sockets[1]!.onclose?.({ code: SERVER_RESTART_CLOSE });
    expect(h.fire()).toBe(reconnectDelay(1));
    expect(h.sockets).toHaveLength(3);
  });

  it('gives up after SOCKET_RECONNECT.maxAttempts failed attempts in a row', () => {
    const h = harness();
    h.live.start();
    const delays: number[] = [];
    for (let i = 0; i < SOCKET_RECONNECT.maxAttempts; i++) {
      h.sockets.at(-1)!.onclose?.({ code: 1006 });
      delays.push(h.fire());
    }
    h.sockets.at(-1)!.onclose?.({ code: 1006 });
    expect(h.timers).toHaveLength(0);
    expect(h.events.at(-1)).toBe('gave up');
    expect(h.sockets).toHaveLength(SOCKET_RECONNECT.maxAttempts + 1);
    expect(delays.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(delays.every((d, n) => d === reconnectDelay(n))).toBe(true);
  });

  it('without a token waits and tries again instead of connecting', () => {
    const h = harness([null, 't9']);
    h.live.start();
    expect(h.sockets).toHaveLength(0);
    expect(h.fire()).toBe(1000);
    expect(h.sockets[0]!.url).toContain('t9');
  });

  it('stop closes the socket, cancels a pending retry and ignores late events', () => {
    const h = harness();
    h.live.start();
    const s = h.sockets[0]!;
    h.live.stop();
    expect(s.closed).toBe(1000);
    s.onclose?.({ code: 1000 });
    s.onmessage?.({ data: JSON.stringify({ type: 'Price', data: {} }) });
    expect(h.timers).toHaveLength(0);
    expect(h.events).toEqual(['connecting']);

    h.live.start();
    h.sockets[1]!.onclose?.({ code: 1006 });
    h.live.stop();
    expect(h.timers[0]!.cleared).toBe(true);
  });

  it('builds the address from the page origin', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'a.example' }, 'x y')).toBe('wss://a.example/v0/admin/subscribe/ws_v2?token=x%20y');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, 't', 7)).toBe('ws://127.0.0.1:3000/v0/admin/subscribe/ws/7?token=t');
  });
});
