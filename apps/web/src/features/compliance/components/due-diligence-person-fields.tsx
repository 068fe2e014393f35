import { useMemo } from 'react';
import { Controller, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ISO_COUNTRIES } from '@aurum/domain/compliance/countries';
import { PEP_RELATIONS } from '@aurum/domain/compliance/due-diligence-rules';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { CheckboxField } from '#shared/ui/checkbox-field.tsx';
import { DateField } from '#shared/ui/date-field.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import type { FileForm } from './due-diligence-form.ts';

export type PersonPath = 'customer' | `directors.${number}` | `owners.${number}`;

/** The countries by name in the console's language (Intl names them: no list of names is kept). */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return ISO_COUNTRIES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort((a, b) => a.label.localeCompare(b.label));
  }, [i18n.language]);
}

/** The message of a field the server refused: its rule's text, or the validation key it sent. */
function errorAt(errors: FieldErrors<FileForm>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** One person of the file: name as written, identity document, birth date, nationality and residence, PEP declaration. */
export function PersonFields({ at, control, register, errors, company = false }: { at: PersonPath; control: Control<FileForm>; register: UseFormRegister<FileForm>; errors: FieldErrors<FileForm>; company?: boolean }) {
  const { t } = useTranslation('compliance-dd');
  const countries = useCountryOptions();
  const kind = useWatch({ control, name: `${at}.document.kind` });
  const pepDeclared = useWatch({ control, name: `${at}.pepDeclared` });
  const e = (field: string) => errorAt(errors, `${at}.${field}`);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <TextField label={company ? t('fields.companyName') : t('fields.fullName')} required error={e('fullName')} {...register(`${at}.fullName`)} />
      <ControlledSelect
        control={control}
        name={`${at}.document.kind`}
        label={t('fields.documentKind')}
        options={[{ value: '', label: t('documents.none') }, { value: 'mykad', label: t('documents.mykad') }, { value: 'passport', label: t('documents.passport') }]}
      />
      <TextField label={t('fields.documentNumber')} hint={kind === 'mykad' ? t('hints.mykad') : undefined} error={e('document.number')} {...register(`${at}.document.number`)} />
      {kind === 'passport' ? <ControlledSelect control={control} name={`${at}.document.country`} label={t('fields.documentCountry')} options={countries} required /> : null}
      {e('document.country') ? <p className="text-sm text-red-700">{e('document.country')}</p> : null}
      <Controller
        control={control}
        name={`${at}.birthDate`}
        render={({ field }) => <DateField label={company ? t('fields.incorporatedOn') : t('fields.birthDate')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={e('birthDate')} />}
      />
      <ControlledSelect control={control} name={`${at}.nationality`} label={company ? t('fields.incorporatedIn') : t('fields.nationality')} options={countries} required />
      <ControlledSelect control={control} name={`${at}.residence`} label={t('fields.residence')} options={countries} required />
      {e('nationality') || e('residence') ? <p className="text-sm text-red-700">{e('nationality') ?? e('residence')}</p> : null}
      {company ? null : (
        <div className="md:col-span-2">
          <CheckboxField label={t('fields.pepDeclared')} {...register(`${at}.pepDeclared`)} />
        </div>
      )}
      {pepDeclared && !company ? (
        <>
          <ControlledSelect control={control} name={`${at}.pep.relation`} label={t('fields.pepRelation')} options={PEP_RELATIONS.map((r) => ({ value: r, label: t(`pepRelations.${r}`) }))} required />
          <TextField label={t('fields.pepRole')} required error={e('pep.role')} {...register(`${at}.pep.role`)} />
          <ControlledSelect control={control} name={`${at}.pep.country`} label={t('fields.pepCountry')} options={countries} required />
          <Controller control={control} name={`${at}.pep.from`} render={({ field }) => <DateField label={t('fields.pepFrom')} required value={field.value} onChange={field.onChange} error={e('pep.from')} />} />
          <Controller control={control} name={`${at}.pep.to`} render={({ field }) => <DateField label={t('fields.pepTo')} value={field.value} onChange={field.onChange} error={e('pep.to')} />} />
        </>
      ) : null}
    </div>
  );
}
