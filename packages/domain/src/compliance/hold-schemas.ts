import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';
import { HOLD_DECISIONS, HOLD_STATUSES } from './hold-rules.ts';

export const HOLD_NOTE_MAX = 2000;

/** An officer's note: why, for the desk's file (never shown outside compliance). */
const note = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, { error: ValidationMessage.required })
  .max(HOLD_NOTE_MAX, { error: ValidationMessage.maxLength });

/** The console's form to hold a customer: the picked user (its id as text) and the note. */
export const PlaceHoldForm = z.object({ userId: z.string({ error: ValidationMessage.required }).regex(/^\d{1,10}$/, { error: ValidationMessage.required }), note });
export type PlaceHoldForm = z.infer<typeof PlaceHoldForm>;

/** POST compliance/holds: hold a customer now. */
export const PlaceHoldBody = z.object({ userId: z.number().int().positive().max(2_147_483_647), note }).strict();
export type PlaceHoldBody = z.infer<typeof PlaceHoldBody>;

/** POST compliance/holds/:id/propose: freeze (a confirmed match) or release (a false hit); a second officer agrees. */
export const ProposeHoldBody = z.object({ decision: z.enum(HOLD_DECISIONS), note }).strict();
export type ProposeHoldBody = z.infer<typeof ProposeHoldBody>;

export const HoldIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET compliance/holds: those in force (no status) or of one status; at most 500. */
export const HoldListQuery = z.object({
  status: z.enum(HOLD_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type HoldListQuery = z.infer<typeof HoldListQuery>;

/** A hold as the compliance desk reads it. */
export const HoldView = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  status: z.enum(HOLD_STATUSES),
  source: z.enum(['officer', 'screening']),
  note: z.string(),
  placedBy: z.string().nullable(),
  placedAt: z.string(),
  proposal: z.object({ decision: z.enum(HOLD_DECISIONS), by: z.string(), at: z.string(), note: z.string() }).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type HoldView = z.infer<typeof HoldView>;

export const HoldList = z.object({ items: z.array(HoldView) });
