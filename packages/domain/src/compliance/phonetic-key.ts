/**
 * A phonetic key in the spirit of Soundex and Double Metaphone, tuned for the spellings Malaysian
 * names vary in: "sy"/"sh", "kh"/"k", "q"/"k", "dh"/"d", "ph"/"f", "oo"/"u", doubled letters,
 * and vowels after the first letter. Two tokens with one key sound alike to a registration clerk.
 */
const DIGRAPHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/sch/g, 's'],
  [/(sy|sh|zh|sz|ts)/g, 's'],
  [/(ch|tch|tj|c(?=[ei]))/g, 'c'],
  [/(kh|ck|q|c|gh(?=[aeiou]))/g, 'k'],
  [/ph/g, 'f'],
  [/(dh|dj)/g, 'd'],
  [/th/g, 't'],
  [/(ng)$/g, 'n'],
  [/x/g, 'ks'],
  [/z/g, 's'],
  [/v/g, 'f'],
  [/w/g, 'u'],
  [/j/g, 'y'],
];

export function phoneticKey(token: string): string {
  let s = token;
  for (const [re, to] of DIGRAPHS) s = s.replace(re, to);
  const first = s[0] ?? '';
  // vowels (and the glides h, y, u-as-w) after the first letter carry the spelling differences
  const rest = s.slice(1).replace(/[aeiouyh]/g, '');
  const key = (/[aeiouy]/.test(first) ? 'a' : first) + rest;
  return key.replace(/(.)\1+/g, '$1');
}

/**
 * The consonant skeleton of a token: vowels, glides and doubled letters dropped, as Arabic script
 * writes a name. An Arabic-script token is compared to a Latin one by this.
 */
export function consonantSkeleton(token: string): string {
  return token
    .replace(/q/g, 'k')
    .replace(/(dh|th)/g, 'd')
    .replace(/[aeiouyw]/g, '')
    .replace(/(.)\1+/g, '$1');
}
