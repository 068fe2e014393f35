import { sql } from 'kysely';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/**
 * The backup's reads of the catalogue and of whole tables by name: `sql` templates throughout, as
 * the builder knows our tables but not pg_class, SET LOCAL or a row as text.
 */

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
  sql`SET LOCAL TimeZone = 'UTC'`,
  sql`SET LOCAL DateStyle = 'ISO, MDY'`,
  sql`SET LOCAL IntervalStyle = 'postgres'`,
  sql`SET LOCAL extra_float_digits = 1`,
  sql`SET LOCAL bytea_output = 'hex'`,
];

/**
 * Every table of the public schema with its row count and a checksum of its rows: the sum of the
 * first 60 bits of each row's md5, so it streams (no table is held in memory) and ignores order.
 * Must run inside a transaction (the settings are local to it); the caller's snapshot decides
 * what it sees.
 */
export async function tableFigures(q: Queryable): Promise<Record<string, TableFigure>> {
  const k = kysely(q);
  for (const statement of STABLE_TEXT) await statement.execute(k);
  const { rows: tables } = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`.execute(k);
  const figures: Record<string, TableFigure> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ rows: number; hash: string }>`SELECT count(*)::int8 AS rows,
              coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::int8::numeric), 0)::text AS hash
         FROM ${sql.id('public', name)} t`.execute(k);
    figures[name] = { rows: Number(rows[0]!.rows), hash: rows[0]!.hash };
  }
  return figures;
}

/** The migrations recorded as applied, in order (none when the table does not exist). */
export async function appliedMigrations(q: Queryable): Promise<string[]> {
  const k = kysely(q);
  const { rows: [exists] } = await sql<{ t: string | null }>`SELECT to_regclass('public.schema_migrations')::text AS t`.execute(k);
  if (!exists?.t) return [];
  const { rows } = await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY version`.execute(k);
  return rows.map((r) => r.version);
}

/** What a database holds, in the words a refused restore uses: its tables and the row counts of `tables` (those that exist). */
export async function holdings(q: Queryable, tables: readonly string[]): Promise<{ tables: number; counts: Record<string, number> }> {
  const k = kysely(q);
  const { rows: [t] } = await sql<{ n: number }>`SELECT count(*)::int8 AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`.execute(k);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows: [exists] } = await sql<{ t: string | null }>`SELECT to_regclass(${`public.${table}`})::text AS t`.execute(k);
    if (!exists?.t) continue;
    const { rows: [row] } = await sql<{ n: number }>`SELECT count(*)::int8 AS n FROM ${sql.id('public', table)}`.execute(k);
    counts[table] = Number(row!.n);
  }
  return { tables: Number(t!.n), counts };
}

/** The ids of every user. */
export async function allUserIds(q: Queryable): Promise<number[]> {
  return (await kysely(q).selectFrom('users').select('id').orderBy('id').execute()).map((r) => Number(r.id));
}
