/**
 * What the console's tabs of one browser tell each other (decision 0225), over a BroadcastChannel: an
 * action of the admin (the idle limit counts it in every tab) and a sign-out (the other tabs end
 * their sessions too). A browser without BroadcastChannel simply does not share them.
 */
export type TabMessage = { type: 'action'; at: number } | { type: 'signOut' };

const CHANNEL = 'aurum-console';
let channel: BroadcastChannel | null = null;
const listeners = new Set<(message: TabMessage) => void>();

function open(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    for (const listener of listeners) listener(event.data);
  };
  return channel;
}

export function tellOtherTabs(message: TabMessage): void {
  open()?.postMessage(message);
}

export function onOtherTabs(listener: (message: TabMessage) => void): () => void {
  open();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
