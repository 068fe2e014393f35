import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Holiday, HolidayBody, HolidayDeleteBody } from '@aurum/domain/system/system-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import { deleteHolidays, holidayDateTaken, insertHoliday, listHolidays, lockHoliday, updateHoliday } from './holiday-repository.ts';

const SECURE = '/v0/web/secure';

const duplicateDate = () => appError(ErrorCode.InvalidFormat, 'date', { status: 409 });

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
    handler: async ({ db, body, admin, audit }) => {
      const created = await insertHoliday(db, body, admin!.id);
      if (!created) throw duplicateDate();
      await deps.events.publish(db, { kind: 'settings', what: 'holidays' });
      audit.after(created);
      return created;
    },
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
    handler: async ({ db, params, body, audit }) => {
      const before = await lockHoliday(db, params.id);
      if (!before) throw notFound('holiday');
      if (await holidayDateTaken(db, body.date, params.id)) throw duplicateDate();
      const after = await updateHoliday(db, params.id, body, deps.now());
      await deps.events.publish(db, { kind: 'settings', what: 'holidays' });
      audit.before(before);
      audit.after(after);
      return after!;
    },
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
    handler: async ({ db, body, audit }) => {
      const ids = [...new Set(body.id)];
      const rows = await deleteHolidays(db, ids);
      if (rows.length !== ids.length) throw notFound('holiday'); // rolls the deletions back
      await deps.events.publish(db, { kind: 'settings', what: 'holidays' });
      audit.before(rows);
      return { deleted: rows.length };
    },
  });
}
