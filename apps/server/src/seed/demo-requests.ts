import { approvePostings, holdPostings, releasePostings, type RequestValue } from '@aurum/domain/assets/request-postings';
import { methodOf, type RequestAction, type RequestStatus, type RequestType } from '@aurum/domain/assets/request-schemas';
import type { Queryable } from '../db/db.ts';
import { postEntry } from '../modules/ledger/ledger-service.ts';
import { decideRequest, insertRequest } from '../modules/assets/request-repository.ts';
import { receiptKey, type ReceiptStorage } from '../modules/assets/receipt-storage.ts';

/** A real 1x1 PNG: the demo receipts the console shows. */
const DEMO_RECEIPT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface DemoRequest {
  action: RequestAction;
  type: RequestType;
  value: string;
  user: string;
  receiver?: string;
  status: RequestStatus;
  note?: string;
  declineReason?: string;
}

/**
 * Demo requests of every kind in every status, for kumar and bullionhouse only (the other demo
 * users' wallets are what other demos and tests start from). Made by financemaker, decided by
 * financeapprover, through the same postings as the routes.
 */
export const DEMO_REQUESTS: readonly DemoRequest[] = [
  { action: 'deposit', type: 'MYR', value: '2000.00', user: 'kumar', status: 'pending', note: 'Maybank slip 004512' },
  { action: 'deposit', type: 'XAU', value: '25.0000', user: 'bullionhouse', status: 'approved', note: 'Two 12.5 g bars, serials BH-2231/2232' },
  { action: 'deposit', type: 'MYR', value: '150.00', user: 'kumar', status: 'declined', declineReason: 'The transfer slip is unreadable.' },
  { action: 'withdrawal', type: 'MYR', value: '10000.00', user: 'bullionhouse', status: 'pending' },
  { action: 'withdrawal', type: 'XAU', value: '50.0000', user: 'bullionhouse', status: 'approved', note: 'Collected at the Johor vault' },
  { action: 'withdrawal', type: 'XAU', value: '1.0000', user: 'bullionhouse', status: 'declined', declineReason: 'Requested by mistake.' },
  { action: 'transfer', type: 'MYR', value: '500.00', user: 'bullionhouse', receiver: 'kumar', status: 'pending', note: 'Commission, March' },
  { action: 'transfer', type: 'XAU', value: '3.0000', user: 'bullionhouse', receiver: 'kumar', status: 'approved' },
  { action: 'transfer', type: 'MYR', value: '100.00', user: 'kumar', receiver: 'bullionhouse', status: 'declined', declineReason: 'Duplicate of an earlier transfer.' },
];

export async function seedRequests(
  tx: Queryable,
  ids: { users: ReadonlyMap<string, number>; maker: number; approver: number },
  storage: ReceiptStorage,
): Promise<void> {
  for (const d of DEMO_REQUESTS) {
    const userId = ids.users.get(d.user);
    const receiverUserId = d.receiver ? ids.users.get(d.receiver) : null;
    if (userId === undefined || receiverUserId === undefined) continue;
    const id = await insertRequest(tx, {
      action: d.action,
      method: methodOf(d.action, d.type),
      type: d.type,
      amount: d.type === 'MYR' ? d.value : null,
      quantity: d.type === 'XAU' ? d.value : null,
      userId,
      receiverUserId,
      note: d.note ?? null,
      submittedBy: ids.maker,
      at: new Date(),
    });
    const userKey = receiptKey(id, 'user', 'png');
    await storage.put(userKey, DEMO_RECEIPT);
    await tx.query("UPDATE payment_requests SET user_receipt_key = $2, user_receipt_type = 'image/png' WHERE id = $1", [id, userKey]);
    const value: RequestValue = { action: d.action, type: d.type, value: d.value, userId, receiverUserId };
    const post = async (kind: string, postings: ReturnType<typeof holdPostings>) =>
      postings.length > 0 ? postEntry(tx, { kind, userId, note: `${d.action} request ${id}`, createdBy: ids.maker, postings }) : null;
    const hold = await post('request.hold', holdPostings(value));
    await tx.query('UPDATE payment_requests SET hold_entry_id = $2 WHERE id = $1', [id, hold]);
    if (d.status === 'pending') continue;
    const verifiedKey = d.status === 'approved' ? receiptKey(id, 'verified', 'png') : null;
    if (verifiedKey) await storage.put(verifiedKey, DEMO_RECEIPT);
    await decideRequest(tx, id, {
      status: d.status,
      by: ids.approver,
      at: new Date(),
      verifiedReceipt: verifiedKey ? { key: verifiedKey, contentType: 'image/png' } : null,
      declineReason: d.declineReason ?? null,
    });
    const decision = d.status === 'approved' ? await post(`request.${d.action}`, approvePostings(value)) : await post('request.release', releasePostings(value));
    await tx.query('UPDATE payment_requests SET decision_entry_id = $2 WHERE id = $1', [id, decision]);
  }
}
