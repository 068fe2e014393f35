/**
 * The columns of the Home Ministry's s.66B list tables (decision 1103), which the CSV template
 * repeats (with a Type column, since one file holds both tables). A header cell is read by its
 * label, case and spacing aside, in English or Malay as the ministry prints it; a label not here is
 * refused by name rather than guessed.
 */
export const MINISTRY_COLUMNS = ['no', 'reference', 'type', 'name', 'dateOfBirth', 'placeOfBirth', 'nationality', 'document', 'address', 'dateListed', 'other'] as const;
export type MinistryColumn = (typeof MINISTRY_COLUMNS)[number];

const LABELS: Record<string, MinistryColumn> = {
  'no.': 'no',
  no: 'no',
  'bil.': 'no',
  reference: 'reference',
  'reference no.': 'reference',
  'no. rujukan': 'reference',
  rujukan: 'reference',
  type: 'type',
  jenis: 'type',
  name: 'name',
  nama: 'name',
  'date of birth': 'dateOfBirth',
  'tarikh lahir': 'dateOfBirth',
  'place of birth': 'placeOfBirth',
  'tempat lahir': 'placeOfBirth',
  nationality: 'nationality',
  warganegara: 'nationality',
  'passport / ic no.': 'document',
  'passport/ic no.': 'document',
  'no. pasport / kp': 'document',
  address: 'address',
  alamat: 'address',
  'date listed': 'dateListed',
  'tarikh disenaraikan': 'dateListed',
  'other information': 'other',
  'maklumat lain': 'other',
};

/** The CSV template's header row, in order. */
export const LIST_CSV_HEADER = ['Reference', 'Type', 'Name', 'Date of Birth', 'Place of Birth', 'Nationality', 'Passport / IC No.', 'Address', 'Date Listed'] as const;

export function columnOf(label: string): MinistryColumn | undefined {
  return LABELS[label.replace(/\s+/gu, ' ').trim().toLowerCase()];
}

/** Aliases in a Malaysian list's name cell: "Ahmad bin Ali @ Abu Ali @ Pak Li". */
export function splitAliases(cell: string): string[] {
  return cell
    .split(/\s@\s|\s@|@\s/u)
    .map((n) => n.replace(/\s+/gu, ' ').trim())
    .filter((n) => n !== '');
}

/** Several values in one cell (nationalities, documents, dates), separated by semicolons or line breaks. */
export function splitValues(cell: string): string[] {
  return cell
    .split(/;|\n/u)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
