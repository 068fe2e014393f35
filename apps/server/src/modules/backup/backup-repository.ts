import type { Queryable } from '../../db/db.ts';

/** One table's figures: its row count and an order-free checksum of its rows. */
export interface TableFigure {
  rows: number;
  hash: string;
}

/**
 * Settings that make a row's text the same on every server and session, so that the checksums of a
 * source and of its restored copy compare (run inside the transaction that reads the figures).
 */
const STABLE_TEXT = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, MDY'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
];

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the public schema with its row count and a checksum of its rows: the sum of the
 * first 60 bits of each row's md5, so it streams (no table is held in memory) and ignores order.
 * Must run inside a transaction (the settings are local to it); the caller's snapshot decides
 * what it sees.
 */
export async function tableFigures(q: Queryable): Promise<Record<string, TableFigure>> {
  for (const statement of STABLE_TEXT) await q.query(statement);
  const tables = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const figures: Record<string, TableFigure> = {};
  for (const { name } of tables) {
    const [row] = await q.query<{ rows: number; hash: string }>(
      `SELECT count(*)::int8 AS rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::int8::numeric), 0)::text AS hash
         FROM public.${quoteIdent(name)} t`,
    );
    figures[name] = { rows: Number(row!.rows), hash: row!.hash };
  }
  return figures;
}

/** The migrations recorded as applied, in order (none when the table does not exist). */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const [exists] = await q.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migrations')::text AS t`);
  if (!exists?.t) return [];
  const rows = await q.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  return rows.map((r) => r.version);
}

/** What a database holds, in the words a refused restore uses: its tables and a few row counts. */
export async function holdings(q: Queryable): Promise<{ tables: number; counts: Record<string, number> }> {
  const [t] = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
  );
  const counts: Record<string, number> = {};
  for (const table of ['users', 'orders', 'ledger_entries', 'audit_log', 'admins']) {
    const [exists] = await q.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${table}`]);
    if (!exists?.t) continue;
    const [row] = await q.query<{ n: number }>(`SELECT count(*)::int8 AS n FROM public.${quoteIdent(table)}`);
    counts[table] = Number(row!.n);
  }
  return { tables: Number(t!.n), counts };
}

/** Every posting of the journal, in order (the verify of a restored backup recomputes balances from them). */
export async function ledgerPostings(q: Queryable): Promise<Array<{ from_account: string; to_account: string; asset: string; amount: string }>> {
  return q.query('SELECT from_account, to_account, asset, amount FROM ledger_postings ORDER BY id');
}

/** The ids of every user. */
export async function allUserIds(q: Queryable): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM users ORDER BY id')).map((r) => Number(r.id));
}

/** How many journal entries have no posting (each must have one). */
export async function entriesWithoutPostings(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'SELECT count(*)::int8 AS n FROM ledger_entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_id = e.id)',
  );
  return Number(row!.n);
}
