import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ArriveBody,
  BarDetail,
  BarListQuery,
  BarPage,
  DispatchBody,
  ImportAnswer,
  ImportFields,
  MovementDeclineBody,
  MovementListQuery,
  MovementPage,
  MovementView,
  ReceiveBody,
  ReleaseBody,
  StatusBody,
  VaultCreateBody,
  VaultList,
  VaultView,
} from '@aurum/domain/vault/vault-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { isUploadedFile } from '../assets/asset-service.ts';
import { WEIGHT_LIST_LIMITS, readListRows } from './vault-import.ts';
import { approveMovement, declineMovement, recordMovement, recordReceive } from './bar-movement-service.ts';
import { barDetail, barPage, createVault, movementPage, vaultList } from './vault-service.ts';
import { movementView } from './vault-views.ts';
import { importWeightList } from './weight-list-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['vault'];
const ID = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The weight list file of an import: refused (1001 'file') when missing or cut at the size limit. */
const ListFile = z
  .custom<{ filename: string; bytes: Buffer; truncated: boolean }>(isUploadedFile, { message: 'file' })
  .refine((f) => !f.truncated, { message: 'tooLarge' })
  .meta({ type: 'string', format: 'binary', description: 'CSV or Excel .xlsx weight list under 2 MB' });
const ImportBody = z.intersection(ImportFields, z.object({ file: ListFile }));

/**
 * The vault, bar by bar (decision 0812): vaults, bars, movements
 * recorded by a maker (recordBarMovement) and decided by another admin (approveBarMovement), and
 * the custodian's weight list.
 */
export function registerVaultRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/vault/list`,
    reads: 'replica',
    summary: 'The vaults',
    tags,
    auth: 'admin',
    response: VaultList,
    handler: ({ db }) => vaultList(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/create`,
    summary: 'Create a vault {code, name, custodian}; a code in use is 409 (1001 code)',
    tags,
    auth: 'admin',
    permission: 'recordBarMovement',
    audit: 'vault.create',
    body: VaultCreateBody,
    response: VaultView,
    handler: (ctx) => createVault(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/vault/bar/list`,
    reads: 'replica',
    summary: 'Bars: filters metal, vaultId, status (none: all but released), serial (part of it); page, limit, sort, order; totals per metal of the matching bars held (grams and troy ounces)',
    tags,
    auth: 'admin',
    query: BarListQuery,
    response: BarPage,
    handler: ({ db, query }) => barPage(db, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/vault/bar/:barId`,
    summary: 'One bar with its movements, newest first',
    tags,
    auth: 'admin',
    params: z.object({ barId: ID }),
    response: BarDetail,
    handler: ({ db, params }) => barDetail(db, params.barId),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/vault/movement/list`,
    reads: 'replica',
    summary: 'Bar movements, newest first: filters status, kind, barId, requestId (the payment request they serve); page, limit',
    tags,
    auth: 'admin',
    query: MovementListQuery,
    response: MovementPage,
    handler: ({ db, query }) => movementPage(db, query),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/vault/movement/:movementId`,
    summary: 'One bar movement',
    tags,
    auth: 'admin',
    params: z.object({ movementId: ID }),
    response: MovementView,
    handler: ({ db, params }) => movementView(db, params.movementId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/movement/receive`,
    summary: 'Record a receive of new bars into a vault (pending: counted nowhere until another admin approves); a bar held already is 409 (1001 bars.N.serial)',
    tags,
    auth: 'admin',
    permission: 'recordBarMovement',
    audit: 'vault.receive',
    idempotent: true,
    body: ReceiveBody,
    response: MovementView,
    handler: (ctx) => recordReceive(changeOf(ctx, deps), ctx.body),
  });

  const moves = [
    ['release', ReleaseBody, 'Record a release: the bars leave the house (e.g. a physical withdrawal, optional requestId)'],
    ['dispatch', DispatchBody, 'Record a dispatch of bars to another vault {barIds, vaultId}: in transit once approved'],
    ['arrive', ArriveBody, 'Record the arrival of bars in transit at the vault they were dispatched to'],
    ['status', StatusBody, 'Record a status change {barIds, status: reserved | quarantined | available}'],
  ] as const;
  for (const [kind, body, summary] of moves) {
    route(app, deps, {
      method: 'POST',
      url: `${SECURE}/vault/movement/${kind}`,
      summary: `${summary}; pending until another admin approves; a bar whose status does not allow it, or with a pending movement, is 409 (3211)`,
      tags,
      auth: 'admin',
      permission: 'recordBarMovement',
      audit: `vault.${kind}`,
      idempotent: true,
      body: body as z.ZodType<{ barIds: number[]; vaultId?: number; status?: 'available' | 'reserved' | 'quarantined'; requestId?: number; note?: string }>,
      response: MovementView,
      handler: (ctx) => recordMovement(changeOf(ctx, deps), kind, { ...ctx.body, ...(ctx.body.status ? { toStatus: ctx.body.status } : {}) }),
    });
  }

  const PARAMS = z.object({ movementId: ID });
  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/movement/:movementId/approve`,
    summary:
      'Approve a pending bar movement: the bars change status and the metal books move; not by its maker (403, 1150); decided already is 409 (3210); a bar whose status changed meanwhile is 409 (3211); a release that would uncover customers is 422 (2090)',
    tags,
    auth: 'admin',
    permission: 'approveBarMovement',
    audit: 'vault.approve',
    idempotent: true,
    params: PARAMS,
    response: MovementView,
    handler: (ctx) => approveMovement(changeOf(ctx, deps), ctx.params.movementId),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/movement/:movementId/decline`,
    summary: "Decline a pending bar movement with a {reason}: nothing moves (a receive's pending bars are removed); not by its maker (403, 1150); decided already is 409 (3210)",
    tags,
    auth: 'admin',
    permission: 'approveBarMovement',
    audit: 'vault.decline',
    idempotent: true,
    params: PARAMS,
    body: MovementDeclineBody,
    response: MovementView,
    handler: (ctx) => declineMovement(changeOf(ctx, deps), ctx.params.movementId, ctx.body.reason),
  });

  const MULTIPART_DOCS = { consumes: ['multipart/form-data'] };
  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/import/preview`,
    summary: 'Read a weight list (multipart: file, vaultId, asOf, metal, unit) and answer its bars and every problem by line, saving nothing (read only: any signed-in admin)',
    tags,
    auth: 'admin',
    readOnly: true,
    body: ImportBody,
    response: ImportAnswer,
    multipart: WEIGHT_LIST_LIMITS,
    docs: MULTIPART_DOCS,
    handler: async ({ db, body }) => {
      const { file, ...fields } = body;
      return importWeightList({ q: db }, { rows: await readListRows(file.bytes), fileName: file.filename, fields, preview: true });
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/vault/import`,
    summary:
      "Import a custodian's weight list (multipart: file CSV or .xlsx, vaultId, asOf, metal, unit g|oz, receive true|false): stored for reconciliation; with receive=true a pending receive of the bars not held yet; any bad row is 400 (1001 'line N field', every problem's line in the detail) and nothing is saved",
    tags,
    auth: 'admin',
    permission: 'recordBarMovement',
    audit: 'vault.import',
    idempotent: true,
    body: ImportBody,
    response: ImportAnswer,
    multipart: WEIGHT_LIST_LIMITS,
    docs: MULTIPART_DOCS,
    handler: async (ctx) => {
      const { file, ...fields } = ctx.body;
      return importWeightList(changeOf(ctx, deps), { rows: await readListRows(file.bytes), fileName: file.filename, fields, preview: false });
    },
  });
}
