import { assessRisk, type RiskAssessment, type RiskBand, type RiskInput } from '@aurum/domain/compliance/risk-rules';
import type { OnboardingChannel, SourceOfFunds } from '@aurum/domain/compliance/due-diligence-rules';
import type { RiskView } from '@aurum/domain/compliance/due-diligence-schemas';
import type { UserCategory } from '@aurum/domain/users/user-enums';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { filePeople, findFile } from './due-diligence-repository.ts';
import { currentRisk, recordRisk, tradedMyrSince } from './risk-repository.ts';
import { countOpenHits } from './hit-repository.ts';

/** The customer's latest risk, or null before the first assessment. */
export async function customerRisk(q: Queryable, userId: number): Promise<RiskView | null> {
  const row = await currentRisk(q, userId);
  return row ? { score: row.score, band: row.band as RiskBand, reasons: row.reasons as RiskView['reasons'], computedAt: row.computed_at.toISOString() } : null;
}

/** The risk's inputs as they stand: the file, the customer's category, the MYR traded over 30 days, the open screening hits. */
async function riskInput(q: Queryable, userId: number, now: Date): Promise<RiskInput> {
  const file = (await findFile(q, userId))!;
  const people = await filePeople(q, userId);
  return {
    category: file.category as UserCategory,
    people: people.map((p) => ({ nationality: p.nationality, residence: p.residence, pep: p.pep !== null })),
    onboarding: file.onboarding as OnboardingChannel | null,
    sourceOfFunds: file.source_of_funds as SourceOfFunds | null,
    declaredMonthlyMyr: file.expected_monthly_myr === null ? null : Number(file.expected_monthly_myr),
    actualMonthlyMyr: await tradedMyrSince(q, userId, now),
    openScreeningHits: await countOpenHits(q, userId),
  };
}

/** Assesses the customer's risk now and records it (a history row when it changed). */
export async function recomputeRisk(c: Change, userId: number): Promise<RiskAssessment> {
  const input = await riskInput(c.q, userId, c.now);
  const assessment = assessRisk(input);
  await recordRisk(c.q, userId, assessment, input, c.by, c.now);
  return assessment;
}
