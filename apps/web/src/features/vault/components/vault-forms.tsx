import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { TREASURY_METALS } from '@aurum/domain/treasury/treasury-metals';
import { BarFields, MovementDeclineBody, VaultCreateBody, type VaultView } from '@aurum/domain/vault/vault-schemas';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { FormActions } from '#shared/form/form-actions.tsx';
import { Select } from '#shared/ui/select.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useCreateVault } from '../api/create-vault.ts';
import { useRecordReceive } from '../api/record-receive.ts';
import { useRecordMovement, type MovementInput } from '../api/record-movement.ts';
import { useDeclineMovement } from '../api/decline-movement.ts';

/** The server refused a field: 1001 with the field path as context (bars.0.serial: the bar is held already). */
function fieldOf(error: unknown): string | null {
  return isApiError(error) && error.code === ErrorCode.InvalidFormat ? error.context : null;
}

export function VaultForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const create = useCreateVault();
  const { register, handleSubmit, setError, formState } = useForm<z.input<typeof VaultCreateBody>>({
    resolver: zodResolver(VaultCreateBody),
    mode: 'onTouched',
    defaultValues: { code: '', name: '', custodian: '' },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) =>
        create.mutate(VaultCreateBody.parse(body), {
          onSuccess: () => {
            toast.success(t('treasury-vault:toast.vaultCreated'));
            onDone();
          },
          onError: (error) => {
            if (fieldOf(error) === 'code') setError('code', { message: t('treasury-vault:errors.codeTaken') }, { shouldFocus: true });
            else toast.error(t('common:failed'), errorMessage(error));
          },
        }),
      )}
    >
      <TextField label={t('treasury-vault:fields.code')} hint={t('treasury-vault:fields.codeHint')} required autoFocus error={errors.code?.message} {...register('code')} />
      <TextField label={t('treasury-vault:fields.name')} required error={errors.name?.message} errorValues={{ length: 100 }} {...register('name')} />
      <TextField label={t('treasury-vault:fields.custodian')} required error={errors.custodian?.message} errorValues={{ length: 100 }} {...register('custodian')} />
      <FormActions className="mt-2 flex justify-end gap-2" onCancel={onDone} pending={create.isPending} submitLabel={t('common:save')} />
    </form>
  );
}

const RequestNumber = z.string().regex(/^\d{0,15}$/, { error: 'invalidNumber' }).optional();
const ReceiveForm = BarFields.extend({ vaultId: z.string().min(1, { error: 'required' }), note: z.string().max(1000, { error: 'maxLength' }).optional(), requestId: RequestNumber });
type ReceiveFormInput = z.input<typeof ReceiveForm>;

/** Receive one bar into a vault (pending until another admin approves); a list of bars comes in through the weight-list import. */
export function ReceiveBarForm({ vaults, onDone }: { vaults: readonly VaultView[]; onDone: () => void }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const receive = useRecordReceive();
  const { register, control, handleSubmit, setError, formState } = useForm<ReceiveFormInput>({
    resolver: zodResolver(ReceiveForm),
    mode: 'onTouched',
    defaultValues: { vaultId: vaults.length === 1 ? String(vaults[0]!.id) : '', serial: '', refiner: '', metal: 'XAU', form: 'bar', grossWeight: '', fineness: '', year: '', note: '', requestId: '' },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      data-testid="receive-form"
      onSubmit={handleSubmit((input) => {
        const { vaultId, note, requestId, ...bar } = input;
        receive.mutate(
          { vaultId: Number(vaultId), bars: [bar], ...(note ? { note } : {}), ...(requestId ? { requestId: Number(requestId) } : {}) },
          {
            onSuccess: () => {
              toast.success(t('treasury-vault:toast.recorded'));
              onDone();
            },
            onError: (error) => {
              const field = fieldOf(error);
              if (field === 'bars.0.serial') setError('serial', { message: t('treasury-vault:errors.serialHeld') }, { shouldFocus: true });
              else if (isApiError(error) && error.context === 'requestId') setError('requestId', { message: t('treasury-vault:errors.requestId') }, { shouldFocus: true });
              else toast.error(t('common:failed'), errorMessage(error));
            },
          },
        );
      })}
    >
      <Controller
        control={control}
        name="vaultId"
        render={({ field }) => (
          <Select
            label={t('treasury-vault:fields.vault')}
            required
            options={vaults.map((v) => ({ value: String(v.id), label: `${v.code} · ${v.name}` }))}
            value={field.value || null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.vaultId?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="metal"
        render={({ field }) => (
          <Select
            label={t('treasury-vault:fields.metal')}
            required
            options={TREASURY_METALS.map((m) => ({ value: m, label: t(`treasury-vault:metals.${m}`) }))}
            value={typeof field.value === 'string' ? field.value : null}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <TextField label={t('treasury-vault:fields.serial')} required error={errors.serial?.message} errorValues={{ length: 40 }} {...register('serial')} />
      <TextField label={t('treasury-vault:fields.refiner')} required error={errors.refiner?.message} errorValues={{ length: 100 }} {...register('refiner')} />
      <TextField label={t('treasury-vault:fields.grossWeight')} required inputMode="decimal" error={errors.grossWeight?.message} errorValues={{ count: 4 }} {...register('grossWeight')} />
      <TextField
        label={t('treasury-vault:fields.fineness')}
        required
        inputMode="decimal"
        hint={t('treasury-vault:fields.finenessHint')}
        error={errors.fineness?.message}
        errorValues={{ count: 3, compared: '1000' }}
        {...register('fineness')}
      />
      <TextField label={t('treasury-vault:fields.year')} inputMode="numeric" error={errors.year ? 'invalidNumber' : undefined} {...register('year')} />
      <TextField label={t('treasury-vault:fields.form')} error={errors.form?.message} errorValues={{ length: 40 }} {...register('form')} />
      <TextField label={t('treasury-vault:fields.requestId')} hint={t('treasury-vault:fields.requestIdHint')} inputMode="numeric" error={errors.requestId?.message} {...register('requestId')} />
      <TextField label={t('treasury-vault:fields.note')} error={errors.note?.message} errorValues={{ length: 1000 }} {...register('note')} />
      <FormActions className="mt-2 flex justify-end gap-2 sm:col-span-2" onCancel={onDone} pending={receive.isPending} submitLabel={t('treasury-vault:receive')} />
    </form>
  );
}

/** A movement of the selected bars: release, dispatch (with its destination), arrive, or a status change. */
export function MovementForm({
  movement,
  vaults,
  onDone,
}: {
  movement: Omit<MovementInput, 'note' | 'vaultId'>;
  vaults: readonly VaultView[];
  onDone: (recorded: boolean) => void;
}) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const record = useRecordMovement();
  const [note, setNote] = useState('');
  const [vaultId, setVaultId] = useState<string | null>(null);
  const [requestId, setRequestId] = useState('');
  const needsVault = movement.kind === 'dispatch';
  const requestOk = /^\d{0,15}$/.test(requestId.trim());
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate(
          {
            ...movement,
            ...(needsVault && vaultId ? { vaultId: Number(vaultId) } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
            ...(movement.kind === 'release' && requestId.trim() ? { requestId: Number(requestId.trim()) } : {}),
          },
          {
            onSuccess: () => {
              toast.success(t('treasury-vault:toast.recorded'));
              onDone(true);
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        );
      }}
    >
      <p className="text-sm text-slate-600">{t('treasury-vault:selected', { count: movement.barIds.length })}</p>
      {needsVault ? (
        <Select
          label={t('treasury-vault:actions.destination')}
          required
          options={vaults.map((v) => ({ value: String(v.id), label: `${v.code} · ${v.name}` }))}
          value={vaultId}
          onChange={setVaultId}
        />
      ) : null}
      {movement.kind === 'release' ? (
        <TextField
          label={t('treasury-vault:fields.requestId')}
          hint={t('treasury-vault:fields.releaseRequestHint')}
          inputMode="numeric"
          value={requestId}
          error={requestOk ? undefined : 'invalidNumber'}
          onChange={(e) => setRequestId(e.target.value)}
        />
      ) : null}
      <TextField label={t('treasury-vault:fields.note')} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <FormActions className="mt-2 flex justify-end gap-2" onCancel={() => onDone(false)} pending={record.isPending} disabled={(needsVault && !vaultId) || !requestOk} submitLabel={t('common:save')} />
    </form>
  );
}

export function DeclineForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation(['treasury-vault', 'common']);
  const toast = useToast();
  const decline = useDeclineMovement();
  const { register, handleSubmit, formState } = useForm<z.input<typeof MovementDeclineBody>>({ resolver: zodResolver(MovementDeclineBody), defaultValues: { reason: '' } });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit((body) =>
        decline.mutate(
          { id, reason: String(body.reason) },
          {
            onSuccess: () => {
              toast.success(t('treasury-vault:toast.declined'));
              onDone();
            },
            onError: (error) => toast.error(t('common:failed'), errorMessage(error)),
          },
        ),
      )}
    >
      <TextField label={t('treasury-vault:movements.reason')} required autoFocus error={formState.errors.reason?.message} errorValues={{ length: 1000 }} {...register('reason')} />
      <FormActions className="mt-2 flex justify-end gap-2" onCancel={onDone} pending={decline.isPending} variant="danger" submitLabel={t('treasury-vault:movements.decline')} />
    </form>
  );
}
