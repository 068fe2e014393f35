import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HIT_NOTE_MAX, HitNoteBody, type HitView } from '@aurum/domain/compliance/hit-schemas';
import { ActionButton, ActionGroup } from '#shared/access/action-button.tsx';
import { useAdmin } from '#shared/auth/use-auth.ts';
import { lengthValues } from '#shared/form/server-errors.ts';
import { formatDateTime } from '#shared/format/display.ts';
import { errorMessage } from '#shared/http/api-error.ts';
import { DataTable, type Column } from '#shared/list/data-table.tsx';
import { useToast } from '#shared/toast/use-toast.ts';
import { Badge } from '#shared/ui/badge.tsx';
import { Button } from '#shared/ui/button.tsx';
import { Modal } from '#shared/ui/modal.tsx';
import { TextField } from '#shared/ui/text-field.tsx';
import { useHitStep } from '../api/hit-writes.ts';

type NoteStep = 'dismiss' | 'confirm';

/** The matcher's reason kinds (name-score.ts, name-attributes.ts) the screen names; another shows as written. */
const REASON_KINDS = ['exact', 'equivalent', 'variant', 'skeleton', 'phonetic', 'fuzzy', 'initial', 'alias', 'missing-in-candidate', 'missing-in-query', 'title', 'particle', 'document', 'birth-date', 'birth-year', 'nationality'] as const;
type ReasonKind = (typeof REASON_KINDS)[number];
const isReasonKind = (k: string): k is ReasonKind => (REASON_KINDS as readonly string[]).includes(k);

/** The open hits, each explaining itself; propose a dismissal, agree to one, or confirm a match. */
export function HitTable({ hits }: { hits: readonly HitView[] }) {
  const { t } = useTranslation(['compliance-hits', 'common']);
  const toast = useToast();
  const me = useAdmin();
  const step = useHitStep();
  const [writing, setWriting] = useState<{ hit: HitView; step: NoteStep } | null>(null);
  const kindLabel = (kind: string) => {
    const base = kind.replace(/-crossed$/, '');
    const label = isReasonKind(base) ? t(`compliance-hits:kinds.${base}`) : base;
    return base === kind ? label : t('compliance-hits:crossed', { kind: label });
  };
  const columns: Column<HitView>[] = [
    {
      key: 'customer',
      header: t('compliance-hits:fields.customer'),
      wrap: true,
      cell: (h) => (
        <div className="flex flex-col">
          <Link to={`/account/user/${h.userId}`} className="font-medium text-amber-700 hover:underline">
            {h.username}
          </Link>
          <span className="text-xs text-slate-600">{h.subjectName}</span>
        </div>
      ),
    },
    {
      key: 'listed',
      header: t('compliance-hits:fields.listed'),
      wrap: true,
      cell: (h) => (
        <div className="flex flex-col">
          <span className="font-medium">{h.nameMatched}</span>
          <span className="text-xs text-slate-600">{t('compliance-hits:entryOf', { list: h.listCode, reference: h.entryReference, version: h.versionId })}</span>
        </div>
      ),
    },
    {
      key: 'score',
      header: t('compliance-hits:fields.score'),
      cell: (h) => (
        <div className="flex flex-col items-start gap-1">
          <span className="tabular-nums">{h.score}</span>
          <Badge variant={h.outcome === 'hold' ? 'declined' : 'pending'}>{t(`compliance-hits:outcomes.${h.outcome}`)}</Badge>
        </div>
      ),
    },
    {
      key: 'reasons',
      header: t('compliance-hits:fields.reasons'),
      wrap: true,
      className: 'min-w-64',
      cell: (h) => (
        <ul className="text-xs text-slate-700" data-testid={`reasons-${h.id}`}>
          {h.reasons.map((r, i) => (
            <li key={i}>{t('compliance-hits:reason', { kind: kindLabel(r.kind), query: r.query || '—', candidate: r.candidate || '—', score: r.score })}</li>
          ))}
        </ul>
      ),
    },
    { key: 'found', header: t('compliance-hits:fields.found'), cell: (h) => formatDateTime(h.foundAt) },
    {
      key: 'actions',
      header: t('compliance-hits:fields.actions'),
      wrap: true,
      className: 'min-w-72',
      cell: (h) => {
        const pending = h.proposal !== null;
        return (
          <div className="flex flex-col gap-1">
            {h.proposal ? <p className="text-xs text-slate-700">{t('compliance-hits:proposalOf', { by: h.proposal.by, note: h.proposal.note })}</p> : null}
            <ActionGroup align="start">
              <ActionButton size="sm" variant="secondary" permission="placeComplianceHold" blocked={pending ? t('compliance-hits:blocked.pending') : null} data-testid={`dismiss-${h.id}`} onClick={() => setWriting({ hit: h, step: 'dismiss' })}>
                {t('compliance-hits:dismiss')}
              </ActionButton>
              <ActionButton
                size="sm"
                permission="decideComplianceHold"
                blocked={!pending ? t('compliance-hits:blocked.nothingPending') : h.proposal?.by === me?.username ? t('compliance-hits:blocked.ownProposal') : null}
                loading={step.isPending && step.variables.id === h.id && step.variables.step === 'agree'}
                data-testid={`agree-${h.id}`}
                onClick={() =>
                  step.mutate(
                    { id: h.id, step: 'agree' },
                    { onSuccess: () => toast.success(t('compliance-hits:toast.dismissed', { username: h.username })), onError: (e) => toast.error(t('common:failed'), errorMessage(e)) },
                  )
                }
              >
                {t('compliance-hits:agree')}
              </ActionButton>
              <ActionButton size="sm" variant="secondary" permission="placeComplianceHold" data-testid={`confirm-${h.id}`} onClick={() => setWriting({ hit: h, step: 'confirm' })}>
                {t('compliance-hits:confirm')}
              </ActionButton>
            </ActionGroup>
          </div>
        );
      },
    },
  ];
  return (
    <>
      <DataTable label={t('compliance-hits:listLabel')} testId="hits-table" columns={columns} rows={hits} rowKey={(h) => h.id} />
      <Modal open={writing !== null} onOpenChange={(open) => !open && setWriting(null)} title={writing ? t(`compliance-hits:${writing.step}Title`, { username: writing.hit.username }) : ''} testId="hit-dialog">
        {writing ? <NoteForm hit={writing.hit} step={writing.step} onDone={() => setWriting(null)} /> : null}
      </Modal>
    </>
  );
}

function NoteForm({ hit, step, onDone }: { hit: HitView; step: NoteStep; onDone: () => void }) {
  const { t } = useTranslation(['compliance-hits', 'common']);
  const toast = useToast();
  const write = useHitStep();
  const { register, handleSubmit, formState } = useForm<HitNoteBody>({ resolver: zodResolver(HitNoteBody), defaultValues: { note: '' } });
  const error = formState.errors.note?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={handleSubmit(({ note }) =>
        write.mutate(
          { id: hit.id, step, note },
          {
            onSuccess: () => {
              toast.success(t(`compliance-hits:toast.${step}`));
              onDone();
            },
            onError: (e) => toast.error(t('common:failed'), errorMessage(e)),
          },
        ),
      )}
    >
      <p className="text-sm text-slate-700">{t(`compliance-hits:${step}Explain`)}</p>
      <TextField label={t('compliance-hits:note')} required autoFocus error={error} errorValues={lengthValues(error, { max: HIT_NOTE_MAX, min: 1 })} {...register('note')} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={write.isPending}>
          {t('common:confirm.cancel')}
        </Button>
        <Button type="submit" loading={write.isPending} data-testid="hit-submit">
          {t(`compliance-hits:${step}`)}
        </Button>
      </div>
    </form>
  );
}
