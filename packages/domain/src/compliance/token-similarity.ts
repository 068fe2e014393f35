/**
 * How alike two prepared tokens are, and why. Equivalence classes first (Mohd is Muhammad), then
 * the spellings a Chinese character or an Arabic word may take, then the best of Jaro-Winkler,
 * normalised edit distance and the phonetic key. Raw string similarity is high even for unrelated
 * names (Jaro-Winkler of two random names is often 0.6), so it is rescaled: below 0.72 it is
 * worth nothing, a one-letter typo in a six-letter name keeps about three quarters.
 */
import { distance } from 'fastest-levenshtein';
import { jaroWinkler } from './jaro-winkler.ts';
import { consonantSkeleton } from './phonetic-key.ts';
import type { PreparedToken } from './prepared-name.ts';

export type TokenMatchKind = 'exact' | 'equivalent' | 'variant' | 'skeleton' | 'phonetic' | 'fuzzy' | 'initial' | 'none';

export interface TokenMatch {
  score: number;
  kind: TokenMatchKind;
}

const FLOOR = 0.72;
/** Above the floor, a gentle curve: a typo in a short name still keeps two thirds. */
const CURVE = 0.7;
const NONE: TokenMatch = { score: 0, kind: 'none' };

/** The rescaled similarity of two spellings (Jaro-Winkler or edit distance, the better). */
export function fuzzy(a: string, b: string): number {
  const jw = jaroWinkler(a, b);
  const longest = Math.max(a.length, b.length);
  const ed = longest === 0 ? 0 : 1 - distance(a, b) / longest;
  const raw = Math.max(jw, ed);
  return raw <= FLOOR ? 0 : ((raw - FLOOR) / (1 - FLOOR)) ** CURVE;
}

export function tokenSimilarity(a: PreparedToken, b: PreparedToken): TokenMatch {
  if (a.text === b.text) return { score: 1, kind: 'exact' };
  let best = NONE;
  const take = (score: number, kind: TokenMatchKind) => {
    if (score > best.score) best = { score, kind };
  };
  for (let i = 0; i < a.forms.length; i++) {
    const fa = a.forms[i]!;
    for (let j = 0; j < b.forms.length; j++) {
      const fb = b.forms[j]!;
      // a dialect or alternative spelling is one the table vouches for, a little below the same letters
      const alt = i > 0 || j > 0;
      if (fa === fb) take(alt ? 0.96 : 1, alt ? 'variant' : 'exact');
      else if (a.canon[i] === b.canon[j]) take(0.97, 'equivalent');
      else {
        if (a.keys[i]!.length >= 2 && a.keys[i] === b.keys[j] && Math.abs(fa.length - fb.length) <= 2) take(alt ? 0.8 : 0.85, 'phonetic');
        if (best.score < 0.85) take(fuzzy(fa, fb) * (alt ? 0.92 : 1), 'fuzzy');
      }
      if (best.score === 1) return best;
    }
  }
  if (a.skeleton !== null || b.skeleton !== null) {
    const sa = a.skeleton ?? consonantSkeleton(a.canon[0]!);
    const sb = b.skeleton ?? consonantSkeleton(b.canon[0]!);
    if (sa.length > 1 && sa === sb) take(0.92, 'skeleton');
    else take(fuzzy(sa, sb) * 0.85, 'skeleton');
  }
  if (best.score < 0.6) {
    // an initial ("M. Ali") stands for a name with that first letter
    const [short, long] = a.text.length === 1 ? [a, b] : b.text.length === 1 ? [b, a] : [null, null];
    if (short && long && long.text.length > 1 && long.text.startsWith(short.text)) take(0.6, 'initial');
  }
  return best;
}
