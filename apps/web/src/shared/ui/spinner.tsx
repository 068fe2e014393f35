import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'h-5 w-5', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className="inline-flex">
      <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
    </span>
  );
}

/** The whole-page spinner (auth initialising, a page loading); 'Loading' in the current language unless told. */
export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh items-center justify-center text-amber-600" data-testid="page-spinner">
      <Spinner className="h-10 w-10" label={label ?? t('loading')} />
    </div>
  );
}

/** A section's spinner while its data loads; 'Loading' in the current language unless told. */
export function SectionSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-64 items-center justify-center text-amber-600">
      <Spinner className="h-8 w-8" label={label ?? t('loading')} />
    </div>
  );
}
