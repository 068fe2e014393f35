import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETTABLE_STATUSES, nextBarStatus, stepOf, type BarStatus, type SettableStatus } from '@aurum/domain/vault/bar-rules';
import type { BarView, MovementView, VaultView } from '@aurum/domain/vault/vault-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useCan } from '#shared/access/use-can.ts';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { formatDateTime, formatNumber } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { Pagination } from '#shared/list/pagination.tsx';
import { useListQuery } from '#shared/list/use-list-query.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge, type BadgeVariant } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Card } from '#shared/ui/card.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useApproveMovement } from '../api/approve-movement.ts';
import type { HeldMovement } from '../api/record-movement.ts';
import { useBars, useMovements, useVaults } from '../api/use-vault-lists.ts';
import { BarDetailView } from './bar-detail.tsx';
import { BarFilters, barSearch } from './bar-filters.tsx';
import { ImportForm } from './import-form.tsx';
import { DeclineForm, MovementForm, ReceiveBarForm, VaultForm } from './vault-forms.tsx';

const STATUS_BADGE: Record<BarStatus, BadgeVariant> = {
  pending: 'pending',
  available: 'approved',
  reserved: 'gray',
  inTransit: 'pending',
  quarantined: 'declined',
  released: 'gray',
};

type Action = { kind: HeldMovement; status?: SettableStatus };
const ACTIONS: readonly Action[] = [{ kind: 'release' }, { kind: 'dispatch' }, { kind: 'arrive' }, ...SETTABLE_STATUSES.map((status) => ({ kind: 'status' as const, status }))];

const TH = 'px-3 py-2 font-medium whitespace-nowrap';
const TD = 'px-3 py-2 whitespace-nowrap';

function Totals({ totals }: { totals: ReadonlyArray<{ metal: string; bars: number; grams: string; troyOunces: string }> }) {
  const { t } = useTranslation('treasury-vault');
  return (
    <section aria-label={t('totals.title')} className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="vault-totals">
      {totals.length === 0 ? <p className="text-sm text-slate-600">{t('totals.none')}</p> : null}
      {totals.map((x) => (
        <Card key={x.metal} className="p-4">
          <p className="text-xs font-medium text-slate-600">{t(`metals.${x.metal as 'XAU'}`)}</p>
          <p className="mt-1 text-lg font-semibold text-slate-900 tabular-nums" data-testid={`total-${x.metal}`}>
            {formatNumber(x.grams, 4)} g
          </p>
          <p className="text-sm text-slate-600 tabular-nums">
            {formatNumber(x.troyOunces, 3)} oz · {t('totals.bars', { count: x.bars })}
          </p>
        </Card>
      ))}
    </section>
  );
}

function PendingMovements({ onDecline }: { onDecline: (m: MovementView) => void }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const me = useAdmin();
  const movements = useMovements('status=pending&limit=50');
  const approve = useApproveMovement();
  const rows = movements.data?.items ?? [];
  return (
    <Card className="p-0">
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-800">{t('treasury-vault:movements.title')}</h2>
      <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600" tabIndex={0} role="region" aria-label={t('treasury-vault:movements.title')}>
        <table className="w-full text-left text-sm" data-testid="movement-table">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th className={TH}>{t('treasury-vault:movements.id')}</th>
              <th className={TH}>{t('treasury-vault:movements.kind')}</th>
              <th className={TH}>{t('treasury-vault:movements.bars')}</th>
              <th className={TH}>{t('treasury-vault:movements.grams')}</th>
              <th className={TH}>{t('treasury-vault:movements.by')}</th>
              <th className={TH}>{t('treasury-vault:movements.at')}</th>
              <th className={TH}>{t('treasury-vault:movements.decide')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {movements.isPending ? (
              <tr>
                <td colSpan={7}>
                  <SectionSpinner />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-6 text-center text-slate-600">
                  {t('treasury-vault:movements.none')}
                </td>
              </tr>
            ) : (
              rows.map((m) => {
                const own = me !== null && m.submittedBy?.id === me.id;
                return (
                  <tr key={m.id} data-testid="movement-row">
                    <td className={`${TD} tabular-nums`}>{m.id}</td>
                    <td className={TD}>
                      {t(`treasury-vault:movements.kinds.${m.kind}`)}
                      {m.toStatus ? ` → ${t(`treasury-vault:statuses.${m.toStatus}`)}` : ''}
                      {m.vault ? ` · ${m.vault.code}` : ''}
                      {m.requestId !== null ? (
                        <>
                          {' · '}
                          <Link to={`/asset/${m.requestId}`} className="text-amber-700 hover:underline">
                            {t('treasury-vault:movements.request', { id: m.requestId })}
                          </Link>
                        </>
                      ) : null}
                    </td>
                    <td className={TD}>{m.bars.map((b) => b.serial).join(', ')}</td>
                    <td className={`${TD} tabular-nums`}>{m.totals.map((x) => `${formatNumber(x.grams, 4)} g ${x.metal}`).join(' · ')}</td>
                    <td className={TD}>{m.submittedBy?.username ?? '-'}</td>
                    <td className={`${TD} tabular-nums`}>{formatDateTime(m.createdAt)}</td>
                    <td className={TD}>
                      <ActionGroup align="start">
                        <ActionButton
                          size="sm"
                          permission="approveBarMovement"
                          blocked={own ? t('treasury-vault:movements.ownMovement') : null}
                          loading={approve.isPending && approve.variables === m.id}
                          data-testid="approve-movement"
                          onClick={() =>
                            approve.mutate(m.id, {
                              onSuccess: () => toast.success(t('treasury-vault:toast.approved')),
                              onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
                            })
                          }
                        >
                          {t('treasury-vault:movements.approve')}
                        </ActionButton>
                        <ActionButton
                          size="sm"
                          variant="secondary"
                          permission="approveBarMovement"
                          blocked={own ? t('treasury-vault:movements.ownMovement') : null}
                          data-testid="decline-movement"
                          onClick={() => onDecline(m)}
                        >
                          {t('treasury-vault:movements.decline')}
                        </ActionButton>
                      </ActionGroup>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/**
 * Vault (/treasury/vault/; decision 0810): the bars with filters and paging in the address
 * and totals per metal (grams and troy ounces), receive and import, movements of the selected
 * bars, and the movements awaiting a second admin's approval.
 */
export function VaultPage() {
  const { t } = useTranslation(['treasury-vault', 'sidebar', 'common']);
  const canRecord = useCan('recordBarMovement');
  const vaults = useVaults();
  const vaultList: readonly VaultView[] = vaults.data?.items ?? [];
  const list = useListQuery();
  const bars = useBars(barSearch(list));
  const [selected, setSelected] = useState<ReadonlyMap<number, BarView>>(new Map());
  const [dialog, setDialog] = useState<'vault' | 'receive' | 'import' | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [declining, setDeclining] = useState<MovementView | null>(null);
  const [detail, setDetail] = useState<BarView | null>(null);
  const rows = bars.data?.items ?? [];
  const chosen = [...selected.values()];
  const allowed = (a: Action) => chosen.length > 0 && chosen.every((b) => nextBarStatus(b.status, stepOf(a.kind, a.status)) !== null);
  const toggle = (bar: BarView) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(bar.id)) next.delete(bar.id);
      else next.set(bar.id, bar);
      return next;
    });
  const all = rows.length > 0 && rows.every((b) => selected.has(b.id));
  const actionLabel = (a: Action) => t(`treasury-vault:actions.${a.kind === 'status' ? a.status! : a.kind}`);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('sidebar:vault')}
        subtitle={t('treasury-vault:subtitle')}
        actions={
          <ActionGroup>
            <ActionButton variant="secondary" permission="recordBarMovement" onClick={() => setDialog('vault')} data-testid="new-vault">
              {t('treasury-vault:newVault')}
            </ActionButton>
            <ActionButton variant="secondary" permission="recordBarMovement" disabled={vaultList.length === 0} onClick={() => setDialog('import')} data-testid="import-list">
              {t('treasury-vault:import')}
            </ActionButton>
            <ActionButton permission="recordBarMovement" disabled={vaultList.length === 0} onClick={() => setDialog('receive')} data-testid="receive-bars">
              {t('treasury-vault:receive')}
            </ActionButton>
          </ActionGroup>
        }
      />
      {bars.data ? <Totals totals={bars.data.totals} /> : null}
      <BarFilters list={list} vaults={vaultList} />
      {canRecord && chosen.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="bar-actions">
          <span className="text-sm text-slate-700">{t('treasury-vault:selected', { count: chosen.length })}</span>
          {ACTIONS.map((a) => (
            <Button key={`${a.kind}${a.status ?? ''}`} size="sm" variant="secondary" disabled={!allowed(a)} onClick={() => setAction(a)}>
              {actionLabel(a)}
            </Button>
          ))}
        </div>
      ) : null}
      <Card className="p-0">
        {bars.isPending ? (
          <SectionSpinner />
        ) : bars.isError ? (
          <p className="p-6 text-sm text-red-600">{t('treasury-vault:loadFailed')}</p>
        ) : (
          <>
            <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600" tabIndex={0} role="region" aria-label={t('sidebar:vault')}>
              <table className="w-full text-left text-sm" data-testid="bar-table">
                <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
                  <tr>
                    {canRecord ? (
                      <th className="w-10 px-3 py-2">
                        <input
                          type="checkbox"
                          aria-label={t('treasury-vault:fields.selectAll')}
                          checked={all}
                          onChange={() => setSelected(all ? new Map() : new Map(rows.map((b) => [b.id, b])))}
                          className="h-4 w-4 accent-amber-600"
                        />
                      </th>
                    ) : null}
                    <th className={TH}>{t('treasury-vault:fields.serial')}</th>
                    <th className={TH}>{t('treasury-vault:fields.refiner')}</th>
                    <th className={TH}>{t('treasury-vault:fields.metal')}</th>
                    <th className={TH}>{t('treasury-vault:fields.vault')}</th>
                    <th className={TH}>{t('treasury-vault:fields.status')}</th>
                    <th className={`${TH} text-right`}>{t('treasury-vault:fields.grossWeight')}</th>
                    <th className={`${TH} text-right`}>{t('treasury-vault:fields.fineness')}</th>
                    <th className={`${TH} text-right`}>{t('treasury-vault:fields.bookWeight')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={9} className="px-4 py-8 text-center text-slate-600">
                        {t('common:list.noData')}
                      </td>
                    </tr>
                  ) : (
                    rows.map((b) => (
                      <tr key={b.id} data-testid="bar-row" data-serial={b.serial} className={selected.has(b.id) ? 'bg-amber-50/60' : undefined}>
                        {canRecord ? (
                          <td className="px-3 py-2">
                            <input
                              type="checkbox"
                              aria-label={t('treasury-vault:fields.select', { serial: b.serial })}
                              checked={selected.has(b.id)}
                              onChange={() => toggle(b)}
                              className="h-4 w-4 accent-amber-600"
                            />
                          </td>
                        ) : null}
                        <td className={`${TD} font-mono`}>
                          <button type="button" className="text-amber-800 hover:underline" aria-label={t('treasury-vault:detail.open', { serial: b.serial })} onClick={() => setDetail(b)}>
                            {b.serial}
                          </button>
                        </td>
                        <td className={TD} translate="no">
                          {b.refiner}
                        </td>
                        <td className={TD}>{b.metal}</td>
                        <td className={TD}>{b.vault?.code ?? '-'}</td>
                        <td className={TD}>
                          <Badge variant={STATUS_BADGE[b.status]}>
                            <span data-testid="bar-status" data-status={b.status}>
                              {t(`treasury-vault:statuses.${b.status}`)}
                            </span>
                          </Badge>
                        </td>
                        <td className={`${TD} text-right tabular-nums`}>{formatNumber(b.grossWeight, 4)}</td>
                        <td className={`${TD} text-right tabular-nums`}>{b.fineness}</td>
                        <td className={`${TD} text-right tabular-nums`}>{formatNumber(b.bookWeight, 4)}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
            </div>
            <Pagination page={list.page} limit={list.limit} total={bars.data.total} onPage={list.setPage} onLimit={list.setLimit} />
          </>
        )}
      </Card>
      <PendingMovements onDecline={setDeclining} />
      <Modal open={dialog === 'vault'} onOpenChange={(open) => !open && setDialog(null)} title={t('treasury-vault:newVault')} testId="vault-dialog">
        {dialog === 'vault' ? <VaultForm onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal open={dialog === 'receive'} onOpenChange={(open) => !open && setDialog(null)} title={t('treasury-vault:receive')} testId="receive-dialog">
        {dialog === 'receive' ? <ReceiveBarForm vaults={vaultList} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal open={dialog === 'import'} onOpenChange={(open) => !open && setDialog(null)} title={t('treasury-vault:import')} testId="import-dialog">
        {dialog === 'import' ? <ImportForm vaults={vaultList} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal open={action !== null} onOpenChange={(open) => !open && setAction(null)} title={action ? actionLabel(action) : ''} testId="movement-dialog">
        {action ? (
          <MovementForm
            movement={{ kind: action.kind, barIds: chosen.map((b) => b.id), ...(action.status ? { status: action.status } : {}) }}
            vaults={vaultList.filter((v) => !chosen.some((b) => b.vault?.id === v.id))}
            onDone={(recorded) => {
              setAction(null);
              if (recorded) setSelected(new Map());
            }}
          />
        ) : null}
      </Modal>
      <Modal open={detail !== null} onOpenChange={(open) => !open && setDetail(null)} title={detail ? t('treasury-vault:detail.title', { serial: detail.serial }) : ''} testId="bar-dialog">
        {detail ? <BarDetailView id={detail.id} /> : null}
      </Modal>
      <Modal open={declining !== null} onOpenChange={(open) => !open && setDeclining(null)} title={declining ? t('treasury-vault:movements.declineTitle', { id: declining.id }) : ''} testId="decline-dialog">
        {declining ? <DeclineForm id={declining.id} onDone={() => setDeclining(null)} /> : null}
      </Modal>
    </div>
  );
}
