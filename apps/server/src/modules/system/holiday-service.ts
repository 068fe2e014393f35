import { ErrorCode } from '@aurum/domain/errors/catalogue';
import type { Holiday, HolidayBody } from '@aurum/domain/system/system-schemas';
import { appError, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import { settingsChanged } from './mode-service.ts';
import { deleteHolidays, holidayDateTaken, insertHoliday, listHolidays, lockHoliday, updateHoliday } from './holiday-repository.ts';

export { listHolidays };

const duplicateDate = () => appError(ErrorCode.InvalidFormat, 'date', { status: 409 });

/** The days kept as holidays, 'YYYY-MM-DD' (the market status reads them). */
export async function holidayDates(q: Queryable): Promise<string[]> {
  return (await listHolidays(q)).map((h) => h.date);
}

export async function createHoliday(c: Change, body: HolidayBody): Promise<Holiday> {
  const created = await insertHoliday(c.q, body, c.by);
  if (!created) throw duplicateDate();
  await settingsChanged(c, { what: 'holidays' });
  c.audit.after(created);
  return created;
}

export async function changeHoliday(c: Change, id: number, body: HolidayBody): Promise<Holiday> {
  const before = await lockHoliday(c.q, id);
  if (!before) throw notFound('holiday');
  if (await holidayDateTaken(c.q, body.date, id)) throw duplicateDate();
  const after = await updateHoliday(c.q, id, body, c.now);
  await settingsChanged(c, { what: 'holidays' });
  c.audit.before(before);
  c.audit.after(after);
  return after!;
}

/** Deletes holidays: all or none (404 when one is unknown; the deletions roll back). */
export async function removeHolidays(c: Change, idList: readonly number[]): Promise<{ deleted: number }> {
  const ids = [...new Set(idList)];
  const rows = await deleteHolidays(c.q, ids);
  if (rows.length !== ids.length) throw notFound('holiday'); // rolls the deletions back
  await settingsChanged(c, { what: 'holidays' });
  c.audit.before(rows);
  return { deleted: rows.length };
}
