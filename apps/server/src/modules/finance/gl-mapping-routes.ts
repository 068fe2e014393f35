import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GL_MAPPING_COLUMNS, GlMappingAnswer, templateRows } from '@aurum/domain/finance/gl-mapping';
import { exportRoute } from '../../http/csv-export.ts';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { isUploadedFile } from '../assets/asset-service.ts';
import { GL_MAPPING_LIMITS, type MappingUpload } from './gl-mapping-file.ts';
import { currentMapping, mappingAnswer, replaceMapping } from './gl-mapping-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['finance'];

/** The mapping file of an upload: refused (1001 'file') when missing; its size and content are the service's to judge. */
const MappingFile = z
  .custom<MappingUpload>(isUploadedFile, { message: 'file' })
  .meta({ type: 'string', format: 'binary', description: 'CSV (UTF-8, comma) with the columns glCode, accountCode, accountName (glName optional, ignored), at most 64 kB' });

/**
 * The accountant's mapping of GL codes (decision 1018): read by every admin, replaced as a whole by a
 * finance role (editGlMapping), its template (the chart with the mapping in force) as a CSV export.
 * Registered after the multipart reader.
 */
export function registerGlMappingRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/finance/gl-mapping`,
    summary: "The accountant's mapping in force (who uploaded which file when), every GL account of the chart with the accountant's code and name or null, and the codes left unmapped (exported under our own code)",
    tags,
    auth: 'admin',
    response: GlMappingAnswer,
    handler: async ({ db }) => mappingAnswer(db),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/finance/gl-mapping`,
    summary:
      "Replace the accountant's mapping as a whole with a CSV file (multipart: file; columns glCode, accountCode, accountName; glName ignored). A code both empty leaves its GL code unmapped. Any bad line is 400 (1001 'line N field', the reason and every bad line in the detail), a file too large, empty or not UTF-8 is 400 (1001 'file'); nothing changes then",
    tags,
    auth: 'admin',
    permission: 'editGlMapping',
    audit: 'finance.glMapping',
    body: z.object({ file: MappingFile }),
    response: GlMappingAnswer,
    multipart: GL_MAPPING_LIMITS,
    docs: { consumes: ['multipart/form-data'] },
    handler: async (ctx) => replaceMapping(changeOf(ctx, deps), ctx.body.file),
  });

  exportRoute(app, deps, {
    list: 'gl_mapping',
    summary: "The mapping's template: every GL code of the chart with its English name and the accountant's code and name in force (blank when unmapped); it uploads back as it is",
    tags: ['finance', 'export'],
    query: z.object({}),
    columns: GL_MAPPING_COLUMNS,
    rows: async function* (db) {
      yield templateRows(await currentMapping(db));
    },
    fileName: () => 'gl-mapping.csv',
  });
}
