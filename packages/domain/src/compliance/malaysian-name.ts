/**
 * A name as Malaysians write it, taken apart: titles (honorifics and hereditary styles), the given
 * names, a patronymic particle (bin, binti, a/l, a/p, anak, s/o, d/o) and the father's name after
 * it, or a family name; "@", "alias" and "aka" separate aliases. The scorer weighs the parts
 * differently: a title says little about who a person is, the father's name says a lot.
 */
import { CHINESE_SURNAMES } from './chinese-surnames.ts';
import { canonicalToken } from './name-equivalents.ts';
import { normaliseName, type NormalisedToken } from './name-normalise.ts';

export type Particle = 'bin' | 'binti' | 'a/l' | 'a/p' | 'anak' | 's/o' | 'd/o' | 'ibn';

export interface ParsedName {
  given: NormalisedToken[];
  particle: Particle | null;
  /** The father's name after a particle, or a family name, or nothing. */
  family: NormalisedToken[];
  familyKind: 'father' | 'surname' | 'none';
  /** Titles and styles, folded ("tan sri", "datuk", "haji"). */
  titles: string[];
}

export interface MalaysianName {
  primary: ParsedName;
  aliases: ParsedName[];
}

/** How each particle is written, folded to its meaning. */
const PARTICLES: ReadonlyArray<readonly [RegExp, Particle]> = [
  [/^(bin|b|bn|ben)$/, 'bin'],
  [/^(binti|binte|bte|bt|bint|bti|binth)$/, 'binti'],
  [/^(a\/l|al)$/, 'a/l'],
  [/^(a\/p|ap)$/, 'a/p'],
  [/^(anak|ak)$/, 'anak'],
  [/^(s\/o|so)$/, 's/o'],
  [/^(d\/o|do)$/, 'd/o'],
  [/^(ibn|ibni|ibnu)$/, 'ibn'],
];

/** Titles as folded token sequences, longest first so "tan sri" wins over a bare "tan". */
const TITLES: readonly string[] = [
  'datuk seri panglima', 'dato seri diraja', 'datuk patinggi', 'tan sri dato', 'tan sri datuk',
  'dato sri', 'dato seri', 'datuk seri', 'datuk sri', 'datin sri', 'datin seri', 'datin paduka',
  'tan sri', 'puan sri', 'toh puan', 'yang berhormat', 'yang amat berhormat',
  'haji', 'hajjah', 'hj', 'hjh', 'hajah', 'datuk', 'dato', 'datok', 'datin', 'tun', 'tunku', 'tengku', 'ku',
  'raja', 'syed', 'sayed', 'sharifah', 'syarifah', 'nik', 'wan', 'megat', 'puteri', 'tuan', 'puan',
  'encik', 'en', 'cik', 'dr', 'prof', 'ir', 'ts', 'ustaz', 'ustazah', 'yb', 'yab', 'mr', 'mrs', 'ms',
  'madam', 'mdm', 'sir', 'dame', 'capt', 'kapten', 'jen', 'gen', 'col',
].sort((a, b) => b.split(' ').length - a.split(' ').length);

const ALIAS_SPLIT = /\s+@\s+|\s@|@\s|\s+(?:alias|aka|a\.k\.a\.?|also known as)\s+/i;

const LATIN_SURNAMES: ReadonlySet<string> = new Set(
  CHINESE_SURNAMES.flatMap((s) => [s.pinyin, ...s.variants]).filter((s) => s.length > 1 && s !== 'or'),
);

function stripTitles(tokens: NormalisedToken[], titles: string[]): NormalisedToken[] {
  const out: NormalisedToken[] = [];
  for (let i = 0; i < tokens.length; ) {
    let hit = '';
    // a title only counts while a name remains after it ("Raja" alone is a name)
    for (const title of TITLES) {
      const words = title.split(' ');
      if (i + words.length >= tokens.length && out.length === 0) continue;
      if (words.every((w, k) => tokens[i + k]?.script === 'latin' && canonicalToken(tokens[i + k]!.text) === canonicalToken(w))) {
        hit = title;
        break;
      }
    }
    if (hit) {
      titles.push(hit);
      i += hit.split(' ').length;
    } else {
      out.push(tokens[i]!);
      i++;
    }
  }
  return out;
}

function particleOf(word: string): Particle | null {
  for (const [re, p] of PARTICLES) if (re.test(word)) return p;
  return null;
}

/** One name (no aliases) taken apart. */
export function parseSingleName(raw: string): ParsedName {
  // the slash particles must survive tokenising: write them as one word first
  const words = raw
    .replace(/\b([asd])\s*\/\s*([lpo])\b/gi, ' $1$2slash ')
    .replace(/\b(b|bt|bte|bn)\./gi, ' $1 ')
    .split(/\s+/)
    .filter(Boolean);
  let particle: Particle | null = null;
  let at = -1;
  for (let i = 1; i < words.length - 1; i++) {
    const w = words[i]!.toLowerCase().replace(/slash$/, '').replace(/^([asd])([lpo])$/, '$1/$2');
    const p = words[i]!.toLowerCase().endsWith('slash') ? particleOf(w) : particleOf(w.replace(/[.,]/g, ''));
    if (p) {
      particle = p;
      at = i;
      break;
    }
  }
  const titles: string[] = [];
  const clean = (ws: string[]) => normaliseName(ws.join(' ').replace(/\b([asd])([lpo])slash\b/gi, ' '));
  if (particle) {
    const given = stripTitles(clean(words.slice(0, at)), titles);
    const family = stripTitles(clean(words.slice(at + 1)), titles);
    return { given, particle, family, familyKind: family.length ? 'father' : 'none', titles };
  }
  const tokens = stripTitles(clean(words), titles);
  if (tokens.length < 2) return { given: tokens, particle: null, family: [], familyKind: 'none', titles };
  const first = tokens[0]!;
  // a Chinese surname comes first ("Tan Chee Meng"); otherwise the family name is last
  const firstIsSurname = first.chineseSurname === true || (first.script === 'latin' && LATIN_SURNAMES.has(first.text));
  if (firstIsSurname) return { given: tokens.slice(1), particle: null, family: [first], familyKind: 'surname', titles };
  return { given: tokens.slice(0, -1), particle: null, family: tokens.slice(-1), familyKind: 'surname', titles };
}

/** A name with its aliases: "Ahmad bin Ali @ Mat Jenin" is two names of one person. */
export function parseMalaysianName(raw: string): MalaysianName {
  const parts = raw.split(ALIAS_SPLIT).map((p) => p.trim()).filter(Boolean);
  const [first = '', ...rest] = parts;
  return { primary: parseSingleName(first), aliases: rest.map(parseSingleName) };
}
