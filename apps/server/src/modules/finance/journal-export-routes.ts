import type { FastifyInstance } from 'fastify';
import { JOURNAL_EXPORT_COLUMNS, JournalExportQuery } from '@aurum/domain/finance/journal-export';
import { exportRoute } from '../../http/csv-export.ts';
import type { AppDeps } from '../../app-deps.ts';
import { journalExportBatches } from './journal-export-service.ts';

/** Journal entries per batch: each gives two lines per posting. */
const ENTRIES_PER_BATCH = 500;

/** The accounting export of closed business days (decision 1004). */
export function registerJournalExport(app: FastifyInstance, deps: AppDeps): void {
  exportRoute(app, deps, {
    list: 'journal',
    summary:
      'The journal of closed business days (from, to: yyyy-MM-dd, Kuala Lumpur) as journal lines for an accounting package: each posting is a debit line of its from GL account and a credit line of its to GL account; every day balances per unit. A range past the last closed day is 422 (3233)',
    tags: ['finance', 'export'],
    query: JournalExportQuery,
    columns: JOURNAL_EXPORT_COLUMNS,
    rows: (db, query) => journalExportBatches(db, query, ENTRIES_PER_BATCH),
  });
}
