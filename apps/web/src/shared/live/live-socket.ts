import { isSocketMessage, reconnectDelay, SERVER_RESTART_CLOSE, SOCKET_RECONNECT, type SocketMessage } from '@aurum/domain/system/live-messages';

/** The part of the browser's WebSocket the client uses. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number): void;
}

export interface LiveSocketDeps {
  /** Opens a socket to the address. */
  open: (url: string) => SocketLike;
  /** The address with the current access token, or null when there is none (signed out). */
  url: () => string | null;
  /** A new connection is being made: clear the live state. */
  onConnecting: () => void;
  onOpen: () => void;
  onMessage: (message: SocketMessage) => void;
  /** The socket closed (it will retry unless stopped or out of attempts). */
  onClose?: (code: number) => void;
  /** Gave up after SOCKET_RECONNECT.maxAttempts. */
  onGiveUp?: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  log?: (message: string, detail?: unknown) => void;
}

export interface LiveSocket {
  start(): void;
  stop(): void;
  /** Reconnect attempts made since the last successful open. */
  attempts(): number;
}

/**
 * The live socket client (SPEC.md §7): one connection; on every connect the live state is
 * cleared, then each message applied; unknown kinds are only logged. When it closes it
 * reconnects after reconnectDelay(n) (min(1000 x 2^n, 10000) ms; at once after a server restart, 1012), at most
 * SOCKET_RECONNECT.maxAttempts times in a row, each time with the then-current access token
 * (tokens live about 60 s and rotate). A successful open resets the count.
 */
export function createLiveSocket(deps: LiveSocketDeps): LiveSocket {
  const setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const log = deps.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));
  let socket: SocketLike | null = null;
  let timer: unknown = null;
  let running = false;
  let attempt = 0;

  function scheduleRetry(now = false) {
    if (!running) return;
    if (attempt >= SOCKET_RECONNECT.maxAttempts) {
      running = false;
      deps.onGiveUp?.();
      return;
    }
    const delay = now ? 0 : reconnectDelay(attempt);
    attempt += 1;
    timer = setTimer(() => {
      timer = null;
      connect();
    }, delay);
  }

  function connect() {
    if (!running) return;
    const url = deps.url();
    if (url === null) {
      // no token (yet): try again later, counted like a failed connection
      scheduleRetry();
      return;
    }
    deps.onConnecting();
    let current: SocketLike;
    try {
      current = deps.open(url);
    } catch (error) {
      log('live socket could not open', error);
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      deps.onOpen();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      let value: unknown;
      try {
        value = typeof event.data === 'string' ? JSON.parse(event.data) : null;
      } catch {
        value = null;
      }
      if (isSocketMessage(value)) deps.onMessage(value);
      else log('live socket: unknown message', value);
    };
    current.onerror = () => undefined; // a close follows
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      deps.onClose?.(event.code);
      // a server restarting (1012) is replaced at once by another behind the proxy: no back-off
      scheduleRetry(event.code === SERVER_RESTART_CLOSE && attempt === 0);
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      connect();
    },
    stop() {
      running = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
      const current = socket;
      socket = null;
      current?.close(1000);
    },
    attempts: () => attempt,
  };
}

/** The socket address for the page's origin: ws_v2, or ws/{userId} when a user is in context. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string, userId?: number): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = userId === undefined ? '/v0/admin/subscribe/ws_v2' : `/v0/admin/subscribe/ws/${userId}`;
  return `${scheme}//${location.host}${path}?token=${encodeURIComponent(token)}`;
}
