import type { FastifyInstance } from 'fastify';
import { DAILY_EXPORT_COLUMNS, JOURNAL_EXPORT_COLUMNS, JournalFileQuery } from '@aurum/domain/finance/journal-export';
import { exportRoute } from '../../http/csv-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { currentMapping } from './gl-mapping-service.ts';
import { dailyExportBatches, journalExportBatches } from './journal-export-service.ts';

/** Journal entries per batch: each gives two lines per posting. */
const ENTRIES_PER_BATCH = 500;

const RANGE = 'closed business days from, to (yyyy-MM-dd, Kuala Lumpur; at most 366 days) in one unit (MYR, XAU, XPT, XAG: one file per unit); a range past the last closed day is 422 (3233). Columns in docs/accounting-export.md';

/** The accounting exports of closed business days (decisions 1004, 1016, 1017): the journal lines, and the daily summarised journal, under the accountant's codes in force (decision 1018). */
export function registerJournalExport(app: FastifyInstance, deps: AppDeps): void {
  exportRoute(app, deps, {
    list: 'journal',
    summary: `The journal as lines for an accounting package: each posting of the unit is a debit line and a credit line of its GL accounts, with the entry's value and entry times and its customer; every day balances. ${RANGE}`,
    tags: ['finance', 'export'],
    query: JournalFileQuery,
    columns: JOURNAL_EXPORT_COLUMNS,
    rows: async function* (db, query) {
      yield* journalExportBatches(db, query, await currentMapping(db), ENTRIES_PER_BATCH);
    },
    fileName: (query) => `journal-${query.unit}-${query.from}-${query.to}.csv`,
  });

  exportRoute(app, deps, {
    list: 'journal_daily',
    summary: `The daily summarised journal: per business day, each GL account of the unit the day moved with its debits and credits summed; every day balances. ${RANGE}`,
    tags: ['finance', 'export'],
    query: JournalFileQuery,
    columns: DAILY_EXPORT_COLUMNS,
    rows: async function* (db, query) {
      yield* dailyExportBatches(db, query, await currentMapping(db));
    },
    fileName: (query) => `journal-daily-${query.unit}-${query.from}-${query.to}.csv`,
  });
}
