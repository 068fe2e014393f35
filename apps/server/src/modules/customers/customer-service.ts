import type { UserDetail } from '@aurum/domain/users/user-views';
import { isWalletEmpty } from '@aurum/domain/wallet/wallet-view';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { bankAccountView } from '../bank/bank-service.ts';
import { cannotDeleteUser, lockUser, markDeleted, refuseDeleteWhilePending, userRecord } from '../users/user-service.ts';
import { lockForMoney, walletBalances } from '../wallet/wallet-service.ts';
import { isHeld } from '../compliance/hold-service.ts';

// A customer is a user with its bank account and wallet. Users is the base module (bank and wallet
// lock and read users); what needs all three composes them here, as the inbox composes assets and bank.

/** Everything the console shows of a user: profile, address, trade configuration, bank account, wallet, whether a compliance hold is in force. */
export async function userDetail(q: Queryable, userId: number): Promise<UserDetail> {
  const { id, profile, address, tradeConfig } = await userRecord(q, userId);
  const [bankAccount, wallet, complianceHold] = [await bankAccountView(q, id), await walletBalances(q, id), await isHeld(q, id)];
  return { profile, address, tradeConfig, bankAccount, wallet, complianceHold };
}

/** Deletes a user (soft): refused (422, 1050) while it has pending requests or anything in its wallet. */
export async function deleteUser(c: Change, userId: number): Promise<{ id: number }> {
  // no posting may land on the wallet between the check and the deletion: the wallet first, then
  // the row (the lock order of money-moving transactions, lockForMoney)
  await lockForMoney(c.q, { userIds: [userId], userRows: [userId] });
  const user = await lockUser(c.q, userId);
  await refuseDeleteWhilePending(c.q, user);
  if (!isWalletEmpty(await walletBalances(c.q, user.id))) throw cannotDeleteUser('The wallet of the user is not empty.');
  return markDeleted(c, user);
}
