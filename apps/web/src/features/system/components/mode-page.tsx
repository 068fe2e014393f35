import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@aurum/domain/access/permissions';
import { AUTO_SETTLE_REENABLES } from '@aurum/domain/system/market-status';
import { useCanCheck } from '#shared/access/use-can.ts';
import { BlockedReason, useWhyNot } from '#shared/access/who-may.tsx';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Card } from '#shared/ui/card.tsx';
import { ConfirmDialog } from '#shared/ui/confirm-dialog.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { useModes } from '../api/get-modes.ts';
import { useSetMode, type ModeName } from '../api/set-mode.ts';

const MODES: ReadonlyArray<{ mode: ModeName; on: Permission; off: Permission }> = [
  { mode: 'panic', on: 'activatePanic', off: 'deactivatePanic' },
  { mode: 'tradingPeriod', on: 'activateTradingPeriod', off: 'deactivateTradingPeriod' },
  { mode: 'autoSettle', on: 'setAutoSettle', off: 'setAutoSettle' },
];

const pad = (n: number) => String(n).padStart(2, '0');
const REENABLE_TIME = `${pad(AUTO_SETTLE_REENABLES.hour)}:${pad(AUTO_SETTLE_REENABLES.minute)}`;

function Switch({ checked, disabled, label, onClick, testId, describedBy }: { checked: boolean; disabled: boolean; label: string; onClick: () => void; testId: string; describedBy?: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:opacity-50 ${
        checked ? 'bg-amber-600' : 'bg-slate-300'
      }`}
    >
      <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  );
}

/**
 * Trade Mode (/system/mode/): panic, trading period and auto settle, each ON or OFF (SPEC.md §4),
 * switched after a confirm dialog, with a success toast. A switch is disabled for an admin
 * without the permission of that change.
 */
export function ModePage() {
  const { t } = useTranslation(['system', 'sidebar', 'common']);
  const can = useCanCheck();
  const toast = useToast();
  const modes = useModes();
  const setMode = useSetMode();
  const [asking, setAsking] = useState<{ mode: ModeName; enabled: boolean } | null>(null);
  const data = modes.data;
  const enabledOf = (mode: ModeName) => (data ? (mode === 'panic' ? data.panicMode : mode === 'tradingPeriod' ? data.tradingPeriodMode : data.autoSettleConfig.enabled) : false);

  const confirm = () => {
    if (!asking) return;
    setMode.mutate(asking, {
      onSuccess: () => {
        toast.success(t(`system:mode.toast.${asking.enabled ? 'on' : 'off'}`, { mode: t(`system:mode.${asking.mode}.name`) }));
        setAsking(null);
      },
      onError: (error) => {
        toast.error(t('common:failed'), errorMessage(error));
        setAsking(null);
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:mode')} subtitle={t('system:mode.subtitle')} />
      {!data ? (
        modes.isError ? (
          <Card>
            <p className="text-sm text-red-600">{t('system:loadFailed')}</p>
          </Card>
        ) : (
          <SectionSpinner />
        )
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {MODES.map(({ mode, on, off }) => {
            const enabled = enabledOf(mode);
            const allowed = can(enabled ? off : on);
            return (
              <Card key={mode} className="flex flex-col gap-3">
                <div className="flex items-start justify-between gap-3" data-testid={`mode-${mode}`}>
                  <div>
                    <h2 className="text-base font-semibold text-slate-900">{t(`system:mode.${mode}.name`)}</h2>
                    <Badge variant={enabled ? (mode === 'panic' ? 'declined' : 'approved') : 'gray'} className="mt-1">
                      <span data-testid={`mode-${mode}-state`}>{enabled ? t('system:mode.on') : t('system:mode.off')}</span>
                    </Badge>
                  </div>
                  <Switch
                    checked={enabled}
                    disabled={!allowed || setMode.isPending}
                    label={t(`system:mode.${mode}.name`)}
                    testId={`switch-${mode}`}
                    describedBy={allowed ? undefined : `mode-${mode}-blocked`}
                    onClick={() => setAsking({ mode, enabled: !enabled })}
                  />
                </div>
                {/* what the switch means now, in words: "Auto settle mode OFF" means settlement runs */}
                <p className="text-sm font-medium text-slate-800" data-testid={`mode-${mode}-now`}>
                  {t(`system:mode.${mode}.${enabled ? 'nowOn' : 'nowOff'}`)}
                </p>
                <p className="text-sm text-slate-600">{t(`system:mode.${mode}.description`)}</p>
                {mode === 'autoSettle' ? (
                  <p className="rounded-md bg-sky-50 px-3 py-2 text-xs text-sky-900" data-testid="auto-settle-info">
                    {enabled && data.autoSettleConfig.reenableAt
                      ? t('system:mode.autoSettle.reenablesAt', { at: formatDateTime(data.autoSettleConfig.reenableAt) })
                      : t('system:mode.autoSettle.reenables', { time: REENABLE_TIME })}
                  </p>
                ) : null}
                {!allowed ? <ModeBlocked permission={enabled ? off : on} id={`mode-${mode}-blocked`} /> : null}
              </Card>
            );
          })}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`system:mode.confirm.${asking.enabled ? 'onTitle' : 'offTitle'}`, { mode: t(`system:mode.${asking.mode}.name`) }) : ''}
        message={asking ? t(`system:mode.${asking.mode}.${asking.enabled ? 'onEffect' : 'offEffect'}`) : undefined}
        confirmLabel={asking ? t(`system:mode.confirm.${asking.enabled ? 'on' : 'off'}`) : undefined}
        danger={asking?.mode === 'panic' && asking.enabled}
        loading={setMode.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}

/** Why a switch is off for this admin, naming the roles that may turn it; the switch points at it. */
function ModeBlocked({ permission, id }: { permission: Permission; id: string }) {
  return <BlockedReason reason={useWhyNot(permission)} testId="mode-blocked" id={id} />;
}
