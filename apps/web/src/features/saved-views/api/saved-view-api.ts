import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SavedView,
  SavedViewListAnswer,
  type SavedViewCreateBody,
  type SavedViewEditBody,
  type SavedViewList,
} from '@aurum/domain/saved-views/saved-view-schemas';
import { http } from '#shared/http/client.ts';
import { SECURE_API } from '#shared/http/paths.ts';

/** GET saved_view?list → the admin's own views of the list, then those other admins share. */
export function listSavedViews(list: SavedViewList, signal?: AbortSignal) {
  return http.request(`${SECURE_API}/saved_view?list=${list}`, { schema: SavedViewListAnswer, signal });
}

export const savedViewQueries = {
  all: () => ['savedViews'] as const,
  list: (list: SavedViewList) => queryOptions({ queryKey: [...savedViewQueries.all(), list], queryFn: ({ signal }) => listSavedViews(list, signal) }),
};

/** POST saved_view/create; a name already used for the list is 409 (1001, name). */
export function useCreateSavedView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewCreateBody) => http.request(`${SECURE_API}/saved_view/create`, { body, schema: SavedView }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewQueries.all() }),
  });
}

/** PUT saved_view/{id}: the owner only. */
export function useEditSavedView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SavedViewEditBody }) =>
      http.request(`${SECURE_API}/saved_view/${id}`, { method: 'PUT', body, schema: SavedView }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewQueries.all() }),
  });
}

/** DELETE saved_view/{id}: the owner, or a superAdmin for any. */
export function useDeleteSavedView() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.request(`${SECURE_API}/saved_view/${id}`, { method: 'DELETE', schema: z.object({ id: z.number().int() }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedViewQueries.all() }),
  });
}
