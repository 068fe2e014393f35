import { z } from 'zod';
import { emptyToUndefined } from '../validation/preprocess.ts';

/** Page size options of every list (SPEC.md §9); default 10. */
export const PAGE_SIZES = [10, 15, 20, 25, 30, 50, 100, 250, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The shared list query (SPEC.md §2): page (1-based), limit (a page size), sort (a field of the
 * list), order (asc by default). Query strings arrive as text; empty values count as absent.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return z.object({
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    limit: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .default(DEFAULT_PAGE_SIZE),
    ),
    sort: z.preprocess(emptyToUndefined, z.enum(sortFields).optional()),
    order: z.preprocess(emptyToUndefined, z.enum(SORT_ORDERS).default('asc')),
  });
}

/** A page of a list: rows plus the numbers of the 'start-end of total' label. */
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
}

/** The 'start-end of total' label's numbers; 0-0 of 0 for an empty list. */
export function pageRange(page: number, limit: number, total: number): { start: number; end: number; total: number; lastPage: number } {
  if (total === 0) return { start: 0, end: 0, total: 0, lastPage: 1 };
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const current = Math.min(Math.max(1, page), lastPage);
  const start = (current - 1) * limit + 1;
  return { start, end: Math.min(total, current * limit), total, lastPage };
}
