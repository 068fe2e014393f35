/**
 * The customer's money-laundering risk (decision 1105): a score summed from weighted factors, a
 * band from the score, and the reasons that made it. Every weight, threshold and list is data
 * here, so a change of policy is a change of these tables, reviewed like code, never of the sum.
 */
import type { UserCategory } from '../users/user-enums.ts';
import type { OnboardingChannel, SourceOfFunds } from './due-diligence-rules.ts';

export const RISK_BANDS = ['low', 'standard', 'high'] as const;
export type RiskBand = (typeof RISK_BANDS)[number];

/**
 * The FATF lists as published after its plenary of October 2025: high-risk jurisdictions subject
 * to a call for action ("black list") and jurisdictions under increased monitoring ("grey list").
 * Update both after each plenary (February, June, October).
 */
export const FATF_LISTS = {
  asOf: '2025-10-24',
  callForAction: ['KP', 'IR', 'MM'],
  increasedMonitoring: ['DZ', 'AO', 'BO', 'BG', 'CM', 'CI', 'HR', 'CD', 'HT', 'KE', 'LA', 'LB', 'MC', 'NA', 'NP', 'SS', 'SY', 'VE', 'VN', 'YE', 'VG'],
} as const;

/** The points each factor adds. A PEP or a black-listed country alone makes a customer high risk. */
export const RISK_WEIGHTS = {
  category: { individual: 0, none: 5, agent: 15, jewelleryShop: 10, wholesaler: 10, manufacturer: 10 } satisfies Record<UserCategory, number>,
  pep: 40,
  callForActionCountry: 40,
  increasedMonitoringCountry: 20,
  onboarding: { faceToFace: 0, remote: 10 } satisfies Record<OnboardingChannel, number>,
  sourceOfFunds: { salary: 0, savings: 0, business: 5, investments: 5, propertySale: 5, inheritance: 10, other: 15, cash: 20 } satisfies Record<SourceOfFunds, number>,
  /** Actual monthly volume above the declared, by how many times (the highest row met counts). */
  volumeOverDeclared: [
    { times: 3, points: 25 },
    { times: 1.5, points: 15 },
  ],
  /** Each open screening hit, up to the cap. */
  openScreeningHit: 15,
  openScreeningHitCap: 45,
} as const;

/** The least score of each band above low. */
export const RISK_BAND_FLOORS = { standard: 15, high: 40 } as const;

/** Years until the periodic review of a verified file, by band. */
export const REVIEW_INTERVAL_YEARS: Record<RiskBand, number> = { high: 1, standard: 2, low: 3 };

export interface RiskInput {
  category: UserCategory;
  /** Every person of the file: the customer, directors and owners. */
  people: Array<{ nationality: string | null; residence: string | null; pep: boolean }>;
  onboarding: OnboardingChannel | null;
  sourceOfFunds: SourceOfFunds | null;
  /** MYR the customer declared a month, and traded in the last 30 days. */
  declaredMonthlyMyr: number | null;
  actualMonthlyMyr: number;
  openScreeningHits: number;
}

export const RISK_FACTORS = ['category', 'pep', 'callForActionCountry', 'increasedMonitoringCountry', 'onboarding', 'sourceOfFunds', 'volumeOverDeclared', 'openScreeningHits'] as const;

export interface RiskReason {
  factor: (typeof RISK_FACTORS)[number];
  /** What met the factor: the category, the country code, the channel, the times over, the hit count. */
  detail: string;
  points: number;
}

export interface RiskAssessment {
  score: number;
  band: RiskBand;
  reasons: RiskReason[];
}

export function bandOf(score: number): RiskBand {
  if (score >= RISK_BAND_FLOORS.high) return 'high';
  if (score >= RISK_BAND_FLOORS.standard) return 'standard';
  return 'low';
}

/** The customer's risk: the factors met, each once (a country counts once however many people name it). */
export function assessRisk(input: RiskInput): RiskAssessment {
  const reasons: RiskReason[] = [];
  const add = (factor: RiskReason['factor'], detail: string, points: number) => {
    if (points > 0) reasons.push({ factor, detail, points });
  };
  add('category', input.category, RISK_WEIGHTS.category[input.category]);
  if (input.people.some((p) => p.pep)) add('pep', 'declared', RISK_WEIGHTS.pep);
  const countries = [...new Set(input.people.flatMap((p) => [p.nationality, p.residence]).filter((c): c is string => c !== null))].sort();
  const black: readonly string[] = FATF_LISTS.callForAction;
  const grey: readonly string[] = FATF_LISTS.increasedMonitoring;
  const blackMet = countries.filter((c) => black.includes(c));
  const greyMet = countries.filter((c) => grey.includes(c));
  if (blackMet.length > 0) add('callForActionCountry', blackMet.join(','), RISK_WEIGHTS.callForActionCountry);
  if (greyMet.length > 0) add('increasedMonitoringCountry', greyMet.join(','), RISK_WEIGHTS.increasedMonitoringCountry);
  if (input.onboarding) add('onboarding', input.onboarding, RISK_WEIGHTS.onboarding[input.onboarding]);
  if (input.sourceOfFunds) add('sourceOfFunds', input.sourceOfFunds, RISK_WEIGHTS.sourceOfFunds[input.sourceOfFunds]);
  if (input.declaredMonthlyMyr !== null && input.actualMonthlyMyr > 0) {
    const times = input.declaredMonthlyMyr > 0 ? input.actualMonthlyMyr / input.declaredMonthlyMyr : Infinity;
    const row = RISK_WEIGHTS.volumeOverDeclared.find((r) => times > r.times);
    if (row) add('volumeOverDeclared', `>${row.times}x`, row.points);
  }
  if (input.openScreeningHits > 0) add('openScreeningHits', String(input.openScreeningHits), Math.min(RISK_WEIGHTS.openScreeningHitCap, input.openScreeningHits * RISK_WEIGHTS.openScreeningHit));
  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score, band: bandOf(score), reasons };
}

/** The day the periodic review falls due: `today` (yyyy-MM-dd) plus the band's years; 29 February falls to 28. */
export function nextReviewOn(today: string, band: RiskBand): string {
  const year = Number(today.slice(0, 4)) + REVIEW_INTERVAL_YEARS[band];
  const monthDay = today.slice(5) === '02-29' ? '02-28' : today.slice(5);
  return `${year}-${monthDay}`;
}
