import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SavedView,
  SavedViewCreateBody,
  SavedViewEditBody,
  SavedViewIdParams,
  SavedViewListAnswer,
  SavedViewListQuery,
} from '@aurum/domain/saved-views/saved-view-schemas';
import { route } from '../../http/route.ts';
import { changeOf } from '../../http/change.ts';
import type { AppDeps } from '../../app-deps.ts';
import { createSavedView, editSavedView, removeSavedView, savedViews } from './saved-view-service.ts';

const SECURE = '/v0/web/secure';
const tags = ['saved views'];

/** Saved views of the console's lists (decision 0715). */
export function registerSavedViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, deps, {
    method: 'GET',
    url: `${SECURE}/saved_view`,
    summary: "A list's saved views the admin sees: its own, then those other admins share (each by name)",
    tags,
    auth: 'admin',
    query: SavedViewListQuery,
    response: SavedViewListAnswer,
    handler: async ({ db, admin, query }) => savedViews(db, admin!.id, query.list),
  });

  route(app, deps, {
    method: 'POST',
    url: `${SECURE}/saved_view/create`,
    summary: 'Save the query of a list under a name {list, name, query, shared}; a name the admin already uses for the list is 409 (1001, name)',
    tags,
    auth: 'admin',
    permission: 'saveView',
    audit: 'savedView.create',
    body: SavedViewCreateBody,
    response: SavedView,
    handler: async (ctx) => createSavedView(changeOf(ctx, deps), ctx.body),
  });

  route(app, deps, {
    method: 'PUT',
    url: `${SECURE}/saved_view/:id`,
    summary: "Change one's own saved view {name, query, shared}: another admin's shared view is 403 (1150), a private one 404",
    tags,
    auth: 'admin',
    permission: 'saveView',
    audit: 'savedView.update',
    params: SavedViewIdParams,
    body: SavedViewEditBody,
    response: SavedView,
    handler: async (ctx) => editSavedView(changeOf(ctx, deps), ctx.params.id, ctx.body),
  });

  route(app, deps, {
    method: 'DELETE',
    url: `${SECURE}/saved_view/:id`,
    summary: "Delete one's own saved view; a superAdmin (deleteAnySavedView) deletes any. Another admin's shared view is 403 (1150), a private one 404",
    tags,
    auth: 'admin',
    permission: 'saveView',
    audit: 'savedView.delete',
    params: SavedViewIdParams,
    response: z.object({ id: z.number().int() }),
    handler: async (ctx) => removeSavedView(changeOf(ctx, deps), ctx.admin!.role, ctx.params.id),
  });
}
