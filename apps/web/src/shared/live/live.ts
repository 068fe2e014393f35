import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authController } from '../http/client.ts';
import { createLiveSocket, liveSocketUrl, type LiveSocket, type SocketLike } from './live-socket.ts';
import { createLiveStore, useLiveSelector, type LiveState } from './live-store.ts';
import { setMarketStatus } from './market-status.ts';

/** The console's one live store: the top bar's market status follows it. */
export const liveStore = createLiveStore(setMarketStatus);

/** The browser's WebSocket behind the client's small interface. */
function openWebSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const like: SocketLike = { onopen: null, onclose: null, onmessage: null, onerror: null, close: (code) => ws.close(code) };
  ws.onopen = (event) => like.onopen?.(event);
  ws.onclose = (event) => like.onclose?.({ code: event.code });
  ws.onmessage = (event) => like.onmessage?.({ data: event.data });
  ws.onerror = (event) => like.onerror?.(event);
  return like;
}

let socket: LiveSocket | null = null;
let users = 0;
/** Whether the socket has been open before: a later open is a reconnect, after which events may be missing. */
let openedBefore = false;

function ensureSocket(): LiveSocket {
  socket ??= createLiveSocket({
    open: openWebSocket,
    url: () => {
      const token = authController.accessToken();
      return token ? liveSocketUrl(window.location, token) : null;
    },
    onConnecting: () => liveStore.reset(false),
    onOpen: () => {
      liveStore.setConnected(true);
      // what happened while the socket was away (a server restarting) was not pushed: refetch as on a Resync
      if (openedBefore) liveStore.apply({ type: 'Resync', data: {} });
      openedBefore = true;
    },
    onMessage: (message) => liveStore.apply(message),
    onClose: () => liveStore.setConnected(false),
  });
  return socket;
}

// signing out (logout, a refused refresh) ends the connection at once
authController.subscribe(() => {
  if (authController.getState().status !== 'signedIn' && socket) {
    socket.stop();
    liveStore.reset(false);
  }
});

/**
 * Keeps the shared live connection open while a signed-in shell is mounted (the shell mounts
 * it once). Closing: when the shell unmounts or the admin signs out.
 */
export function useLiveConnection(): void {
  useEffect(() => {
    users += 1;
    ensureSocket().start();
    return () => {
      users -= 1;
      if (users === 0) {
        socket?.stop();
        liveStore.reset(false);
      }
    };
  }, []);
}

/**
 * A Resync (the server's live events had a gap, or the socket reconnected): everything shown is
 * fetched again. Mounted under the shell's query provider.
 */
export function useLiveResync(): void {
  const queryClient = useQueryClient();
  useEffect(() => liveStore.onMessage((message) => void (message.type === 'Resync' && queryClient.invalidateQueries())), [queryClient]);
}

export function useLive<T>(select: (state: LiveState) => T): T {
  return useLiveSelector(liveStore, select);
}
