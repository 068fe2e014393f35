import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * What the shell shows under every page's title (the saved views of a list): given by the shell, so
 * that the page's title comes first and the views belong to it, not float above it.
 */
export const UnderPageTitle = createContext<ReactNode>(null);

/** A page's h1 with an optional back link ('from' or a fixed path) and actions on the right; what the shell gives under it. */
export function PageHeader({ title, back, actions, subtitle }: { title: ReactNode; back?: string | null; actions?: ReactNode; subtitle?: ReactNode }) {
  const { t } = useTranslation('common');
  const under = useContext(UnderPageTitle);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          {back ? (
            <Link to={back} className="mb-1 inline-block text-sm font-medium text-amber-700 hover:underline">
              ← {t('back')}
            </Link>
          ) : null}
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {under}
    </div>
  );
}
