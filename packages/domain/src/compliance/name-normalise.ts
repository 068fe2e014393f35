/**
 * A name as written to comparable Latin tokens. Lists and customers write one person in several
 * scripts: the matcher compares tokens, each with the Latin spellings it may appear under.
 * Cyrillic by a BGN/PCGN-like table; Arabic by a consonant table (vowels are not written, so an
 * Arabic-script token also carries its consonant skeleton for the scorer); Chinese folded to
 * Simplified (opencc-js), romanised in pinyin (pinyin-pro) and given the dialect spellings that
 * Malaysian registrations used (chinese-surnames, chinese-given-syllables).
 */
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { chineseSurname, surnameSpellings } from './chinese-surnames.ts';
import { CHINESE_GIVEN_SYLLABLES } from './chinese-given-syllables.ts';

export type NameScript = 'latin' | 'cyrillic' | 'arabic' | 'han';

export interface NormalisedToken {
  /** The first spelling: pinyin for Chinese, the table's transliteration otherwise. */
  text: string;
  /** Every spelling the token may appear under (text first). */
  forms: readonly string[];
  script: NameScript;
  /** A Chinese surname recognised by the table. */
  chineseSurname?: boolean;
}

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi',
  є: 'ye', ґ: 'g', ў: 'w',
};

/** Consonants as English transliterations usually write them; long vowels as their vowel. */
const ARABIC: Readonly<Record<string, string>> = {
  ا: 'a', أ: 'a', إ: 'i', آ: 'a', ء: '', ؤ: 'u', ئ: 'i', ب: 'b', ت: 't', ث: 'th', ج: 'j', ح: 'h',
  خ: 'kh', د: 'd', ذ: 'dh', ر: 'r', ز: 'z', س: 's', ش: 'sh', ص: 's', ض: 'd', ط: 't', ظ: 'z',
  ع: '', غ: 'gh', ف: 'f', ق: 'q', ك: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h', ة: 'a', و: 'u', ي: 'i',
  ى: 'a', پ: 'p', چ: 'ch', ژ: 'zh', گ: 'g', ک: 'k', ی: 'i',
};

/** Whole words whose vowels matter and are never written: the forms English lists use. */
const ARABIC_WORDS: Readonly<Record<string, string>> = {
  محمد: 'muhammad', احمد: 'ahmad', أحمد: 'ahmad', عبدالله: 'abdullah', الله: 'allah', عبد: 'abdul',
  علي: 'ali', حسين: 'hussein', حسن: 'hassan', عمر: 'omar', يوسف: 'yusuf', ابراهيم: 'ibrahim',
  إبراهيم: 'ibrahim', خالد: 'khalid', محمود: 'mahmoud', مصطفى: 'mustafa', فاطمة: 'fatimah',
  عائشة: 'aisyah', بن: 'bin', بنت: 'binti', ابن: 'ibn', سعيد: 'said', صالح: 'salleh', جمال: 'jamal',
};

const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });

const HAN = /\p{Script=Han}/u;
const CYRILLIC_RE = /\p{Script=Cyrillic}/u;
const ARABIC_RE = /\p{Script=Arabic}/u;

/** Lower case, NFKC, diacritics folded, punctuation to spaces, spaces collapsed (Latin text). */
export function foldLatin(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æ]/g, 'ae')
    .replace(/[ø]/g, 'o')
    .replace(/[ł]/g, 'l')
    .replace(/['’`ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function transliterateCyrillic(word: string): string {
  let out = '';
  for (const ch of word) out += CYRILLIC[ch] ?? ch;
  return out;
}

function transliterateArabic(word: string): string {
  const bare = word.replace(/[\u064B-\u0652\u0670\u0640]/g, '');
  const known = ARABIC_WORDS[bare];
  if (known) return known;
  // the article al- is written joined: English lists write it apart or drop it
  const stem = bare.startsWith('ال') && bare.length > 3 ? bare.slice(2) : bare;
  let out = '';
  for (const ch of stem) out += ARABIC[ch] ?? ch;
  return out;
}

function hanTokens(run: string): NormalisedToken[] {
  const hans = toSimplified(run);
  const chars = [...hans];
  const tokens: NormalisedToken[] = [];
  let start = 0;
  const compound = chars.length > 2 ? chineseSurname(chars.slice(0, 2).join('')) : undefined;
  const single = compound ? undefined : chineseSurname(chars[0] ?? '');
  const surname = compound ?? single;
  if (surname) {
    const forms = surnameSpellings(surname);
    tokens.push({ text: forms[0]!, forms, script: 'han', chineseSurname: true });
    start = compound ? 2 : 1;
  }
  const rest = chars.slice(start);
  const readings = pinyin(rest.join(''), { toneType: 'none', type: 'array' });
  rest.forEach((ch, i) => {
    const reading = (readings[i] ?? ch).replace(/ü/g, 'u').replace(/v/g, 'u');
    const forms = [...new Set([reading, ...(CHINESE_GIVEN_SYLLABLES[ch] ?? [])])];
    tokens.push({ text: reading, forms, script: 'han' });
  });
  return tokens;
}

/** The tokens of a name in any of the scripts above; an empty list for an empty name. */
export function normaliseName(raw: string): NormalisedToken[] {
  const text = raw.normalize('NFKC');
  const tokens: NormalisedToken[] = [];
  // Han has no spaces between names: split each Han run out of the text first
  for (const part of text.split(/(\p{Script=Han}+)/u)) {
    if (part === '') continue;
    if (HAN.test(part)) {
      tokens.push(...hanTokens(part));
      continue;
    }
    for (const word of part.toLowerCase().split(/[^\p{L}\p{N}'’]+/u)) {
      if (word === '') continue;
      if (CYRILLIC_RE.test(word)) {
        for (const t of foldLatin(transliterateCyrillic(word)).split(' ')) if (t) tokens.push({ text: t, forms: [t], script: 'cyrillic' });
      } else if (ARABIC_RE.test(word)) {
        const t = foldLatin(transliterateArabic(word));
        if (t) tokens.push({ text: t, forms: [t], script: 'arabic' });
      } else {
        for (const t of foldLatin(word).split(' ')) if (t) tokens.push({ text: t, forms: [t], script: 'latin' });
      }
    }
  }
  return tokens;
}

/** The normalised name as one string (first spellings), for exact comparison and the baseline. */
export function normalisedText(raw: string): string {
  return normaliseName(raw)
    .map((t) => t.text)
    .join(' ');
}
