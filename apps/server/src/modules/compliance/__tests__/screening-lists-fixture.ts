import { createHash } from 'node:crypto';
import { nameIndexKeys } from '@aurum/domain/compliance/name-index-key';
import type { ScreeningListKind } from '@aurum/domain/compliance/screening-thresholds';
import type { Queryable } from '../../../db/db.ts';

/**
 * Writes a list version straight into the 041 tables, as the list upload would once activated:
 * each name with its index keys from nameIndexKeys (the one index-key function), so the screening
 * candidates are found the way they will be in production.
 */
export interface FixtureEntry {
  reference: string;
  primaryName: string;
  aliases?: Array<{ name: string; quality: 'good' | 'low' }>;
  birthDates?: string[];
  nationalities?: string[];
  documents?: string[];
  details?: Record<string, string>;
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A list by code (created on first use); the new version is the active one, the previous superseded. Answers the version ids. */
export async function activateListVersion(q: Queryable, list: { code: string; kind: ScreeningListKind }, entries: readonly FixtureEntry[]): Promise<{ versionId: number; previousVersionId: number | null }> {
  const [admin] = await q.query<{ id: number }>('SELECT id FROM admins ORDER BY id LIMIT 1');
  await q.query(
    `INSERT INTO screening_lists (code, kind, format, name, created_at) VALUES ($1, $2, 'csv', $1, now()) ON CONFLICT (code) DO NOTHING`,
    [list.code, list.kind],
  );
  const [l] = await q.query<{ id: number }>('SELECT id FROM screening_lists WHERE code = $1', [list.code]);
  const [previous] = await q.query<{ id: number }>(`UPDATE screening_list_versions SET status = 'superseded', active_until = now() WHERE list_id = $1 AND status = 'active' RETURNING id`, [l!.id]);
  const [v] = await q.query<{ id: number }>(
    `INSERT INTO screening_list_versions (list_id, status, sha256, file_name, byte_size, entry_count, diff, large_drop, uploaded_by, uploaded_at, active_from)
     VALUES ($1, 'active', $2, 'list.csv', 100, $3, '{}', false, $4, now(), now()) RETURNING id`,
    [l!.id, sha(`${list.code}${Math.random()}`), entries.length, admin!.id],
  );
  for (const e of entries) {
    const content = JSON.stringify([e.primaryName, e.aliases ?? [], e.birthDates ?? [], e.nationalities ?? [], e.documents ?? [], e.details ?? {}]);
    const [entry] = await q.query<{ id: number }>(
      `INSERT INTO screening_entries (version_id, reference, entry_type, primary_name, birth_dates, nationalities, documents, details, content_hash)
       VALUES ($1, $2, 'individual', $3, $4, $5, $6, $7, $8) RETURNING id`,
      [v!.id, e.reference, e.primaryName, e.birthDates ?? [], e.nationalities ?? [], JSON.stringify(e.documents ?? []), JSON.stringify(e.details ?? {}), sha(content)],
    );
    for (const n of [{ name: e.primaryName, quality: 'good' as const }, ...(e.aliases ?? [])]) {
      const keys = nameIndexKeys(n.name);
      await q.query('INSERT INTO screening_entry_names (entry_id, name, quality, key, tokens) VALUES ($1, $2, $3, $4, $5)', [entry!.id, n.name, n.quality, keys.key, keys.tokens]);
    }
  }
  return { versionId: v!.id, previousVersionId: previous?.id ?? null };
}

let customers = 0;

/** A customer by name; with `person`, a due diligence file naming them (the file's people are what is screened). */
export async function newCustomer(
  q: Queryable,
  name: { first: string; last: string },
  person?: { fullName: string; birthDate?: string; nationality?: string; document?: string },
): Promise<number> {
  customers++;
  const username = `screened${customers}${Math.floor(Math.random() * 1e6)}`;
  const [u] = await q.query<{ id: number }>(
    `INSERT INTO users (username, email, first_name, last_name, phone_country_code, phone_number) VALUES ($1, $2, $3, $4, '60', $5) RETURNING id`,
    [username, `${username}@example.com`, name.first, name.last, String(100000000 + customers * 1000 + Math.floor(Math.random() * 1000))],
  );
  if (person) {
    await q.query(`INSERT INTO due_diligence_files (user_id, status, updated_at) VALUES ($1, 'draft', now()) ON CONFLICT (user_id) DO NOTHING`, [u!.id]);
    await q.query(
      `INSERT INTO due_diligence_people (user_id, role, full_name, name_parts, document_kind, document_number, birth_date, nationality) VALUES ($1, 'customer', $2, '{}', $3, $4, $5, $6)`,
      [u!.id, person.fullName, person.document ? 'passport' : null, person.document ?? null, person.birthDate ?? null, person.nationality ?? null],
    );
  }
  return u!.id;
}
