import { expect } from 'vitest';
import { Decimal, SCALE, roundTo } from '@aurum/domain/money/decimal';
import { LEDGER_ASSETS, assetOf, balancesFromJournal, parseAccount, walletOf, type AccountId, type Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../../db/db.ts';
import { walletBalances } from '../wallet-service.ts';

/**
 * The ledger's invariant (DECISIONS.md §6), checked after every test that can touch a wallet:
 * every user's balances as the server derives them equal the sum of the journal's postings
 * (recomputed here by the domain), every asset sums to zero over all accounts, no user account
 * is below zero, and every entry has postings.
 */
export async function expectLedgerConsistent(db: Queryable): Promise<void> {
  const rows = await db.query<{ from_account: AccountId; to_account: AccountId; asset: 'MYR' | 'XAU'; amount: string }>(
    'SELECT from_account, to_account, asset, amount FROM ledger_postings ORDER BY id',
  );
  const postings: Posting[] = rows.map((r) => ({ from: r.from_account, to: r.to_account, asset: r.asset, amount: r.amount }));
  const journal = balancesFromJournal(postings);

  for (const asset of LEDGER_ASSETS) {
    let sum = new Decimal(0);
    for (const [account, value] of journal) if (assetOf(account) === asset) sum = sum.plus(value);
    expect(sum.isZero(), `${asset} sums to zero over all accounts`).toBe(true);
  }

  const userIds = new Set<number>();
  for (const [account, value] of journal) {
    const parsed = parseAccount(account)!;
    if (parsed.kind !== 'user') continue;
    userIds.add(parsed.userId);
    expect(new Decimal(value).gte(0), `${account} is ${value}`).toBe(true);
  }
  const users = await db.query<{ id: number }>('SELECT id FROM users');
  for (const { id } of users) userIds.add(id);
  for (const userId of userIds) {
    const derived = await walletBalances(db, userId);
    expect(derived, `wallet of user ${userId}`).toEqual(walletOf(journal, userId));
  }

  const [orphans] = await db.query<{ n: number }>(
    'SELECT count(*) AS n FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_id = e.id)',
  );
  expect(orphans!.n, 'entries without postings').toBe(0);
}

/** A decimal at an asset's scale, for comparing wallet answers. */
export const at = (asset: 'MYR' | 'XAU', value: string) => roundTo(value, SCALE[asset]);
