import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Holiday, HolidayBody, HolidayDeleteBody } from '@aurum/domain/system/system-schemas';
import { csvColumnsOf } from '@aurum/domain/export/export-schemas';
import { route } from '../../http/route.ts';
import { exportRoute } from '../../http/csv-export.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { changeHoliday, createHoliday, listHolidays, removeHolidays } from './holiday-service.ts';

const SECURE = '/v0/web/secure';

export function registerHolidayRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/holiday`,
    summary: 'System holidays, by date',
    tags: ['system'],
    auth: 'admin',
    response: z.array(Holiday),
    handler: async ({ db }) => listHolidays(db),
  });

  exportRoute(app, deps, {
    list: 'holidays',
    summary: 'System holidays as a CSV attachment, by date (the list has no filters)',
    tags: ['system', 'export'],
    query: z.object({}),
    columns: csvColumnsOf(Holiday),
    rows: async function* (db) {
      yield await listHolidays(db);
    },
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/holiday/create`,
    summary: 'Add a system holiday {name, date yyyy-MM-dd}; a date already kept is 409 (1001, date)',
    tags: ['system'],
    auth: 'admin',
    permission: 'addHoliday',
    audit: 'holiday.create',
    body: HolidayBody,
    response: Holiday,
    handler: async (ctx) => createHoliday(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/holiday/update/:id`,
    summary: 'Change a system holiday {name, date}',
    tags: ['system'],
    auth: 'admin',
    permission: 'editHoliday',
    audit: 'holiday.update',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: HolidayBody,
    response: Holiday,
    handler: async (ctx) => changeHoliday(changeOf(ctx, deps), ctx.params.id, ctx.body),
  });

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/holiday`,
    summary: 'Delete system holidays: body {id: [number]}; all or none (404 when one is unknown)',
    tags: ['system'],
    auth: 'admin',
    permission: 'deleteHoliday',
    audit: 'holiday.delete',
    body: HolidayDeleteBody,
    response: z.object({ deleted: z.number().int() }),
    handler: async (ctx) => removeHolidays(changeOf(ctx, deps), ctx.body.id),
  });
}
