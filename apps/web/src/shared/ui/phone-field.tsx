import { useId, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldShell, INPUT_CLASSES, inputBorder } from './field.tsx';

export interface PhoneFieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  /** Message keys (validation namespace) of the two parts. */
  countryCodeError?: string;
  numberError?: string;
  errorValues?: { countryCode?: Record<string, string | number>; number?: Record<string, string | number> };
  countryCode: { name: string; value?: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onBlur: (event: FocusEvent<HTMLInputElement>) => void; ref?: Ref<HTMLInputElement> };
  number: { name: string; value?: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; onBlur: (event: FocusEvent<HTMLInputElement>) => void; ref?: Ref<HTMLInputElement> };
  disabled?: boolean;
}

/** Phone (SPEC.md §5): country code up to 3 digits (placeholder 60) and the number up to 15. */
export function PhoneField({ label, required, hint, countryCodeError, numberError, errorValues, countryCode, number, disabled }: PhoneFieldProps) {
  const { t } = useTranslation(['common', 'validation']);
  const id = useId();
  const error = countryCodeError ?? numberError;
  const values = countryCodeError ? { length: 3, ...errorValues?.countryCode } : { length: 15, ...errorValues?.number };
  return (
    <FieldShell label={label} htmlFor={`${id}-number`} required={required} hint={hint} error={error} errorValues={values} errorId={`${id}-error`}>
      <div className="flex gap-2">
        <div className="relative w-24 shrink-0">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
            +
          </span>
          <input
            {...countryCode}
            aria-label={t('phone.countryCode')}
            aria-invalid={countryCodeError ? true : undefined}
            aria-describedby={countryCodeError ? `${id}-error` : undefined}
            inputMode="numeric"
            maxLength={3}
            disabled={disabled}
            className={`${INPUT_CLASSES} pl-6 ${inputBorder(Boolean(countryCodeError))}`}
          />
        </div>
        <input
          {...number}
          id={`${id}-number`}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={numberError ? `${id}-error` : undefined}
          inputMode="tel"
          maxLength={15}
          disabled={disabled}
          className={`${INPUT_CLASSES} ${inputBorder(Boolean(numberError))}`}
        />
      </div>
    </FieldShell>
  );
}
