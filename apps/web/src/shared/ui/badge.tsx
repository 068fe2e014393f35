import type { ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from './cn.ts';

/** Badge variants of SPEC.md §2: approved, declined, pending, gray. */
export type BadgeVariant = 'approved' | 'declined' | 'pending' | 'gray';

const badgeVariants = cva('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', {
  variants: {
    variant: {
      approved: 'bg-approved text-approved-foreground ring-emerald-600/20',
      declined: 'bg-declined text-declined-foreground ring-red-600/20',
      pending: 'bg-pending text-pending-foreground ring-amber-600/30',
      gray: 'bg-muted text-subtle-foreground ring-slate-500/20',
    } satisfies Record<BadgeVariant, string>,
  },
  defaultVariants: { variant: 'gray' },
});

export function Badge({ variant = 'gray', children, className }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return (
    <span data-variant={variant} className={cn(badgeVariants({ variant }), className)}>
      {children}
    </span>
  );
}
