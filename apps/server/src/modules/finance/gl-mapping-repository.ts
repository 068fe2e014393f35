import { sql } from 'kysely';
import type { GlMappingLine } from '@aurum/domain/finance/gl-mapping';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

/** The accountant's mapping (decision 1018), all SQL: versions of the whole file, the latest in force. */

/** Advisory lock class of the mapping's replacement: one at a time, whichever process (pg_advisory_xact_lock(class, 0)). */
const GL_MAPPING_LOCK_CLASS = 7_261_400;

export interface MappingVersionRow {
  id: number;
  file_name: string;
  line_count: number;
  uploaded_at: Date;
  uploaded_by_name: string | null;
}

/** Serialises replacements of the mapping until the transaction ends. */
export async function lockMapping(q: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(CAST(${GL_MAPPING_LOCK_CLASS} AS int), 0)`.execute(kysely(q));
}

/** The version in force (the latest), with who uploaded it. */
export async function latestVersion(q: Queryable): Promise<MappingVersionRow | undefined> {
  return kysely(q)
    .selectFrom('gl_mappings as m')
    .leftJoin('admins as a', 'a.id', 'm.uploaded_by')
    .select(['m.id', 'm.file_name', 'm.line_count', 'm.uploaded_at', 'a.username as uploaded_by_name'])
    .orderBy('m.id', 'desc')
    .limit(1)
    .$castTo<MappingVersionRow>()
    .executeTakeFirst();
}

/** The lines of a version. */
export async function versionLines(q: Queryable, mappingId: number): Promise<GlMappingLine[]> {
  return kysely(q)
    .selectFrom('gl_mapping_lines')
    .select(['gl_code as glCode', 'account_code as accountCode', 'account_name as accountName'])
    .where('mapping_id', '=', mappingId)
    .orderBy('gl_code')
    .execute();
}

/** Writes a new version with its lines; it is in force from its commit. */
export async function insertVersion(q: Queryable, v: { fileName: string; sha256: string; lines: readonly GlMappingLine[]; by: number; at: Date }): Promise<number> {
  const k = kysely(q);
  const row = await k
    .insertInto('gl_mappings')
    .values({ file_name: v.fileName, sha256: v.sha256, line_count: v.lines.length, uploaded_by: v.by, uploaded_at: v.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (v.lines.length > 0) {
    await k
      .insertInto('gl_mapping_lines')
      .values(v.lines.map((l) => ({ mapping_id: id, gl_code: l.glCode, account_code: l.accountCode, account_name: l.accountName })))
      .execute();
  }
  return id;
}
