import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of every auth page: brand and a centred card, no sidebar or top bar. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-amber-50 via-slate-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex items-center justify-center gap-3">
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-lg bg-amber-700 text-sm font-bold text-white shadow">
            Au
          </span>
          <span className="text-lg font-semibold tracking-tight text-slate-800">{t('brand')}</span>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <div className="mt-2 text-sm text-slate-600">{subtitle}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
