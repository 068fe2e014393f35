/**
 * Names prepared once and kept: preparing a name (parsing, spellings, phonetic keys) costs about ten
 * times scoring a pair, and screening scores the same listed and customer names against many
 * others. A bounded map, the least recently used name dropped first (about 1.8 KB a name).
 */
import { prepareName, type PreparedName } from './prepared-name.ts';

export type PrepareName = (raw: string) => PreparedName;

export function preparedNameCache(max: number): PrepareName {
  const kept = new Map<string, PreparedName>();
  return (raw) => {
    const seen = kept.get(raw);
    if (seen) {
      // a Map iterates in insertion order: moved to the end, it is the most recently used
      kept.delete(raw);
      kept.set(raw, seen);
      return seen;
    }
    const made = prepareName(raw);
    kept.set(raw, made);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    return made;
  };
}
