import { useSyncExternalStore } from 'react';
import type { MyrRateData, PriceData, SocketMessage } from '@aurum/domain/system/live-messages';
import type { MetalAdjustAnswer } from '@aurum/domain/system/system-schemas';
import { marketStatusOfPrice, type MarketStatus } from './market-status.ts';
import { createListeners } from '#shared/store/listeners.ts';

/** A partial order pushed by the socket (Market, Limit, OrderUpdated), merged by id. */
export type OrderUpdate = Record<string, unknown> & { id: number | string };

/** What the live socket has told since it (re)connected (SPEC.md §4). */
export interface LiveState {
  /** Whether the socket is open. */
  connected: boolean;
  price: PriceData | null;
  rate: MyrRateData | null;
  /** Orders by id, each the merge of every update received. */
  orders: ReadonlyMap<string, OrderUpdate>;
  /** The latest GlobalSetting per metal. */
  settings: Readonly<Record<string, MetalAdjustAnswer & { metal: string }>>;
  /** Counts Price messages (the chart appends on each). */
  priceSeq: number;
}

export const EMPTY_LIVE_STATE: LiveState = { connected: false, price: null, rate: null, orders: new Map(), settings: {}, priceSeq: 0 };

/** Applies one message (pure). Unknown kinds never get here: the socket only logs them. */
export function applyLiveMessage(state: LiveState, message: SocketMessage): LiveState {
  switch (message.type) {
    case 'Price':
      return { ...state, price: message.data, priceSeq: state.priceSeq + 1 };
    case 'MyrRate':
      return { ...state, rate: message.data };
    case 'GlobalSetting':
      return { ...state, settings: { ...state.settings, [message.data.metal]: message.data } };
    case 'Market':
    case 'Limit':
    case 'OrderUpdated': {
      const key = String(message.data.id);
      const orders = new Map(state.orders);
      orders.set(key, { ...orders.get(key), ...message.data });
      return { ...state, orders };
    }
    case 'RequestUpdated':
    case 'InboxChanged':
    case 'TreasuryPosition':
    case 'TreasuryBand':
    case 'Resync':
      // nothing kept: request and treasury screens listen with onMessage and refetch
      return state;
  }
}

/** The top bar's status from a live state: connecting until the first price. */
export function marketStatusOf(state: Pick<LiveState, 'price'>): MarketStatus {
  return marketStatusOfPrice(state.price);
}

export interface LiveStore {
  get(): LiveState;
  subscribe(listener: () => void): () => void;
  /** On (re)connecting: live prices, rate and order updates are cleared (SPEC.md §4). */
  reset(connected: boolean): void;
  setConnected(connected: boolean): void;
  apply(message: SocketMessage): void;
  /** Told of every message after it is applied (screens that refetch on GlobalSetting). */
  onMessage(listener: (message: SocketMessage) => void): () => void;
}

export function createLiveStore(onStatus?: (status: MarketStatus) => void): LiveStore {
  let state = EMPTY_LIVE_STATE;
  const listeners = createListeners();
  const messageListeners = createListeners<[SocketMessage]>();
  const set = (next: LiveState) => {
    state = next;
    onStatus?.(marketStatusOf(state));
    listeners.emit();
  };
  return {
    get: () => state,
    subscribe: listeners.add,
    reset: (connected) => set({ ...EMPTY_LIVE_STATE, connected }),
    setConnected: (connected) => {
      if (state.connected !== connected) set({ ...state, connected });
    },
    apply(message) {
      set(applyLiveMessage(state, message));
      messageListeners.emit(message);
    },
    onMessage: messageListeners.add,
  };
}

export function useLiveSelector<T>(store: LiveStore, select: (state: LiveState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
