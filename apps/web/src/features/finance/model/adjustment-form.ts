import { z } from 'zod';
import { dayAfter } from '@aurum/domain/finance/day-close';
import type { DayClosesAnswer } from '@aurum/domain/finance/day-close-schemas';
import { businessDateText } from '@aurum/domain/finance/finance-schemas';
import { AdjustmentPostingInput, type AdjustmentBody } from '@aurum/domain/finance/ledger-adjustment-schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { requiredText } from '@aurum/domain/validation/rules';
import { isApiError } from '#shared/http/api-error.ts';

/** The screen proposes one movement at a time (the call takes up to ten, decision 1003), or the reversal of an approved one. */
export const NewAdjustmentForm = z.object({ posting: AdjustmentPostingInput, reason: requiredText(1000), valueDate: businessDateText });
/** A reversal's movement is the server's (the original's turned round): the form's own posting is not checked, nor sent. */
export const ReversalForm = NewAdjustmentForm.extend({ posting: z.custom<AdjustmentPostingInput>() });
export type AdjustmentFormValues = z.infer<typeof NewAdjustmentForm>;

/** The body of the proposal: its movement, or the id of the adjustment it reverses (the server turns its postings round). */
export function adjustmentBody(form: { posting?: AdjustmentFormValues['posting']; reason: string; valueDate: string }, reverses: number | null): AdjustmentBody {
  const common = { reason: form.reason, valueDate: form.valueDate };
  return reverses !== null ? { ...common, reverses } : { ...common, postings: [form.posting!] };
}

/**
 * The days the picker offers: after the last closed day, up to today; the first open day is the
 * default (the server's own when none is given). A day closed since is still refused by the server.
 */
export function valueDateRange(closes: Pick<DayClosesAnswer, 'lastClosed' | 'firstOpenDay' | 'today'>) {
  return { min: closes.lastClosed === null ? undefined : dayAfter(closes.lastClosed), max: closes.today, initial: closes.firstOpenDay };
}

/** The server's refusal of the value date (a closed day, 3230 naming it and the last closed day; or not a day it takes), as the field's message, else null. */
export function valueDateRefusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === ErrorCode.BusinessDayClosed) return error.context ? `${error.message} ${error.context}` : error.message;
  if (error.code === ErrorCode.InvalidFormat && error.context === 'valueDate') return error.message;
  return null;
}
