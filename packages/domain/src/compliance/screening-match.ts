/**
 * One screened name of a customer against one listed name (decision 1104): the matcher's score
 * (scoreName with the attributes both sides know) and what it means for that list and alias
 * quality (screeningOutcome). An entry may record several birth dates, nationalities and documents:
 * each is tried and the best score kept, since the list does not say which one the person uses.
 */
import type { NameAttributes } from './name-attributes.ts';
import { scoreName, type NameScore } from './name-score.ts';
import { prepareName } from './prepared-name.ts';
import type { PrepareName } from './prepared-name-cache.ts';
import { screeningOutcome, type AliasQuality, type ScreeningListKind, type ScreeningOutcome } from './screening-thresholds.ts';

export interface ScreenedName {
  name: string;
  birthDate: string | null;
  nationality: string | null;
  document: string | null;
}

export interface ListedName {
  name: string;
  quality: AliasQuality;
  listKind: ScreeningListKind;
  birthDates: readonly string[];
  nationalities: readonly string[];
  documents: readonly string[];
}

export interface ScreeningMatch extends NameScore {
  outcome: ScreeningOutcome;
}

/** At most this many attribute combinations of one entry are tried (lists record a few). */
const ATTRIBUTE_TRIES_MAX = 27;

const orNone = (values: readonly string[]): Array<string | undefined> => (values.length > 0 ? values.slice(0, 3) : [undefined]);

function attributesOf(s: ScreenedName): NameAttributes {
  return { ...(s.birthDate ? { birthDate: s.birthDate } : {}), ...(s.nationality ? { nationality: s.nationality } : {}), ...(s.document ? { document: s.document } : {}) };
}

/** `prepare` may be a preparedNameCache: screening meets the same names over and over. */
export function matchListedName(subject: ScreenedName, listed: ListedName, prepare: PrepareName = prepareName): ScreeningMatch {
  const query = attributesOf(subject);
  const q = prepare(subject.name);
  const c = prepare(listed.name);
  let best: NameScore | null = null;
  let tries = 0;
  for (const birthDate of orNone(listed.birthDates)) {
    for (const nationality of orNone(listed.nationalities)) {
      for (const document of orNone(listed.documents)) {
        if (tries++ >= ATTRIBUTE_TRIES_MAX) break;
        const candidate: NameAttributes = { ...(birthDate ? { birthDate } : {}), ...(nationality ? { nationality } : {}), ...(document ? { document } : {}) };
        const scored = scoreName(q, c, { query, candidate });
        if (!best || scored.score > best.score) best = scored;
      }
    }
  }
  const score = best ?? { score: 0, reasons: [] };
  return { ...score, outcome: screeningOutcome(score.score, listed.listKind, listed.quality) };
}

/** The document numbers an entry's `documents` JSON records: strings, or objects with a `number`. */
export function entryDocuments(documents: unknown): string[] {
  if (!Array.isArray(documents)) return [];
  const out: string[] = [];
  for (const d of documents) {
    if (typeof d === 'string') out.push(d);
    else if (d && typeof d === 'object' && typeof (d as { number?: unknown }).number === 'string') out.push((d as { number: string }).number);
  }
  return out;
}
