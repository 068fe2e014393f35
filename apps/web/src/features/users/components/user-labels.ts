import type { BadgeVariant } from '#shared/ui/badge.tsx';
import type { BankAccountStatus } from '@aurum/domain/users/user-schemas';

/** The badge of a bank account status (SPEC.md §2 variants). */
export function bankBadge(status: BankAccountStatus | null): BadgeVariant {
  if (status === 'approved') return 'approved';
  if (status === 'declined') return 'declined';
  if (status === 'pending') return 'pending';
  return 'gray';
}
