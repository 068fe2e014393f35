import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#shared/http/api-error.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { deviceLabel } from '#shared/format/device.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { ADMIN_ROLES, type AdminRole } from '@aurum/domain/access/roles';
import { useCan } from '#shared/access/use-can.ts';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { securityQueries, useConfirmEnrolment, useSaveSecondFactorRoles, useSecondFactorRoles, useEndSession, useOwnSessions, useSecondFactorStatus, useStartEnrolment } from '../api/security-calls.ts';
import { QrCode } from './qr-code.tsx';

/** Security (/account/security): the second factor (enrol with a QR code, recovery codes shown once) and the admin's sessions (decision 0224). */
export function SecurityPage() {
  const { t } = useTranslation('security');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('title')} />
      <SecondFactorCard />
      <SessionsCard />
      <RequiredRolesCard />
    </div>
  );
}

function SecondFactorCard() {
  const { t } = useTranslation(['security', 'common']);
  const status = useSecondFactorStatus();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const client = useQueryClient();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <TitledCard title={t('security:secondFactor.title')}>
        <p className="text-sm text-slate-700">{t('security:secondFactor.recoveryIntro')}</p>
        <ol data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <Button className="mt-4" onClick={() => setCodes(null)}>
          {t('security:secondFactor.savedCodes')}
        </Button>
      </TitledCard>
    );
  }

  const data = status.data;
  return (
    <TitledCard title={t('security:secondFactor.title')}>
      {data?.required && !data.enrolled ? <Notice testId="second-factor-required">{t('security:secondFactor.required')}</Notice> : null}
      {data?.enrolled ? (
        <p className="text-sm text-slate-700" data-testid="second-factor-enrolled">
          <Badge variant="approved">{t('security:secondFactor.on')}</Badge>{' '}
          {t('security:secondFactor.codesLeft', { count: data.recoveryCodesLeft })}
        </p>
      ) : start.data ? (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(code.trim(), {
              onSuccess: (answer) => {
                setCodes(answer.recoveryCodes);
                void client.invalidateQueries({ queryKey: securityQueries.all });
                toast.success(t('security:secondFactor.enrolled'));
              },
              onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
            });
          }}
        >
          <p className="text-sm text-slate-700">{t('security:secondFactor.scan')}</p>
          <QrCode text={start.data.uri} label={t('security:secondFactor.qr')} />
          <p className="text-sm text-slate-700">
            {t('security:secondFactor.orType')} <code data-testid="totp-secret" className="font-mono break-all">{start.data.secret}</code>
          </p>
          <TextField label={t('security:secondFactor.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} required value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit" disabled={confirm.isPending}>
            {t('security:secondFactor.confirm')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-700">{t('security:secondFactor.off')}</p>
          <Button
            disabled={start.isPending || !data}
            onClick={() => start.mutate(undefined, { onError: (error) => toast.error(t('common:failed'), errorMessage(error)) })}
          >
            {t('security:secondFactor.setUp')}
          </Button>
        </div>
      )}
    </TitledCard>
  );
}

function SessionsCard() {
  const { t } = useTranslation(['security', 'common', 'shell']);
  const sessions = useOwnSessions();
  const end = useEndSession();
  const toast = useToast();
  return (
    <TitledCard title={t('security:sessions.title')}>
      {/* at 390 px the table scrolls inside its own frame, not the page */}
      <div tabIndex={0} className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-amber-600">
        <table className="w-full text-left text-sm" data-testid="sessions-table">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th className="py-2">{t('security:sessions.device')}</th>
              <th className="py-2">{t('security:sessions.ip')}</th>
              <th className="py-2">{t('security:sessions.started')}</th>
              <th className="py-2">{t('security:sessions.lastSeen')}</th>
              <th className="py-2">
                <span className="sr-only">{t('security:sessions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(sessions.data?.items ?? []).map((s) => (
              <tr key={s.id} className="border-t border-slate-100" data-session-id={s.id}>
                <td className="py-2">
                  {s.device ? deviceLabel(t, s.device) : t('security:sessions.unknownDevice')} {s.current ? <Badge variant="approved">{t('security:sessions.current')}</Badge> : null}
                </td>
                <td className="py-2">{s.ip ?? '-'}</td>
                <td className="py-2">{formatDateTime(s.startedAt)}</td>
                <td className="py-2">{formatDateTime(s.lastSeenAt)}</td>
                <td className="py-2 text-right">
                  {s.current ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={end.isPending}
                      aria-label={t('security:sessions.endOne', { device: s.device ? deviceLabel(t, s.device) : s.id })}
                      onClick={() =>
                        end.mutate(s.id, {
                          onSuccess: () => toast.success(t('security:sessions.ended')),
                          onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
                        })
                      }
                    >
                      {t('security:sessions.end')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TitledCard>
  );
}

/** A superAdmin's setting: the roles whose admins must have a second factor. */
function RequiredRolesCard() {
  const { t } = useTranslation(['security', 'common']);
  const can = useCan('requireSecondFactor');
  const roles = useSecondFactorRoles(can);
  const save = useSaveSecondFactorRoles();
  const toast = useToast();
  const [picked, setPicked] = useState<AdminRole[] | null>(null);
  if (!can || !roles.data) return null;
  const chosen = picked ?? roles.data.roles;
  return (
    <TitledCard title={t('security:roles.title')}>
      <p className="mb-3 text-sm text-slate-600">{t('security:roles.hint')}</p>
      <div className="flex flex-wrap gap-4" data-testid="second-factor-roles">
        {ADMIN_ROLES.map((role) => (
          <CheckboxField
            key={role}
            label={t(`common:roles.${role}`)}
            checked={chosen.includes(role)}
            onChange={(event) => setPicked(event.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role))}
          />
        ))}
      </div>
      <Button
        className="mt-4"
        disabled={save.isPending}
        onClick={() =>
          save.mutate(chosen, {
            onSuccess: () => {
              setPicked(null);
              toast.success(t('security:roles.saved'));
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          })
        }
      >
        {t('security:roles.save')}
      </Button>
    </TitledCard>
  );
}
