/**
 * The score of a query name (a customer) against a candidate (a list entry), with the reasons for
 * it. Tokens are paired best first whatever their order; a pair may join two adjacent tokens of one
 * side ("Chee Meng" against "Cheemeng"). Each token weighs by its part (prepared-name): a pair adds
 * its similarity times its weight, a token left without a partner costs its weight (a given name
 * less: a list often omits one). Titles and particles weigh little. Only an exact normalised match
 * or an equal identity document gives 1; anything else stays below, so two imperfect hits remain
 * ordered.
 */
import { prepareName, type PreparedName, type PreparedToken, type PreparedVariant } from './prepared-name.ts';
import { tokenSimilarity, type TokenMatch } from './token-similarity.ts';
import { applyAttributes, type NameAttributes } from './name-attributes.ts';
import type { Particle } from './malaysian-name.ts';

export type { NameAttributes } from './name-attributes.ts';

export interface ScoreReason {
  kind: string;
  query: string;
  candidate: string;
  score: number;
}

export interface NameScore {
  score: number;
  reasons: ScoreReason[];
}

/** What a given name left unmatched costs, as a share of its weight (a family name costs all). */
const MISSING_GIVEN = 0.45;
const TITLE_WEIGHT = 0.1;
const PARTICLE_WEIGHT = 0.1;
/** Below this a pair is no pair: both tokens count as unmatched. */
const PAIR_FLOOR = 0.3;
/** What a pair of a given name with a father's name keeps of its similarity. */
const CROSSED = 0.4;
/** The highest score a name that is not the same normalised name can get. */
export const BELOW_EXACT = 0.995;

const PARTICLE_SEX: Readonly<Record<Particle, 'm' | 'f' | ''>> = {
  bin: 'm', 'a/l': 'm', 's/o': 'm', ibn: 'm', binti: 'f', 'a/p': 'f', 'd/o': 'f', anak: '',
};

interface Unit {
  /** Token indexes covered. */
  at: readonly number[];
  token: PreparedToken;
  weight: number;
}

// a list name's units are built on its first screen and kept with it, as its preparation is
const UNITS = new WeakMap<PreparedVariant, Unit[]>();

function unitsOf(variant: PreparedVariant): Unit[] {
  let cached = UNITS.get(variant);
  if (!cached) {
    cached = units(variant.tokens);
    UNITS.set(variant, cached);
  }
  return cached;
}

function units(tokens: readonly PreparedToken[]): Unit[] {
  const out: Unit[] = tokens.map((token, i) => ({ at: [i], token, weight: token.weight }));
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1]!;
    if (a.role !== b.role || a.script === 'arabic' || b.script === 'arabic') continue;
    const forms: string[] = [];
    for (const fa of a.forms) for (const fb of b.forms) if (forms.length < 24) forms.push(fa + fb);
    out.push({
      at: [i, i + 1],
      weight: a.weight + b.weight,
      token: { ...a, text: a.text + b.text, forms, canon: forms, keys: forms.map(() => '\u0000'), skeleton: null },
    });
  }
  return out;
}

interface Pair {
  q: Unit;
  c: Unit;
  match: TokenMatch;
}

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}

function scoreVariants(q: PreparedVariant, c: PreparedVariant): NameScore {
  const reasons: ScoreReason[] = [];
  if (q.text === c.text && q.text !== '') {
    return { score: 1, reasons: [{ kind: 'exact', query: q.text, candidate: c.text, score: 1 }] };
  }
  const qu = unitsOf(q);
  const cu = unitsOf(c);
  const pairs: Pair[] = [];
  for (const a of qu) {
    for (const b of cu) {
      if (a.at.length > 1 && b.at.length > 1) continue;
      const match = tokenSimilarity(a.token, b.token);
      if (match.score >= PAIR_FLOOR) pairs.push({ q: a, c: b, match });
    }
  }
  // best first; on a tie the pair covering more tokens (a joined compound) wins
  pairs.sort((x, y) => y.match.score - x.match.score || y.q.at.length + y.c.at.length - (x.q.at.length + x.c.at.length));
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  let num = 0;
  let den = 0;
  let exactOrder = true;
  const fathers = q.tokens.some((t) => t.role === 'father') && c.tokens.some((t) => t.role === 'father');
  for (const p of pairs) {
    if (p.q.at.some((i) => usedQ.has(i)) || p.c.at.some((i) => usedC.has(i))) continue;
    p.q.at.forEach((i) => usedQ.add(i));
    p.c.at.forEach((i) => usedC.add(i));
    if (p.q.at[0] !== p.c.at[0]) exactOrder = false;
    const w = p.q.weight + p.c.weight;
    // with a father's name on both sides, a given name paired with a father's is another person
    const crossed = fathers && (p.q.token.role === 'father') !== (p.c.token.role === 'father');
    num += p.match.score * w * (crossed ? CROSSED : 1);
    den += w;
    reasons.push({ kind: crossed ? `${p.match.kind}-crossed` : p.match.kind, query: p.q.token.text, candidate: p.c.token.text, score: round(p.match.score * (crossed ? CROSSED : 1)) });
  }
  // a given name on each side left unpaired is a different given name, not a missing one
  const differentGiven = Math.min(
    q.tokens.filter((t, i) => !usedQ.has(i) && t.role === 'given' && !t.common).length,
    c.tokens.filter((t, i) => !usedC.has(i) && t.role === 'given' && !t.common).length,
  );
  const missing = (tokens: readonly PreparedToken[], used: Set<number>, kind: string) => {
    let different = differentGiven;
    tokens.forEach((t, i) => {
      if (used.has(i)) return;
      const lenient = (t.role === 'given' || t.common) && !(t.role === 'given' && !t.common && different-- > 0);
      den += t.weight * (lenient ? MISSING_GIVEN : 1);
      reasons.push({ kind, query: kind === 'missing-in-candidate' ? t.text : '', candidate: kind === 'missing-in-query' ? t.text : '', score: 0 });
    });
  };
  missing(q.tokens, usedQ, 'missing-in-candidate');
  missing(c.tokens, usedC, 'missing-in-query');
  for (const title of new Set([...q.titles, ...c.titles])) {
    const both = q.titles.includes(title) && c.titles.includes(title);
    num += both ? TITLE_WEIGHT : 0;
    den += both ? TITLE_WEIGHT : TITLE_WEIGHT / 2;
    reasons.push({ kind: 'title', query: q.titles.includes(title) ? title : '', candidate: c.titles.includes(title) ? title : '', score: both ? 1 : 0 });
  }
  if (q.particle && c.particle) {
    // bin against binti is a son against a daughter; bin, a/l and s/o all say "son of"
    const same = PARTICLE_SEX[q.particle] === PARTICLE_SEX[c.particle] || PARTICLE_SEX[q.particle] === '' || PARTICLE_SEX[c.particle] === '';
    num += same ? PARTICLE_WEIGHT : 0;
    den += same ? PARTICLE_WEIGHT : PARTICLE_WEIGHT * 3;
    reasons.push({ kind: 'particle', query: q.particle, candidate: c.particle, score: same ? 1 : 0 });
  }
  if (den === 0) return { score: 0, reasons };
  let score = num / den;
  // the same tokens in another order are almost, not quite, the same name
  if (!exactOrder) score *= 0.995;
  return { score: Math.min(score, BELOW_EXACT), reasons };
}

function prepared(name: PreparedName | string): PreparedName {
  return typeof name === 'string' ? prepareName(name) : name;
}

/**
 * Scores a query against a candidate: the best pairing of their names and aliases, then the
 * attributes (name-attributes). Either side may be prepared beforehand (prepareName).
 */
export function scoreName(
  query: PreparedName | string,
  candidate: PreparedName | string,
  attributes?: { query?: NameAttributes; candidate?: NameAttributes },
): NameScore {
  const q = prepared(query);
  const c = prepared(candidate);
  let best: NameScore = { score: 0, reasons: [] };
  for (const qv of q.variants) {
    for (const cv of c.variants) {
      const s = scoreVariants(qv, cv);
      if (s.score > best.score) {
        best = qv.alias || cv.alias ? { score: s.score, reasons: [{ kind: 'alias', query: qv.text, candidate: cv.text, score: round(s.score) }, ...s.reasons] } : s;
      }
      if (best.score === 1) break;
    }
  }
  const withAttributes = applyAttributes(best, attributes?.query, attributes?.candidate);
  return { score: round(withAttributes.score), reasons: withAttributes.reasons };
}
