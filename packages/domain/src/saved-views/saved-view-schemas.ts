import { z } from 'zod';
import { ValidationMessage, requiredText } from '../validation/rules.ts';

/**
 * Saved views (decision 0715): the lists of the console a view can be saved for, declared once. The
 * console maps each to its address; the server keeps the name only.
 */
export const SAVED_VIEW_LISTS = [
  'users',
  'admins',
  'tradeRequests',
  'tradeHistory',
  'deposits',
  'withdrawals',
  'transfers',
  'holidays',
  'auditTrail',
  'notifications',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** How many views one admin may keep for one list. */
export const SAVED_VIEWS_PER_LIST_MAX = 50;

/** A list's query as its address has it, without '?' or '#': `status=PENDING&page=2`. */
export const savedViewQuery = z
  .string({ error: ValidationMessage.required })
  .max(SAVED_VIEW_QUERY_MAX, { error: ValidationMessage.maxLength })
  .refine((v) => !/^\?|[#\s]/.test(v), { error: ValidationMessage.noSpaces });

/** POST saved_view/create. */
export const SavedViewCreateBody = z.object({
  list: z.enum(SAVED_VIEW_LISTS),
  name: requiredText(SAVED_VIEW_NAME_MAX),
  query: savedViewQuery,
  shared: z.boolean().default(false),
});
export type SavedViewCreateBody = z.infer<typeof SavedViewCreateBody>;

/** PUT saved_view/{id}: a view keeps its list. */
export const SavedViewEditBody = SavedViewCreateBody.omit({ list: true });
export type SavedViewEditBody = z.infer<typeof SavedViewEditBody>;

/** GET saved_view?list=… */
export const SavedViewListQuery = z.object({ list: z.enum(SAVED_VIEW_LISTS) });

export const SavedViewIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** A saved view as the API answers it: `mine` when the signed-in admin owns it. */
export const SavedView = z.object({
  id: z.number().int(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.number().int(),
  owner: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

/** The views of a list the admin sees: its own, then those other admins share; by name. */
export const SavedViewListAnswer = z.object({ items: z.array(SavedView) });
export type SavedViewListAnswer = z.infer<typeof SavedViewListAnswer>;
