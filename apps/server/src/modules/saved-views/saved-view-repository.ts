import type { SavedView, SavedViewCreateBody, SavedViewEditBody, SavedViewList } from '@aurum/domain/saved-views/saved-view-schemas';
import type { Queryable } from '../../db/db.ts';
import { kysely } from '../../db/query-builder.ts';

const selectView = (q: Queryable) =>
  kysely(q)
    .selectFrom('saved_views as v')
    .innerJoin('admins as a', 'a.id', 'v.owner_id')
    .select(['v.id', 'v.owner_id', 'v.list', 'v.name', 'v.query', 'v.shared', 'v.created_at', 'v.updated_at', 'a.username as owner']);

export type SavedViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['executeTakeFirstOrThrow']>>;

export function toSavedView(r: SavedViewRow, adminId: number): SavedView {
  return {
    id: r.id,
    // written through SavedViewCreateBody only
    list: r.list as SavedViewList,
    name: r.name,
    query: r.query,
    shared: r.shared,
    ownerId: r.owner_id,
    owner: r.owner,
    mine: r.owner_id === adminId,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** The list's views the admin sees: its own, then those other admins share; each by name. */
export async function listVisibleViews(q: Queryable, adminId: number, list: SavedViewList): Promise<SavedViewRow[]> {
  return selectView(q)
    .where('v.list', '=', list)
    .where((eb) => eb.or([eb('v.owner_id', '=', adminId), eb('v.shared', '=', true)]))
    .orderBy((eb) => eb.case().when('v.owner_id', '=', adminId).then(0).else(1).end())
    .orderBy((eb) => eb.fn('lower', ['v.name']))
    .orderBy('v.id')
    .execute();
}

/** One view, locked FOR UPDATE until the transaction ends; undefined when unknown. */
export async function lockView(q: Queryable, id: number): Promise<SavedViewRow | undefined> {
  return selectView(q).where('v.id', '=', id).forUpdate('v').executeTakeFirst();
}

export async function findView(q: Queryable, id: number): Promise<SavedViewRow | undefined> {
  return selectView(q).where('v.id', '=', id).executeTakeFirst();
}

/** How many views the admin keeps for the list. */
export async function countOwnViews(q: Queryable, adminId: number, list: SavedViewList): Promise<number> {
  const row = await kysely(q)
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', adminId)
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new view's id, or null when the admin already has a view of that name for the list. */
export async function insertView(q: Queryable, adminId: number, body: SavedViewCreateBody, at: Date): Promise<number | null> {
  const row = await kysely(q)
    .insertInto('saved_views')
    .values({ owner_id: adminId, list: body.list, name: body.name, query: body.query, shared: body.shared, created_at: at, updated_at: at })
    // the one unique index is (owner_id, list, lower(name))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether another view of the owner for the list has that name. */
export async function viewNameTaken(q: Queryable, row: SavedViewRow, name: string): Promise<boolean> {
  const other = await kysely(q)
    .selectFrom('saved_views')
    .select('id')
    .where('owner_id', '=', row.owner_id)
    .where('list', '=', row.list)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('id', '<>', row.id)
    .executeTakeFirst();
  return other !== undefined;
}

export async function updateView(q: Queryable, id: number, body: SavedViewEditBody, at: Date): Promise<void> {
  await kysely(q).updateTable('saved_views').set({ name: body.name, query: body.query, shared: body.shared, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteView(q: Queryable, id: number): Promise<void> {
  await kysely(q).deleteFrom('saved_views').where('id', '=', id).execute();
}
