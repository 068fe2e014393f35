import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, INPUT_CLASSES, inputBorder } from './field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A validation message key (validation namespace) or a ready text. */
  error?: string;
  /** Values for the message (e.g. { length: 8 }). */
  errorValues?: Record<string, string | number>;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input (SPEC.md §2 common fields): required asterisk, hint, the rule message
 * below the field, and a show/hide toggle for passwords.
 */
export function TextField({ label, error, errorValues, hint, type = 'text', required, className = '', ref, ...rest }: TextFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldShell
      label={label}
      htmlFor={id}
      required={required}
      hint={hint}
      hintId={`${id}-hint`}
      error={error}
      errorValues={errorValues}
      errorId={`${id}-error`}
      className={className}
    >
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${INPUT_CLASSES} ${inputBorder(Boolean(error))} ${isPassword ? 'pr-16' : ''}`}
          {...rest}
        />
        {isPassword ? (
          <button
            type="button"
            onClick={() => setRevealed((v) => !v)}
            aria-controls={id}
            aria-pressed={revealed}
            className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-amber-600"
          >
            {revealed ? t('hide') : t('show')}
          </button>
        ) : null}
      </div>
    </FieldShell>
  );
}
