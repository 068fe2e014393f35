import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { CheckboxField } from './checkbox-field.tsx';
import { Modal } from './modal.tsx';

export interface ReviewLine {
  label: ReactNode;
  value: ReactNode;
  /** Smaller text under the value (what a figure is made of). */
  hint?: ReactNode;
  /** The line the action is about (the total): set apart and in bold. */
  total?: boolean;
  testId?: string;
}

export interface ReviewSection {
  title?: ReactNode;
  lines: readonly ReviewLine[];
}

export interface ReviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  sections: readonly ReviewSection[];
  /** What is out of the ordinary and must be acknowledged before confirming (a price far from the market). */
  warnings?: readonly string[];
  /** The acknowledgement's label; shown with the warnings. */
  acknowledgeLabel?: string;
  /** Why the action cannot run as it stands (shown; confirming is disabled). */
  blocked?: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
}

/**
 * The review before money or metal moves: what will post, line by line, the total set apart, what
 * must be acknowledged, and what stops it. Nothing is sent until Confirm; Confirm waits for the
 * acknowledgement when there are warnings, and is disabled with the reason on the screen when the
 * action cannot run. The acknowledgement starts unticked each time the dialog opens or the warnings
 * change, so a tick never carries over to figures the maker has not seen.
 */
export function ReviewDialog({ open, onOpenChange, title, description, sections, warnings = [], acknowledgeLabel, blocked, confirmLabel, loading = false, onConfirm }: ReviewDialogProps) {
  const { t } = useTranslation('common');
  // the warnings the tick was given for: other warnings (new figures) need a tick of their own
  const [ackFor, setAckFor] = useState<string | null>(null);
  // closed (by Cancel, Escape or the parent once confirmed): the next opening starts unticked
  if (!open && ackFor !== null) setAckFor(null);
  const ticked = ackFor !== null && ackFor === warnings.join('\n');
  const needsAck = warnings.length > 0;
  const ready = !blocked && (!needsAck || ticked);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (loading) return;
        setAckFor(null);
        onOpenChange(next);
      }}
      title={title}
      description={description}
      testId="review-dialog"
      footer={
        <>
          <Button
            variant="secondary"
            disabled={loading}
            onClick={() => {
              setAckFor(null);
              onOpenChange(false);
            }}
          >
            {t('confirm.cancel')}
          </Button>
          <Button loading={loading} disabled={!ready} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <ReviewSections sections={sections} />
        {needsAck ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="review-warnings">
            <ul className="list-disc pl-5 text-sm text-amber-900">
              {warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
            {acknowledgeLabel ? (
              <CheckboxField
                className="mt-3"
                label={acknowledgeLabel}
                checked={ticked}
                disabled={loading}
                onChange={(event) => setAckFor(event.target.checked ? warnings.join('\n') : null)}
              />
            ) : null}
          </div>
        ) : null}
        {blocked ? (
          <p role="alert" className="text-sm font-medium text-red-700" data-testid="review-blocked">
            {blocked}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

/** The lines of a review, in their sections, the total set apart: also inside a dialog that asks for more (a receipt). */
export function ReviewSections({ sections }: { sections: readonly ReviewSection[] }) {
  return (
    <>
      {sections.map((section, s) => (
        <section key={s} className="flex flex-col gap-1">
          {section.title ? <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{section.title}</h3> : null}
          <dl className="flex flex-col">
            {section.lines.map((line, i) => (
              <div key={i} className={`flex flex-wrap items-baseline justify-between gap-x-4 py-1 ${line.total ? 'mt-1 border-t border-slate-200 pt-2 font-semibold' : ''}`}>
                <dt className="text-sm text-slate-600">{line.label}</dt>
                <dd className="text-right text-sm text-slate-900 tabular-nums" data-testid={line.testId}>
                  {line.value}
                  {line.hint ? <span className="block text-xs font-normal text-slate-500">{line.hint}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
