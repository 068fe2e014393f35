import { createHash } from 'node:crypto';
import { mappingAccounts, readGlMapping, unmappedCodes, type GlMapping, type GlMappingAnswer, type GlMappingLine } from '@aurum/domain/finance/gl-mapping';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { insertVersion, latestVersion, lockMapping, versionLines } from './gl-mapping-repository.ts';
import { mappingRefused, readMappingFile, type MappingUpload } from './gl-mapping-file.ts';

/**
 * The accountant's mapping (decision 1018): read by every admin, replaced as a whole by a finance
 * role from an uploaded file (each upload a new version, audited with what it changed), applied by
 * the accounting exports. A file with any bad line is refused and changes nothing.
 */

const asMapping = (lines: readonly GlMappingLine[]): GlMapping => new Map(lines.map((l) => [l.glCode, { accountCode: l.accountCode, accountName: l.accountName }]));

/** The mapping in force (empty when none was ever uploaded), and its version. */
async function current(q: Queryable) {
  const version = await latestVersion(q);
  const mapping = version ? asMapping(await versionLines(q, version.id)) : asMapping([]);
  return { version, mapping };
}

/** The mapping the exports apply now. */
export async function currentMapping(q: Queryable): Promise<GlMapping> {
  return (await current(q)).mapping;
}

/** The mapping in force with every account of the chart and the codes it leaves unmapped. */
export async function mappingAnswer(q: Queryable): Promise<GlMappingAnswer> {
  const { version, mapping } = await current(q);
  return {
    mapping: version
      ? { id: Number(version.id), fileName: version.file_name, uploadedAt: new Date(version.uploaded_at).toISOString(), uploadedBy: version.uploaded_by_name, lines: version.line_count }
      : null,
    accounts: mappingAccounts(mapping),
    unmapped: unmappedCodes(mapping),
  };
}

/** Which GL codes a new mapping adds, changes and removes against the old one. */
function changes(before: GlMapping, after: GlMapping) {
  const codes = (keep: (code: string) => boolean, from: GlMapping) => [...from.keys()].filter(keep).sort();
  return {
    added: codes((c) => !before.has(c), after),
    changed: codes((c) => {
      const b = before.get(c);
      const a = after.get(c)!;
      return b !== undefined && (b.accountCode !== a.accountCode || b.accountName !== a.accountName);
    }, after),
    removed: codes((c) => !after.has(c), before),
  };
}

/** Replaces the mapping with an uploaded file's, whole: refused (400, 1001 naming the line and field, or 'file') with nothing written when any line is bad. */
export async function replaceMapping(c: Change, file: MappingUpload): Promise<GlMappingAnswer> {
  const { lines, problems } = readGlMapping(readMappingFile(file));
  if (problems.length > 0) throw mappingRefused(problems);
  await lockMapping(c.q);
  const before = await current(c.q);
  const fileName = file.filename.slice(0, 255);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const id = await insertVersion(c.q, { fileName, sha256, lines, by: c.by, at: c.now });
  c.audit.note('mappingId', id);
  c.audit.before({ mappingId: before.version ? Number(before.version.id) : null, lines: before.mapping.size });
  c.audit.after({ mappingId: id, fileName, sha256, lines: lines.length, ...changes(before.mapping, asMapping(lines)) });
  return mappingAnswer(c.q);
}
