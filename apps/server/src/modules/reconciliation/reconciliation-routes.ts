import type { FastifyInstance } from 'fastify';
import { csvColumnsOf } from '@aurum/domain/export/export-schemas';
import {
  BreakExportQuery,
  BreakExportRow,
  BreakIdParams,
  BreakListAnswer,
  BreakListQuery,
  BreakView,
  LatestRunAnswer,
  ResolveBreakBody,
  RunView,
} from '@aurum/domain/reconciliation/reconciliation-schemas';
import { route } from '../../http/route.ts';
import { EXPORT_BATCH, exportRoute } from '../../http/csv-export.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { breakExportBatches, breaksPage, latestRun, resolveBreak, runReconciliation } from './reconciliation-service.ts';

const ROOT = '/v0/web/secure/reconciliation';
const tags = ['treasury'];

/** The export's row: the break, its explaining postings as their entry ids. */
async function* exportRows(batches: AsyncGenerator<BreakView[]>): AsyncGenerator<BreakExportRow[]> {
  for await (const batch of batches) yield batch.map(({ postings, ...b }) => ({ ...b, postingEntryIds: [...new Set(postings.map((p) => p.entryId))].join(' ') }));
}

export function registerReconciliationRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'POST',
    url: `${ROOT}/run`,
    summary:
      "Reconcile now: each custodian's latest imported bar list against our vault records, and customer metal against available bars plus metal at providers, per metal; answers the run",
    tags,
    auth: 'admin',
    permission: 'resolveReconciliationBreak',
    audit: 'reconciliation.run',
    response: RunView,
    handler: async (ctx) => runReconciliation(changeOf(ctx, deps)),
  });

  route(app, deps, {
    method: 'GET',
    url: `${ROOT}/latest`,
    summary: 'The latest reconciliation run (on demand or the daily job): when, by whom, the lists used, its counts; run null before the first',
    tags,
    auth: 'admin',
    response: LatestRunAnswer,
    handler: async ({ db }) => latestRun(db),
  });

  route(app, deps, {
    method: 'GET',
    url: `${ROOT}/breaks`,
    summary: 'Reconciliation breaks (open by default; status=resolved or all), newest first, with the postings that explain each; filters kind, metal, serial',
    tags,
    auth: 'admin',
    query: BreakListQuery,
    response: BreakListAnswer,
    handler: async ({ db, query }) => breaksPage(db, query),
  });

  route(app, deps, {
    method: 'POST',
    url: `${ROOT}/breaks/:id/resolve`,
    summary: 'Resolve an open break with a note (required, up to 1000 characters); unknown is 404 (1003), resolved already 409 (3212)',
    tags,
    auth: 'admin',
    permission: 'resolveReconciliationBreak',
    audit: 'reconciliation.resolve',
    params: BreakIdParams,
    body: ResolveBreakBody,
    response: BreakView,
    handler: async (ctx) => resolveBreak(changeOf(ctx, deps), ctx.params.id, ctx.body.note),
  });

  exportRoute(app, deps, {
    list: 'reconciliation_breaks',
    summary: "Reconciliation breaks as a CSV attachment, by id (the breaks list's filters; open by default)",
    tags: [...tags, 'export'],
    query: BreakExportQuery,
    columns: csvColumnsOf(BreakExportRow),
    rows: (db, query) => exportRows(breakExportBatches(db, query, EXPORT_BATCH)),
  });
}
