import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation(['validation', 'common']);
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        ) : null}
      </div>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={isPassword && revealed ? 'text' : type}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
            error ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-amber-500 focus:ring-amber-200'
          } ${isPassword ? 'pr-16' : ''}`}
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
            {revealed ? t('common:hide') : t('common:show')}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {t(`validation:${error}`, { defaultValue: error, ...errorValues })}
        </p>
      ) : null}
    </div>
  );
}
