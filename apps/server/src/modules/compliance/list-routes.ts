import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIST_FILE_MAX_BYTES } from '@aurum/domain/compliance/list-entry';
import {
  ActivateAnswer,
  ActivateVersionBody,
  ActiveAtAnswer,
  ActiveAtQuery,
  CreateListBody,
  DiffAnswer,
  DiffQuery,
  ListIdParams,
  ListsAnswer,
  ListVersionView,
  ListView,
  UploadAnswer,
  VersionIdParams,
  VersionsAnswer,
} from '@aurum/domain/compliance/list-schemas';
import { route, type MultipartLimits } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { isUploadedFile } from '../assets/asset-service.ts';
import { activateVersion, activeAt, createList, lists, rejectVersion, uploadVersion, versionDiff, versions, type ListUpload } from './list-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['compliance'];

/** One file; a stray text field is read (then refused as the file), no more. */
const LIST_UPLOAD_LIMITS: MultipartLimits = { files: 1, fileSize: LIST_FILE_MAX_BYTES, fields: 2, fieldSize: 1024, parts: 3 };

const ListFile = z
  .custom<ListUpload>(isUploadedFile, { message: 'file' })
  .meta({ type: 'string', format: 'binary', description: "The list's file in its format: the UN XML, the ministry's PDF or the CSV template; at most 50 MB" });

const VersionsQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** Screening lists (decision 1103): loaded by hand, versioned, each version activated by a second officer. */
export function registerListRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/lists`,
    summary: 'The screening lists, each with its active version and the version proposed, if any',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    response: ListsAnswer,
    handler: ({ db }) => lists(db),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/lists`,
    summary: 'A new list {code, kind, format, name}, empty until a version of it is activated; a code taken is 409 (1001 code)',
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.listCreate',
    body: CreateListBody,
    response: ListView,
    handler: (ctx) => createList(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/lists/:id/versions`,
    summary:
      "Upload a version (multipart: file), read by the list's format and proposed for a second officer with its diff against the active version. The active version's file again stores nothing (unchanged: true); a version proposed already is 409 (3261); a file that cannot be read is 422 (3260, naming the element, column or line)",
    tags,
    auth: 'admin',
    permission: 'placeComplianceHold',
    audit: 'compliance.listUpload',
    params: ListIdParams,
    body: z.object({ file: ListFile }),
    response: UploadAnswer,
    multipart: LIST_UPLOAD_LIMITS,
    docs: { consumes: ['multipart/form-data'] },
    handler: (ctx) => uploadVersion(changeOf(ctx, deps), ctx.params.id, ctx.body.file),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/lists/:id/versions`,
    summary: "The list's versions, newest first (proposed, active, superseded, rejected), at most 500",
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: ListIdParams,
    query: VersionsQuery,
    response: VersionsAnswer,
    handler: ({ db, params, query }) => versions(db, params.id, query.limit),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/lists/:id/active-at`,
    summary: 'The version of the list that was active at an instant (?at=ISO date-time), or null',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: ListIdParams,
    query: ActiveAtQuery,
    response: ActiveAtAnswer,
    handler: ({ db, params, query }) => activeAt(db, params.id, new Date(query.at)),
  });

  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/compliance/lists/versions/:versionId/diff`,
    summary: 'The entries a version added, removed or changed against the version active at its upload (?change=added|removed|changed), paged (limit at most 200)',
    tags,
    auth: 'admin',
    permission: 'readCompliance',
    params: VersionIdParams,
    query: DiffQuery,
    response: DiffAnswer,
    handler: ({ db, params, query }) => versionDiff(db, params.versionId, query),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/lists/versions/:versionId/activate`,
    summary:
      'Activate the proposed version {confirmLargeDrop}: the previous one is superseded. Not by its uploader (403, 3242); a drop of over a fifth of the active entries without confirmLargeDrop is 422 (3262); not proposed is 409 (3261)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.listActivate',
    params: VersionIdParams,
    body: ActivateVersionBody,
    response: ActivateAnswer,
    handler: (ctx) => activateVersion(changeOf(ctx, deps), ctx.params.versionId, ctx.body),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/compliance/lists/versions/:versionId/reject`,
    summary: 'Reject the proposed version: kept, never screened with. Not by its uploader (403, 3242); not proposed is 409 (3261)',
    tags,
    auth: 'admin',
    permission: 'decideComplianceHold',
    audit: 'compliance.listReject',
    params: VersionIdParams,
    response: ListVersionView,
    handler: (ctx) => rejectVersion(changeOf(ctx, deps), ctx.params.versionId),
  });
}
