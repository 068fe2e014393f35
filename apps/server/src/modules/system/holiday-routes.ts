import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Holiday, HolidayBody, HolidayDeleteBody } from '@aurum/domain/system/system-schemas';
import { AppError, notFound } from '../../http/app-error.ts';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { route } from '../../http/route.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Queryable } from '../../db/db.ts';

const SECURE = '/v0/web/secure';
const SELECT = `SELECT id, name, to_char(date, 'YYYY-MM-DD') AS date FROM holidays`;

export async function listHolidays(q: Queryable): Promise<Holiday[]> {
  return q.query<Holiday>(`${SELECT} ORDER BY date`);
}

const duplicateDate = () => new AppError(409, ErrorCode.InvalidFormat, 'date');

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
      const rows = await db.query<Holiday>(
        `INSERT INTO holidays (name, date, created_by) VALUES ($1, $2::date, $3) ON CONFLICT (date) DO NOTHING
         RETURNING id, name, to_char(date, 'YYYY-MM-DD') AS date`,
        [body.name, body.date, admin!.id],
      );
      if (!rows[0]) throw duplicateDate();
      await deps.events.publish(db, { kind: 'settings', what: 'holidays' });
      audit.after(rows[0]);
      return rows[0];
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
      const [before] = await db.query<Holiday>(`${SELECT} WHERE id = $1 FOR UPDATE`, [params.id]);
      if (!before) throw notFound('holiday');
      const clash = await db.query('SELECT 1 FROM holidays WHERE date = $1::date AND id <> $2', [body.date, params.id]);
      if (clash.length > 0) throw duplicateDate();
      const [after] = await db.query<Holiday>(
        `UPDATE holidays SET name = $2, date = $3::date, updated_at = $4 WHERE id = $1
         RETURNING id, name, to_char(date, 'YYYY-MM-DD') AS date`,
        [params.id, body.name, body.date, deps.now()],
      );
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
      const rows = await db.query<Holiday>(
        `DELETE FROM holidays WHERE id = ANY($1::bigint[]) RETURNING id, name, to_char(date, 'YYYY-MM-DD') AS date`,
        [ids],
      );
      if (rows.length !== ids.length) throw notFound('holiday'); // rolls the deletions back
      await deps.events.publish(db, { kind: 'settings', what: 'holidays' });
      audit.before(rows);
      return { deleted: rows.length };
    },
  });
}
