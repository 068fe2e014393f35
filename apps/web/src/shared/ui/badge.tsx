import type { ReactNode } from 'react';

/** Badge variants of SPEC.md §2: approved, declined, pending, gray. */
export type BadgeVariant = 'approved' | 'declined' | 'pending' | 'gray';

const VARIANTS: Record<BadgeVariant, string> = {
  approved: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  declined: 'bg-red-50 text-red-700 ring-red-600/20',
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function Badge({ variant = 'gray', children, className = '' }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span data-variant={variant} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${VARIANTS[variant]} ${className}`}>
      {children}
    </span>
  );
}
