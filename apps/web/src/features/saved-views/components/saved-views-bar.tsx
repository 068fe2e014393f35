import { useState, type FormEvent } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SavedViewCreateBody, type SavedView, type SavedViewList } from '@aurum/domain/saved-views/saved-view-schemas';
import { isApiError } from '#shared/http/api-error.ts';
import { useCanCheck } from '#shared/access/use-can.ts';
import { FormModal } from '#shared/form/form-modal.tsx';
import { useFailureToast } from '#shared/form/use-failure-toast.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Button } from '#shared/ui/button.tsx';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { savedViewQueries, useCreateSavedView, useDeleteSavedView, useEditSavedView } from '../api/saved-view-api.ts';
import { normalQuery, savedViewHref, savedViewListAt } from './saved-view-lists.ts';

const MENU_ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-amber-50 data-[highlighted]:text-amber-900';

type Dialog = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/**
 * Gives the keyboard back where the dialog came from once it has closed: the view's actions
 * button while the view is there, else "Save view" (the dialogs open from a menu item or are
 * mounted on demand, so the dialog has no trigger of its own to return to).
 */
function refocus(viewId: number | null): void {
  requestAnimationFrame(() => {
    const target =
      (viewId === null ? null : document.querySelector<HTMLElement>(`[data-view-actions="${viewId}"]`)) ??
      document.querySelector<HTMLElement>('[data-testid="save-view"]');
    target?.focus();
  });
}

/**
 * Saved views above a list (decision 0715): a chip per view (the admin's own, then those shared with all
 * admins) that restores the list's filters, sort and page by its address; "Save view" keeps the
 * current one. The owner renames, re-saves, shares and deletes its views; a superAdmin deletes any.
 */
export function SavedViewsBar() {
  const location = useLocation();
  const list = savedViewListAt(location);
  return list ? <SavedViewsOf key={list} list={list} search={location.search} /> : null;
}

function SavedViewsOf({ list, search }: { list: SavedViewList; search: string }) {
  const { t } = useTranslation(['shell', 'common']);
  const can = useCanCheck();
  const views = useQuery(savedViewQueries.list(list));
  const edit = useEditSavedView();
  const toast = useToast();
  const fail = useFailureToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const closeDialog = () => {
    setDialog(null);
    refocus(dialog && dialog.kind !== 'save' ? dialog.view.id : null);
  };
  const current = normalQuery(search);
  const items = views.data?.items ?? [];
  const mayDeleteAny = can('deleteAnySavedView');

  const change = (view: SavedView, patch: Partial<Pick<SavedView, 'name' | 'query' | 'shared'>>, done: string) =>
    edit.mutate({ id: view.id, body: { name: view.name, query: view.query, shared: view.shared, ...patch } }, { onSuccess: () => toast.success(done), onError: fail });

  if (items.length === 0 && !can('saveView')) return null;
  return (
    <section aria-label={t('savedViews.label')} data-testid="saved-views" className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t('savedViews.label')}</h2>
      <ul className="flex flex-wrap items-center gap-2">
        {items.map((view) => {
          const href = savedViewHref(list, view.query);
          const active = normalQuery(href.split('?')[1] ?? '') === current;
          const manage = view.mine || mayDeleteAny;
          return (
            <li
              key={view.id}
              data-testid="saved-view"
              className={`inline-flex items-center rounded-full border text-sm ${active ? 'border-amber-600 bg-amber-50 text-amber-900' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              <Link
                to={href}
                aria-current={active ? 'page' : undefined}
                title={view.mine ? undefined : t('savedViews.sharedBy', { owner: view.owner })}
                className={`rounded-full py-1 pl-3 hover:underline focus-visible:outline-2 focus-visible:outline-amber-600 ${manage ? 'pr-1' : 'pr-3'}`}
              >
                {view.name}
                {view.shared ? <span className="sr-only">{` (${t('savedViews.shared')})`}</span> : null}
                {view.shared ? (
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 inline h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
                    <circle cx="9" cy="8" r="3" />
                    <path d="M3 19c0-3 3-5 6-5s6 2 6 5M16 4a3 3 0 0 1 0 6M21 19c0-2.5-1.5-4-4-4.7" />
                  </svg>
                ) : null}
              </Link>
              {manage ? (
                <DropdownMenu.Root>
                  <DropdownMenu.Trigger
                    aria-label={t('savedViews.actions', { name: view.name })}
                    data-view-actions={view.id}
                    className="mr-1 rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600"
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="currentColor">
                      <circle cx="5" cy="12" r="2" />
                      <circle cx="12" cy="12" r="2" />
                      <circle cx="19" cy="12" r="2" />
                    </svg>
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content align="start" sideOffset={4} className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                      {view.mine ? (
                        <>
                          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => change(view, { query: stripScreenParam(current, list) }, t('savedViews.updated'))}>
                            {t('savedViews.replace')}
                          </DropdownMenu.Item>
                          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => change(view, { shared: !view.shared }, t('savedViews.updated'))}>
                            {view.shared ? t('savedViews.unshare') : t('savedViews.share')}
                          </DropdownMenu.Item>
                          <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setDialog({ kind: 'rename', view })}>
                            {t('savedViews.rename')}
                          </DropdownMenu.Item>
                        </>
                      ) : null}
                      <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setDialog({ kind: 'delete', view })}>
                        {t('common:delete')}
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              ) : null}
            </li>
          );
        })}
      </ul>
      {can('saveView') ? (
        <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'save' })} data-testid="save-view">
          {t('savedViews.save')}
        </Button>
      ) : null}
      {dialog?.kind === 'save' || dialog?.kind === 'rename' ? (
        <NameDialog list={list} query={stripScreenParam(current, list)} view={dialog.kind === 'rename' ? dialog.view : null} onClose={closeDialog} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeleteDialog view={dialog.view} onClose={closeDialog} /> : null}
    </section>
  );
}

/** The current query without the parameter that picks the screen (the view's list says it). */
function stripScreenParam(query: string, list: SavedViewList): string {
  const out = new URLSearchParams(query);
  const screen = savedViewHref(list, '');
  for (const [key, value] of new URLSearchParams(screen.split('?')[1] ?? '')) if (out.get(key) === value) out.delete(key);
  return out.toString();
}

function NameDialog({ list, query, view, onClose }: { list: SavedViewList; query: string; view: SavedView | null; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const create = useCreateSavedView();
  const edit = useEditSavedView();
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(view?.shared ?? false);
  const [error, setError] = useState<string | undefined>();
  const pending = create.isPending || edit.isPending;

  const onError = (e: unknown) => {
    if (isApiError(e) && e.context === 'name') setError(t('savedViews.nameTaken'));
    else fail(e);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = SavedViewCreateBody.shape.name.safeParse(name);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    const done = { onSuccess: () => (toast.success(t('savedViews.saved')), onClose()), onError };
    if (view) edit.mutate({ id: view.id, body: { name, query: view.query, shared: view.shared } }, done);
    else create.mutate({ list, name, query, shared }, done);
  };
  return (
    <FormModal
      title={view ? t('savedViews.rename') : t('savedViews.save')}
      description={view ? undefined : t('savedViews.saveHint')}
      pending={pending}
      onClose={onClose}
      onSubmit={submit}
      className="flex flex-col gap-4"
      testId="saved-view-dialog"
    >
      <TextField
        label={t('savedViews.name')}
        required
        autoFocus
        value={name}
        maxLength={60}
        error={error}
        errorValues={{ length: 60 }}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      {view ? null : <CheckboxField label={t('savedViews.shareWithAll')} checked={shared} onChange={(e) => setShared(e.target.checked)} />}
    </FormModal>
  );
}

function DeleteDialog({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const toast = useToast();
  const fail = useFailureToast();
  const remove = useDeleteSavedView();
  return (
    <ConfirmDialog
      open
      danger
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('savedViews.deleteTitle')}
      message={t('savedViews.deleteMessage', { name: view.name, owner: view.owner })}
      confirmLabel={t('common:delete')}
      loading={remove.isPending}
      onConfirm={() => remove.mutate(view.id, { onSuccess: () => (toast.success(t('savedViews.deleted')), onClose()), onError: (e) => (fail(e), onClose()) })}
    />
  );
}
