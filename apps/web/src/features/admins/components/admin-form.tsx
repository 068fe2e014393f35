import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '@aurum/domain/access/roles';
import { AdminCreateBody, AdminEditBody } from '@aurum/domain/admins/admin-schemas';
import { NewPasswordForm } from '@aurum/domain/auth/schemas';
import { ACCOUNT_LIMITS, AccountFields } from '#shared/form/account-fields.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { FormActions } from '#shared/form/form-actions.tsx';
import { NewPasswordFields } from '#shared/form/new-password-fields.tsx';
import { duplicateOf, lengthValues } from '#shared/form/server-errors.ts';
import { Card } from '#shared/ui/card.tsx';
import { TextField } from '#shared/ui/text-field.tsx';

/** Create: the body plus the password confirmation; edit: e-mail, names and role. */
const AdminCreateForm = AdminCreateBody.and(NewPasswordForm);

export interface AdminFormValues {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminCreateBody['role'];
  password: string;
  confirmPassword: string;
}

export interface AdminFormProps {
  mode: 'create' | 'edit';
  defaultValues: Partial<AdminFormValues>;
  submitting: boolean;
  submitLabel: string;
  /** Resolves to the failure (or null): duplicates are shown under their field. */
  onSubmit: (values: AdminFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function AdminForm({ mode, defaultValues, submitting, submitLabel, onSubmit, onCancel }: AdminFormProps) {
  const { t } = useTranslation(['admin', 'common']);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminFormValues, unknown, AdminFormValues>({
    resolver: zodResolver(mode === 'create' ? AdminCreateForm : AdminEditBody) as unknown as Resolver<AdminFormValues, unknown, AdminFormValues>,
    mode: 'onTouched',
    defaultValues: { username: '', email: '', firstName: '', lastName: '', role: 'none', password: '', confirmPassword: '', ...defaultValues },
    shouldUnregister: true,
  });
  const err = (name: keyof AdminFormValues) => ({ error: errors[name]?.message, errorValues: lengthValues(errors[name]?.message, ACCOUNT_LIMITS[name] ?? {}) });
  const submit = handleSubmit(async (values) => {
    const duplicate = duplicateOf(await onSubmit(values));
    if (duplicate && duplicate.field !== 'phone') setError(duplicate.field as FieldPath<AdminFormValues>, { type: 'server', message: duplicate.message }, { shouldFocus: true });
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="admin-form">
      <Card>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <AccountFields
            label={(name) => t(`admin:fields.${name}`)}
            field={(name) => ({ ...err(name), ...register(name) })}
            username={mode === 'create' ? undefined : <TextField label={t('admin:fields.username')} value={defaultValues.username ?? ''} readOnly disabled hint={t('admin:hints.username')} />}
          />
          <ControlledSelect control={control} name="role" label={t('admin:fields.role')} required options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
          {mode === 'create' ? (
            <>
              <div className="hidden md:block" />
              <NewPasswordFields strength label={(name) => t(`admin:fields.${name}`)} field={(name) => ({ ...err(name), ...register(name) })} />
            </>
          ) : null}
        </div>
      </Card>
      <FormActions className="flex justify-end gap-2" onCancel={onCancel} pending={submitting} submitLabel={submitLabel} />
    </form>
  );
}
