import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';
import { SCREENING_LIST_KINDS } from './screening-thresholds.ts';
import { HIT_OUTCOMES, HIT_STATUSES } from './hit-rules.ts';

export const HIT_NOTE_MAX = 2000;
/** A page of hits: the desk reads the open ones a page at a time. */
export const HIT_PAGE_MAX = 200;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const HitIdParams = z.object({ id });
export const ScreenCustomerParams = z.object({ userId: id });

/** POST compliance/hits/:id/dismiss and /confirm: the officer's reason, for the desk's file only. */
export const HitNoteBody = z
  .object({
    note: z
      .string({ error: ValidationMessage.required })
      .trim()
      .min(1, { error: ValidationMessage.required })
      .max(HIT_NOTE_MAX, { error: ValidationMessage.maxLength }),
  })
  .strict();
export type HitNoteBody = z.infer<typeof HitNoteBody>;

/** GET compliance/hits: open hits by default, newest first; a page after `before` (an id). */
export const HitListQuery = z.object({
  status: z.enum(HIT_STATUSES).default('open'),
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(HIT_PAGE_MAX).default(50),
});
export type HitListQuery = z.infer<typeof HitListQuery>;

/** One reason of the matcher's score (name-score.ts): what matched what, and how well. */
export const HitReason = z.object({ kind: z.string(), query: z.string(), candidate: z.string(), score: z.number() });

export const HitView = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  subjectName: z.string(),
  listCode: z.string(),
  listKind: z.enum(SCREENING_LIST_KINDS),
  versionId: z.number().int(),
  entryReference: z.string(),
  nameMatched: z.string(),
  quality: z.enum(['good', 'low']),
  score: z.string(),
  outcome: z.enum(HIT_OUTCOMES),
  reasons: z.array(HitReason),
  status: z.enum(HIT_STATUSES),
  proposal: z.object({ by: z.string(), at: z.string(), note: z.string() }).nullable(),
  agreedBy: z.string().nullable(),
  confirmedBy: z.string().nullable(),
  foundAt: z.string(),
});
export type HitView = z.infer<typeof HitView>;

export const HitList = z.object({ items: z.array(HitView), next: z.number().int().nullable() });
export type HitList = z.infer<typeof HitList>;

/** What screening one customer found: the names screened, the hits (new or still open), whether it held the customer. */
export const ScreeningResult = z.object({ userId: z.number().int(), subjects: z.number().int(), hits: z.number().int(), newHits: z.number().int(), held: z.boolean() });
export type ScreeningResult = z.infer<typeof ScreeningResult>;
