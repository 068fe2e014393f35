import type { Queryable } from '../../db/db.ts';
import type { Change } from '../../http/change.ts';
import type { TreasuryMetal } from '@aurum/domain/treasury/treasury-metals';

/**
 * The treasury's service (issue 18; docs/decisions.md "Treasury"): the net position per metal and
 * the coverage rule. Other modules (orders, assets, vault, hedges) call these two functions and
 * nothing else of the treasury.
 */

/** The net house position of a metal in grams (4 decimals), as `GET treasury/position` answers it. */
export async function netPosition(q: Queryable, metal: TreasuryMetal): Promise<string> {
  void q;
  void metal;
  return '0.0000';
}

/**
 * The coverage rule, checked inside the transaction that could break it, after its own changes:
 * customer metal (wallets plus metal owed on filled buys) must not exceed the available bars'
 * book weight plus metal at providers. In mode 'refuse' it raises 2090 (CustomersUncovered); in
 * mode 'alert' it accepts, flags and audits. `what` names the operation for the audit row.
 */
export async function assertCovered(change: Change, metal: TreasuryMetal, what: string): Promise<void> {
  void change;
  void metal;
  void what;
}

/** A place metal can be (issue 18 metal books): outside the house, a vault, in transit, at a provider. */
export type MetalPlace = 'outside' | 'transit' | `vault:${string}` | `provider:${string}`;

/**
 * Posts a metal movement between places into the metal books (the ledger), inside the change's
 * transaction: e.g. an approved bar receive moves its book weight from 'outside' to 'vault:<code>'.
 * `kind` names the journal entry (e.g. 'vault.receive').
 */
export async function postMetal(
  change: Change,
  move: { metal: TreasuryMetal; from: MetalPlace; to: MetalPlace; grams: string; kind: string; note?: string },
): Promise<void> {
  void change;
  void move;
}
