import type { SocketMessage } from '@aurum/domain/system/live-messages';

/** Whether a live frame moved value in or out of this user's wallet (a request of theirs made or decided, an order of theirs). */
export function touchesWallet(message: SocketMessage, userId: number): boolean {
  if (message.type === 'RequestUpdated') return message.data.userId === userId || message.data.sender?.id === userId || message.data.receiver?.id === userId;
  if (message.type === 'Market' || message.type === 'Limit' || message.type === 'OrderUpdated') return Number(message.data.userId) === userId;
  return false;
}
