import { can } from '@aurum/domain/access/permissions';
import type { AdminRole } from '@aurum/domain/access/roles';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import {
  SAVED_VIEWS_PER_LIST_MAX,
  type SavedView,
  type SavedViewCreateBody,
  type SavedViewEditBody,
  type SavedViewList,
} from '@aurum/domain/saved-views/saved-view-schemas';
import { appError, forbidden, notFound } from '../../http/app-error.ts';
import type { Change } from '../../http/change.ts';
import type { Queryable } from '../../db/db.ts';
import {
  countOwnViews,
  deleteView,
  findView,
  insertView,
  listVisibleViews,
  lockView,
  toSavedView,
  updateView,
  viewNameTaken,
  type SavedViewRow,
} from './saved-view-repository.ts';

export const SAVED_VIEW_CONTEXT = {
  tooMany: `At most ${SAVED_VIEWS_PER_LIST_MAX} views can be saved for one list; delete one first.`,
} as const;

const duplicateName = () => appError(ErrorCode.InvalidFormat, 'name', { status: 409 });
const tooMany = () => appError(ErrorCode.BadRequest, SAVED_VIEW_CONTEXT.tooMany);

/** The views of a list the admin sees: its own, then those other admins share. */
export async function savedViews(q: Queryable, adminId: number, list: SavedViewList): Promise<{ items: SavedView[] }> {
  return { items: (await listVisibleViews(q, adminId, list)).map((r) => toSavedView(r, adminId)) };
}

export async function createSavedView(c: Change, body: SavedViewCreateBody): Promise<SavedView> {
  if ((await countOwnViews(c.q, c.by, body.list)) >= SAVED_VIEWS_PER_LIST_MAX) throw tooMany();
  const id = await insertView(c.q, c.by, body, c.now);
  if (id === null) throw duplicateName();
  const after = toSavedView((await findView(c.q, id))!, c.by);
  c.audit.after(after);
  return after;
}

/**
 * The view as the admin may reach it: another admin's private view is unknown to it (404), a
 * shared one it does not own is 403 unless `mayOverride`.
 */
async function ownedView(c: Change, id: number, mayOverride: boolean): Promise<SavedViewRow> {
  const row = await lockView(c.q, id);
  if (!row) throw notFound('saved view');
  if (row.owner_id === c.by || mayOverride) return row;
  if (!row.shared) throw notFound('saved view');
  throw forbidden();
}

/** Only the owner changes a view. */
export async function editSavedView(c: Change, id: number, body: SavedViewEditBody): Promise<SavedView> {
  const row = await ownedView(c, id, false);
  if (await viewNameTaken(c.q, row, body.name)) throw duplicateName();
  await updateView(c.q, id, body, c.now);
  const after = toSavedView((await findView(c.q, id))!, c.by);
  c.audit.before(toSavedView(row, c.by));
  c.audit.after(after);
  return after;
}

/** The owner deletes its view; an admin with deleteAnySavedView (superAdmin) deletes any. */
export async function removeSavedView(c: Change, role: AdminRole, id: number): Promise<{ id: number }> {
  const row = await ownedView(c, id, can({ role }, 'deleteAnySavedView'));
  await deleteView(c.q, id);
  c.audit.before(toSavedView(row, c.by));
  return { id };
}
