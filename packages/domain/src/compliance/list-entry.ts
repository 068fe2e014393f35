/**
 * One listed person or entity as a parser reads it from an uploaded list file (decision 1103),
 * whatever the format: the UN XML, the Home Ministry's PDF, or the CSV template. Every field is
 * bounded here, where the file is read, so a hostile file cannot grow a row past the table's CHECKs.
 */
export const LIST_ENTRY_TYPES = ['individual', 'entity'] as const;
export type ListEntryType = (typeof LIST_ENTRY_TYPES)[number];

export const NAME_QUALITIES = ['good', 'low'] as const;
export type NameQuality = (typeof NAME_QUALITIES)[number];

/** The largest list file read: the UN list is about 2 MB, the ministry's PDF well under 1 MB. */
export const LIST_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The most entries of one version: the UN list has about a thousand, the ministry's a few hundred. */
export const LIST_ENTRIES_MAX = 50_000;
/** The most names (primary, aliases, original script) of one entry. */
export const LIST_NAMES_MAX = 100;
export const LIST_REFERENCE_MAX = 100;
export const LIST_NAME_MAX = 500;
/** Any other field of an entry (a date, a nationality, a document's number or type). */
export const LIST_FIELD_MAX = 200;
/** The most birth dates, nationalities or documents of one entry. */
export const LIST_VALUES_MAX = 50;

export interface ListEntryName {
  name: string;
  quality: NameQuality;
}

export interface ListEntryDocument {
  type: string;
  number: string;
  country: string;
}

export interface ParsedListEntry {
  reference: string;
  type: ListEntryType;
  primaryName: string;
  /** Every name, the primary first; aliases of low quality marked so. */
  names: ListEntryName[];
  /** As the list writes them: 1970-01-31, 1970, or 1968-1972 for a range of years. */
  birthDates: string[];
  nationalities: string[];
  documents: ListEntryDocument[];
  /** What else the list says of the entry, for the officer reading a match (list type, address, remarks). */
  details: Record<string, string>;
}

/** A list file that cannot be read: the rule it broke and where (an element, a column, a line). */
export interface ListFileProblem {
  rule: 'tooLarge' | 'tooManyEntries' | 'doctype' | 'xml' | 'schema' | 'columns' | 'notUtf8' | 'empty' | 'pdf' | 'duplicate' | 'field';
  /** The element, column or line at fault, and what is wrong with it, in a few words. */
  where: string;
}

/** Squeezes white space and trims: lists wrap names over lines and pad cells. */
export function cleanText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}
