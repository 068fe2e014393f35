import { z } from 'zod';
import { REQUEST_ACTIONS } from '../assets/request-schemas.ts';

/**
 * What a customer's journal entry is about, as a code and its parameters (decision 0753): the
 * console and the statements say it in the reader's language; `entryNoteText` is the English note
 * kept beside it (the accounting export, and entries written before codes were kept, which have
 * only their text).
 */
const id = z.number().int().positive();
export const EntryNote = z.discriminatedUnion('code', [
  /** A withdrawal or transfer holds its value when it is asked for. */
  z.object({ code: z.literal('request.held'), params: z.object({ action: z.enum(REQUEST_ACTIONS), id }) }),
  z.object({ code: z.literal('request.approved'), params: z.object({ action: z.enum(REQUEST_ACTIONS), id }) }),
  /** A declined request gives back what it held. */
  z.object({ code: z.literal('request.declined'), params: z.object({ action: z.enum(REQUEST_ACTIONS), id }) }),
  /** An order's fill, income, settlement or completion. */
  z.object({ code: z.literal('order'), params: z.object({ id }) }),
  z.object({ code: z.literal('order.payment'), params: z.object({ id }) }),
  z.object({ code: z.literal('order.canceled'), params: z.object({ id }) }),
  z.object({ code: z.literal('order.reverted'), params: z.object({ id }) }),
]);
export type EntryNote = z.infer<typeof EntryNote>;
export type EntryNoteCode = EntryNote['code'];

/** The English note of a coded entry, as entries have always been noted ("deposit request 17"). */
export function entryNoteText(note: EntryNote): string {
  switch (note.code) {
    case 'request.held':
    case 'request.approved':
      return `${note.params.action} request ${note.params.id}`;
    case 'request.declined':
      return `${note.params.action} request ${note.params.id} declined`;
    case 'order':
      return `Order ${note.params.id}`;
    case 'order.payment':
      return `Order ${note.params.id} payment`;
    case 'order.canceled':
      return `Order ${note.params.id} cancel`;
    case 'order.reverted':
      return `Order ${note.params.id} revert`;
  }
}

/** A stored code and parameters read back: null when the row has none, or they are not one this version knows. */
export function storedEntryNote(code: string | null, params: unknown): EntryNote | null {
  if (code === null) return null;
  const parsed = EntryNote.safeParse({ code, params });
  return parsed.success ? parsed.data : null;
}
