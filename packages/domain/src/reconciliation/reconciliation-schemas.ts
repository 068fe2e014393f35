import { z } from 'zod';
import { listQuery, pageSchema } from '../list/paging.ts';
import { ID_MAX } from '../money/decimal-columns.ts';
import { ValidationMessage } from '../validation/rules.ts';
import { TREASURY_METALS } from '../treasury/treasury-metals.ts';
import { BREAK_KINDS } from './reconciliation-matcher.ts';
import { blankToUndefined } from '../validation/preprocess.ts';

/**
 * Reconciliation's requests and answers (decision 0824):
 * `/v0/web/secure/reconciliation/...` run, latest, breaks, breaks/{id}/resolve and the CSV export
 * 'reconciliation_breaks'.
 */
export const BREAK_STATUSES = ['open', 'resolved'] as const;
export type BreakStatus = (typeof BREAK_STATUSES)[number];
export const RESOLVE_NOTE_MAX = 1000;

const grams = z.string();

/** One bar as a side records it (decimal strings as stored). */
export const BarRecordView = z.object({
  serial: z.string(),
  refiner: z.string(),
  metal: z.enum(TREASURY_METALS),
  grossWeight: grams,
  fineness: z.string(),
  fineWeight: grams,
});
export type BarRecordView = z.infer<typeof BarRecordView>;

/** A ledger posting that explains a break: the entry (its kind, note, time) and the posting's move. */
export const ExplainingPosting = z.object({
  entryId: z.number().int(),
  kind: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  from: z.string(),
  to: z.string(),
  asset: z.string(),
  amount: z.string(),
});
export type ExplainingPosting = z.infer<typeof ExplainingPosting>;

/** The custodian's list a run matched against (null for coverage only runs: no list imported yet). */
export const RunListView = z.object({
  id: z.number().int(),
  vaultId: z.number().int().nullable(),
  vaultCode: z.string().nullable(),
  custodian: z.string(),
  fileName: z.string(),
  asOf: z.string(),
  rowCount: z.number().int(),
});

export const RunView = z.object({
  id: z.number().int(),
  ranAt: z.string(),
  /** 'admin' on demand, 'job' the daily run */
  trigger: z.enum(['admin', 'job']),
  ranBy: z.string().nullable(),
  /** the business date (Asia/Kuala_Lumpur) of the run */
  businessDate: z.string(),
  lists: z.array(RunListView),
  barsCompared: z.number().int(),
  /** breaks this run found (new or still open) */
  breaksFound: z.number().int(),
  /** breaks this run opened (not open before it) */
  breaksOpened: z.number().int(),
  /** every break open when the run ended */
  openBreaks: z.number().int(),
});
export type RunView = z.infer<typeof RunView>;

/** GET reconciliation/latest: the last run, or null before the first. */
export const LatestRunAnswer = z.object({ run: RunView.nullable() });
export type LatestRunAnswer = z.infer<typeof LatestRunAnswer>;

export const BreakView = z.object({
  id: z.number().int(),
  kind: z.enum(BREAK_KINDS),
  metal: z.enum(TREASURY_METALS),
  serial: z.string().nullable(),
  refiner: z.string().nullable(),
  vaultCode: z.string().nullable(),
  ours: BarRecordView.nullable(),
  theirs: BarRecordView.nullable(),
  difference: z.string().nullable(),
  status: z.enum(BREAK_STATUSES),
  /** the run that opened it, the last run that found it */
  firstRunId: z.number().int(),
  lastRunId: z.number().int(),
  openedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
  postings: z.array(ExplainingPosting),
});
export type BreakView = z.infer<typeof BreakView>;

/** The breaks list's filters (also the CSV export's): status (open by default), kind, metal, serial. */
const breakFilters = {
  status: z.preprocess(blankToUndefined, z.enum([...BREAK_STATUSES, 'all']).default('open')),
  kind: z.preprocess(blankToUndefined, z.enum(BREAK_KINDS).optional()),
  metal: z.preprocess(blankToUndefined, z.enum(TREASURY_METALS).optional()),
  serial: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
};
export const BreakListQuery = listQuery(['openedAt', 'kind', 'metal', 'serial']).extend(breakFilters);
export type BreakListQuery = z.infer<typeof BreakListQuery>;
export const BreakListAnswer = pageSchema(BreakView);
export type BreakListAnswer = z.infer<typeof BreakListAnswer>;

export const BreakExportQuery = z.object(breakFilters);
export type BreakExportQuery = z.infer<typeof BreakExportQuery>;

/** One row of the export: the break without its postings list, which goes in as the entry ids. */
export const BreakExportRow = BreakView.omit({ postings: true }).extend({ postingEntryIds: z.string() });
export type BreakExportRow = z.infer<typeof BreakExportRow>;

/** POST reconciliation/breaks/{id}/resolve: a note is required (trimmed, 1 to 1000 characters). */
export const ResolveBreakBody = z.object({
  note: z
    .string({ error: ValidationMessage.required })
    .trim()
    .min(1, { error: ValidationMessage.required })
    .max(RESOLVE_NOTE_MAX, { error: ValidationMessage.maxLength }),
});
export type ResolveBreakBody = z.infer<typeof ResolveBreakBody>;

export const BreakIdParams = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });
