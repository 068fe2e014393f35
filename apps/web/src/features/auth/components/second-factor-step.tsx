import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#shared/ui/text-field.tsx';
import { useLoginOtp } from '../api/login-otp.ts';
import { AuthButton } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

/** The second step of the sign-in of an admin with a second factor (decision 0221): the authenticator's code, or a recovery code. */
export function SecondFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const otp = useLoginOtp();
  return (
    <AuthCard title={t('auth:secondFactor.title')} subtitle={t('auth:secondFactor.subtitle')}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = code.trim();
          setMissing(typed === '');
          if (typed !== '') otp.mutate({ challenge, code: typed });
        }}
      >
        <TextField
          label={t('auth:secondFactor.code')}
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          maxLength={40}
          value={code}
          error={missing ? 'required' : undefined}
          hint={t('auth:secondFactor.hint')}
          onChange={(event) => setCode(event.target.value)}
        />
        <AuthButton loading={otp.isPending}>{t('auth:secondFactor.submit')}</AuthButton>
        <button type="button" className="text-sm font-medium text-amber-700 hover:underline" onClick={onRestart}>
          {t('auth:backToSignIn')}
        </button>
      </form>
    </AuthCard>
  );
}
