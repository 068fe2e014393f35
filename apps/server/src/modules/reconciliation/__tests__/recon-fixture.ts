import type { Queryable } from '../../../db/db.ts';

/**
 * Test data of the reconciliation tests, written with SQL: a vault and its bars, a custodian's
 * imported weight list. (The vault module's import API replaces the list part at merge.)
 */
export interface FixtureBar {
  serial: string;
  refiner?: string;
  metal?: 'XAU' | 'XPT' | 'XAG';
  gross: string;
  fineness?: string;
  /** defaults to gross x fineness / 1000 at 4 decimals */
  fine?: string;
  status?: 'pending' | 'available' | 'reserved' | 'inTransit' | 'quarantined' | 'released';
}

const fineOf = (b: FixtureBar) => b.fine ?? ((Number(b.gross) * Number(b.fineness ?? '999.9')) / 1000).toFixed(4);

export async function insertVault(q: Queryable, code: string, custodian: string, bars: readonly FixtureBar[]): Promise<number> {
  const [vault] = await q.query<{ id: number }>('INSERT INTO vaults (code, name, custodian) VALUES ($1, $2, $3) RETURNING id::int AS id', [code, `${code} vault`, custodian]);
  for (const b of bars) await insertBar(q, vault!.id, custodian, b);
  return vault!.id;
}

export async function insertBar(q: Queryable, vaultId: number, custodian: string, b: FixtureBar): Promise<number> {
  const metal = b.metal ?? 'XAU';
  const fine = fineOf(b);
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO vault_bars (serial, refiner, metal, gross_weight, fineness, fine_weight, book_weight, custodian, vault_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::int AS id`,
    [b.serial, b.refiner ?? 'Valcambi', metal, b.gross, b.fineness ?? '999.9', fine, metal === 'XAU' ? fine : b.gross, custodian, vaultId, b.status ?? 'available'],
  );
  return row!.id;
}

/** A custodian's weight list as the vault module's import stores it. */
export async function insertCustodianList(
  q: Queryable,
  list: { vaultId: number | null; custodian: string; asOf: string; fileName?: string },
  bars: readonly FixtureBar[],
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'INSERT INTO custodian_bar_lists (custodian, vault_id, file_name, as_of, row_count) VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id',
    [list.custodian, list.vaultId, list.fileName ?? `${list.custodian}-${list.asOf}.csv`, list.asOf, bars.length],
  );
  for (const [i, b] of bars.entries()) {
    await q.query(
      'INSERT INTO custodian_bars (list_id, line, serial, refiner, metal, gross_weight, fineness, fine_weight) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [row!.id, i + 2, b.serial, b.refiner ?? 'Valcambi', b.metal ?? 'XAU', b.gross, b.fineness ?? '999.9', fineOf(b)],
    );
  }
  return row!.id;
}

/** A ledger entry of the house's metal (house:tradingXau -> house:vault) whose note names a bar, as a vault receive posts it. */
export async function insertVaultEntry(q: Queryable, note: string, grams: string): Promise<number> {
  const [entry] = await q.query<{ id: number }>("INSERT INTO ledger_entries (kind, note) VALUES ('vault.receive', $1) RETURNING id::int AS id", [note]);
  await q.query("INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, 'house:tradingXau', 'house:vault', 'XAU', $2)", [entry!.id, grams]);
  return entry!.id;
}
