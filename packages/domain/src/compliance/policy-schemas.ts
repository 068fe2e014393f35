import { z } from 'zod';
import { ValidationMessage } from '../validation/rules.ts';
import { HOLD_NOTE_MAX } from './hold-schemas.ts';

const note = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, { error: ValidationMessage.required })
  .max(HOLD_NOTE_MAX, { error: ValidationMessage.maxLength });

/** POST compliance/policy/propose: turn due diligence enforcement on or off; a second officer agrees. */
export const ProposePolicyBody = z.object({ enforce: z.boolean({ error: ValidationMessage.required }), note }).strict();
export type ProposePolicyBody = z.infer<typeof ProposePolicyBody>;

/** The console's form: the note only (the switch proposed is the opposite of the one in force). */
export const ProposePolicyForm = z.object({ note });
export type ProposePolicyForm = z.infer<typeof ProposePolicyForm>;

export const PolicyView = z.object({
  enforce: z.boolean(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  proposal: z.object({ enforce: z.boolean(), by: z.string(), at: z.string(), note: z.string() }).nullable(),
});
export type PolicyView = z.infer<typeof PolicyView>;
