/**
 * Writes the labelled pairs the name matcher is measured on
 * (packages/domain/src/compliance/__tests__/fixtures/labelled-pairs.json): a customer's name
 * (query) against a list's name (candidate), labelled a match or not, by category. Positives are
 * one person written two ways (particles, Muhammad's spellings, titles, aliases, Chinese
 * characters against dialect and pinyin forms, word order, a typo, Cyrillic and Arabic script);
 * negatives are the namesakes a screening desk sees (a surname or a common given name shared, a
 * different father). Seeded: the same run writes the same file.
 *
 *   node scripts/generate-screening-pairs.ts [--seed 1100] [--per-category 260]
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../packages/domain/src/system/seeded-random.ts';
import { CHINESE_SURNAMES } from '../packages/domain/src/compliance/chinese-surnames.ts';
import { CHINESE_GIVEN_SYLLABLES } from '../packages/domain/src/compliance/chinese-given-syllables.ts';
import {
  ARABIC_NAMES, CYRILLIC_GIVEN, CYRILLIC_SURNAME, IBAN_FATHER, IBAN_GIVEN, INDIAN_FATHER, INDIAN_FEMALE, INDIAN_MALE,
  MALAY_FATHER, MALAY_FEMALE, MALAY_MALE, MUHAMMAD_SPELLINGS, NICKNAMES, picker,
} from './screening-name-pools.ts';

export interface LabelledPair {
  query: string;
  candidate: string;
  match: boolean;
  category: string;
}

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1100' }, 'per-category': { type: 'string', default: '260' } } });
const random = seededRandom(Number(values.seed));
const pick = picker(random);
const chance = (p: number) => random() < p;
const PER = Number(values['per-category']);

interface Malay {
  title: string;
  given: string[];
  male: boolean;
  father: string;
}

function malay(): Malay {
  const male = chance(0.55);
  const given = male
    ? [...(chance(0.45) ? ['Muhammad'] : []), pick(MALAY_MALE), ...(chance(0.3) ? [pick(MALAY_MALE)] : [])]
    : [...(chance(0.4) ? [pick(['Siti', 'Nur', 'Nurul'])] : []), pick(MALAY_FEMALE), ...(chance(0.2) ? [pick(MALAY_FEMALE)] : [])];
  return { title: '', given: [...new Set(given)], male, father: pick(MALAY_FATHER) };
}

function malayText(p: Malay, particle?: string): string {
  const part = particle ?? (p.male ? 'bin' : 'binti');
  return [p.title, ...p.given, part, p.father].filter(Boolean).join(' ');
}

interface Chinese {
  surname: (typeof CHINESE_SURNAMES)[number];
  given: string[];
}
const GIVEN_CHARS = Object.keys(CHINESE_GIVEN_SYLLABLES);

function chinese(): Chinese {
  const n = chance(0.85) ? 2 : 1;
  const given: string[] = [];
  while (given.length < n) {
    const ch = pick(GIVEN_CHARS);
    if (!given.includes(ch)) given.push(ch);
  }
  return { surname: pick(CHINESE_SURNAMES.slice(0, 60)), given };
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const syllables = (ch: string) => CHINESE_GIVEN_SYLLABLES[ch]!;

/** As registered in Malaysia: a dialect surname and dialect syllables, apart. */
function chineseDialect(p: Chinese): string {
  const surname = cap(pick(p.surname.variants));
  return [surname, ...p.given.map((ch) => cap(pick(syllables(ch).slice(1))))].join(' ');
}
/** As a mainland list writes it: pinyin, the given name in one word. */
function chinesePinyin(p: Chinese): string {
  return `${cap(p.surname.pinyin)} ${cap(p.given.map((ch) => syllables(ch)[0]!).join(''))}`;
}
const chineseChars = (p: Chinese) => (chance(0.5) ? p.surname.hant : p.surname.hans) + p.given.join('');

function typo(word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(random() * (word.length - 1));
  const letters = 'abcdefghijklmnoprstuwyz';
  switch (Math.floor(random() * 3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + pick([...letters]) + word.slice(i + 1);
    default:
      return i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word + pick([...letters]);
  }
}

function indian(): { given: string; male: boolean; father: string } {
  const male = chance(0.55);
  return { given: pick(male ? INDIAN_MALE : INDIAN_FEMALE), male, father: pick(INDIAN_FATHER) };
}

const pairs: LabelledPair[] = [];
const add = (category: string, match: boolean, make: () => [string, string]) => {
  for (let i = 0; i < PER; i++) {
    const [query, candidate] = make();
    pairs.push({ query, candidate, match, category });
  }
};

add('particle-abbreviated', true, () => {
  const p = malay();
  const short = p.male ? pick(['b.', 'b', 'bn', 'B.']) : pick(['bt', 'bte', 'bt.', 'binte']);
  return chance(0.5) ? [malayText(p, short), malayText(p)] : [malayText(p), malayText(p, short)];
});
add('particle-dropped', true, () => {
  const p = malay();
  return [[...p.given, p.father].join(' '), malayText(p)];
});
add('muhammad-variant', true, () => {
  const p = malay();
  p.male = true;
  p.given = ['Muhammad', pick(MALAY_MALE)];
  const q = { ...p, given: [pick(MUHAMMAD_SPELLINGS), p.given[1]!] };
  const c = { ...p, given: [pick(MUHAMMAD_SPELLINGS), p.given[1]!], father: p.father.replace('Abdul ', pick(['Abd ', 'Abdul ', 'Abd. '])) };
  return [malayText(q), malayText(c)];
});
add('indian-al-ap', true, () => {
  const p = indian();
  const particles = p.male ? ['a/l', 'A/L', 's/o', 'S/O', 'a/l'] : ['a/p', 'A/P', 'd/o', 'D/O'];
  const q = chance(0.3) ? `${p.given} ${p.father}` : `${p.given} ${pick(particles)} ${p.father}`;
  return [q, `${p.given} ${pick(particles)} ${p.father}`];
});
add('iban-anak', true, () => {
  const g = pick(IBAN_GIVEN);
  const f = pick(IBAN_FATHER);
  return [chance(0.5) ? `${g} ak ${f}` : `${g} ${f}`, `${g} anak ${f}`];
});
add('alias-at', true, () => {
  const p = malay();
  const nick = `${pick(NICKNAMES)} ${pick(MALAY_MALE)}`;
  const listed = `${malayText(p)} @ ${nick}`;
  return chance(0.5) ? [nick, listed] : [malayText(p), listed.replace(' @ ', pick([' @ ', ' alias ', ' aka ']))];
});
add('title', true, () => {
  const p = malay();
  const title = pick(p.male ? ['Haji', 'Hj', 'Datuk', "Dato'", 'Dato Sri', 'Tan Sri', 'Datuk Seri', 'Dr', 'Tan Sri Dato', 'Tun'] : ['Hajjah', 'Hjh', 'Datin', 'Puan Sri', 'Datuk', 'Dr', 'Toh Puan']);
  const listed = { ...p, title };
  const father = chance(0.3) ? { ...p, father: `Haji ${p.father}` } : p;
  return chance(0.5) ? [malayText(p), malayText(listed)] : [malayText(listed), malayText(father)];
});
add('chinese-dialect', true, () => {
  const p = chinese();
  return [chineseChars(p), chineseDialect(p)];
});
add('chinese-pinyin', true, () => {
  const p = chinese();
  return [chineseChars(p), chance(0.7) ? chinesePinyin(p) : chinesePinyin(p).toUpperCase()];
});
add('word-order', true, () => {
  if (chance(0.5)) {
    const p = chinese();
    const d = chineseDialect(p).split(' ');
    return [d.join(' '), [...d.slice(1), d[0]].join(' ')];
  }
  const [g, gs] = pick(CYRILLIC_GIVEN);
  const [, ss] = pick(CYRILLIC_SURNAME);
  void g;
  const given = pick(gs);
  const surname = pick(ss);
  return [`${given} ${surname}`, `${surname.toUpperCase()} ${given}`];
});
add('one-typo', true, () => {
  const kind = random();
  let words: string[];
  if (kind < 0.5) words = malayText(malay()).split(' ');
  else if (kind < 0.75) {
    const p = indian();
    words = [p.given, p.male ? 'a/l' : 'a/p', p.father];
  } else words = chineseDialect(chinese()).split(' ');
  const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4 && !/^(bin|binti)$/i.test(w));
  const [, at] = candidates.length ? pick(candidates) : [words[0]!, 0];
  const q = words.map((w, i) => (i === at ? typo(w) : w));
  return [q.join(' '), words.join(' ')];
});
add('cyrillic', true, () => {
  const [g, gs] = pick(CYRILLIC_GIVEN);
  const [s, ss] = pick(CYRILLIC_SURNAME);
  return [`${g} ${s}`, chance(0.5) ? `${pick(gs)} ${pick(ss)}` : `${pick(ss)}, ${pick(gs)}`];
});
add('arabic', true, () => {
  const names = [pick(ARABIC_NAMES), pick(ARABIC_NAMES), pick(ARABIC_NAMES)].slice(0, chance(0.5) ? 2 : 3);
  return [names.map(([a]) => a).join(' '), names.map(([, l]) => pick(l)).join(' ')];
});

add('negative-shared-surname', false, () => {
  if (chance(0.5)) {
    const a = chinese();
    let b = chinese();
    while (b.given.join('') === a.given.join('')) b = chinese();
    b.surname = a.surname;
    return [chance(0.5) ? chineseChars(a) : chineseDialect(a), chineseDialect(b)];
  }
  const a = malay();
  let b = malay();
  while (b.given.join() === a.given.join()) b = malay();
  return [malayText(a), malayText({ ...b, male: a.male, father: a.father })];
});
add('negative-common-given', false, () => {
  const kind = random();
  if (kind < 0.4) {
    const a = malay();
    const b = malay();
    a.given = ['Muhammad', pick(MALAY_MALE)];
    b.given = [pick(MUHAMMAD_SPELLINGS), pick(MALAY_MALE.filter((g) => g !== a.given[1]))];
    a.male = b.male = true;
    while (b.father === a.father) b.father = pick(MALAY_FATHER);
    return [malayText(a), malayText(b)];
  }
  if (kind < 0.7) {
    const a = `Siti ${pick(MALAY_FEMALE)}`;
    return [`${a} binti ${pick(MALAY_FATHER)}`, `Siti ${pick(MALAY_FEMALE.filter((g) => !a.endsWith(g)))} binti ${pick(MALAY_FATHER)}`];
  }
  // "Lee" as a given name or as the only name shared
  const a = chinese();
  const b = chinese();
  while (b.surname.hans === a.surname.hans) b.surname = pick(CHINESE_SURNAMES);
  return [`${chineseDialect(a)} Lee`.replace(/^\S+/, cap(pick(a.surname.variants))), `Lee ${chineseDialect(b).split(' ').slice(1).join(' ')}`.replace(/^Lee$/, 'Lee Ah Kow')];
});
add('negative-different-father', false, () => {
  const a = malay();
  const b = { ...a, father: pick(MALAY_FATHER.filter((f) => f !== a.father)) };
  if (chance(0.25)) {
    const p = indian();
    return [`${p.given} a/l ${p.father}`, `${p.given} a/l ${pick(INDIAN_FATHER.filter((f) => f !== p.father))}`];
  }
  return [malayText(a), malayText(b)];
});
add('negative-swapped-father', false, () => {
  const given = pick(MALAY_MALE);
  let father = pick(MALAY_MALE);
  while (father === given) father = pick(MALAY_MALE);
  return [`${given} bin ${father}`, `${father} bin ${given}`];
});
add('negative-script', false, () => {
  if (chance(0.5)) {
    const [g] = pick(CYRILLIC_GIVEN);
    const [s, ss] = pick(CYRILLIC_SURNAME);
    const [, other] = pick(CYRILLIC_GIVEN.filter(([x]) => x !== g));
    return [`${g} ${s}`, `${pick(other)} ${pick(ss)}`];
  }
  const [a, al] = pick(ARABIC_NAMES);
  const [b] = pick(ARABIC_NAMES);
  const [, cl] = pick(ARABIC_NAMES.filter(([x]) => x !== b));
  const [, dl] = pick(ARABIC_NAMES.filter(([x]) => x !== b));
  void al;
  return [`${a} ${b}`, `${pick(ARABIC_NAMES.find(([x]) => x === a)![1])} ${pick(cl)} ${pick(dl)}`];
});
add('negative-chinese-given', false, () => {
  const a = chinese();
  const b = { ...chinese(), surname: a.surname };
  while (b.given.join('') === a.given.join('') || b.given.some((g) => a.given.includes(g))) b.given = chinese().given;
  return [chineseChars(a), chance(0.5) ? chinesePinyin(b) : chineseDialect(b)];
});
add('negative-unrelated', false, () => {
  const a = malay();
  const b = malay();
  return [malayText(a), chance(0.5) ? malayText(b) : chineseDialect(chinese())];
});

const file = join(import.meta.dirname, '..', 'packages', 'domain', 'src', 'compliance', '__tests__', 'fixtures', 'labelled-pairs.json');
writeFileSync(file, `[\n${pairs.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
console.log(`${pairs.length} pairs (${pairs.filter((p) => p.match).length} matches) written to ${file}`);
