/**
 * What the database indexes of a name, listed or screened, so that PostgreSQL finds the
 * candidates and TypeScript scores only those (decision 1103). `key` is the name's distinctive
 * tokens in their canonical spelling, sorted (word order is free), for the trigram index: one
 * typo still shares most trigrams. `tokens` is every spelling class, phonetic key and Arabic
 * skeleton of those tokens, for the array index: 陳 and Tan and Chen share a class, Mohd and
 * Muhammad share one, so a candidate differing in script or dialect is still found.
 */
import { prepareName, type PreparedName, type PreparedToken } from './prepared-name.ts';

export interface NameIndexKeys {
  key: string;
  tokens: string[];
}

/** A generous bound: a name has a handful of tokens, each a few forms. */
export const INDEX_TOKENS_MAX = 64;

/** The tokens that identify: common given names and bare particles say little, so they do not find candidates unless they are all there is. */
function distinctive(tokens: readonly PreparedToken[]): readonly PreparedToken[] {
  const rare = tokens.filter((t) => !t.common);
  return rare.length > 0 ? rare : tokens;
}

export function nameIndexKeys(name: string | PreparedName): NameIndexKeys {
  const prepared = typeof name === 'string' ? prepareName(name) : name;
  const primary = distinctive(prepared.variants[0]?.tokens ?? []);
  const key = primary
    .map((t) => t.canon[0] ?? t.text)
    .sort()
    .join(' ');
  const tokens = new Set<string>();
  for (const variant of prepared.variants) {
    for (const t of distinctive(variant.tokens)) {
      for (const c of t.canon) tokens.add(`c:${c}`);
      for (const k of t.keys) tokens.add(`p:${k}`);
      if (t.skeleton) tokens.add(`s:${t.skeleton}`);
    }
  }
  return { key, tokens: [...tokens].sort().slice(0, INDEX_TOKENS_MAX) };
}
