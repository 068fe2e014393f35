import { REQUEST_ACTIONS, type RequestAction, type RequestStatus, type RequestView } from '@aurum/domain/assets/request-schemas';
import { mayDecide } from '@aurum/domain/access/maker-checker';
import type { Permission } from '@aurum/domain/access/permissions';
import type { BadgeVariant } from '#shared/ui/badge.tsx';
import { formatAmount } from '#shared/format/number.ts';

/** The kind a query parameter names, or null (no or an unknown action). */
export function actionOf(value: string | null | undefined): RequestAction | null {
  return (REQUEST_ACTIONS as readonly string[]).includes(value ?? '') ? (value as RequestAction) : null;
}

/** Status badges (SPEC.md §2): approved, declined, pending. */
export function statusBadge(status: RequestStatus): BadgeVariant {
  return status;
}

const capital = (action: RequestAction) => `${action[0]!.toUpperCase()}${action.slice(1)}` as 'Deposit' | 'Withdrawal' | 'Transfer';

/** The permission of a step on a kind, named as the server's routes name it (submitTransferRequest, approveDepositRequest, ...). */
export function requestPermission(step: 'submit' | 'approve' | 'decline', action: RequestAction): Permission {
  return `${step}${capital(action)}Request` as Permission;
}

/** The value of a request for display: MYR amount with 2 decimals, XAU grams with 4. */
export function requestValue(request: Pick<RequestView, 'type' | 'amount' | 'quantity'>): string {
  return request.type === 'MYR' ? formatAmount(request.amount, 'MYR') : formatAmount(request.quantity, 'XAU');
}

/**
 * Whether the signed-in admin may decide the request, apart from the permission: only a pending
 * one, and never one they submitted (maker-checker, superAdmin included; the server refuses it too).
 */
export function decisionBlock(request: Pick<RequestView, 'status' | 'submittedById'>, adminId: number | null): 'notPending' | 'ownSubmission' | null {
  if (request.status !== 'pending') return 'notPending';
  if (adminId !== null && !mayDecide({ submittedBy: request.submittedById }, adminId)) return 'ownSubmission';
  return null;
}

/** The address of a request's details screen. */
export const requestPath = (requestId: number) => `/asset/${requestId}/`;

/** The list of one kind, optionally filtered (e.g. pending). */
export function requestListPath(action: RequestAction, filters: Readonly<Record<string, string>> = {}): string {
  return `/asset/?${new URLSearchParams({ action, ...filters }).toString()}`;
}
