import { sql } from 'kysely';
import type { LedgerMetal } from '@aurum/domain/wallet/ledger';
import type { Queryable } from '../../db/db.ts';
import { asDate, isoDate, kysely } from '../../db/query-builder.ts';
import { bookOf } from './ledger-sums-repository.ts';

/**
 * The journal's closes, all SQL (decisions 1001 and 1002): the closes, the per-account balances at
 * the latest close's end, the books' snapshot, and the figures a close's checks read.
 */

export interface CloseRow {
  date: string;
  startsAt: Date | null;
  endsAt: Date;
  closedBy: string;
  closedAt: Date;
}

/**
 * Serialises closes and reopens, then waits for every transaction that has written a journal
 * entry and keeps new writers out until this one commits (SHARE conflicts with their ROW
 * EXCLUSIVE; their closed-day trigger only reads ledger_day_closes, which EXCLUSIVE allows).
 */
export async function lockJournalForClose(q: Queryable): Promise<void> {
  const k = kysely(q);
  await sql`LOCK TABLE ledger_day_closes IN EXCLUSIVE MODE`.execute(k);
  await sql`LOCK TABLE ledger_entries IN SHARE MODE`.execute(k);
}

/** The latest closes, newest first. */
export async function listCloses(q: Queryable, limit: number): Promise<CloseRow[]> {
  const rows = await kysely(q)
    .selectFrom('ledger_day_closes as c')
    .innerJoin('admins as a', 'a.id', 'c.closed_by')
    .select((eb) => [isoDate(eb.ref('c.business_date')).as('date'), 'c.starts_at', 'c.ends_at', 'a.username', 'c.closed_at'])
    .orderBy('c.business_date', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    date: r.date,
    startsAt: r.starts_at === null ? null : new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    closedBy: r.username,
    closedAt: new Date(r.closed_at),
  }));
}

/**
 * Per account, credits minus debits of the postings dated in [since, before) (null: the journal's
 * beginning, up to now): the postings grouped by pair of accounts in one pass, each pair then
 * counted on both its accounts.
 */
function accountDeltas(q: Queryable, since: Date | null, before: Date | null) {
  const k = kysely(q);
  const pairs = k
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .$if(since !== null, (w) => w.where('e.created_at', '>=', since!))
    .$if(before !== null, (w) => w.where('e.created_at', '<', before!))
    .select(['p.from_account', 'p.to_account', sql<string>`sum(p.amount)`.as('amount')])
    .groupBy(['p.from_account', 'p.to_account']);
  // each pair on both of its accounts, the pairs read once (a WITH query)
  return k
    .with('pairs', () => pairs)
    .selectFrom((w) =>
      w
        .selectFrom('pairs')
        .select(['pairs.from_account as account', sql<string>`-pairs.amount`.as('delta')])
        .unionAll(w.selectFrom('pairs').select(['pairs.to_account as account', 'pairs.amount as delta']))
        .as('s'),
    )
    .select(['s.account', sql<string>`sum(s.delta)`.as('delta')])
    .groupBy('s.account');
}

/** Customer accounts that would end [since, before) below zero: the balance at the last close plus the stretch's postings (the first few, by account). */
export async function negativeCustomerBooks(q: Queryable, since: Date | null, before: Date, limit: number): Promise<Array<{ account: string; balance: string }>> {
  const k = kysely(q);
  return k
    .selectFrom(accountDeltas(q, since, before).as('d'))
    .leftJoin('ledger_closed_balances as c', 'c.account', 'd.account')
    .select(['d.account', sql<string>`(coalesce(c.balance, 0) + d.delta)::text`.as('balance')])
    .where('d.account', 'like', 'user:%')
    .where(sql<boolean>`coalesce(c.balance, 0) + d.delta < 0`)
    .orderBy('d.account')
    .limit(limit)
    .execute();
}

/**
 * Per metal, the books of metal in vaults and in transit now: their balances at the last close
 * plus every posting since its end (`since`; null: the whole journal).
 */
export async function metalBooksHeld(q: Queryable, since: Date | null): Promise<Array<{ metal: LedgerMetal; grams: string }>> {
  const k = kysely(q);
  const held = (column: string) => sql<boolean>`${sql.ref(column)} ~ '^metal:[A-Z]{3}:(vault:|transit$)'`;
  const closed = k.selectFrom('ledger_closed_balances as c').select(['c.account', 'c.balance as delta']).where(held('c.account'));
  const recent = k.selectFrom(accountDeltas(q, since, null).as('d')).select(['d.account', 'd.delta']).where(held('d.account'));
  return k
    .selectFrom(closed.unionAll(recent).as('m'))
    .select([sql<LedgerMetal>`split_part(m.account, ':', 2)`.as('metal'), sql<string>`sum(m.delta)::text`.as('grams')])
    .groupBy(sql`split_part(m.account, ':', 2)`)
    .execute();
}

/** Customer accounts below zero in the closed balances (after a close's fold: at its end), the first few by account. */
export async function negativeClosedBooks(q: Queryable, limit: number): Promise<Array<{ account: string; balance: string }>> {
  return kysely(q)
    .selectFrom('ledger_closed_balances')
    .select(['account', sql<string>`balance::text`.as('balance')])
    .where('account', 'like', 'user:%')
    .where('balance', '<', '0')
    .orderBy('account')
    .limit(limit)
    .execute();
}

/** Adds (sign 1) or takes back (sign -1) the postings of [since, before) to every account's closed balance. */
export async function foldClosedBalances(q: Queryable, since: Date | null, before: Date, sign: 1 | -1): Promise<void> {
  const k = kysely(q);
  await k
    .insertInto('ledger_closed_balances')
    .columns(['account', 'balance'])
    .expression(k.selectFrom(accountDeltas(q, since, before).as('d')).select(['d.account', sql<string>`d.delta * ${sign}`.as('balance')]))
    .onConflict((oc) => oc.column('account').doUpdateSet({ balance: sql`ledger_closed_balances.balance + excluded.balance` }))
    .execute();
  // accounts back at zero (a reopen, a book emptied) keep the table to what is held
  await k.deleteFrom('ledger_closed_balances').where('balance', '=', '0').execute();
}

export async function insertClose(q: Queryable, c: { date: string; startsAt: Date | null; endsAt: Date; by: number; at: Date }): Promise<void> {
  await kysely(q)
    .insertInto('ledger_day_closes')
    .values({ business_date: asDate(c.date), starts_at: c.startsAt, ends_at: c.endsAt, closed_by: c.by, closed_at: c.at })
    .execute();
}

/** The books' snapshot at a close's end: the closed balances (just folded) summed by kind of book. */
export async function snapshotBooks(q: Queryable, date: string): Promise<void> {
  const k = kysely(q);
  await k
    .insertInto('ledger_close_books')
    .columns(['business_date', 'book', 'balance'])
    .expression(
      k
        .selectFrom('ledger_closed_balances as c')
        .select([asDate(date).as('business_date'), bookOf('c.account').as('book'), sql<string>`sum(c.balance)`.as('balance')])
        .groupBy(bookOf('c.account')),
    )
    .execute();
}

/** Removes a close and its snapshot (a reopen). */
export async function deleteClose(q: Queryable, date: string): Promise<void> {
  await kysely(q).deleteFrom('ledger_day_closes').where('business_date', '=', asDate(date)).execute();
}

/** The last closed day, the first one, and the last closed month and year (null before the first). */
export async function closedThroughRow(q: Queryable) {
  const k = kysely(q);
  const days = await k
    .selectFrom('ledger_day_closes')
    .select((eb) => [isoDate(eb.fn.max<Date | null>('business_date')).as('last'), isoDate(eb.fn.min<Date | null>('business_date')).as('first')])
    .executeTakeFirstOrThrow();
  const periods = await k
    .selectFrom('ledger_period_closes')
    .select((eb) => [
      eb.fn.max(eb.case().when('kind', '=', 'month').then(eb.ref('period')).end()).as('month'),
      eb.fn.max(eb.case().when('kind', '=', 'year').then(eb.ref('period')).end()).as('year'),
    ])
    .executeTakeFirstOrThrow();
  return { day: days.last, firstDay: days.first, month: (periods.month as string | null) ?? null, year: (periods.year as string | null) ?? null };
}

/** The moment of the journal's first entry (its value time), or null for an empty journal. */
export async function firstEntryAt(q: Queryable): Promise<Date | null> {
  const row = await kysely(q).selectFrom('ledger_entries').select('created_at').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/** The closes whose stretch ends after a moment, oldest first (what reopening the day of that moment takes with it). */
export async function closesEndingAfter(q: Queryable, moment: Date): Promise<CloseRow[]> {
  const rows = await kysely(q)
    .selectFrom('ledger_day_closes as c')
    .innerJoin('admins as a', 'a.id', 'c.closed_by')
    .select((eb) => [isoDate(eb.ref('c.business_date')).as('date'), 'c.starts_at', 'c.ends_at', 'a.username', 'c.closed_at'])
    .where('c.ends_at', '>', moment)
    .orderBy('c.business_date')
    .execute();
  return rows.map((r) => ({ date: r.date, startsAt: r.starts_at === null ? null : new Date(r.starts_at), endsAt: new Date(r.ends_at), closedBy: r.username, closedAt: new Date(r.closed_at) }));
}

/** Removes closes (their snapshots go with them). */
export async function deleteCloses(q: Queryable, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  await kysely(q).deleteFrom('ledger_day_closes').where('business_date', 'in', dates.map((d) => asDate(d))).execute();
}

export interface PeriodCloseRow {
  period: string;
  kind: 'month' | 'year';
  proposedBy: string;
  approvedBy: string;
  closedAt: Date;
  entryId: number | null;
}

/** The closed months and years, newest first, at most `limit`. */
export async function listPeriodCloses(q: Queryable, limit: number): Promise<PeriodCloseRow[]> {
  const rows = await kysely(q)
    .selectFrom('ledger_period_closes as p')
    .innerJoin('admins as m', 'm.id', 'p.proposed_by')
    .innerJoin('admins as c', 'c.id', 'p.approved_by')
    .select(['p.period', 'p.kind', 'm.username as proposed', 'c.username as approved', 'p.closed_at', 'p.entry_id'])
    .orderBy('p.period', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    period: r.period,
    kind: r.kind as 'month' | 'year',
    proposedBy: r.proposed,
    approvedBy: r.approved,
    closedAt: new Date(r.closed_at),
    entryId: r.entry_id === null ? null : Number(r.entry_id),
  }));
}

/** The closed months from `month` on. */
export async function closedMonthsFrom(q: Queryable, month: string): Promise<string[]> {
  const rows = await kysely(q).selectFrom('ledger_period_closes').select('period').where('kind', '=', 'month').where('period', '>=', month).orderBy('period').execute();
  return rows.map((r) => r.period);
}

export async function insertPeriodClose(q: Queryable, p: { period: string; kind: 'month' | 'year'; proposedBy: number; approvedBy: number; at: Date; entryId: number | null }): Promise<void> {
  await kysely(q)
    .insertInto('ledger_period_closes')
    .values({ period: p.period, kind: p.kind, proposed_by: p.proposedBy, approved_by: p.approvedBy, closed_at: p.at, entry_id: p.entryId })
    .execute();
}

export async function deletePeriodCloses(q: Queryable, periods: readonly string[]): Promise<void> {
  if (periods.length === 0) return;
  await kysely(q).deleteFrom('ledger_period_closes').where('period', 'in', [...periods]).execute();
}

/** The postings of the entries of one source, with the kind and metal of their entry (a close's own entries, a hedge's). */
export async function sourcePostings(q: Queryable, source: { kind: string; id: number }) {
  return kysely(q)
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .select(['e.id as entry_id', 'e.kind', 'e.metal', 'e.created_at', 'p.from_account', 'p.to_account', 'p.asset', 'p.amount'])
    .where('e.source_kind', '=', source.kind)
    .where('e.source_id', '=', source.id)
    .orderBy('p.id')
    .execute();
}

/** The postings of the entries of one kind of source dated in [from, before) (the years' closing entries of a range). */
export async function sourceKindPostings(q: Queryable, kind: string, from: Date, before: Date) {
  return kysely(q)
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .select(['p.from_account', 'p.to_account', 'p.asset', 'p.amount'])
    .where('e.source_kind', '=', kind)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', before)
    .orderBy('p.id')
    .execute();
}
