import type { ParsedListEntry } from '@aurum/domain/compliance/list-entry';
import { splitAliases, splitValues, type MinistryColumn } from '@aurum/domain/compliance/list-columns';

/**
 * One row of the ministry's table (from its PDF or the CSV template) as an entry: the name cell's
 * " @ " aliases become names of their own, the passport or identity card cell a document.
 */
export function entryOfRow(cells: Partial<Record<MinistryColumn, string>>, type: ParsedListEntry['type']): ParsedListEntry {
  const [primaryName = '', ...aliases] = splitAliases(cells.name ?? '');
  const details: Record<string, string> = {};
  if (cells.placeOfBirth) details.placeOfBirth = cells.placeOfBirth;
  if (cells.address) details.address = cells.address;
  if (cells.dateListed) details.listedOn = cells.dateListed;
  if (cells.other) details.other = cells.other;
  return {
    reference: cells.reference ?? '',
    type,
    primaryName,
    names: aliases.map((name) => ({ name, quality: 'good' as const })),
    birthDates: splitValues(cells.dateOfBirth ?? ''),
    nationalities: splitValues(cells.nationality ?? ''),
    documents: splitValues(cells.document ?? '').map((number) => ({ type: 'Passport / IC', number, country: '' })),
    details,
  };
}
