/**
 * The MyKad number (the National Registration Department's identity card): YYMMDD-PB-###G, the
 * holder's birth date, a place-of-birth code and a serial whose last digit is odd for a man and
 * even for a woman. Written with or without the dashes; stored as the twelve digits.
 */

export type MyKadPlaceKind = 'state' | 'foreign' | 'unknown';

/**
 * The place-of-birth codes of the Department's table: Malaysian states and federal territories
 * (01-16, and 21-59 issued when the first codes ran out), countries or regions abroad (60-68,
 * 74-79, 83-93), born abroad before 2001 (71, 72), state unknown (82), stateless or refugee (98, 99).
 */
export const MYKAD_PLACES: Readonly<Record<string, { kind: MyKadPlaceKind; place: string }>> = Object.fromEntries([
  ...group('state', 'Johor', ['01', '21', '22', '23', '24']),
  ...group('state', 'Kedah', ['02', '25', '26', '27']),
  ...group('state', 'Kelantan', ['03', '28', '29']),
  ...group('state', 'Melaka', ['04', '30']),
  ...group('state', 'Negeri Sembilan', ['05', '31', '59']),
  ...group('state', 'Pahang', ['06', '32', '33']),
  ...group('state', 'Pulau Pinang', ['07', '34', '35']),
  ...group('state', 'Perak', ['08', '36', '37', '38', '39']),
  ...group('state', 'Perlis', ['09', '40']),
  ...group('state', 'Selangor', ['10', '41', '42', '43', '44']),
  ...group('state', 'Terengganu', ['11', '45', '46']),
  ...group('state', 'Sabah', ['12', '47', '48', '49']),
  ...group('state', 'Sarawak', ['13', '50', '51', '52', '53']),
  ...group('state', 'Kuala Lumpur', ['14', '54', '55', '56', '57']),
  ...group('state', 'Labuan', ['15', '58']),
  ...group('state', 'Putrajaya', ['16']),
  ...group('foreign', 'Brunei', ['60']),
  ...group('foreign', 'Indonesia', ['61']),
  ...group('foreign', 'Cambodia', ['62']),
  ...group('foreign', 'Laos', ['63']),
  ...group('foreign', 'Myanmar', ['64']),
  ...group('foreign', 'Philippines', ['65']),
  ...group('foreign', 'Singapore', ['66']),
  ...group('foreign', 'Thailand', ['67']),
  ...group('foreign', 'Vietnam', ['68']),
  ...group('foreign', 'Born abroad before 2001', ['71', '72']),
  ...group('foreign', 'China', ['74']),
  ...group('foreign', 'India', ['75']),
  ...group('foreign', 'Pakistan', ['76']),
  ...group('foreign', 'Saudi Arabia', ['77']),
  ...group('foreign', 'Sri Lanka', ['78']),
  ...group('foreign', 'Bangladesh', ['79']),
  ...group('unknown', 'State unknown', ['82']),
  ...group('foreign', 'Other countries', ['83', '84', '85', '86', '87', '88', '89', '90', '91', '92', '93']),
  ...group('unknown', 'Stateless or refugee', ['98', '99']),
]);

function group(kind: MyKadPlaceKind, place: string, codes: string[]): Array<[string, { kind: MyKadPlaceKind; place: string }]> {
  return codes.map((code) => [code, { kind, place }]);
}

export type MyKadRefusal = 'mykadFormat' | 'mykadDate' | 'mykadPlace';

export interface MyKad {
  /** The twelve digits, as stored. */
  number: string;
  /** yyyy-MM-dd; the century is the one that puts it on or before `today`. */
  birthDate: string;
  placeCode: string;
  sex: 'male' | 'female';
}

const PATTERN = /^(\d{2})(\d{2})(\d{2})-?(\d{2})-?(\d{3})(\d)$/;

/**
 * Reads a MyKad number against `today` (yyyy-MM-dd, Kuala Lumpur): the six digits must be a real
 * calendar date (in the latest century that does not put it after today) and the place code one of
 * the table's. Answers the card, or why it is refused.
 */
export function readMyKad(text: string, today: string): MyKad | { refused: MyKadRefusal } {
  const m = PATTERN.exec(text);
  if (!m) return { refused: 'mykadFormat' };
  const [, yy, mm, dd, place, serial, last] = m as unknown as [string, string, string, string, string, string, string];
  const century = Number(today.slice(0, 2));
  let birthDate = `${century}${yy}-${mm}-${dd}`;
  if (birthDate > today) birthDate = `${century - 1}${yy}-${mm}-${dd}`;
  if (!isRealDate(birthDate)) return { refused: 'mykadDate' };
  if (!Object.hasOwn(MYKAD_PLACES, place)) return { refused: 'mykadPlace' };
  return { number: `${yy}${mm}${dd}${place}${serial}${last}`, birthDate, placeCode: place, sex: Number(last) % 2 === 1 ? 'male' : 'female' };
}

/** Whether yyyy-MM-dd names a day of the Gregorian calendar (1990-02-30 does not). */
function isRealDate(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}
