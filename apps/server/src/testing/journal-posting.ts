import type { Db } from '../db/db.ts';

/** One posting of a test's journal entry: debits `from`, credits `to`. */
export interface DatedPosting {
  at: string;
  from: string;
  to: string;
  asset: string;
  amount: string;
  kind?: string;
  note?: string | null;
}

/**
 * A journal entry of one posting dated at a moment, written as the wallet writes it (the entry,
 * then its posting, in one transaction), for tests that need postings on given days.
 */
export async function postDated(db: Db, userId: number | null, p: DatedPosting): Promise<number> {
  return db.transaction(async (tx) => {
    const [e] = await tx.query<{ id: number }>('INSERT INTO ledger_entries (kind, user_id, note, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [
      p.kind ?? 'test.finance',
      userId,
      p.note ?? null,
      p.at,
    ]);
    await tx.query('INSERT INTO ledger_postings (entry_id, from_account, to_account, asset, amount) VALUES ($1, $2, $3, $4, $5)', [e!.id, p.from, p.to, p.asset, p.amount]);
    return Number(e!.id);
  });
}
