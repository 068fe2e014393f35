import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  LIST_ENTRIES_MAX,
  LIST_FIELD_MAX,
  LIST_FILE_MAX_BYTES,
  LIST_NAME_MAX,
  LIST_NAMES_MAX,
  LIST_REFERENCE_MAX,
  LIST_VALUES_MAX,
  cleanText,
  type ListFileProblem,
  type ParsedListEntry,
} from '@aurum/domain/compliance/list-entry';
import { appError, type AppError } from '../../http/app-error.ts';

/** A list file refused (422, 3260): the context says what and where, for the officer to fix or report it. */
export function listFileRefused(rule: ListFileProblem['rule'], where: string): AppError {
  const context = where.slice(0, 300);
  return appError(ErrorCode.ScreeningListFileRefused, context, { detail: { rule, where: context } });
}

/** The size bound every parser checks first: nothing of a larger file is read. */
export function checkFileSize(bytes: Uint8Array, truncated = false): void {
  if (truncated || bytes.length > LIST_FILE_MAX_BYTES) throw listFileRefused('tooLarge', `file larger than ${LIST_FILE_MAX_BYTES / 1024 / 1024} MB`);
  if (bytes.length === 0) throw listFileRefused('empty', 'file empty');
}

function bounded(value: string, max: number, what: string): string {
  const text = cleanText(value);
  if (text.length > max) throw listFileRefused('field', `${what} longer than ${max} characters`);
  return text;
}

/**
 * Collects a file's entries: each bounded, its names and values deduplicated in order, a reference
 * seen twice refused, and the count capped as they arrive (a file of a million entries stops at
 * the first one over).
 */
export class EntryCollector {
  readonly entries: ParsedListEntry[] = [];
  private readonly references = new Set<string>();

  add(raw: ParsedListEntry, where: string): void {
    if (this.entries.length >= LIST_ENTRIES_MAX) throw listFileRefused('tooManyEntries', `more than ${LIST_ENTRIES_MAX} entries`);
    const reference = bounded(raw.reference, LIST_REFERENCE_MAX, `${where} reference`);
    const primaryName = bounded(raw.primaryName, LIST_NAME_MAX, `${where} name`);
    if (reference === '') throw listFileRefused('schema', `${where}: no reference`);
    if (primaryName === '') throw listFileRefused('schema', `${where} ${reference}: no name`);
    if (this.references.has(reference)) throw listFileRefused('duplicate', `${where} ${reference}: reference listed twice`);
    this.references.add(reference);
    const names = new Map<string, ParsedListEntry['names'][number]>();
    for (const n of [{ name: primaryName, quality: 'good' as const }, ...raw.names]) {
      const name = bounded(n.name, LIST_NAME_MAX, `${where} ${reference} name`);
      const seen = names.get(name.toLowerCase());
      // a name listed both as good and low is good
      if (name !== '' && (seen === undefined || (seen.quality === 'low' && n.quality === 'good'))) names.set(name.toLowerCase(), { name: seen?.name ?? name, quality: n.quality });
    }
    if (names.size > LIST_NAMES_MAX) throw listFileRefused('field', `${where} ${reference}: more than ${LIST_NAMES_MAX} names`);
    const values = (list: readonly string[], what: string) => {
      const out = [...new Set(list.map((v) => bounded(v, LIST_FIELD_MAX, `${where} ${reference} ${what}`)).filter((v) => v !== ''))];
      if (out.length > LIST_VALUES_MAX) throw listFileRefused('field', `${where} ${reference}: more than ${LIST_VALUES_MAX} ${what}`);
      return out;
    };
    const documents = raw.documents
      .map((d) => ({ type: bounded(d.type, LIST_FIELD_MAX, 'document type'), number: bounded(d.number, LIST_FIELD_MAX, 'document number'), country: bounded(d.country, LIST_FIELD_MAX, 'document country') }))
      .filter((d) => d.number !== '');
    if (documents.length > LIST_VALUES_MAX) throw listFileRefused('field', `${where} ${reference}: more than ${LIST_VALUES_MAX} documents`);
    const details: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.details)) {
      const text = cleanText(v).slice(0, 2000);
      if (text !== '') details[k] = text;
    }
    this.entries.push({
      reference,
      type: raw.type,
      primaryName,
      names: [...names.values()],
      birthDates: values(raw.birthDates, 'birth dates'),
      nationalities: values(raw.nationalities, 'nationalities'),
      documents,
      details,
    });
  }
}
