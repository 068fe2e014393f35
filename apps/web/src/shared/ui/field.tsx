import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldShellProps {
  label: string;
  /** id of the control the label names (for inputs); omit for groups. */
  htmlFor?: string;
  labelId?: string;
  required?: boolean;
  hint?: string;
  /** id of the hint, for the control's aria-describedby. */
  hintId?: string;
  /** A validation message key (validation namespace) or a ready text. */
  error?: string;
  errorValues?: Record<string, string | number>;
  errorId?: string;
  className?: string;
  children: ReactNode;
}

/** Label with required asterisk, the control, a hint and the rule message below (SPEC.md §5). */
export function FieldShell({ label, htmlFor, labelId, required, hint, hintId, error, errorValues, errorId, className = '', children }: FieldShellProps) {
  const { t } = useTranslation(['validation', 'common']);
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline gap-0.5">
        <label id={labelId} htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-600">
          {t(`validation:${error}`, { defaultValue: error, ...errorValues })}
        </p>
      ) : null}
    </div>
  );
}

export const INPUT_CLASSES =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';

export function inputBorder(invalid: boolean): string {
  return invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-amber-500 focus:ring-amber-200';
}
