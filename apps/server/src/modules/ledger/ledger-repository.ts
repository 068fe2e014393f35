import { sql } from 'kysely';
import type { EntryNote } from '@aurum/domain/wallet/entry-notes';
import type { AccountId, EntrySource, LedgerMetal, Posting } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { escapeLike, kysely } from '../../db/query-builder.ts';

/**
 * The journal's entries and postings (decision 0510), all SQL: the one place that writes them, and the
 * reads of single accounts and entries. Sums over many accounts and moments are in
 * ledger-sums-repository.ts, users' sides in ledger-user-repository.ts, closes in
 * ledger-close-repository.ts.
 */

/** Takes one transaction-scoped advisory lock (pg_advisory_xact_lock(class, key)), held until the transaction ends. */
export async function advisoryXactLock(q: Queryable, lockClass: number, key: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockClass}::int, ${key}::int)`.execute(kysely(q));
}

/** Balances of some accounts, derived from the journal (accounts without postings are absent). */
export async function accountBalances(q: Queryable, accounts: readonly string[]): Promise<Map<AccountId, string>> {
  if (accounts.length === 0) return new Map();
  const k = kysely(q);
  const list = [...accounts];
  const rows = await k
    .selectFrom(
      k
        .selectFrom('ledger_postings')
        .select(['to_account as account', 'amount as delta'])
        .where('to_account', '=', (eb) => eb.fn.any(eb.val(list)))
        .unionAll(
          k
            .selectFrom('ledger_postings')
            .select((eb) => ['from_account as account', eb.neg(eb.ref('amount')).as('delta')])
            .where('from_account', '=', (eb) => eb.fn.any(eb.val(list))),
        )
        .as('t'),
    )
    .select((eb) => ['t.account', sql<string>`sum(${eb.ref('t.delta')})::text`.as('balance')])
    .groupBy('t.account')
    .execute();
  return new Map(rows.map((r) => [r.account as AccountId, r.balance]));
}

/** Inserts a journal entry and its postings (the service has checked them); answers the entry's id. */
export async function insertEntry(
  q: Queryable,
  entry: {
    kind: string;
    userId: number | null;
    note: string | null;
    noteCode: EntryNote | null;
    createdBy: number | null;
    postings: readonly Posting[];
    at?: Date;
    source: EntrySource | null;
    metal: LedgerMetal | null;
  },
): Promise<number> {
  const k = kysely(q);
  const { id } = await k
    .insertInto('ledger_entries')
    .values({
      kind: entry.kind,
      user_id: entry.userId,
      note: entry.note,
      note_code: entry.noteCode?.code ?? null,
      note_params: entry.noteCode ? JSON.stringify(entry.noteCode.params) : null,
      created_by: entry.createdBy,
      source_kind: entry.source?.kind ?? null,
      source_id: entry.source?.id ?? null,
      metal: entry.metal,
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const p of entry.postings) {
    await k.insertInto('ledger_postings').values({ entry_id: id, from_account: p.from, to_account: p.to, asset: p.asset, amount: p.amount }).execute();
  }
  return id;
}

/** Every posting of these entries, in posting order. */
export async function postingsOfEntries(q: Queryable, entryIds: readonly number[]): Promise<Posting[]> {
  if (entryIds.length === 0) return [];
  return kysely(q)
    .selectFrom('ledger_postings as p')
    .select(['p.from_account as from', 'p.to_account as to', 'p.asset', 'p.amount'])
    .where('p.entry_id', '=', (eb) => eb.fn.any(eb.val([...entryIds])))
    .orderBy('p.id')
    .$castTo<Posting>()
    .execute();
}

/** The moment each of these entries is dated. */
export async function entryDates(q: Queryable, entryIds: readonly number[]): Promise<Map<number, Date>> {
  if (entryIds.length === 0) return new Map();
  const rows = await kysely(q)
    .selectFrom('ledger_entries')
    .select(['id', 'created_at'])
    .where('id', '=', (eb) => eb.fn.any(eb.val([...entryIds])))
    .execute();
  return new Map(rows.map((r) => [Number(r.id), new Date(r.created_at)]));
}

/** Every posting of the journal, in order (the verify of a restored backup recomputes balances from them). */
export async function allPostings(q: Queryable): Promise<Array<{ from_account: string; to_account: string; asset: string; amount: string }>> {
  return kysely(q).selectFrom('ledger_postings').select(['from_account', 'to_account', 'asset', 'amount']).orderBy('id').execute();
}

/** How many journal entries have no posting (each must have one). */
export async function entriesWithoutPostings(q: Queryable): Promise<number> {
  const row = await kysely(q)
    .selectFrom('ledger_entries as e')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('ledger_postings as p').select(eb.lit(1).as('one')).whereRef('p.entry_id', '=', 'e.id'))))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Postings with their entry (kind, note, moment), newest first. */
const postingsWithEntry = (q: Queryable) =>
  kysely(q)
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .select(['e.id as entryId', 'e.kind', 'e.note', 'e.created_at as createdAt', 'p.from_account as from', 'p.to_account as to', 'p.asset', 'p.amount'])
    .orderBy('e.id', 'desc')
    .orderBy('p.id', 'desc');

/** The postings whose entry's note contains one of these texts (any case), newest first. */
export async function postingsNoting(q: Queryable, texts: readonly string[]) {
  return postingsWithEntry(q)
    .where('e.note', 'ilike', (eb) => eb.fn.any(eb.val(texts.map((t) => `%${escapeLike(t)}%`))))
    .execute();
}

/** The newest `limit` postings of one asset. */
export async function latestPostingsOf(q: Queryable, asset: string, limit: number) {
  return postingsWithEntry(q).where('p.asset', '=', asset).limit(limit).execute();
}
