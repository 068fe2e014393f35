import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ONBOARDING_CHANNELS, SOURCES_OF_FUNDS, type DueDiligenceRule } from '@aurum/domain/compliance/due-diligence-rules';
import type { DueDiligenceView } from '@aurum/domain/compliance/due-diligence-schemas';
import { ErrorCode } from '@aurum/domain/errors/catalogue';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useWhyNot } from '#shared/access/who-may.tsx';
import { ControlledSelect } from '#shared/form/controlled-select.tsx';
import { errorMessage, isApiError } from '#shared/http/api-error.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Notice } from '#shared/ui/notice.tsx';
import { PageHeader } from '#shared/ui/page-header.tsx';
import { QueryContent } from '#shared/ui/query-content.tsx';
import { SectionSpinner } from '#shared/ui/spinner.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { TitledCard } from '#shared/ui/titled-card.tsx';
import { dueDiligenceQueries } from '../api/due-diligence-queries.ts';
import { useApproveEdd, useSaveDueDiligence, useVerifyDueDiligence } from '../api/due-diligence-writes.ts';
import { bodyOf, emptyPerson, formOf, type FileForm } from './due-diligence-form.ts';
import { PersonFields } from './due-diligence-person-fields.tsx';
import { RiskPanel } from './risk-panel.tsx';

const COMPANY_CATEGORIES = ['jewelleryShop', 'wholesaler', 'manufacturer'];

/**
 * A customer's due diligence file (/compliance/due-diligence/:userId; decision 1102): identity,
 * sources and purpose, expected volume, onboarding, PEP declaration, a company's directors and
 * owners; saved whole, verified by an officer, a high risk's EDD approved by a second.
 */
export function DueDiligenceFilePage() {
  const { t } = useTranslation(['compliance-dd', 'sidebar']);
  const userId = Number(useParams().userId);
  const whyNot = useWhyNot('readCompliance');
  const file = useQuery({ ...dueDiligenceQueries.file(userId), enabled: whyNot === null && Number.isInteger(userId) });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('sidebar:dueDiligence')} subtitle={file.data ? file.data.username : undefined} />
      {whyNot !== null ? (
        <Notice testId="no-permission">{whyNot}</Notice>
      ) : (
        <QueryContent query={file} pending={<SectionSpinner />}>
          {(data) => <FileEditor file={data} />}
        </QueryContent>
      )}
    </div>
  );
}

/** Shows the server's refusal on the field it names (3250 with its rule, 1001 with the validation key); true when it did. */
function showOnField(error: unknown, setError: UseFormSetError<FileForm>, ruleText: (rule: DueDiligenceRule | 'format') => string): boolean {
  if (!isApiError(error) || error.context === null) return false;
  if (error.code !== ErrorCode.DueDiligenceRefused && error.code !== ErrorCode.InvalidFormat) return false;
  const rule = error.code === ErrorCode.InvalidFormat ? 'format' : ((error.detail?.rule ?? 'required') as DueDiligenceRule);
  setError(error.context as keyof FileForm, { message: ruleText(rule) }, { shouldFocus: true });
  return true;
}

function FileEditor({ file }: { file: DueDiligenceView }) {
  const { t } = useTranslation(['compliance-dd', 'common']);
  const toast = useToast();
  const save = useSaveDueDiligence();
  const verify = useVerifyDueDiligence();
  const approve = useApproveEdd();
  const company = COMPANY_CATEGORIES.includes(file.category);
  const { control, register, handleSubmit, reset, setError, getValues, setValue, formState } = useForm<FileForm>({ defaultValues: formOf(file) });
  useEffect(() => reset(formOf(file)), [file, reset]);
  // rows kept in the form's own values: react-hook-form's useFieldArray would add about 1.5 KB to
  // the chunk the sign-in page shares with every form, over its budget
  const directorRows = useWatch({ control, name: 'directors' });
  const ownerRows = useWatch({ control, name: 'owners' });
  const rows = {
    addDirector: () => setValue('directors', [...getValues('directors'), emptyPerson()]),
    removeDirector: (i: number) => setValue('directors', getValues('directors').filter((_, j) => j !== i)),
    addOwner: () => setValue('owners', [...getValues('owners'), { ...emptyPerson(), ownershipPercent: '' }]),
    removeOwner: (i: number) => setValue('owners', getValues('owners').filter((_, j) => j !== i)),
  };
  const errors = formState.errors;
  const failed = (e: unknown) => {
    if (!showOnField(e, setError, (rule) => t(`compliance-dd:rules.${rule}`))) toast.error(t('common:failed'), errorMessage(e));
  };
  const canVerify = file.status === 'submitted' || file.status === 'reviewDue';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={file.status === 'verified' ? 'approved' : 'pending'}>
          <span data-testid="file-status">{t(`compliance-dd:statuses.${file.status}`)}</span>
        </Badge>
        {file.nextReviewOn ? <span className="text-sm text-slate-600">{t('compliance-dd:nextReview', { date: file.nextReviewOn })}</span> : null}
      </div>
      <RiskPanel risk={file.risk} />
      <form
        noValidate
        aria-label={t('compliance-dd:formTitle')}
        className="flex flex-col gap-6"
        onSubmit={handleSubmit((form) => save.mutate({ userId: file.userId, body: bodyOf(form) }, { onSuccess: () => toast.success(t('compliance-dd:toast.saved')), onError: failed }))}
      >
        <TitledCard title={company ? t('compliance-dd:sections.company') : t('compliance-dd:sections.customer')}>
          <PersonFields at="customer" control={control} register={register} errors={errors} company={company} />
        </TitledCard>
        <TitledCard title={t('compliance-dd:sections.profile')}>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label={t('compliance-dd:fields.occupation')} required error={errors.occupation?.message} {...register('occupation')} />
            <ControlledSelect control={control} name="sourceOfFunds" label={t('compliance-dd:fields.sourceOfFunds')} options={SOURCES_OF_FUNDS.map((s) => ({ value: s, label: t(`compliance-dd:sources.${s}`) }))} required />
            <TextField label={t('compliance-dd:fields.sourceOfWealth')} required error={errors.sourceOfWealth?.message} {...register('sourceOfWealth')} />
            <TextField label={t('compliance-dd:fields.purpose')} required error={errors.purpose?.message} {...register('purpose')} />
            <TextField label={t('compliance-dd:fields.expectedMonthlyMyr')} required inputMode="decimal" error={errors.expectedMonthlyMyr?.message} {...register('expectedMonthlyMyr')} />
            <TextField label={t('compliance-dd:fields.expectedMonthlyGrams')} required inputMode="decimal" error={errors.expectedMonthlyGrams?.message} {...register('expectedMonthlyGrams')} />
            <ControlledSelect control={control} name="onboarding" label={t('compliance-dd:fields.onboarding')} options={ONBOARDING_CHANNELS.map((c) => ({ value: c, label: t(`compliance-dd:channels.${c}`) }))} required />
          </div>
        </TitledCard>
        <TitledCard
          title={t('compliance-dd:sections.directors')}
          action={
            <Button type="button" size="sm" variant="secondary" data-testid="add-director" onClick={rows.addDirector}>
              {t('compliance-dd:addDirector')}
            </Button>
          }
        >
          {errors.directors?.message ? <p className="mb-2 text-sm text-red-700">{errors.directors.message}</p> : null}
          {directorRows.map((_, i) => (
            // a row is its place in the list: its values live in the form under directors.i
            <fieldset key={i} className="mb-4 border-t border-slate-200 pt-4" aria-label={t('compliance-dd:directorN', { n: i + 1 })}>
              <PersonFields at={`directors.${i}`} control={control} register={register} errors={errors} />
              <Button type="button" size="sm" variant="secondary" className="mt-2" onClick={() => rows.removeDirector(i)}>
                {t('compliance-dd:remove')}
              </Button>
            </fieldset>
          ))}
        </TitledCard>
        <TitledCard
          title={t('compliance-dd:sections.owners')}
          action={
            <Button type="button" size="sm" variant="secondary" data-testid="add-owner" onClick={rows.addOwner}>
              {t('compliance-dd:addOwner')}
            </Button>
          }
        >
          {ownerRows.map((_, i) => (
            // a row is its place in the list: its values live in the form under owners.i
            <fieldset key={i} className="mb-4 border-t border-slate-200 pt-4" aria-label={t('compliance-dd:ownerN', { n: i + 1 })}>
              <PersonFields at={`owners.${i}`} control={control} register={register} errors={errors} />
              <TextField className="mt-4 max-w-xs" label={t('compliance-dd:fields.ownershipPercent')} required inputMode="decimal" error={errors.owners?.[i]?.ownershipPercent?.message} {...register(`owners.${i}.ownershipPercent`)} />
              <Button type="button" size="sm" variant="secondary" className="mt-2" onClick={() => rows.removeOwner(i)}>
                {t('compliance-dd:remove')}
              </Button>
            </fieldset>
          ))}
        </TitledCard>
        <TitledCard title={t('compliance-dd:sections.decision')}>
          <div className="flex flex-col gap-4">
            <TextField label={t('compliance-dd:fields.eddNote')} hint={t('compliance-dd:hints.eddNote')} error={errors.eddNote?.message} {...register('eddNote')} />
            <ActionGroup align="start">
              <ActionButton type="submit" permission="placeComplianceHold" loading={save.isPending} data-testid="save-file">
                {t('compliance-dd:save')}
              </ActionButton>
              <ActionButton
                type="button"
                variant="secondary"
                permission="placeComplianceHold"
                blocked={canVerify ? null : t('compliance-dd:blocked.verify')}
                loading={verify.isPending}
                data-testid="verify-file"
                onClick={() => {
                  const note = getValues('eddNote').trim();
                  verify.mutate({ userId: file.userId, body: note === '' ? {} : { eddNote: note } }, { onSuccess: (v) => toast.success(t(`compliance-dd:statuses.${v.status}`)), onError: failed });
                }}
              >
                {t('compliance-dd:verify')}
              </ActionButton>
              <ActionButton
                type="button"
                variant="secondary"
                permission="decideComplianceHold"
                blocked={file.status === 'eddPending' ? null : t('compliance-dd:blocked.approve')}
                loading={approve.isPending}
                data-testid="approve-edd"
                onClick={() => approve.mutate(file.userId, { onSuccess: () => toast.success(t('compliance-dd:statuses.verified')), onError: failed })}
              >
                {t('compliance-dd:approve')}
              </ActionButton>
            </ActionGroup>
          </div>
        </TitledCard>
      </form>
    </div>
  );
}
