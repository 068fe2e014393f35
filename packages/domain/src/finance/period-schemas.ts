import { z } from 'zod';
import { idField } from '../money/decimal-columns.ts';
import { requiredText, ValidationMessage } from '../validation/rules.ts';
import { LEDGER_ASSETS } from '../wallet/ledger.ts';
import { businessDateText } from './finance-schemas.ts';

/**
 * Months, years and reopenings (decision 1041), each decided by a second admin:
 * `POST ledger/periods/close {period}` proposes closing a month (yyyy-MM) or a year (yyyy);
 * `POST ledger/closes/{date}/reopen {reason}` proposes reopening a closed day and every later one;
 * `GET ledger/proposals` lists them (pending first); `POST ledger/proposals/{id}/approve` and
 * `.../decline {reason}` decide one.
 */

export const PROPOSAL_KINDS = ['monthClose', 'yearClose', 'dayReopen'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
export const PROPOSAL_STATUSES = ['pending', 'approved', 'declined'] as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** A month (yyyy-MM) or a year (yyyy) within the calendar a business date may name. */
export const PeriodText = z
  .string()
  .refine((v) => MONTH.test(v) || YEAR.test(v), { error: ValidationMessage.invalidDate })
  .refine((v) => businessDateText.safeParse(MONTH.test(v) ? `${v}-01` : `${v}-01-01`).success, { error: ValidationMessage.invalidDate });

export const PeriodCloseBody = z.object({ period: PeriodText });
export type PeriodCloseBody = z.infer<typeof PeriodCloseBody>;

/** What a month is (yyyy-MM) or a year (yyyy): the kind of its close. */
export const periodKind = (period: string): 'month' | 'year' => (period.length === 7 ? 'month' : 'year');

export const ProposalParams = z.object({ id: idField });
export const ProposalDeclineBody = z.object({ reason: requiredText(1000) });
export type ProposalDeclineBody = z.infer<typeof ProposalDeclineBody>;

/** What approving a proposal would do, as it stands now: the closes and months a reopening takes, the lines a year's closing entry posts. */
export const ProposalEffect = z.object({
  /** Closed days (their closes' dates) and months a reopening reopens. */
  reopensDays: z.array(z.string()),
  reopensMonths: z.array(z.string()),
  /** A year's closing entry: each income and expense book's balance moved to retained earnings. */
  posts: z.array(z.object({ from: z.string(), to: z.string(), asset: z.enum(LEDGER_ASSETS), amount: z.string() })),
  /** Why it cannot be approved now (the refusal's context), or null. */
  refusal: z.string().nullable(),
});
export type ProposalEffect = z.infer<typeof ProposalEffect>;

export const ProposalView = z.object({
  id: z.number().int(),
  kind: z.enum(PROPOSAL_KINDS),
  /** yyyy-MM, yyyy, or the day yyyy-MM-dd of a reopening. */
  target: z.string(),
  reason: z.string().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  proposedBy: z.string(),
  proposedById: z.number().int(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** A pending proposal's effect, computed when read; null once decided. */
  effect: ProposalEffect.nullable(),
});
export type ProposalView = z.infer<typeof ProposalView>;

export const ProposalsAnswer = z.object({ items: z.array(ProposalView) });
export type ProposalsAnswer = z.infer<typeof ProposalsAnswer>;
