/**
 * bench/name-screening: what one onboarding screen costs. 40,000 generated list names are prepared
 * once (prepareName, as the list loader will), then --queries customer names are each scored
 * (a) against all 40,000 (the worst case: no database prefilter) and (b) against the 200 list
 * names sharing the most token trigrams with the query (what the database's trigram index will
 * hand over). Next to each, plain Jaro-Winkler on the whole normalised strings over the same set.
 * Prints the p95 per screen and the ratio matcher / baseline. Goal: p95 of (b) at most 20 ms.
 *
 *   node bench/name-screening.ts [--names 40000] [--queries 200] [--seed 7]
 */
import { parseArgs } from 'node:util';
import { seededRandom } from '../packages/domain/src/system/seeded-random.ts';
import { performance } from 'node:perf_hooks';
import { prepareName, type PreparedName } from '../packages/domain/src/compliance/prepared-name.ts';
import { scoreName } from '../packages/domain/src/compliance/name-score.ts';
import { jaroWinkler } from '../packages/domain/src/compliance/jaro-winkler.ts';
import { normalisedText } from '../packages/domain/src/compliance/name-normalise.ts';
import { CHINESE_SURNAMES } from '../packages/domain/src/compliance/chinese-surnames.ts';
import { CHINESE_GIVEN_SYLLABLES } from '../packages/domain/src/compliance/chinese-given-syllables.ts';
import {
  ARABIC_NAMES, CYRILLIC_GIVEN, CYRILLIC_SURNAME, INDIAN_FATHER, INDIAN_FEMALE, INDIAN_MALE, MALAY_FATHER, MALAY_FEMALE,
  MALAY_MALE, MUHAMMAD_SPELLINGS, NICKNAMES, picker,
} from '../scripts/screening-name-pools.ts';
import { fmt, percentile, reportBench } from './support/bench-kit.ts';

const { values } = parseArgs({
  options: { names: { type: 'string', default: '40000' }, queries: { type: 'string', default: '200' }, seed: { type: 'string', default: '7' } },
});
const NAMES = Number(values.names);
const QUERIES = Number(values.queries);
const PREFILTERED = 200;
const GOAL_MS = 20;

const random = seededRandom(Number(values.seed));
const pick = picker(random);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const syllables = Object.values(CHINESE_GIVEN_SYLLABLES);

function listName(): string {
  const r = random();
  if (r < 0.35) {
    const male = random() < 0.6;
    const given = male ? `${random() < 0.4 ? pick(MUHAMMAD_SPELLINGS) + ' ' : ''}${pick(MALAY_MALE)}` : `${random() < 0.4 ? 'Siti ' : ''}${pick(MALAY_FEMALE)}`;
    const alias = random() < 0.1 ? ` @ ${pick(NICKNAMES)}` : '';
    return `${random() < 0.1 ? 'Haji ' : ''}${given} ${male ? 'bin' : 'binti'} ${pick(MALAY_FATHER)}${alias}`;
  }
  if (r < 0.5) return `${pick(INDIAN_MALE.concat(INDIAN_FEMALE))} ${pick(['a/l', 'a/p'])} ${pick(INDIAN_FATHER)}`;
  if (r < 0.8) return [cap(pick(pick(CHINESE_SURNAMES).variants)), cap(pick(pick(syllables))), cap(pick(pick(syllables)))].join(' ');
  if (r < 0.9) return `${pick(pick(CYRILLIC_GIVEN)[1])} ${pick(pick(CYRILLIC_SURNAME)[1])}`;
  return `${pick(pick(ARABIC_NAMES)[1])} ${pick(pick(ARABIC_NAMES)[1])} ${pick(pick(ARABIC_NAMES)[1])}`;
}

const trigrams = (text: string) => {
  const out = new Set<string>();
  for (const word of text.split(' ')) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
};

const raw = Array.from({ length: NAMES }, listName);
let t0 = performance.now();
const prepared: PreparedName[] = raw.map((n) => prepareName(n));
const prepareMs = performance.now() - t0;
t0 = performance.now();
const texts = raw.map(normalisedText);
const textMs = performance.now() - t0;

// the database's part, not measured: a trigram index picking the names sharing the most trigrams
const index = new Map<string, number[]>();
texts.forEach((text, i) => {
  for (const g of trigrams(text)) {
    const list = index.get(g);
    if (list) list.push(i);
    else index.set(g, [i]);
  }
});
function prefilter(text: string): number[] {
  const counts = new Map<number, number>();
  for (const g of trigrams(text)) for (const i of index.get(g) ?? []) counts.set(i, (counts.get(i) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, PREFILTERED).map(([i]) => i);
}

// customers: half are list names written another way, half are anybody
const queries = Array.from({ length: QUERIES }, (_, i) => (i % 2 === 0 ? raw[Math.floor(random() * NAMES)]!.replace(/\bbin\b/, 'b.').replace(/a\/l/, 's/o') : listName()));

function screen(query: string, candidates: readonly number[] | null): { matcher: number; baseline: number; hits: number } {
  let hits = 0;
  let t = performance.now();
  const q = prepareName(query);
  if (candidates) {
    for (const i of candidates) if (scoreName(q, prepared[i]!).score >= 0.8) hits++;
  } else {
    for (const c of prepared) if (scoreName(q, c).score >= 0.8) hits++;
  }
  const matcher = performance.now() - t;
  t = performance.now();
  const qt = normalisedText(query);
  let best = 0;
  if (candidates) {
    for (const i of candidates) best = Math.max(best, jaroWinkler(qt, texts[i]!));
  } else {
    for (const text of texts) best = Math.max(best, jaroWinkler(qt, text));
  }
  const baseline = performance.now() - t;
  if (best < 0) throw new Error('unreachable: keeps the baseline loop from being optimised away');
  return { matcher, baseline, hits };
}

function run(label: string, all: boolean) {
  const m: number[] = [];
  const b: number[] = [];
  let hits = 0;
  for (const query of queries) {
    const r = screen(query, all ? null : prefilter(normalisedText(query)));
    m.push(r.matcher);
    b.push(r.baseline);
    hits += r.hits;
  }
  m.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  const pm = percentile(m, 95);
  const pb = percentile(b, 95);
  console.log(`${label}: matcher p95 ${fmt(pm)} ms (p50 ${fmt(percentile(m, 50))}), Jaro-Winkler p95 ${fmt(pb)} ms, ratio ${fmt(pm / pb)}x, ${hits} hits at 0.80`);
  return { pm, pb };
}

console.log(`${NAMES} list names prepared in ${fmt(prepareMs)} ms (normalised text alone: ${fmt(textMs)} ms), ${QUERIES} screens`);
const worst = run(`(a) against all ${NAMES}`, true);
const pre = run(`(b) against ${PREFILTERED} prefiltered`, false);
reportBench({ bench: 'name-screening', what: `screen p95, all ${NAMES} names`, figure: worst.pm, baseline: worst.pb, unit: 'ms', goal: 'none', met: true });
reportBench({ bench: 'name-screening', what: `screen p95, ${PREFILTERED} prefiltered`, figure: pre.pm, baseline: pre.pb, unit: 'ms', goal: `<= ${GOAL_MS} ms`, met: pre.pm <= GOAL_MS });
