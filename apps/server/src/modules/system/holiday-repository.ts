import type { ExpressionBuilder } from 'kysely';
import type { Holiday, HolidayBody } from '@aurum/domain/system/system-schemas';
import type { Queryable } from '../../db/db.ts';
import type { Database } from '../../db/db-types.ts';
import { asDate, isoDate, kysely } from '../../db/query-builder.ts';

/** A holiday as the API answers it: its day as 'YYYY-MM-DD'. */
const holiday = (eb: ExpressionBuilder<Database, 'holidays'>) => ['id', 'name', isoDate(eb.ref('date')).as('date')] as const;

export async function listHolidays(q: Queryable): Promise<Holiday[]> {
  return kysely(q).selectFrom('holidays').select(holiday).orderBy('date').execute();
}

/** The new holiday, or undefined when its date is already kept. */
export async function insertHoliday(q: Queryable, body: HolidayBody, createdBy: number): Promise<Holiday | undefined> {
  return kysely(q)
    .insertInto('holidays')
    .values({ name: body.name, date: body.date, created_by: createdBy })
    .onConflict((oc) => oc.column('date').doNothing())
    .returning(holiday)
    .executeTakeFirst();
}

/** The holiday, locked FOR UPDATE until the transaction ends; undefined when unknown. */
export async function lockHoliday(q: Queryable, id: number): Promise<Holiday | undefined> {
  return kysely(q).selectFrom('holidays').select(holiday).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether another holiday than `exceptId` keeps that day. */
export async function holidayDateTaken(q: Queryable, date: string, exceptId: number): Promise<boolean> {
  const row = await kysely(q).selectFrom('holidays').select('id').where('date', '=', asDate(date)).where('id', '<>', exceptId).executeTakeFirst();
  return row !== undefined;
}

export async function updateHoliday(q: Queryable, id: number, body: HolidayBody, now: Date): Promise<Holiday | undefined> {
  return kysely(q)
    .updateTable('holidays')
    .set({ name: body.name, date: body.date, updated_at: now })
    .where('id', '=', id)
    .returning(holiday)
    .executeTakeFirst();
}

/** Deletes the holidays of `ids` that exist; answers the deleted ones. */
export async function deleteHolidays(q: Queryable, ids: readonly number[]): Promise<Holiday[]> {
  return kysely(q)
    .deleteFrom('holidays')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .returning(holiday)
    .execute();
}
