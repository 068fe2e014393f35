import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthButton } from './auth-button.tsx';
import { AuthCard } from './auth-card.tsx';

/** An auth page that only tells something (the e-mail is sent, the link is not valid) and links on. */
export function AuthMessage({ title, testId, link, children }: { title: string; testId?: string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <AuthCard title={title}>
      <p className="text-sm text-slate-600" data-testid={testId}>
        {children}
      </p>
      <Link to={link.to} className="mt-6 inline-block text-sm font-medium text-amber-700 hover:underline">
        {link.label}
      </Link>
    </AuthCard>
  );
}

/** An auth page's form (forgot password, new password): its fields, the full-width submit and a link on below. */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  pending,
  submitLabel,
  link,
  children,
}: {
  title: string;
  subtitle: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        {children}
        <AuthButton loading={pending}>{submitLabel}</AuthButton>
        <Link to={link.to} className="text-center text-sm font-medium text-amber-700 hover:underline">
          {link.label}
        </Link>
      </form>
    </AuthCard>
  );
}
