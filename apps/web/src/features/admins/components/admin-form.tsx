import { useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES } from '@aurum/domain/access/roles';
import { AdminCreateBody, AdminEditBody } from '@aurum/domain/admins/admin-schemas';
import { NewPasswordForm } from '@aurum/domain/auth/schemas';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@aurum/domain/validation/rules';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { duplicateOf, lengthValues } from '#shared/form/server-errors.ts';
import { Button } from '#shared/ui/button.tsx';
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

const LIMITS: Record<string, { min?: number; max?: number }> = {
  username: { max: USERNAME_MAX_LENGTH },
  email: { max: 254 },
  firstName: { max: 100 },
  lastName: { max: 100 },
  password: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
};

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
    mode: 'onBlur',
    defaultValues: { username: '', email: '', firstName: '', lastName: '', role: 'none', password: '', confirmPassword: '', ...defaultValues },
    shouldUnregister: true,
  });
  const err = (name: keyof AdminFormValues) => ({ error: errors[name]?.message, errorValues: lengthValues(errors[name]?.message, LIMITS[name] ?? {}) });
  const submit = handleSubmit(async (values) => {
    const duplicate = duplicateOf(await onSubmit(values));
    if (duplicate && duplicate.field !== 'phone') setError(duplicate.field as FieldPath<AdminFormValues>, { type: 'server', message: duplicate.message }, { shouldFocus: true });
  });
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="admin-form">
      <Card>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {mode === 'create' ? (
            <TextField label={t('admin:fields.username')} required autoComplete="off" {...err('username')} {...register('username')} />
          ) : (
            <TextField label={t('admin:fields.username')} value={defaultValues.username ?? ''} readOnly disabled hint={t('admin:hints.username')} />
          )}
          <TextField label={t('admin:fields.email')} type="email" required autoComplete="off" {...err('email')} {...register('email')} />
          <TextField label={t('admin:fields.firstName')} required {...err('firstName')} {...register('firstName')} />
          <TextField label={t('admin:fields.lastName')} required {...err('lastName')} {...register('lastName')} />
          <ControlledSelect control={control} name="role" label={t('admin:fields.role')} required options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) }))} />
          {mode === 'create' ? (
            <>
              <div className="hidden md:block" />
              <TextField
                label={t('admin:fields.password')}
                type="password"
                autoComplete="new-password"
                required
                hint={t('common:password.rule', { min: PASSWORD_MIN_LENGTH })}
                {...err('password')}
                {...register('password')}
              />
              <TextField label={t('admin:fields.confirmPassword')} type="password" autoComplete="new-password" required {...err('confirmPassword')} {...register('confirmPassword')} />
            </>
          ) : null}
        </div>
      </Card>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t('common:confirm.cancel')}
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
