import { z } from 'zod';
import type { AuditAction } from './classifications.ts';

/**
 * The object an audit row is about ("Payment request 17", "User 12"): its kind and number, kept in
 * the row's detail as `object` (so the hash chain covers it) and searched by the trail's filter.
 * Declared once here: which kind each classification's noun is about, and where its number is found.
 */
export const AUDIT_OBJECT_KINDS = [
  'user',
  'admin',
  'request',
  'order',
  'holiday',
  'hedge',
  'vaultMovement',
  'adjustment',
  'proposal',
  'savedView',
  'reconciliationBreak',
] as const;
export type AuditObjectKind = (typeof AUDIT_OBJECT_KINDS)[number];

export const AuditObject = z.object({
  kind: z.enum(AUDIT_OBJECT_KINDS),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type AuditObject = z.infer<typeof AuditObject>;

/**
 * Where the number of a classification's object is found, in order: the call's path parameters,
 * then its body, then the row's `after` and `before` (a creation's number is known only after it).
 * `id` is read from after/before only: there it is the object's own number.
 */
interface ObjectRule {
  kind: AuditObjectKind;
  /** The field naming the object in parameters, body and detail. */
  field: string;
  /** Whether `after.id` / `before.id` is the object's own number (false where the row holds another record). */
  ownId: boolean;
}

const rule = (kind: AuditObjectKind, field: string, ownId = true): ObjectRule => ({ kind, field, ownId });

/** By the classification's noun, with the exceptions by whole classification first. */
const BY_ACTION: Partial<Record<AuditAction, ObjectRule>> = {
  // a bank account is the user's (one per user): its changes are found under the user
  'bank.add': rule('user', 'userId', false),
  'bank.update': rule('user', 'userId', false),
  'bank.approve': rule('user', 'userId', false),
  'bank.decline': rule('user', 'userId', false),
  'bank.delete': rule('user', 'userId', false),
  'admin.sessionEnd': rule('admin', 'adminId', false),
  'finance.adjustmentPropose': rule('adjustment', 'adjustmentId'),
  'finance.adjustmentApprove': rule('adjustment', 'adjustmentId'),
  'finance.adjustmentDecline': rule('adjustment', 'adjustmentId'),
  'finance.reopenPropose': rule('proposal', 'proposalId'),
  'finance.periodPropose': rule('proposal', 'proposalId'),
  'finance.proposalApprove': rule('proposal', 'proposalId'),
  'finance.proposalDecline': rule('proposal', 'proposalId'),
  'reconciliation.resolve': rule('reconciliationBreak', 'breakId'),
};

const BY_NOUN: Record<string, ObjectRule> = {
  user: rule('user', 'userId'),
  admin: rule('admin', 'adminId'),
  asset: rule('request', 'requestId'),
  order: rule('order', 'orderId'),
  holiday: rule('holiday', 'holidayId'),
  hedge: rule('hedge', 'hedgeId'),
  savedView: rule('savedView', 'savedViewId'),
  // a hold is about its customer: the trail finds it under the user
  compliance: rule('user', 'userId', false),
};

/** Vault movements are numbered; a vault's own creation and a weight-list import are not about one movement. */
const VAULT_MOVEMENTS = new Set<string>(['vault.receive', 'vault.release', 'vault.dispatch', 'vault.arrive', 'vault.status', 'vault.approve', 'vault.decline']);

function ruleOf(action: string): ObjectRule | null {
  const exact = BY_ACTION[action as AuditAction];
  if (exact) return exact;
  if (VAULT_MOVEMENTS.has(action)) return rule('vaultMovement', 'movementId');
  return BY_NOUN[action.slice(0, action.indexOf('.'))] ?? null;
}

/** The kind an action's rows are about, or null when they name no numbered object (a mode, a price, a setting). */
export function auditObjectKindOf(action: string): AuditObjectKind | null {
  return ruleOf(action)?.kind ?? null;
}

/** A positive safe integer from a number or its decimal text, else null. */
function idFrom(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

const field = (record: unknown, name: string): unknown =>
  record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>)[name] : undefined;

export interface AuditObjectSources {
  /** The call's path parameters (`:id` counts as the object's own number). */
  params?: unknown;
  body?: unknown;
  /** The row's detail as the handler recorded it (before, after, notes). */
  detail: Record<string, unknown>;
}

/** The object a row of `action` is about, from what the call carried and the row records; null when none is named. */
export function auditObjectOf(action: string, sources: AuditObjectSources): AuditObject | null {
  const r = ruleOf(action);
  if (!r) return null;
  const { before, after } = sources.detail;
  const candidates: unknown[] = [
    field(sources.params, r.field),
    field(sources.params, 'id'),
    field(sources.body, r.field),
    field(after, r.field),
    field(before, r.field),
    ...(r.ownId ? [field(after, 'id'), field(before, 'id')] : []),
  ];
  for (const candidate of candidates) {
    const id = idFrom(candidate);
    if (id !== null) return { kind: r.kind, id };
  }
  return null;
}

/** The object a stored row names (its detail's `object`), or null for rows written without one. */
export function storedAuditObject(detail: Record<string, unknown>): AuditObject | null {
  const parsed = AuditObject.safeParse(detail.object);
  return parsed.success ? parsed.data : null;
}
