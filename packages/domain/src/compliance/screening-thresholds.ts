/**
 * Where a screening score becomes work, per list and per quality of the listed name. A "hold"
 * stops onboarding until compliance decides; a "review" puts the customer in compliance's queue.
 * A list's weak alias (the UN's "low quality" a.k.a., a nickname) matches many innocent people,
 * so it only asks for review, and only near an exact match. Data, so that compliance can read it.
 */
export const SCREENING_LIST_KINDS = ['un', 'ministry', 'pep', 'internal'] as const;
export type ScreeningListKind = (typeof SCREENING_LIST_KINDS)[number];
export type AliasQuality = 'good' | 'low';

export interface ScreeningThreshold {
  /** At or above: onboarding stops (null: this list never stops it on a name alone). */
  hold: number | null;
  /** At or above: a compliance officer reviews the customer. */
  review: number;
}

/** The review threshold of a good name on a sanctions list: the matcher is measured at it. */
export const DEFAULT_REVIEW_THRESHOLD = 0.8;

export const SCREENING_THRESHOLDS: Readonly<Record<ScreeningListKind, Readonly<Record<AliasQuality, ScreeningThreshold>>>> = {
  // the UN Security Council consolidated list
  un: { good: { hold: 0.88, review: DEFAULT_REVIEW_THRESHOLD }, low: { hold: null, review: 0.92 } },
  // Malaysia's Ministry of Home Affairs list: treated as the UN list
  ministry: { good: { hold: 0.88, review: DEFAULT_REVIEW_THRESHOLD }, low: { hold: null, review: 0.92 } },
  // politically exposed persons: never a hold, enhanced due diligence after review
  pep: { good: { hold: null, review: 0.85 }, low: { hold: null, review: 0.92 } },
  // the dealer's own list of refused customers
  internal: { good: { hold: null, review: 0.85 }, low: { hold: null, review: 0.92 } },
};

export type ScreeningOutcome = 'hold' | 'review' | 'clear';

/** What a score means for a hit on a list's name of a given quality. */
export function screeningOutcome(score: number, list: ScreeningListKind, quality: AliasQuality): ScreeningOutcome {
  const t = SCREENING_THRESHOLDS[list][quality];
  if (t.hold !== null && score >= t.hold) return 'hold';
  return score >= t.review ? 'review' : 'clear';
}
