import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Estimate = (password: string) => { score: number; strongEnough: boolean; reason: string | null };

/**
 * The strength of a new password as it is typed (decision 0224): the server's own rule
 * (`passwordStrength` of the domain, `@zxcvbn-ts/core` with its dictionaries), loaded only where a
 * password is set, never on the sign-in page.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('common');
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  useEffect(() => {
    let live = true;
    void import('@aurum/domain/auth/password-strength').then((m) => {
      if (live) setEstimate(() => (p: string) => m.passwordStrength(p));
    });
    return () => {
      live = false;
    };
  }, []);
  if (!estimate || password === '') return null;
  const result = estimate(password);
  const label = !result.strongEnough ? t('passwordStrength.weak') : result.score >= 4 ? t('passwordStrength.strong') : t('passwordStrength.ok');
  const bars = [0, 1, 2, 3];
  return (
    <div role="status" data-testid="password-strength" data-score={result.score} className="flex flex-col gap-1">
      <div className="flex gap-1" aria-hidden="true">
        {bars.map((i) => (
          <span key={i} className={`h-1 flex-1 rounded ${i < result.score ? (result.strongEnough ? 'bg-emerald-500' : 'bg-red-500') : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className={`text-xs ${result.strongEnough ? 'text-emerald-700' : 'text-red-700'}`}>
        {t('passwordStrength.label')}: {label}
        {result.reason ? ` — ${result.reason.replace(/^Password too weak: /, '')}` : ''}
      </p>
    </div>
  );
}
